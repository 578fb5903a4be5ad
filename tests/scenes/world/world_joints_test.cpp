// Joint frames in scene files (issue 29): every bad input refused with file:line:column and
// the key; a file's double pendulum against the textbook Lagrangian equations integrated
// separately; a pendulum hinged in a turning frame (the base driven by expressions) settling
// where the closed form says, cos(theta) = g / (omega^2 L); a joint whose force becomes
// non-finite stops the model with a message naming the joint; the written file round-trips.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"
#include "tests/core/dynamics/lagrangian_double_pendulum.hpp"
#include "tests/scenes/world/channel_by_name.hpp"
#include "tests/scenes/world/started_world.hpp"

namespace framelab {
namespace {

std::string refusal(const std::string& text) {
  world_spec w;
  const auto error = parse_world(text, "x.json", w);
  EXPECT_TRUE(error.has_value()) << text;
  return error.value_or("");
}

std::string joint_frame(const std::string& body) {
  return "{ \"frames\": [\n  { \"name\": \"arm\", " + body + " } ] }";
}

TEST(WorldJoints, BadJointsAreRefusedWithPositionAndKey) {
  EXPECT_EQ(refusal(joint_frame(R"j("translation": ["sin(t)", 0, 0], "joint": {"type": "hinge"})j")),
            "x.json:2:62: frames[0].joint: a frame moves either by a joint or by expressions of t (its translation or "
            "rotations read t)");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "hinge", "axis": [0, 0, 0]})")),
            "x.json:2:55: frames[0].joint.axis: must not be zero");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "hinge"}, "mass": 0)")),
            "x.json:2:56: frames[0].mass: must be a number > 0 (kg)");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "hinge"}, "mass": -2)")),
            "x.json:2:56: frames[0].mass: must be a number > 0 (kg)");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "ball"}, "inertia": [1, 1, 3])")),
            "x.json:2:58: frames[0].inertia: principal moments must satisfy the triangle inequality (each <= the sum "
            "of the others)");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "screw"})")),
            "x.json:2:38: frames[0].joint.type: unknown joint type 'screw' (hinge, slider, ball)");
  EXPECT_EQ(refusal(joint_frame(R"("mass": 1)")),
            "x.json:2:28: frames[0].mass: mass properties belong to a frame with a \"joint\"");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "ball", "axis": [1, 0, 0]})")),
            "x.json:2:54: frames[0].joint.axis: a ball joint has no axis");
  EXPECT_EQ(refusal(joint_frame(R"("joint": {"type": "hinge", "force": "q + w"})")),
            "x.json:2:56: frames[0].joint.force: 'q + w': col 5: unknown name 'w' (expected t, q, qd, pi or e)");
}

std::shared_ptr<world_scene> started(const std::string& text) { return test::started_world(text); }

using test::channel_reader;

// Two point masses on hinges about z, q1 relative to the first link (docs/scene-files.md).
constexpr const char* double_pendulum = R"({
  "integrator": "rk4", "gravity": [0, -9.81, 0],
  "frames": [ { "name": "upper", "joint": {"type": "hinge", "axis": [0, 0, 1], "position": 1.2, "velocity": 0},
                "mass": 1, "center_of_mass": [0, -1, 0],
                "frames": [ { "name": "lower", "translation": [0, -1, 0],
                              "joint": {"type": "hinge", "axis": [0, 0, 1], "position": -0.8, "velocity": 0.5},
                              "mass": 0.7, "center_of_mass": [0, -0.8, 0] } ] } ] })";

TEST(WorldJoints, FileDoublePendulumMatchesTheLagrangianEquations) {
  const auto scene = started(double_pendulum);
  const channel_reader scene_read(*scene);
  glm::dvec4 y(1.2, 0.4, 0.0, 0.5);
  const double h = 1.0 / 600.0;
  double worst = 0.0;
  for (int k = 0; k < 1200; ++k) {  // 2 s
    scene->step(h);
    y = ode::step(ode::method::rk4, testing::lagrangian_double_pendulum{1.0, 0.7, 1.0, 0.8}, k * h, y, h);
    worst = std::max({worst, std::abs(scene_read("upper_q") - y.x),
                      std::abs(scene_read("upper_q") + scene_read("lower_q") - y.y)});
  }
  EXPECT_LT(worst, 1e-8) << "largest angle difference over 2 s (rad)";
  EXPECT_FALSE(scene->failure().has_value());
}

// A frame turning at w about y carries a damped hinge whose point mass hangs at L: it settles
// at cos(theta) = g / (w^2 L) (the Watt governor's balance of gravity and centrifugal force).
TEST(WorldJoints, PendulumInATurningFrameSettlesAtTheGovernorAngle) {
  const auto scene = started(R"({
    "gravity": [0, -9.81, 0],
    "frames": [ { "name": "spindle", "rotations": [{"axis": [0, 1, 0], "angle": "6*t"}],
                  "frames": [ { "name": "arm", "joint": {"type": "hinge", "axis": [0, 0, 1], "position": 0.3,
                                                          "damping": 0.5},
                                "mass": 1, "center_of_mass": [0, -0.5, 0] } ] } ] })");
  const channel_reader scene_read(*scene);
  for (int k = 0; k < 20 * 240; ++k) scene->step(1.0 / 240.0);  // 20 s
  const double expected = std::acos(9.81 / (36.0 * 0.5));
  EXPECT_NEAR(std::abs(scene_read("arm_q")), expected, 1e-6);
  EXPECT_NEAR(scene_read("arm_qd"), 0.0, 1e-6);
}

// A free particle that lives in a swinging pendulum's frame moves in the world as a projectile,
// r0 + v0 t + g t^2 / 2, whatever the frame does (the inertial accelerations in the frame are
// exactly that). Stepped with the frame's motion at each stage (the tree's stage state), rk4's
// error shrinks as h^4: halving h divides it by ~16 (with the frame's motion carried on from
// the step's start it was first order: 0.107 m at h = 20 ms, 0.050 m at 10 ms).
TEST(WorldJoints, ParticleInASwingingFrameIsSteppedAtTheIntegratorsOrder) {
  const char* text = R"({
    "integrator": "rk4", "gravity": [0, -9.81, 0],
    "frames": [ { "name": "arm", "joint": {"type": "hinge", "axis": [0, 0, 1], "position": 1.2, "velocity": 0},
                  "mass": 1, "center_of_mass": [0, -1, 0], "inertia": [0.01, 0.01, 0.01] } ],
    "particles": [ { "name": "p", "frame": "arm", "position": [0.3, -0.8, 0], "velocity": [0.5, 0.2, 0] } ] })";
  // the start in the world: the arm turned by 1.2 rad about z, at rest
  const double c = std::cos(1.2), s = std::sin(1.2);
  const glm::dvec2 r0(0.3 * c + 0.8 * s, 0.3 * s - 0.8 * c), v0(0.5 * c - 0.2 * s, 0.5 * s + 0.2 * c);
  const auto error_after_1s = [&](int steps) {
    const auto scene = started(text);
    const channel_reader scene_read(*scene);
    double worst = 0.0;
    for (int k = 1; k <= steps; ++k) {
      scene->step(1.0 / steps);
      const double t = double(k) / steps;
      const glm::dvec2 r = r0 + v0 * t + 0.5 * glm::dvec2(0.0, -9.81) * t * t;
      worst = std::max({worst, std::abs(scene_read("p_world_x") - r.x), std::abs(scene_read("p_world_y") - r.y)});
    }
    EXPECT_FALSE(scene->failure().has_value());
    return worst;
  };
  const double coarse = error_after_1s(50), fine = error_after_1s(100);
  EXPECT_LT(coarse, 1e-4) << "m at h = 20 ms";
  EXPECT_GT(coarse / fine, 12.0) << "m: " << coarse << " at h = 20 ms, " << fine << " at 10 ms (rk4: ~16)";
}

TEST(WorldJoints, NonFiniteForceStopsTheModelNamingTheJoint) {
  const auto scene = started(joint_frame(R"j("joint": {"type": "hinge", "force": "exp(exp(10*t))"}, "center_of_mass": [0, -1, 0])j"));
  const channel_reader scene_read(*scene);
  for (int k = 0; k < 120 && !scene->failure(); ++k) scene->step(1.0 / 60.0);
  ASSERT_TRUE(scene->failure().has_value());
  // the force or, first, the state it drives overflows: either way the message names the joint
  EXPECT_EQ(scene->failure()->rfind("joint 'arm': ", 0), 0u) << *scene->failure();
  EXPECT_NE(scene->failure()->find("is not finite at t = "), std::string::npos) << *scene->failure();
  // a force not finite from the start is refused at the reset, naming the joint and the expression
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(parse_world(joint_frame(R"j("joint": {"type": "hinge", "force": "1/(t - t)"}, "center_of_mass": [0, -1, 0])j"),
                           "test", *spec).has_value());
  world_scene bad(spec);
  bad.reset(param_values::defaults(bad.parameters()));
  ASSERT_TRUE(bad.failure().has_value());
  EXPECT_EQ(*bad.failure(), "joint 'arm': force = '1/(t - t)' is not finite at t = 0 s");
}

TEST(WorldJoints, WrittenFileRunsBitForBit) {
  world_spec first;
  ASSERT_FALSE(parse_world(double_pendulum, "test", first).has_value());
  const std::string text = world_to_json(first);
  world_spec second;
  ASSERT_FALSE(parse_world(text, "written", second).has_value()) << text;
  EXPECT_EQ(world_to_json(second), text);
  const auto a = started(double_pendulum), b = started(text);
  const channel_reader a_read(*a), b_read(*b);
  for (int k = 0; k < 240; ++k) a->step(1.0 / 120.0), b->step(1.0 / 120.0);
  EXPECT_EQ(a_read("lower_qd"), b_read("lower_qd"));
  EXPECT_EQ(a_read("upper_energy"), b_read("upper_energy"));
}

}  // namespace
}  // namespace framelab
