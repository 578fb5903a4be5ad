// Rigid bodies in a world file ("bodies", docs/scene-files.md) against closed forms, and
// the loader's refusals of bad bodies with file:line:column.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "tests/scenes/world/channel_by_name.hpp"

namespace framelab {
namespace {

struct running_world {
  std::unique_ptr<world_scene> scene;
  std::vector<channel_def> channels;
  double read(const std::string& name) const { return test::channel_by_name(channels, name); }
};

running_world run(const std::string& text) {
  auto spec = std::make_shared<world_spec>();
  const auto error = parse_world(text, "body.json", *spec);
  EXPECT_FALSE(error.has_value()) << *error;
  running_world w{std::make_unique<world_scene>(spec), {}};
  w.scene->reset(param_values::defaults(w.scene->parameters()));
  EXPECT_FALSE(w.scene->failure().has_value()) << *w.scene->failure();
  w.channels = w.scene->channels();
  return w;
}

// A torque-free symmetric top, I1 = I2 = 1, I3 = 2 (kg m^2), omega = (w0, 0, w3) in the body.
std::string symmetric_top(const std::string& integrator, const std::string& gyro) {
  return R"({ "frames": [ { "name": "lab", "translation": ["0.5*t", 0, 0] } ],
    "bodies": [ { "name": "top", "frame": "lab", "inertia": [1, 1, 2], "omega": [0.5, 0, 3],
                  "integrator": ")" +
         integrator + R"(", "gyro": )" + gyro + " } ] }";
}

// Euler's equations of a torque-free symmetric body: the body-frame omega turns about the
// symmetry axis at Omega = (I3 - I1) / I1 * w3, so w1 = w0 cos(Omega t), w2 = w0 sin(Omega t),
// w3 constant.
TEST(WorldBody, SymmetricTopPrecessesAtTheClosedFormRate) {
  running_world w = run(symmetric_top("midpoint", "true"));
  const double w0 = 0.5, w3 = 3.0, big_omega = (2.0 - 1.0) / 1.0 * w3;
  const double dt = 0.005, e0 = w.read("top_energy"), l0 = w.read("top_L");
  EXPECT_DOUBLE_EQ(e0, 0.5 * (w0 * w0 + 2.0 * w3 * w3));  // T = 1/2 sum I_k w_k^2
  EXPECT_DOUBLE_EQ(l0, std::hypot(w0, 2.0 * w3));         // |L| = |I w|
  for (int s = 1; s <= 800; ++s) {
    w.scene->step(dt);
    const double t = s * dt;
    ASSERT_NEAR(w.read("top_wbx"), w0 * std::cos(big_omega * t), 2e-4) << "t = " << t;
    ASSERT_NEAR(w.read("top_wby"), w0 * std::sin(big_omega * t), 2e-4) << "t = " << t;
    ASSERT_NEAR(w.read("top_wbz"), w3, 1e-12);
    // the implicit midpoint rule keeps both quadratic invariants to round-off
    ASSERT_NEAR(w.read("top_energy") / e0 - 1.0, 0.0, 1e-12);
    ASSERT_NEAR(w.read("top_L") / l0 - 1.0, 0.0, 1e-12);
  }
  EXPECT_FALSE(w.scene->failure().has_value());
}

// Without the gyroscopic term nothing turns omega: it stays (w0, 0, w3) in the world, the
// body turns about it, so the body-frame omega stays (w0, 0, w3) too: no precession.
TEST(WorldBody, GyroOffDropsThePrecession) {
  running_world w = run(symmetric_top("rk4", "false"));
  for (int s = 0; s < 100; ++s) w.scene->step(0.005);  // t = 0.5 s: the closed form has w2 = 0.5 sin(1.5)
  EXPECT_NEAR(w.read("top_wbx"), 0.5, 1e-9);
  EXPECT_NEAR(w.read("top_wby"), 0.0, 1e-9);
}

// The heavy top of the example: the pivot stays put, the centre of mass stays at the arm's
// length h from it, and, released with no precession, it precesses on average at the slow
// root of steady precession, m g h = Omega (I3 w3 - I1' Omega cos(theta)) (I1' = I1 + m h^2
// about the pivot):
//   Omega = (I3 w3 - sqrt((I3 w3)^2 - 4 I1' cos(theta) m g h)) / (2 I1' cos(theta))
// (1.62 rad/s here; the fast-top m g h / (I3 w3) = 1.45 rad/s is 10 % off at this spin),
// measured over about 9 nutation periods (2 pi I1' / (I3 w3) = 0.42 s).
TEST(WorldBody, ShippedSpinningTopPrecessesAroundItsPivot) {
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(load_world(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/spinning-top.json", *spec));
  world_scene scene(spec);
  scene.reset(param_values::defaults(scene.parameters()));
  ASSERT_FALSE(scene.failure().has_value()) << *scene.failure();
  const auto frame = dynamic_transform<double, 3>::identity();
  const auto top = [&scene] { return scene.model().body(0); };  // (the model replaces its bodies each step)
  const double h = 0.4, m = 1.0, g = 9.81, i3 = 0.045, w3 = 60.0;
  const auto azimuth = [&] {
    const glm::dvec3 r = top().centre(frame) - top().pivot_point(frame);
    return std::atan2(-r.z, r.x);
  };
  const double a0 = azimuth(), e0 = top().energy();
  const double dt = 1.0 / 240.0, seconds = 4.0;
  double turned = 0.0, last = a0;
  for (int s = 0; s < int(seconds / dt); ++s) {
    scene.step(dt);
    ASSERT_NEAR(glm::length(top().centre(frame) - top().pivot_point(frame)), h, 1e-9);
    ASSERT_NEAR(glm::distance(top().pivot_point(frame), glm::dvec3(0, 1, 0)), 0.0, 1e-12);
    const double a = azimuth();
    turned += std::remainder(a - last, 2.0 * std::acos(-1.0));
    last = a;
  }
  const double i1 = 0.0225 + m * h * h, c = std::cos(0.35), l3 = i3 * w3;
  const double steady = (l3 - std::sqrt(l3 * l3 - 4.0 * i1 * c * m * g * h)) / (2.0 * i1 * c);
  EXPECT_NEAR(std::abs(turned) / seconds, steady, 0.03 * steady);
  EXPECT_NEAR(top().energy() / e0 - 1.0, 0.0, 1e-3);
}

std::string body_refusal(const std::string& body) {
  world_spec w;
  const auto error = parse_world("{\n  \"bodies\": [\n    { \"name\": \"b\", " + body + " }\n  ]\n}", "x.json", w);
  EXPECT_TRUE(error.has_value()) << body;
  return error.value_or("");
}

TEST(WorldBody, BadInertiaIsRefusedWhereItIsWritten) {
  // column 31 is the '[' of the inertia (line 3: `    { "name": "b", "inertia": [`)
  std::string e = body_refusal(R"("inertia": [1, 0, 1])");
  EXPECT_EQ(e.rfind("x.json:3:31: bodies[0].inertia: ", 0), 0u) << e;
  EXPECT_NE(e.find("I2 must be > 0"), std::string::npos) << e;
  e = body_refusal(R"("inertia": [1, -2, 1])");
  EXPECT_NE(e.find("I2 must be > 0"), std::string::npos) << e;
  e = body_refusal(R"("inertia": [1, 1, 3])");
  EXPECT_EQ(e.rfind("x.json:3:31: bodies[0].inertia: ", 0), 0u) << e;
  EXPECT_NE(e.find("triangle inequality I1 + I2 >= I3"), std::string::npos) << e;
  e = body_refusal(R"("omega": [0, 1, 0])");
  EXPECT_NE(e.find("missing \"inertia\""), std::string::npos) << e;
}

TEST(WorldBody, UnknownIntegratorListsTheValidNames) {
  const std::string e = body_refusal(R"("inertia": [1, 1, 1], "integrator": "verlet")");
  EXPECT_EQ(e.rfind("x.json:3:56: bodies[0].integrator: unknown integrator 'verlet'", 0), 0u) << e;
  for (const integrator_kind k : all_integrators) EXPECT_NE(e.find(std::string(to_string(k))), std::string::npos) << e;
}

TEST(WorldBody, OtherRefusals) {
  EXPECT_NE(body_refusal(R"("inertia": [1, 1, 1], "spin": 3)").find("bodies[0].spin: unknown key"), std::string::npos);
  EXPECT_NE(body_refusal(R"("inertia": [1, 1, 1], "pivot": { "point": [0.1, -0.4, 0], "mass": 1 })")
                .find("the pivot must lie on a principal axis"),
            std::string::npos);
  EXPECT_NE(body_refusal(R"("inertia": [1, 1, 1], "pivot": { "point": [0, -0.4, 0] })").find("needs \"point\""),
            std::string::npos);
  world_spec w;
  const auto e =
      parse_world(R"({ "frames": [ { "name": "turntable", "rotations": [ { "axis": [0, 1, 0], "angle": "t" } ] } ],
                                  "bodies": [ { "name": "b", "frame": "turntable", "inertia": [1, 1, 1],
                                                "integrator": "rk4" } ] })",
                  "x.json", w);
  ASSERT_TRUE(e.has_value());  // a body in a turning frame is stepped with the joints
  EXPECT_NE(e->find("bodies[0].integrator: a body in a turning frame (or below a joint frame) is stepped with the "
                    "joints by the file's integrator"),
            std::string::npos)
      << *e;
}

}  // namespace
}  // namespace framelab
