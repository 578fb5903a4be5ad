// The vector-field scene's typed field (kind expression): the Van der Pol default
// gives the same V as the oscillator written in C++ and its AD Jacobian the one
// derived by hand; the scene classifies its fixed point; bad text is refused naming
// the parameter (check, preset, simulation) and nothing is applied; a field that is
// undefined somewhere (log, 1/x, sqrt of a negative) draws only finite arrows and
// streamlines, finds no fixed points on its singular lines and keeps the probe finite.
// The damped-pendulum preset shows the whole finite-difference "V" that Van der Pol,
// quadratic in each variable, cannot: its sin x gives central differences a truncation arm.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "core/ad/autodiff.hpp"
#include "scenes/preset.hpp"
#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"
#include "scenes/vector_field.hpp"

namespace framelab {
namespace {

namespace pf = planar_field;

constexpr double jacobian_tol = 1e-15;  // relative: J of a polynomial, a few roundings

// The default typed field written by hand: x' = y, y' = mu (1 - x^2) y - x, mu = 1/2.
glm::dvec2 van_der_pol(glm::dvec2 p) { return {p.y, 0.5 * (1.0 - std::pow(p.x, 2)) * p.y - p.x}; }
// Its Jacobian by hand (columns dV/dx, dV/dy): dV2/dx = -2 mu x y - 1, dV2/dy = mu (1 - x^2)
glm::dmat2 van_der_pol_jacobian(glm::dvec2 p) {
  return glm::dmat2(glm::dvec2(0.0, -p.x * p.y - 1.0), glm::dvec2(1.0, 0.5 * (1.0 - p.x * p.x)));
}

param_values typed(const std::string& vx, const std::string& vy) {
  param_values v = param_values::defaults(find_scene("vector-field")->create()->parameters());
  v.set("field", std::string("expression"));
  v.set("vx", vx);
  v.set("vy", vy);
  return v;
}

param_values van_der_pol_values() {
  param_values v = param_values::defaults(find_scene("vector-field")->create()->parameters());
  v.set("field", std::string("expression"));
  return v;
}

std::vector<glm::dvec2> grid_points() {
  std::vector<glm::dvec2> points;
  for (double x = -4.7; x <= 4.8; x += 0.83) {
    for (double y = -4.9; y <= 4.8; y += 0.71) points.emplace_back(x, y);
  }
  return points;
}

bool finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

TEST(vector_field_expression, the_default_is_the_van_der_pol_oscillator_written_in_cpp) {
  vector_field scene;
  scene.reset(van_der_pol_values());
  ASSERT_EQ(scene.field().field, pf::kind::expression);
  EXPECT_EQ(pf::formula(scene.field()), "V = (y, 0.5*(1 - x^2)*y - x)");
  const auto V = [&scene](const auto& p) { return pf::evaluate(scene.field(), p); };
  for (const glm::dvec2 p : grid_points()) {
    EXPECT_EQ(scene.velocity(p), van_der_pol(p)) << p.x << ", " << p.y;  // the same operations, bit for bit
    const auto vj = value_and_jacobian(V, p);
    EXPECT_EQ(vj.value, van_der_pol(p));
    EXPECT_LE(pf::relative_error(vj.jacobian, van_der_pol_jacobian(p)), jacobian_tol) << p.x << ", " << p.y;
    EXPECT_TRUE(jacobian_by_columns(V, p) == vj.jacobian);  // dual and dual_n agree bit for bit
  }
  EXPECT_FALSE(pf::closed_form_jacobian(scene.field(), {1.0, 1.0}).has_value());
}

TEST(vector_field_expression, scene_finds_the_unstable_spiral_inside_the_limit_cycle) {
  vector_field scene;
  scene.reset(van_der_pol_values());
  ASSERT_EQ(scene.fixed_points().size(), 1u);
  const auto& f = scene.fixed_points().front();
  EXPECT_NEAR(glm::length(f.position), 0.0, 1e-12);
  EXPECT_EQ(pf::describe(f.linear), "unstable spiral");  // J(0) = [[0, 1], [-1, mu]]: trace mu, det 1
  EXPECT_NEAR(f.linear.trace, 0.5, 1e-15);
  EXPECT_GT(scene.streamline_count(), 3u);
}

// The scene as a shipped preset sets it up.
vector_field scene_from_preset(const char* file) {
  preset p;
  const auto error = load_preset(std::filesystem::path(FRAMELAB_SOURCE_DIR) / "assets" / "scenes" / file, p);
  EXPECT_FALSE(error) << *error;
  vector_field scene;
  scene.reset(p.values);
  return scene;
}

// The error of the central difference against the AD Jacobian over the panel's steps,
// 1e-12 .. 1e-1 m, 10 per decade; returns the step with the smallest error.
double best_fd_step(const vector_field& scene, glm::dvec2 x) {
  const auto V = [&scene](const auto& p) { return pf::evaluate(scene.field(), p); };
  const auto curve = pf::sweep_fd_error(V, x, jacobian(V, x), 1e-12, 1e-1, 111);
  return curve.best_step;
}

TEST(vector_field_expression, the_damped_pendulum_preset_shows_both_arms_of_the_finite_difference_error) {
  const vector_field pendulum = scene_from_preset("damped-pendulum.json");
  ASSERT_EQ(pf::formula(pendulum.field()), "V = (y, -sin(x) - 0.25*y)");
  const glm::dvec2 x(1.2, 0.4);
  // truncation, in closed form: (sin(x + h) - sin(x - h)) / 2h = cos(x) sin(h)/h, so the
  // difference quotient of dV2/dx = -cos x is off by the factor sin(h)/h = 1 - h^2/6 + ...
  const auto V = [&pendulum](glm::dvec2 p) { return pendulum.velocity(p); };
  for (const double h : {1e-1, 3e-2, 1e-2}) {
    const double quotient = pf::central_difference_jacobian(V, x, h)[0][1];
    EXPECT_NEAR(quotient, -std::cos(x.x) * std::sin(h) / h, 1e-13) << "h = " << h;
    EXPECT_GT(std::abs(quotient + std::cos(x.x)), 0.1 * h * h / 6.0 * std::cos(x.x)) << "h = " << h;
  }
  // so the smallest error sits inside the range (round-off left of it, truncation right),
  // near the textbook h ~ (3 eps)^(1/3) ~ 1e-5 ...
  const double best = best_fd_step(pendulum, x);
  EXPECT_GT(best, 1e-7);
  EXPECT_LT(best, 1e-3);
  // ... while Van der Pol's central differences have no truncation error: the largest step is best
  vector_field van_der_pol_scene;
  van_der_pol_scene.reset(van_der_pol_values());
  EXPECT_GT(best_fd_step(van_der_pol_scene, {0.2, 0.1}), 1e-2);
}

TEST(vector_field_expression, typed_text_changes_the_field) {
  vector_field scene;
  scene.reset(typed("-y*exp(-(x^2 + y^2)/8)", "x*exp(-(x^2+y^2)/8)"));  // the rotation field, R = 2, k = 1
  pf::settings rotation;
  rotation.field = pf::kind::rotation;
  for (const glm::dvec2 p : grid_points()) {
    EXPECT_LE(glm::length(scene.velocity(p) - pf::evaluate(rotation, p)), 1e-14) << p.x << ", " << p.y;
  }
}

TEST(vector_field_expression, bad_text_is_refused_naming_the_parameter) {
  vector_field scene;
  EXPECT_FALSE(scene.check(van_der_pol_values()));
  EXPECT_EQ(*scene.check(typed("y", "0.5*(1 - x^2)*y - sn(x)")), "vy: col 19: unknown function 'sn'");
  EXPECT_EQ(*scene.check(typed("(y", "x")), "vx: col 3: expected ')' to close the '(' at col 1");
  EXPECT_EQ(*scene.check(typed("", "x")), "vx: empty expression");
  // refused whatever the field, so a bad text is never stored
  param_values saddle = typed("y +", "x");
  saddle.set("field", std::string("saddle"));
  EXPECT_EQ(*scene.check(saddle), "vx: col 4: unexpected end of expression");
}

TEST(vector_field_expression, a_refused_expression_leaves_the_running_scene_untouched) {
  simulation sim;
  ASSERT_FALSE(sim.load(*find_scene("vector-field"), van_der_pol_values()));
  const param_values before = sim.parameters();
  const auto error = sim.set_parameters(typed("y", "x^"));
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(*error, "vy: col 3: unexpected end of expression");
  EXPECT_EQ(sim.parameters(), before);
  const auto& scene = dynamic_cast<const vector_field&>(sim.current());
  EXPECT_EQ(scene.field().vy_text, std::string(pf::van_der_pol_vy));
}

TEST(vector_field_expression, a_preset_with_a_bad_expression_is_refused_naming_the_parameter) {
  preset p;
  const auto error = parse_preset(
      R"({"scene": "vector-field", "parameters": {"field": "expression", "vx": "y", "vy": "cos(x"}})", "vdp.json", p);
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(*error, "vdp.json:parameters: vy: col 6: expected ')' to close the '(' at col 4");
  EXPECT_EQ(*parse_preset(R"({"scene": "vector-field", "parameters": {"vx": 3}})", "vdp.json", p),
            "vdp.json:parameters.vx: expected a string");
  ASSERT_FALSE(parse_preset(R"({"scene": "vector-field", "parameters": {"field": "expression", "vx": "-y"}})",
                            "ok.json", p));
  EXPECT_EQ(p.values.text("vx"), "-y");
  EXPECT_EQ(p.values.text("vy"), std::string(pf::van_der_pol_vy));
  // saved and loaded back as JSON strings, unchanged
  p.values.set("vy", std::string("-x*atan2(y, x) / 2"));
  preset loaded;
  ASSERT_FALSE(parse_preset(preset_to_json(p), "saved.json", loaded));
  EXPECT_EQ(loaded.values, p.values);
}

// [SECTION] fields undefined somewhere

void expect_a_finite_picture(const vector_field& scene, const char* what) {
  for (const auto& v : scene.view().vectors) {
    EXPECT_TRUE(finite(v.origin) && finite(v.value) && std::isfinite(v.scale)) << what << ": vector " << v.label;
  }
  for (const auto& t : scene.view().trails) {
    for (const auto& p : t.points) EXPECT_TRUE(finite(p)) << what << ": trail " << t.label;
  }
  for (const auto& f : scene.fixed_points()) EXPECT_TRUE(std::isfinite(f.position.x) && std::isfinite(f.position.y));
  EXPECT_TRUE(std::isfinite(scene.arrow_speed_cap())) << what;
}

TEST(vector_field_expression, undefined_points_are_skipped_not_drawn) {
  const std::pair<const char*, const char*> fields[] = {
      {"log(x)", "1/y"},          // NaN for x < 0, inf on y = 0 (a row of arrow centres)
      {"1/x", "-y"},              // inf on x = 0 (a column of arrow centres)
      {"sqrt(-1 - x^2)", "x"},    // NaN everywhere
      {"y", "-x + 1e308*1e308"},  // inf everywhere
      {"sqrt(4 - x^2 - y^2)", "x*y"},  // defined in a disc only
  };
  for (const auto& [vx, vy] : fields) {
    vector_field scene;
    scene.reset(typed(vx, vy));
    expect_a_finite_picture(scene, vx);
    for (int i = 0; i < 240; ++i) scene.step(1.0 / 60);  // the tracers respawn, the probe stops at the edge
    expect_a_finite_picture(scene, vx);
    EXPECT_TRUE(std::isfinite(scene.probe_position().x) && std::isfinite(scene.probe_position().y)) << vx;
  }
}

TEST(vector_field_expression, a_singular_line_is_not_taken_for_fixed_points) {
  // x/y: infinite on y = 0 (where coarse Newton starts lie) and huge next to it, where a
  // Newton test relative to |J| alone would pass; V = 0 nowhere (x = 0 makes x log|x| NaN)
  vector_field scene;
  scene.reset(typed("-y + x*log(abs(x))", "x/y"));
  EXPECT_TRUE(scene.fixed_points().empty()) << scene.fixed_points().front().position.x << ", "
                                            << scene.fixed_points().front().position.y;
  EXPECT_FALSE(scene.fixed_point_near({1.0, 1e-9}, 10.0).has_value());
  scene.reset(van_der_pol_values());
  const auto origin = scene.fixed_point_near({0.3, -0.2}, 10.0);
  ASSERT_TRUE(origin.has_value());
  EXPECT_LE(glm::length(*origin), 1e-12);
}

TEST(vector_field_expression, the_probe_stops_where_the_field_becomes_undefined) {
  vector_field scene;
  scene.reset(typed("-sqrt(x)", "0"));  // everything drifts left until x = 0, where sqrt(x) turns NaN
  for (int i = 0; i < 600; ++i) scene.step(1.0 / 60);
  EXPECT_GE(scene.probe_position().x, 0.0);
  EXPECT_LT(scene.probe_position().x, 0.2);
  EXPECT_EQ(scene.probe_position().y, scene.probe_start().y);
}

}  // namespace
}  // namespace framelab
