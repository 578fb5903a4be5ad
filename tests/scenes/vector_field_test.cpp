// The vector-field scene and its analysis: the AD Jacobian of every field against the
// Jacobian derived by hand; the fixed-point classes against the known ones; RK4
// streamlines of the rotation field closing into circles (fourth-order convergence);
// the central-difference error "V" with its minimum near the expected step while AD
// stays at machine precision; the scene's fixed points, channels and checks.
#include "scenes/vector_field.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "core/ad/autodiff.hpp"
#include "scenes/registry.hpp"

namespace framelab {
namespace {

namespace pf = planar_field;

constexpr double ad_tolerance = 1e-14;         // relative (Frobenius) error of the AD Jacobian
constexpr double eigen_tolerance = 1e-12;      // residuals of eigenpairs, relative to |J|
constexpr double orbit_tolerance = 1e-8;       // m, RK4 orbit closure with 400 steps per turn (measured 4e-9)
constexpr double radius_tolerance = 1e-7;      // m, RK4 radius drift with 100 steps per turn (measured 6e-8)
constexpr double streamline_tolerance = 1e-5;  // relative radius drift of the scene's arc-length streamlines

auto field_of(const pf::settings& s) {
  return [s](const auto& p) { return pf::evaluate(s, p); };
}

pf::settings make(pf::kind k) {
  pf::settings s;
  s.field = k;
  return s;
}

// Several settings per field, so the closed forms are checked off their defaults too.
std::vector<pf::settings> settings_to_check() {
  std::vector<pf::settings> all;
  for (pf::kind k : pf::all_kinds) {
    if (!pf::has_closed_form(k)) continue;  // the typed field: tests/scenes/vector_field_expression_test.cpp
    for (double strength : {1.0, 2.5}) {
      for (double scale : {0.7, 2.0}) {
        pf::settings s = make(k);
        s.strength = strength;
        s.scale = scale;
        s.growth = strength > 2.0 ? 0.4 : -0.3;
        s.mass_ratio = scale < 1.0 ? 0.1 : 0.7;
        s.separation = scale < 1.0 ? 2.0 : 5.0;
        all.push_back(s);
      }
    }
  }
  return all;
}

std::vector<glm::dvec2> sample_points() {
  std::vector<glm::dvec2> points;
  for (double x = -4.3; x <= 4.5; x += 0.97) {
    for (double y = -4.1; y <= 4.5; y += 1.13) points.emplace_back(x, y);
  }
  points.emplace_back(0.0, 0.0);
  return points;
}

// [SECTION] AD against the hand-derived Jacobians

TEST(vector_field, ad_jacobian_matches_the_closed_form_for_every_field) {
  for (const auto& s : settings_to_check()) {
    const auto V = field_of(s);
    for (const glm::dvec2 p : sample_points()) {
      const glm::dmat2 exact = *pf::closed_form_jacobian(s, p);
      const glm::dmat2 one_pass = jacobian(V, p);               // dual_n<double, 2>
      const glm::dmat2 by_columns = jacobian_by_columns(V, p);  // dual<double>, the article's n passes
      EXPECT_LE(pf::relative_error(one_pass, exact), ad_tolerance) << pf::name(s.field) << " at " << p.x << ", " << p.y;
      EXPECT_TRUE(one_pass == by_columns) << pf::name(s.field) << ": the two AD forms differ";
      // the value part of the dual evaluation is the plain double evaluation, bit for bit
      EXPECT_TRUE(value_and_jacobian(V, p).value == V(p)) << pf::name(s.field);
    }
  }
}

TEST(vector_field, closed_forms_agree_with_a_converged_difference_quotient) {
  // The hand-derived Jacobians themselves, checked without AD: Richardson extrapolation of
  // central differences at h and h/2, (4 D(h/2) - D(h)) / 3, has error ~h^4.
  for (const auto& s : settings_to_check()) {
    const auto V = field_of(s);
    for (const glm::dvec2 p : sample_points()) {
      const glm::dmat2 d1 = pf::central_difference_jacobian(V, p, 1e-3);
      const glm::dmat2 d2 = pf::central_difference_jacobian(V, p, 5e-4);
      const glm::dmat2 richardson = (4.0 * d2 - d1) / 3.0;
      EXPECT_LE(pf::relative_error(richardson, *pf::closed_form_jacobian(s, p)), 1e-8) << pf::name(s.field);
    }
  }
}

TEST(vector_field, divergence_and_curl_of_the_vortex) {
  // V = Omega(r) (-y, x): div = 0, curl = 2 Omega + r Omega' = k e^(-r^2/2R^2) (2 - r^2/R^2)
  const pf::settings s = make(pf::kind::rotation);
  for (const glm::dvec2 p : sample_points()) {
    const auto l = pf::linearize(jacobian(field_of(s), p));
    const double r2 = glm::dot(p, p), R2 = s.scale * s.scale;
    EXPECT_NEAR(l.trace, 0.0, 1e-15);
    EXPECT_NEAR(l.curl, s.strength * std::exp(-r2 / (2 * R2)) * (2 - r2 / R2), 1e-14);
  }
}

// [SECTION] classification

TEST(vector_field, known_fixed_points_are_classified) {
  const auto at = [](const pf::settings& s, glm::dvec2 p) {
    EXPECT_LE(glm::length(pf::evaluate(s, p)), 1e-12) << pf::name(s.field) << ": not a fixed point";
    return pf::linearize(jacobian(field_of(s), p));
  };
  const pf::settings rotation = make(pf::kind::rotation);
  EXPECT_EQ(at(rotation, {0, 0}).type, pf::fixed_point_type::center);

  const pf::settings saddle = make(pf::kind::saddle);
  EXPECT_EQ(at(saddle, {0, 0}).type, pf::fixed_point_type::saddle);
  const double q = 0.5 * std::numbers::pi * saddle.scale;
  EXPECT_EQ(at(saddle, {q, q}).type, pf::fixed_point_type::center);
  EXPECT_EQ(at(saddle, {2 * q, 0}).type, pf::fixed_point_type::saddle);

  const auto source = at(make(pf::kind::source), {0, 0});
  EXPECT_EQ(source.type, pf::fixed_point_type::star);  // J = k I: an unstable node with equal eigenvalues
  EXPECT_EQ(source.stable, pf::stability::unstable);
  EXPECT_EQ(pf::describe(source), "unstable star node");
  const auto sink = at(make(pf::kind::sink), {0, 0});
  EXPECT_EQ(sink.type, pf::fixed_point_type::star);
  EXPECT_EQ(sink.stable, pf::stability::stable);

  pf::settings spiral = make(pf::kind::spiral);
  spiral.growth = -0.3;
  const auto inward = at(spiral, {0, 0});
  EXPECT_EQ(pf::describe(inward), "stable spiral");
  EXPECT_NEAR(inward.lambda1.real(), -0.3, 1e-15);  // k (mu +- i)
  EXPECT_NEAR(std::abs(inward.lambda1.imag()), 1.0, 1e-15);
  spiral.growth = 0.5;
  EXPECT_EQ(pf::describe(at(spiral, {0, 0})), "unstable spiral");
  spiral.growth = 0.0;
  EXPECT_EQ(at(spiral, {0, 0}).type, pf::fixed_point_type::center);
}

TEST(vector_field, linearize_handles_every_case_of_a_2x2_matrix) {
  const auto rows = [](double a, double b, double c, double d) {
    return glm::dmat2(glm::dvec2(a, c), glm::dvec2(b, d));
  };
  EXPECT_EQ(pf::describe(pf::linearize(rows(1, 0.5, 0, 2))), "unstable node");
  EXPECT_EQ(pf::describe(pf::linearize(rows(-1, 0.5, 0, -3))), "stable node");
  EXPECT_EQ(pf::describe(pf::linearize(rows(-1, 1, 0, -1))), "stable degenerate node");
  EXPECT_EQ(pf::describe(pf::linearize(rows(2, 0, 0, 2))), "unstable star node");
  EXPECT_EQ(pf::describe(pf::linearize(rows(1, 3, 2, -1))), "saddle");
  EXPECT_EQ(pf::describe(pf::linearize(rows(0, -2, 0.5, 0))), "center");
  EXPECT_EQ(pf::linearize(rows(1, 2, 2, 4)).type, pf::fixed_point_type::non_isolated);
  EXPECT_EQ(pf::linearize(rows(0, 0, 0, 0)).type, pf::fixed_point_type::non_isolated);

  // eigenpairs: lambda^2 - tau lambda + Delta = 0, J v = lambda v
  for (const glm::dmat2 J : {rows(1, 0.5, 0, 2), rows(1, 3, 2, -1), rows(-4, 1e-3, 2, -4), rows(0.3, -2, 1.5, -0.1),
                             rows(1e6, 1, 1, 1e-6)}) {
    const auto l = pf::linearize(J);
    const double scale = std::max({std::abs(J[0][0]), std::abs(J[0][1]), std::abs(J[1][0]), std::abs(J[1][1])});
    for (const std::complex<double> lambda : {l.lambda1, l.lambda2}) {
      EXPECT_LE(std::abs(lambda * lambda - l.trace * lambda + l.determinant), eigen_tolerance * scale * scale);
    }
    if (!l.complex_pair) {
      EXPECT_LE(glm::length(J * l.eigenvector1 - l.lambda1.real() * l.eigenvector1), eigen_tolerance * scale);
      EXPECT_LE(glm::length(J * l.eigenvector2 - l.lambda2.real() * l.eigenvector2), eigen_tolerance * scale);
    }
  }
}

TEST(vector_field, newton_with_the_ad_jacobian_finds_the_gravity_saddle) {
  pf::settings s = make(pf::kind::two_body_gravity);
  s.mass_ratio = 1.0;  // equal masses: the saddle is at the origin by symmetry
  const auto root = pf::newton_fixed_point(field_of(s), {0.3, 0.2}, 10.0);
  ASSERT_TRUE(root.has_value());
  EXPECT_NEAR(root->x, 0.0, 1e-12);
  EXPECT_NEAR(root->y, 0.0, 1e-12);
  EXPECT_EQ(pf::linearize(jacobian(field_of(s), *root)).type, pf::fixed_point_type::saddle);
  // unequal masses: the neutral point sits where G m1 / d1^2 = G m2 / d2^2 (eps << d): nearer the small mass
  s.mass_ratio = 0.25;
  const auto neutral = pf::newton_fixed_point(field_of(s), {0.5, 0.1}, 10.0);
  ASSERT_TRUE(neutral.has_value());
  const double d1 = neutral->x - s.body1().x, d2 = s.body2().x - neutral->x;
  EXPECT_NEAR(neutral->y, 0.0, 1e-12);
  EXPECT_NEAR(d2 / d1, 0.5, 0.02);  // sqrt(m2/m1), up to the softening
}

// [SECTION] streamlines

TEST(vector_field, rk4_orbit_of_the_rotation_field_closes_on_itself) {
  const pf::settings s = make(pf::kind::rotation);
  const auto V = [&s](glm::dvec2 p) { return pf::evaluate(s, p); };
  const glm::dvec2 start(1.5, 0.0);
  // period T = 2 pi / Omega(r), Omega = k e^(-r^2/2R^2)
  const double omega = s.strength * std::exp(-glm::dot(start, start) / (2 * s.scale * s.scale));
  const double period = 2 * std::numbers::pi / omega;
  const auto closure_error = [&](int steps) {
    glm::dvec2 p = start;
    double worst_radius = 0;
    for (int i = 0; i < steps; ++i) {
      p = pf::rk4_step(V, p, period / steps);
      worst_radius = std::max(worst_radius, std::abs(glm::length(p) - 1.5));
    }
    EXPECT_LE(worst_radius, radius_tolerance) << steps << " steps";
    return glm::length(p - start);
  };
  const double coarse = closure_error(100), fine = closure_error(200), finest = closure_error(400);
  EXPECT_LE(finest, orbit_tolerance);
  EXPECT_NEAR(std::log2(coarse / fine), 4.0, 0.3);  // fourth order
  EXPECT_NEAR(std::log2(fine / finest), 4.0, 0.3);
}

TEST(vector_field, spiral_with_positive_growth_settles_on_its_limit_cycle) {
  // In polar form the spiral field decouples: r' = k (mu - r^2/R^2) r, theta' = k, so every
  // orbit but the origin tends to the circle r = R sqrt(mu), from inside and from outside.
  pf::settings s = make(pf::kind::spiral);
  s.growth = 0.5;
  const auto V = [&s](glm::dvec2 p) { return pf::evaluate(s, p); };
  const double cycle = s.scale * std::sqrt(s.growth);
  for (const glm::dvec2 start : {glm::dvec2(0.05, 0.0), glm::dvec2(0.0, 3.5)}) {
    glm::dvec2 p = start;
    for (int i = 0; i < 3000; ++i) p = pf::rk4_step(V, p, 0.01);  // 30 s, ~15 e-foldings of the approach
    EXPECT_NEAR(glm::length(p), cycle, 1e-6) << start.x << ", " << start.y;
  }
}

param_values defaults_with(const std::string& field) {
  const auto entry = find_scene("vector-field");
  param_values v = param_values::defaults(entry->create()->parameters());
  v.set("field", field);
  return v;
}

TEST(vector_field, scene_streamlines_of_the_rotation_field_are_circles) {
  vector_field scene;
  scene.reset(defaults_with("rotation"));
  ASSERT_GT(scene.streamline_count(), 3u);
  std::size_t checked = 0;
  for (const auto& t : scene.view().trails) {
    if (t.points.size() < 4 || t.label == "probe particle") continue;
    bool is_streamline = std::abs(t.points.front().y - 0.01) < 1e-12;
    if (!is_streamline) continue;
    const double r0 = std::hypot(t.points.front().x, t.points.front().z);
    for (const auto& p : t.points) EXPECT_NEAR(std::hypot(p.x, p.z), r0, streamline_tolerance * r0);
    ++checked;
  }
  EXPECT_EQ(checked, scene.streamline_count());
}

// [SECTION] finite differences against AD

TEST(vector_field, central_difference_error_has_its_minimum_near_the_expected_step) {
  for (pf::kind k : pf::all_kinds) {
    if (!pf::has_closed_form(k)) continue;
    const pf::settings s = make(k);
    const auto V = field_of(s);
    for (const glm::dvec2 p : {glm::dvec2(1.5, 1.0), glm::dvec2(-2.2, 0.7), glm::dvec2(0.4, -3.1)}) {
      const glm::dmat2 exact = *pf::closed_form_jacobian(s, p);
      const auto curve = pf::sweep_fd_error(V, p, exact, 1e-12, 1e-1, 111);
      // truncation h^2 |V'''| / 6 meets round-off eps |V| / h near h ~ (3 eps)^(1/3) ~ 1e-5 for |V| ~ |V'''|
      EXPECT_GE(curve.best_step, 1e-7) << pf::name(k);
      EXPECT_LE(curve.best_step, 1e-4) << pf::name(k);
      EXPECT_LE(curve.best_error, 1e-8) << pf::name(k);
      EXPECT_GT(curve.errors.front(), 30 * curve.best_error) << pf::name(k) << ": no round-off arm";
      EXPECT_GT(curve.errors.back(), 30 * curve.best_error) << pf::name(k) << ": no truncation arm";
      // the truncation arm has slope 2: a decade of h is two decades of error (h = 1e-2 vs 1e-3)
      const double e2 = pf::relative_error(pf::central_difference_jacobian(V, p, 1e-2), exact);
      const double e3 = pf::relative_error(pf::central_difference_jacobian(V, p, 1e-3), exact);
      EXPECT_NEAR(std::log10(e2 / e3), 2.0, 0.1) << pf::name(k);
      // AD has no step: machine precision
      EXPECT_LE(pf::relative_error(jacobian(V, p), exact), ad_tolerance) << pf::name(k);
      EXPECT_LT(pf::relative_error(jacobian(V, p), exact), 1e-3 * curve.best_error) << pf::name(k);
    }
  }
}

// [SECTION] the scene

TEST(vector_field, scene_finds_the_saddle_and_the_four_vortices_of_the_cellular_flow) {
  vector_field scene;
  scene.reset(defaults_with("saddle"));
  int saddles = 0, centers = 0;
  for (const auto& f : scene.fixed_points()) {
    if (f.linear.type == pf::fixed_point_type::saddle) ++saddles;
    if (f.linear.type == pf::fixed_point_type::center) ++centers;
  }
  // R = 2, extent 5: the saddle at 0 and centres at (+-pi, +-pi); the next saddles (2 pi R) lie outside
  EXPECT_EQ(saddles, 1);
  EXPECT_EQ(centers, 4);
  EXPECT_EQ(scene.fixed_points().size(), 5u);
}

TEST(vector_field, scene_finds_the_gravity_neutral_point_and_the_two_wells) {
  vector_field scene;
  scene.reset(defaults_with("two-body-gravity"));
  int saddles = 0, stable = 0;
  for (const auto& f : scene.fixed_points()) {
    if (f.linear.type == pf::fixed_point_type::saddle) ++saddles;
    if (f.linear.stable == pf::stability::stable) ++stable;
  }
  EXPECT_EQ(saddles, 1);
  EXPECT_EQ(stable, 2);
}

TEST(vector_field, scene_steps_every_field_with_finite_channels) {
  for (pf::kind k : pf::all_kinds) {
    vector_field scene;
    scene.reset(defaults_with(std::string(pf::name(k))));
    for (int i = 0; i < 600; ++i) scene.step(1.0 / 120);
    const std::vector<double> channels = read_channels(scene);
    for (std::size_t c = 0; c < channels.size(); ++c) {
      EXPECT_TRUE(std::isfinite(channels[c])) << pf::name(k) << " " << scene.channels()[c].name;
    }
    // fd_vs_ad with the default step 1e-3: truncation-dominated, small but far above AD's
    EXPECT_LT(channels[5], 1e-3) << pf::name(k);
    EXPECT_LE(scene.view().vectors.size(), 400u + 3u);
  }
}

TEST(vector_field, probe_particle_of_the_rotation_field_keeps_its_radius_and_reports_zero_divergence) {
  vector_field scene;
  scene.reset(defaults_with("rotation"));
  const double r0 = glm::length(scene.probe_start());
  for (int i = 0; i < 1200; ++i) scene.step(1.0 / 120);
  const std::vector<double> channels = read_channels(scene);
  EXPECT_NEAR(std::hypot(channels[0], channels[1]), r0, 1e-9);
  EXPECT_NEAR(channels[3], 0.0, 1e-15);  // divergence
  const double r2 = r0 * r0, R2 = 4.0;
  EXPECT_NEAR(channels[2], std::exp(-r2 / (2 * R2)) * r0, 1e-12);  // speed Omega(r) r
}

TEST(vector_field, check_rejects_a_probe_outside_the_square_and_names_it) {
  vector_field scene;
  param_values v = defaults_with("rotation");
  v.set("probe", std::vector<double>{6.0, 0.0});
  const auto error = scene.check(v);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("probe"), std::string::npos);
  v.set("extent", 8.0);
  EXPECT_FALSE(scene.check(v).has_value());
}

TEST(vector_field, every_field_name_round_trips) {
  for (pf::kind k : pf::all_kinds) EXPECT_EQ(pf::kind_from_name(pf::name(k)), k);
  EXPECT_FALSE(pf::kind_from_name("vortex").has_value());
}

}  // namespace
}  // namespace framelab
