// Bodies and ball joints in turning frames (issue 29), against independent answers:
// - a torque-free body in a turning, shaking frame (a link of the joint tree, stepped in the
//   frame) against Euler's equations for the same body integrated free in the world here;
// - a ball-joint pendulum in the turning Earth frame against the shipped Foucault particle
//   example (a particle on a rod, integrated with the Coriolis and centrifugal terms);
// - a hinged arm's Coriolis, centrifugal and Euler arrows against the textbook terms written
//   out for a spindle turning about y;
// - a body on a spring (a link of the tree) against its pendulum equation integrated here.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"
#include "tests/scenes/world/started_world.hpp"

namespace framelab {
namespace {

// A free body: y = (q body -> world, w in body axes); Euler's equations and the quaternion rate
//   I w' = -w x I w,   q' = 1/2 q w
struct free_body_state {
  glm::dquat q;
  glm::dvec3 w;
};

free_body_state free_body_rate(const glm::dvec3& inertia, const free_body_state& y) {
  return {0.5 * (y.q * glm::dquat(0.0, y.w.x, y.w.y, y.w.z)), -glm::cross(y.w, inertia * y.w) / inertia};
}

free_body_state rk4_free_body(const glm::dvec3& inertia, free_body_state y, double h, int steps) {
  const auto add = [](const free_body_state& a, const free_body_state& k, double s) {
    return free_body_state{a.q + s * k.q, a.w + s * k.w};
  };
  for (int n = 0; n < steps; ++n) {
    const free_body_state k1 = free_body_rate(inertia, y), k2 = free_body_rate(inertia, add(y, k1, h / 2));
    const free_body_state k3 = free_body_rate(inertia, add(y, k2, h / 2)), k4 = free_body_rate(inertia, add(y, k3, h));
    y.q = y.q + (h / 6) * (k1.q + 2.0 * k2.q + 2.0 * k3.q + k4.q);
    y.w = y.w + (h / 6) * (k1.w + 2.0 * k2.w + 2.0 * k3.w + k4.w);
    y.q = glm::normalize(y.q);
  }
  return y;
}

constexpr const char* shaken_turntable = R"json({
  "integrator": "rk4", "gravity": [0, -9.81, 0],
  "frames": [ { "name": "turntable", "translation": ["sin(3*t)", 0, "0.2*t^2"],
                "rotations": [ {"axis": [0, 1, 0], "angle": "0.7*t + 0.4*t^2"}, {"axis": [1, 0, 0], "angle": "0.3*sin(2*t)"} ] } ],
  "bodies": [ { "name": "brick", "frame": "turntable", "position": [1, 0.5, 0],
                "rotations": [ {"axis": [0, 0, 1], "angle": 0.4} ], "inertia": [1, 2, 2.5], "omega": [0.5, 3, -1] } ] })json";

TEST(WorldTurningFrames, TorqueFreeBodyInATurningFrameMatchesTheBodyFreeInTheWorld) {
  const auto scene = test::started_world(shaken_turntable);
  const auto brick = [&] { return scene->model().body(0); };  // a copy: a step replaces the bodies
  // at t = 0 the frame is unturned, turning at w_f = (0.3 * 2, 0.7, 0) (rotation rates about y,
  // then x): the body's world angular velocity is w_f + R_local omega
  const glm::dquat local = glm::angleAxis(0.4, glm::dvec3(0, 0, 1));
  const glm::dvec3 w0 = glm::dvec3(0.6, 0.7, 0.0) + local * glm::dvec3(0.5, 3.0, -1.0);
  EXPECT_LT(glm::length(brick().state().angular_velocity - w0), 1e-14);
  free_body_state y{local, glm::inverse(local) * w0};
  const glm::dvec3 inertia(1.0, 2.0, 2.5);
  const double h = 1.0 / 1000.0;
  double worst_w = 0.0, worst_r = 0.0;
  for (int k = 1; k <= 4; ++k) {
    for (int n = 0; n < 150; ++n) scene->step(h);
    y = rk4_free_body(inertia, y, h / 4, 600);
    const glm::dvec3 w_world = y.q * y.w;
    worst_w = std::max(worst_w, glm::length(brick().state().angular_velocity - w_world));
    const glm::dmat3 r_scene = glm::mat3_cast(brick().state().orientation), r_free = glm::mat3_cast(y.q);
    for (int c = 0; c < 3; ++c) worst_r = std::max(worst_r, glm::length(r_scene[c] - r_free[c]));
  }
  EXPECT_LT(worst_w, 1e-10) << "largest world angular velocity difference over 0.6 s (rad/s)";
  EXPECT_LT(worst_r, 1e-10) << "largest orientation difference over 0.6 s (columns of R)";
  // the torque-free body keeps its kinetic energy and world angular momentum
  EXPECT_NEAR(brick().state().kinetic_energy(), 0.5 * glm::dot(y.w, inertia * y.w), 1e-10);
  EXPECT_FALSE(scene->failure().has_value());
}

TEST(WorldTurningFrames, BodyOnTheTreeRefusesItsOwnIntegratorAndWritesWithout) {
  world_spec w;
  std::string text = shaken_turntable;
  text.replace(text.find("\"omega\""), 0, "\"gyro\": false, ");
  const auto error = parse_world(text, "x.json", w);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("bodies[0].gyro: a body in a turning frame (or below a joint frame) is stepped with the "
                        "joints by the file's integrator"),
            std::string::npos)
      << *error;
  ASSERT_FALSE(parse_world(shaken_turntable, "x.json", w).has_value());
  const std::string written = world_to_json(w);
  world_spec again;
  ASSERT_FALSE(parse_world(written, "written", again).has_value()) << written;
  EXPECT_EQ(world_to_json(again), written);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The shipped Foucault pendulum with a second bob on a ball joint at the same pivot in the
// same turning lab: a point mass (a tiny round bob, 1e-6 kg m^2, 4e-10 of m L^2) at L below
// the pivot, turned north by asin(amplitude / L) as the particle starts.
TEST(WorldTurningFrames, BallJointPendulumOnTheTurningEarthMatchesTheFoucaultParticle) {
  std::string text = file_text(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/foucault-pendulum.json");
  const std::string anchor = R"json({ "name": "floor")json";
  const std::size_t at = text.find(anchor);
  ASSERT_NE(at, std::string::npos);
  const std::size_t shapes = text.rfind("\"shapes\"", at);
  text.insert(shapes, R"json("frames": [ { "name": "ball_bob", "translation": [0, 11, 0],
      "joint": { "type": "ball", "position": [0, 0, "asin(amplitude/length)"] },
      "mass": 28, "center_of_mass": [0, -10, 0], "inertia": [1e-6, 1e-6, 1e-6] } ],
    )json");
  const auto scene = test::started_world(text);
  const world_model& m = scene->model();
  const std::size_t site = 1, ball = 2;
  ASSERT_EQ(m.spec().frames[ball].name, "ball_bob");
  ASSERT_EQ(m.spec().frames[site].name, "site");
  double worst = 0.0;
  const double h = 1.0 / 20.0;  // both RK4; the two differ by 1.7e-7 m at this step, 1.6e-8 at 1/120 s
  for (int n = 1; n <= 60 * 20; ++n) {
    scene->step(h);
    if (n % 10 != 0) continue;
    const glm::dvec3 particle = m.frame_world(site).pose.apply_point(m.particle(0).r);
    const glm::dvec3 bob = m.frame_world(ball).pose.apply_point(glm::dvec3(0, -10, 0));
    worst = std::max(worst, glm::length(particle - bob));
  }
  EXPECT_LT(worst, 1e-6) << "largest distance between the two bobs over 60 s (m)";
  EXPECT_FALSE(scene->failure().has_value());
}

// A spindle turning by theta(t) = 6 t + 0.5 t^2 about y (w = theta' y, alpha = y) carries an arm
// hinged about z with its centre of mass at c = (0, -0.5, 0): in spindle coordinates
//   r = (0.5 sin q, -0.5 cos q, 0),  v = qd (0.5 cos q, 0.5 sin q, 0),
//   Coriolis -2 w x v, centrifugal -w x (w x r), Euler -alpha x r, turned to the world by theta.
TEST(WorldTurningFrames, JointFrameInertialArrowsMatchTheTextbookTerms) {
  const auto scene = test::started_world(R"json({
    "gravity": [0, -9.81, 0],
    "frames": [ { "name": "spindle", "rotations": [{"axis": [0, 1, 0], "angle": "6*t + 0.5*t^2"}],
                  "frames": [ { "name": "arm", "joint": {"type": "hinge", "axis": [0, 0, 1], "position": 0.3,
                                                          "velocity": 1.5},
                                "mass": 1, "center_of_mass": [0, -0.5, 0],
                                "arrows": ["coriolis", "centrifugal", "euler", "angular_velocity"] } ] } ] })json");
  for (int k = 0; k < 37; ++k) scene->step(1.0 / 120.0);
  const double t = scene->model().time(), theta = 6 * t + 0.5 * t * t;
  const double q = scene->model().joints().q(0, 0), qd = scene->model().joints().qd(0, 0);
  const glm::dvec3 w(0, 6 + t, 0), alpha(0, 1, 0);
  const glm::dvec3 r(0.5 * std::sin(q), -0.5 * std::cos(q), 0), v = qd * glm::dvec3(0.5 * std::cos(q), 0.5 * std::sin(q), 0);
  const glm::dquat spindle = glm::angleAxis(theta, glm::dvec3(0, 1, 0));
  const auto arrow = [&](const std::string& label) {
    for (const auto& a : scene->view().vectors)
      if (a.label == label) return a;
    ADD_FAILURE() << "no arrow " << label;
    return vector_overlay{};
  };
  EXPECT_LT(glm::length(arrow("Coriolis").value - spindle * (-2.0 * glm::cross(w, v))), 1e-12);
  EXPECT_LT(glm::length(arrow("centrifugal").value - spindle * -glm::cross(w, glm::cross(w, r))), 1e-12);
  EXPECT_LT(glm::length(arrow("Euler").value - spindle * -glm::cross(alpha, r)), 1e-12);
  EXPECT_LT(glm::length(arrow("Coriolis").origin - spindle * r), 1e-12) << "drawn from the centre of mass";
  // the joint frame's angular velocity: the spindle's plus the hinge's (z turned by theta)
  EXPECT_LT(glm::length(arrow("arm omega").value - (w + spindle * glm::dvec3(0, 0, qd))), 1e-12);
}

TEST(WorldTurningFrames, SpringEndsThatCannotBeAreRefusedWithPositionAndKey) {
  const auto refused = [](const std::string& body_keys, const std::string& to, const std::string& from) {
    world_spec w;
    const auto e = parse_world(R"json({ "particles": [ { "name": "p", "mass": 1 } ],
  "bodies": [ { "name": "b", "inertia": [1, 1, 1])json" + body_keys + R"json( } ],
  "springs": [ { "from": ")json" + from + R"json(", "to": ")json" + to + R"json(", "stiffness": 1 } ] })json",
                               "x.json", w);
    return e.value_or("accepted");
  };
  EXPECT_EQ(refused("", "p", "world"), "accepted");  // a particle end: tests/scenes/world/world_particle_springs_test.cpp
  EXPECT_EQ(refused("", "p", "b"), "accepted");  // stepped with the tree as one state
  EXPECT_EQ(refused("", "p", "p"), "x.json:3:37: springs[0].to: a spring needs two different ends");
  EXPECT_EQ(refused(R"json(, "integrator": "rk4")json", "b", "world"),
            "x.json:3:41: springs[0].to: body 'b' has its own \"integrator\" or \"gyro\": a body on a spring is "
            "stepped with the joints by the file's integrator, with the gyroscopic term; remove them");
  EXPECT_EQ(refused("", "b", "b"), "x.json:3:37: springs[0].to: a spring needs two different ends");
  EXPECT_EQ(refused("", "b", "world"), "accepted");
  // a body end is written by its name, without the integrator it may not have
  world_spec w, again;
  ASSERT_FALSE(parse_world(R"json({ "bodies": [ { "name": "b", "inertia": [1, 1, 1] } ],
    "springs": [ { "from": "b", "to": "world", "stiffness": 1 } ] })json", "x.json", w));
  const std::string written = world_to_json(w);
  EXPECT_EQ(written.find("integrator\": \"midpoint"), std::string::npos) << written;
  ASSERT_FALSE(parse_world(written, "written", again)) << written;
  EXPECT_EQ(again.springs[0].from_body, 0);
  EXPECT_EQ(world_to_json(again), written);
}

// A body turning about its centre of mass (the origin) with a zero-length spring k from the
// world point A = (0, 1.5, 0) to its point p = R_z(theta) (0, a, 0), a = 1: the spring's torque
// about z is (p x k (A - p))_z = -1.5 k a sin(theta), so I3 theta'' = -1.5 k a sin(theta); the
// tension is k |A - p|.
TEST(WorldTurningFrames, BodyOnASpringSwingsAsItsPendulumEquation) {
  const auto scene = test::started_world(R"json({
    "integrator": "rk4", "gravity": [0, -9.81, 0],
    "bodies": [ { "name": "wheel", "inertia": [2, 3, 4], "omega": [0, 0, 0.5],
                  "rotations": [ {"axis": [0, 0, 1], "angle": 0.6} ] } ],
    "springs": [ { "name": "pull", "from": "world", "from_offset": [0, 1.5, 0], "to": "wheel", "to_offset": [0, 1, 0],
                   "stiffness": 30, "rest_length": 0 } ] })json");
  const double c = 1.5 * 30.0 * 1.0 / 4.0;
  glm::dvec2 y(0.6, 0.5);  // theta, theta'
  const auto rate = [c](const glm::dvec2& s) { return glm::dvec2(s.y, -c * std::sin(s.x)); };
  const double h = 1.0 / 240.0;
  double worst = 0.0, worst_tension = 0.0;
  for (int n = 0; n < 480; ++n) {
    scene->step(h);
    for (int k = 0; k < 8; ++k) {  // RK4 at h / 8
      const double g = h / 8;
      const glm::dvec2 k1 = rate(y), k2 = rate(y + 0.5 * g * k1), k3 = rate(y + 0.5 * g * k2), k4 = rate(y + g * k3);
      y += g / 6 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    const glm::dmat3 r = glm::mat3_cast(scene->model().body(0).state().orientation);
    worst = std::max(worst, std::abs(std::atan2(r[0][1], r[0][0]) - y.x));
    const glm::dvec3 p(-std::sin(y.x), std::cos(y.x), 0.0);
    worst_tension = std::max(worst_tension, std::abs(scene->model().joints().springs()[0].tension -
                                                     30.0 * glm::length(glm::dvec3(0, 1.5, 0) - p)));
  }
  EXPECT_LT(worst, 1e-9) << "largest angle difference over 2 s (rad)";
  EXPECT_LT(worst_tension, 1e-7) << "largest tension difference (N)";
  // the body stays in its plane: its world angular velocity is along z
  const glm::dvec3 w = scene->model().body(0).state().angular_velocity;
  EXPECT_LT(std::abs(w.x) + std::abs(w.y), 1e-12);
  EXPECT_NEAR(w.z, y.y, 1e-8);
}

}  // namespace
}  // namespace framelab
