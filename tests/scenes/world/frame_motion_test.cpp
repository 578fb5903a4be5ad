// A frame's local motion from its expressions: value, velocity and acceleration by
// hyper-duals against derivatives worked out by hand, and the world dynamics the
// hierarchy composes against central finite differences of the world pose.
#include "scenes/world/frame_motion.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/frames/hierarchy.hpp"

namespace framelab {
namespace {

constexpr double exact_tol = 1e-12;  // hyper-dual derivatives against hand-derived ones
constexpr double fd_tol = 1e-6;      // against central differences (h = 1e-4: error ~h^2)

world_expression compiled(const std::string& text, std::span<const std::string_view> names) {
  world_expression e;
  EXPECT_FALSE(compile_world_expression(text, names, e).has_value()) << text;
  return e;
}

struct fixture {
  std::vector<std::string> params{"w"};
  std::vector<std::string_view> names = expression_variables(params);
  expression_evaluator eval;
  fixture() {
    const double w = 0.7;
    eval.set_parameters(std::span<const double>(&w, 1));
  }
  frame_motion motion(const std::string& x, const std::string& y, const std::string& z,
                      std::vector<std::pair<glm::dvec3, std::string>> rotations) {
    frame_motion m;
    m.translation = {compiled(x, names), compiled(y, names), compiled(z, names)};
    for (auto& [axis, angle] : rotations) m.rotations.push_back({glm::normalize(axis), compiled(angle, names)});
    for (auto& e : m.translation) eval.bind(e);
    for (auto& r : m.rotations) eval.bind(r.angle);
    return m;
  }
};

void expect_near(const glm::dvec3& a, const glm::dvec3& b, double tol, const char* what) {
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(a[i], b[i], tol) << what << " [" << i << "]";
}

TEST(FrameMotion, TranslationDerivativesMatchHandDerived) {
  fixture f;
  const frame_motion m = f.motion("sin(2*t)", "w*t^2", "3", {});
  const double t = 1.3;
  dynamic_transform<double, 3> d;
  ASSERT_FALSE(evaluate_motion(m, f.eval, t, d).has_value());
  expect_near(d.pose.translation, {std::sin(2 * t), 0.7 * t * t, 3.0}, exact_tol, "T");
  expect_near(d.velocity, {2 * std::cos(2 * t), 1.4 * t, 0.0}, exact_tol, "v");
  expect_near(d.accel, {-4 * std::sin(2 * t), 1.4, 0.0}, exact_tol, "a");
}

TEST(FrameMotion, OneRotationGivesAxisTimesRates) {
  // theta = w t^2 / 2 about a tilted axis: w = a theta', alpha = a theta''
  fixture f;
  const glm::dvec3 axis = glm::normalize(glm::dvec3(1.0, 2.0, -0.5));
  const frame_motion m = f.motion("0", "0", "0", {{axis, "w*t^2/2"}});
  const double t = 0.9;
  dynamic_transform<double, 3> d;
  ASSERT_FALSE(evaluate_motion(m, f.eval, t, d).has_value());
  expect_near(d.angular_velocity, axis * (0.7 * t), exact_tol, "w");
  expect_near(d.angular_accel, axis * 0.7, exact_tol, "alpha");
}

TEST(FrameMotion, TurningRotationAfterAConstantOneMatchesHandDerived) {
  // R = Rx(0.4) Rz(theta), theta = sin(2t): w = theta' Rx(0.4) z, alpha = theta'' Rx(0.4) z
  fixture f;
  const frame_motion m = f.motion("0", "0", "0", {{{1, 0, 0}, "0.4"}, {{0, 0, 1}, "sin(2*t)"}});
  const double t = 0.35;
  const glm::dvec3 axis(0.0, -std::sin(0.4), std::cos(0.4));  // Rx(0.4) applied to z
  dynamic_transform<double, 3> d;
  ASSERT_FALSE(evaluate_motion(m, f.eval, t, d).has_value());
  expect_near(d.angular_velocity, 2 * std::cos(2 * t) * axis, exact_tol, "w");
  expect_near(d.angular_accel, -4 * std::sin(2 * t) * axis, exact_tol, "alpha");
}

TEST(FrameMotion, TwoRotationsMatchHandDerived) {
  // R = Rz(a) Rx(b), a = 0.5 t^2, b = sin t (intrinsic: x is the turned x). In the parent's frame
  //   w = a' z + b' Rz(a) x,  alpha = a'' z + b'' Rz(a) x + a' b' z x (Rz(a) x)
  fixture f;
  const frame_motion m = f.motion("0", "0", "0", {{{0, 0, 1}, "0.5*t^2"}, {{1, 0, 0}, "sin(t)"}});
  const double t = 0.8;
  const double a = 0.5 * t * t, da = t, dda = 1.0, db = std::cos(t), ddb = -std::sin(t);
  const glm::dvec3 z(0, 0, 1), x_turned(std::cos(a), std::sin(a), 0.0);
  const glm::dvec3 w = da * z + db * x_turned;
  const glm::dvec3 alpha = dda * z + ddb * x_turned + da * db * glm::cross(z, x_turned);
  dynamic_transform<double, 3> d;
  ASSERT_FALSE(evaluate_motion(m, f.eval, t, d).has_value());
  expect_near(d.angular_velocity, w, exact_tol, "w");
  expect_near(d.angular_accel, alpha, exact_tol, "alpha");
  const glm::dquat q = glm::angleAxis(a, z) * glm::angleAxis(std::sin(t), glm::dvec3(1, 0, 0));
  EXPECT_NEAR(std::abs(glm::dot(q, d.pose.rotation)), 1.0, exact_tol);
}

// The world dynamics of a chain of three moving frames, composed by the hierarchy's
// sweep, against central differences of the world pose in time.
TEST(FrameMotion, WorldDynamicsMatchFiniteDifferencesOfTheWorldPose) {
  fixture f;
  const std::vector<frame_motion> chain = {
      f.motion("2*cos(0.3*t)", "0.1*t^2", "0", {{{0, 1, 0}, "w*t"}}),
      f.motion("1.5", "0", "0.2*sin(t)", {{{0, 0, 1}, "0.4*sin(2*t)"}, {{1, 0, 0}, "0.3*t"}}),
      f.motion("0", "0.8", "0", {{{1, 1, 0}, "t^2/4"}}),
  };
  const auto world_at = [&](double t) {
    hierarchy3d h;
    node_id parent = world_node;
    for (const auto& m : chain) {
      dynamic_transform<double, 3> local;
      EXPECT_FALSE(evaluate_motion(m, f.eval, t, local).has_value());
      parent = h.add(parent, local);
    }
    h.update_world();
    return h.global(parent);
  };
  const double t = 1.1, h = 1e-4;
  const auto g = world_at(t), gp = world_at(t + h), gm = world_at(t - h);
  const auto gp2 = world_at(t + 2 * h), gm2 = world_at(t - 2 * h);
  // v = (T(t+h) - T(t-h)) / 2h,  a = (T(t+h) - 2 T(t) + T(t-h)) / h^2
  expect_near(g.velocity, (gp.pose.translation - gm.pose.translation) / (2 * h), fd_tol, "v");
  expect_near(g.accel, (gp.pose.translation - 2.0 * g.pose.translation + gm.pose.translation) / (h * h), 1e-4, "a");
  // [w] = dR/dt R^T with dR/dt by central differences; alpha = dw/dt the same way
  const auto omega_fd = [&](const dynamic_transform<double, 3>& plus, const dynamic_transform<double, 3>& minus,
                            const dynamic_transform<double, 3>& mid) {
    const glm::dmat3 dr = (glm::mat3_cast(plus.pose.rotation) - glm::mat3_cast(minus.pose.rotation)) / (2 * h);
    const glm::dmat3 w = dr * glm::transpose(glm::mat3_cast(mid.pose.rotation));
    return glm::dvec3(w[1][2], w[2][0], w[0][1]);
  };
  expect_near(g.angular_velocity, omega_fd(gp, gm, g), fd_tol, "w");
  const glm::dvec3 w_plus = omega_fd(gp2, g, gp), w_minus = omega_fd(g, gm2, gm);
  expect_near(g.angular_accel, (w_plus - w_minus) / (2 * h), 1e-4, "alpha");
}

TEST(FrameMotion, NonFiniteExpressionIsNamed) {
  fixture f;
  const frame_motion m = f.motion("1/(t-3)", "0", "0", {});
  dynamic_transform<double, 3> d;
  const auto fault = evaluate_motion(m, f.eval, 3.0, d);
  ASSERT_TRUE(fault.has_value());
  EXPECT_EQ(fault->which, "translation x");
  EXPECT_EQ(fault->expression->text, "1/(t-3)");
}

}  // namespace
}  // namespace framelab
