// carousel: the puck is integrated in the platform's spinning frame with the four
// inertial terms, yet an inertial observer must see Newton's free motion. The
// reference is the closed form p0 + u0 t + (F/m) t^2 / 2 with p0, u0 worked out
// here by hand from the platform's programmed motion (no dynamic_transform), and
// the error must shrink at the integrator's order when dt halves.
#include "scenes/carousel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "scenes/registry.hpp"
#include "tests/scenes/hand_written_carousel.hpp"

namespace framelab {
namespace {

constexpr double order_slack = 0.75;   // measured ratio >= 0.75 * 2^order
constexpr double rk4_path_tol = 1e-8;  // m, at the finest dt below
constexpr double arrow_tol = 1e-12;    // m/s^2

param_values carousel_defaults() {
  return param_values::defaults(carousel().parameters());
}

struct setup {
  double w0 = 0.4, alpha = 0.35, spin_up = 2.5, hub_a = 0.6, hub_p = 3.0, mass = 2.0;
  glm::dvec2 r0{-3.0, 1.0}, v0{1.5, 0.5}, force{0.8, -0.4};
  std::string method = "rk4";

  param_values values() const {
    param_values v = carousel_defaults();
    v.set("initial_rate", w0);
    v.set("angular_accel", alpha);
    v.set("spin_up_time", spin_up);
    v.set("hub_amplitude", hub_a);
    v.set("hub_period", hub_p);
    v.set("mass", mass);
    v.set("puck_position", std::vector<double>{r0.x, r0.y});
    v.set("puck_velocity", std::vector<double>{v0.x, v0.y});
    v.set("force", std::vector<double>{force.x, force.y});
    v.set("integrator", method);
    v.set("auto_relaunch", false);
    return v;
  }
  // At t = 0 the platform has angle 0, rate w0, and its hub is at the origin moving
  // with dx/dt = A 2 pi / P along x. A point fixed on the platform at r moves with
  // w0 (-r_y, r_x); the puck adds its relative velocity v0.
  glm::dvec2 world_at(double t) const {
    const glm::dvec2 p0 = r0;
    const glm::dvec2 u0 = glm::dvec2(hub_a * 2.0 * std::numbers::pi / hub_p, 0.0) + v0 + w0 * glm::dvec2(-r0.y, r0.x);
    return p0 + u0 * t + 0.5 * t * t * force / mass;
  }
};

// Largest distance between the puck's composed world position and the closed form
// over [0, duration].
double max_path_error(const setup& s, double dt, double duration) {
  carousel scene;
  scene.reset(s.values());
  const int steps = static_cast<int>(std::lround(duration / dt));
  double worst = 0.0;
  for (int i = 1; i <= steps; ++i) {
    scene.step(dt);
    const glm::dvec2 p = scene.puck_world().pose.translation;
    worst = std::max(worst, glm::distance(p, s.world_at(i * dt)));
  }
  return worst;
}

void expect_order(const setup& s, double dt, int order, double duration) {
  const double e1 = max_path_error(s, dt, duration);
  const double e2 = max_path_error(s, dt / 2.0, duration);
  const double e3 = max_path_error(s, dt / 4.0, duration);
  const double expected = std::pow(2.0, order);
  EXPECT_GE(e1 / e2, order_slack * expected) << s.method << ": errors " << e1 << ", " << e2;
  EXPECT_GE(e2 / e3, order_slack * expected) << s.method << ": errors " << e2 << ", " << e3;
  EXPECT_LE(e1 / e2, expected / order_slack) << s.method << ": errors " << e1 << ", " << e2;
  EXPECT_LE(e2 / e3, expected / order_slack) << s.method << ": errors " << e2 << ", " << e3;
  std::printf("%s: max path error %.3g, %.3g, %.3g m (dt = %g, %g, %g s)\n", s.method.c_str(), e1, e2, e3, dt, dt / 2.0,
              dt / 4.0);
}

TEST(carousel, free_puck_world_path_is_a_straight_line_at_constant_speed) {
  setup s;
  s.force = {0.0, 0.0};
  s.hub_a = 0.0;
  const double e = max_path_error(s, 1.0 / 200.0, 5.0);
  EXPECT_LT(e, rk4_path_tol);
  // Constant world speed, from the composed velocity.
  carousel scene;
  scene.reset(s.values());
  const double speed = glm::length(scene.puck_world().velocity);
  for (int i = 0; i < 500; ++i) {
    scene.step(0.01);
    EXPECT_NEAR(glm::length(scene.puck_world().velocity), speed, 1e-8);
  }
  // ... while in the platform frame the path is curved: the local velocity turns.
  const glm::dvec2 v_end = scene.puck_local().velocity;
  EXPECT_GT(std::abs(std::atan2(v_end.y, v_end.x) - std::atan2(s.v0.y, s.v0.x)), 0.5);
}

TEST(carousel, rk4_error_shrinks_at_fourth_order_with_shaking_hub_force_and_spin_up_end) {
  expect_order(setup{}, 0.08, 4, 4.0);
  EXPECT_LT(max_path_error(setup{}, 0.005, 4.0), rk4_path_tol);
}

TEST(carousel, midpoint_error_shrinks_at_second_order) {
  setup s;
  s.method = "midpoint";
  expect_order(s, 0.04, 2, 4.0);
}

TEST(carousel, explicit_euler_error_shrinks_at_first_order) {
  setup s;
  s.method = "explicit-euler";
  expect_order(s, 0.01, 1, 4.0);
}

// The integrator names are core/ode's: the old "euler" is refused with the list.
TEST(carousel, integrator_names_are_the_ode_method_names) {
  const std::vector<param_def> defs = carousel().parameters();
  const param_def* integrator = find_param(defs, "integrator");
  ASSERT_NE(integrator, nullptr);
  EXPECT_EQ(integrator->choices.size(), ode::all_methods.size());
  for (ode::method m : ode::all_methods)
    EXPECT_FALSE(validate_param(*integrator, std::string(ode::method_name(m))).has_value()) << ode::method_name(m);
  const auto error = validate_param(*integrator, std::string("euler"));
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("explicit-euler"), std::string::npos) << *error;
}

// The implicit midpoint's fixed-point iteration diverges when dt times the platform's rate
// is large: the scene reports it (the simulation pauses with the message) and the puck is
// left where it was, until a reset.
TEST(carousel, a_midpoint_step_that_does_not_converge_is_reported_and_not_applied) {
  setup s;
  s.w0 = 4.0;
  s.method = "midpoint";
  carousel scene;
  scene.reset(s.values());
  scene.step(0.01);
  EXPECT_FALSE(scene.failure().has_value());
  const glm::dvec2 before = scene.puck_local().pose.translation;
  const double t = scene.time();
  scene.step(2.0);  // h |2 w| / 2 = 8: the iteration cannot contract
  ASSERT_TRUE(scene.failure().has_value());
  EXPECT_NE(scene.failure()->find("did not converge"), std::string::npos) << *scene.failure();
  EXPECT_EQ(scene.puck_local().pose.translation, before);
  EXPECT_EQ(scene.time(), t);
  scene.reset(s.values());
  EXPECT_FALSE(scene.failure().has_value());
}

// The arrows, in world 3D with y up, against the textbook cross products:
// Omega = (0, w, 0), r and v_rel the puck's position from the hub and velocity
// relative to the platform, in world coordinates.
TEST(carousel, arrows_are_the_textbook_inertial_accelerations) {
  setup s;
  carousel scene;
  scene.reset(s.values());
  for (int i = 0; i < 160; ++i) scene.step(0.02);  // past the end of the spin-up
  const double t = scene.time();
  const double w = s.w0 + s.alpha * std::min(t, s.spin_up);
  const double alpha = t < s.spin_up ? s.alpha : 0.0;
  const glm::dvec3 omega(0.0, w, 0.0), alpha_v(0.0, alpha, 0.0);
  const double theta = s.w0 * s.spin_up + 0.5 * s.alpha * s.spin_up * s.spin_up + w * (t - s.spin_up);
  const glm::dquat q = glm::angleAxis(theta, glm::dvec3(0.0, 1.0, 0.0));
  const glm::dvec2 r1 = scene.puck_local().pose.translation, v1 = scene.puck_local().velocity;
  const glm::dvec3 r = q * glm::dvec3(r1.x, 0.0, -r1.y), v_rel = q * glm::dvec3(v1.x, 0.0, -v1.y);
  const double k = 2.0 * std::numbers::pi / s.hub_p;
  const glm::dvec3 hub_accel(-s.hub_a * k * k * std::sin(k * t), 0.0, 0.0);
  const auto& arrows = scene.view().vectors;
  const auto expect_vec = [](const glm::dvec3& a, const glm::dvec3& b, const char* what) {
    EXPECT_NEAR(glm::distance(a, b), 0.0, arrow_tol) << what;
  };
  expect_vec(arrows[carousel::coriolis_arrow].value, -2.0 * glm::cross(omega, v_rel), "Coriolis");
  expect_vec(arrows[carousel::centrifugal_arrow].value, -glm::cross(omega, glm::cross(omega, r)), "centrifugal");
  expect_vec(arrows[carousel::euler_arrow].value, -glm::cross(alpha_v, r), "Euler");
  expect_vec(arrows[carousel::frame_arrow].value, -hub_accel, "frame");
  EXPECT_GT(glm::length(arrows[carousel::coriolis_arrow].value), 0.1);
  EXPECT_GT(glm::length(arrows[carousel::frame_arrow].value), 0.01);
}

TEST(carousel, euler_arrow_is_there_during_spin_up_only) {
  setup s;
  carousel scene;
  scene.reset(s.values());
  scene.step(0.1);
  EXPECT_GT(glm::length(scene.view().vectors[carousel::euler_arrow].value), 0.1);
  for (int i = 0; i < 30; ++i) scene.step(0.1);
  EXPECT_EQ(glm::length(scene.view().vectors[carousel::euler_arrow].value), 0.0);
}

TEST(carousel, platform_frame_trail_turns_with_the_platform) {
  setup s;
  s.hub_a = 0.0;
  carousel scene;
  scene.reset(s.values());
  for (int i = 0; i < 50; ++i) scene.step(0.02);
  const glm::dvec3 first_before = scene.view().trails[1].points.front();
  const glm::dvec3 world_before = scene.view().trails[0].points.front();
  const double angle_before = scene.platform_at(scene.time()).pose.rotation;
  scene.step(0.02);
  const double turned = scene.platform_at(scene.time()).pose.rotation - angle_before;
  const glm::dvec3 first_after = scene.view().trails[1].points.front();
  // The oldest platform-frame point rotated about the hub (+y) by the platform's turn.
  const glm::dvec3 expected = glm::angleAxis(turned, glm::dvec3(0.0, 1.0, 0.0)) * first_before;
  EXPECT_NEAR(glm::distance(first_after, expected), 0.0, 1e-12);
  // The world trail does not move.
  EXPECT_EQ(scene.view().trails[0].points.front(), world_before);
}

TEST(carousel, puck_off_the_platform_is_refused_at_start) {
  param_values v = carousel_defaults();
  v.set("puck_position", std::vector<double>{6.0, 0.0});
  const auto error = carousel().check(v);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("puck_position"), std::string::npos);
  EXPECT_FALSE(carousel().check(carousel_defaults()).has_value());
}

TEST(carousel, relaunch_starts_over_on_the_platform) {
  carousel scene;
  scene.reset(carousel_defaults());
  bool relaunched = false;
  double last_distance = 0.0;
  for (int i = 0; i < 1200; ++i) {
    scene.step(1.0 / 120.0);
    const double d = glm::length(scene.puck_local().pose.translation);
    if (d < last_distance - 1.0) relaunched = true;
    last_distance = d;
  }
  EXPECT_TRUE(relaunched);
  const std::vector<double> channels = read_channels(scene);
  EXPECT_LT(channels.back(), 1e-6);  // path error against the new launch's line
  scene.trigger("relaunch");
  EXPECT_EQ(scene.puck_local().pose.translation, glm::dvec2(-3.0, 0.0));
}

// Editing the puck: a kick dv changes its world velocity by exactly dv, and the new
// world path is again a straight line (from the kick on).
TEST(carousel, a_kick_changes_the_world_velocity_by_dv_and_the_path_stays_straight) {
  setup s;
  s.force = {0.0, 0.0};
  carousel scene;
  scene.reset(s.values());
  for (int i = 0; i < 50; ++i) scene.step(0.01);
  const glm::dvec2 before = scene.puck_world().velocity;
  const glm::dvec2 p0 = scene.puck_world().pose.translation;
  const double t0 = scene.time();
  node_edit kick;
  kick.what = node_edit::kind::velocity_change;
  kick.delta_velocity = {0.5, 0.0, -0.25};  // world (x, z): plane (0.5, 0.25)
  ASSERT_FALSE(scene.edit_node(carousel::puck, kick).has_value());
  const glm::dvec2 after = scene.puck_world().velocity;
  EXPECT_NEAR(glm::distance(after, before + glm::dvec2(0.5, 0.25)), 0.0, 1e-12);
  for (int i = 0; i < 200; ++i) scene.step(0.005);
  const glm::dvec2 expected = p0 + after * (scene.time() - t0);
  EXPECT_LT(glm::distance(scene.puck_world().pose.translation, expected), rk4_path_tol);
  // The view carries the composed 3D dynamics for the inspector.
  const auto& node = scene.view().nodes[carousel::puck];
  ASSERT_TRUE(node.world_dynamics.has_value());
  EXPECT_NEAR(glm::distance(node.world_dynamics->velocity, carousel::to_world(scene.puck_world().velocity)), 0.0,
              1e-12);
}

TEST(carousel, a_global_edit_is_converted_into_the_platform_frame) {
  carousel scene;
  scene.reset(setup{}.values());
  for (int i = 0; i < 30; ++i) scene.step(0.01);
  node_edit edit;
  edit.what = node_edit::kind::set_global;
  edit.dynamics.pose.translation = {1.0, 0.4, -2.0};  // world: plane (1, 2)
  edit.dynamics.velocity = {0.0, 0.0, 0.0};           // at rest in the world
  ASSERT_FALSE(scene.edit_node(carousel::puck, edit).has_value());
  EXPECT_NEAR(glm::distance(scene.puck_world().pose.translation, glm::dvec2(1.0, 2.0)), 0.0, 1e-12);
  EXPECT_NEAR(glm::length(scene.puck_world().velocity), 0.0, 1e-12);
  // At rest in the world means moving backwards on the platform: v1 = -w x T1 (plus the hub's motion).
  EXPECT_GT(glm::length(scene.puck_local().velocity), 0.1);
  EXPECT_TRUE(scene.edit_node(carousel::platform, edit).has_value());
  edit.dynamics.velocity.x = std::nan("");
  EXPECT_TRUE(scene.edit_node(carousel::puck, edit).has_value());
}

// The scene stands on its file (assets/builtin/carousel.json, 3D, derivatives by
// hyper-duals, the step cut at the file's break): over 60 s it matches the carousel as it
// was written by hand in 2D (tests/scenes/hand_written_carousel.hpp) within 1e-9 relative,
// with the spin-up ending mid-run, a shaking hub, a force and the auto-relaunch.
TEST(carousel, the_file_moves_the_puck_as_the_hand_written_carousel_did_for_60_s) {
  struct variant {
    const char* name;
    setup s;
    bool relaunch;
  };
  setup busy;
  busy.spin_up = 7.3;
  busy.hub_a = 1.5;
  busy.hub_p = 6.0;
  setup still = busy;
  still.spin_up = 20.0, still.hub_a = 0.0, still.force = {0.0, 0.0}, still.mass = 1.0;
  still.r0 = {-3.0, 0.0}, still.v0 = {1.5, 0.0}, still.alpha = 0.05;
  setup midpoint = still;
  midpoint.method = "midpoint";
  midpoint.v0 = {0.5, 1.0};
  for (const variant& v : {variant{"the defaults' motion, relaunching", still, true},
                           variant{"shaking hub and force", busy, false},
                           variant{"implicit midpoint", midpoint, true}}) {
    param_values values = v.s.values();
    values.set("auto_relaunch", v.relaunch);
    carousel scene;
    scene.reset(values);
    testing::hand_written_carousel reference;
    reference.rate0 = v.s.w0, reference.alpha = v.s.alpha, reference.spin_up_time = v.s.spin_up;
    reference.hub_amplitude = v.s.hub_a, reference.hub_period = v.s.hub_p, reference.mass = v.s.mass;
    reference.force = v.s.force, reference.start_r = v.s.r0, reference.start_v = v.s.v0;
    reference.auto_relaunch = v.relaunch;
    reference.method = *ode::parse_method(v.s.method);
    reference.start();
    double worst = 0.0;
    for (int k = 0; k < 7200; ++k) {
      scene.step(1.0 / 120.0);
      reference.step(1.0 / 120.0);
      ASSERT_FALSE(scene.failure().has_value()) << *scene.failure();
      const auto relative = [](glm::dvec2 a, glm::dvec2 b) {
        return glm::distance(a, b) / std::max({glm::length(a), glm::length(b), 1.0});
      };
      const dynamic_transform<double, 2> platform = scene.platform_at(scene.time()), theirs = reference.platform_now();
      worst = std::max({worst, relative(scene.puck_local().pose.translation, reference.r),
                        relative(scene.puck_local().velocity, reference.v),
                        relative(scene.puck_world().pose.translation, reference.world_position()),
                        std::abs(platform.pose.rotation - theirs.pose.rotation) / std::max(1.0, std::abs(theirs.pose.rotation)),
                        std::abs(platform.angular_velocity - theirs.angular_velocity),
                        std::abs(platform.angular_accel - theirs.angular_accel)});
    }
    EXPECT_LT(worst, 1e-9) << v.name;
    EXPECT_NEAR(scene.time(), reference.time, 1e-9) << v.name;
  }
}

TEST(carousel, registered) {
  EXPECT_NE(find_scene("carousel"), nullptr);
}

}  // namespace
}  // namespace framelab
