// A scene file's channel may read the other channels of the same step (docs/scene-files.md,
// Channels): checked against the same quantities computed here from the model's state; a
// channel that reads itself, directly or through others, is refused at load with
// file:line:column and its key. Also the model's clock (t = n dt, as the CSV prints it),
// a trail list with `true` in it, and readouts with labels and digits.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>

#include "scenes/simulation.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"
#include "tests/scenes/world/channel_by_name.hpp"

namespace framelab {
namespace channel_expression_test {

// A particle on a spring in a turning frame: its local x and z change every step.
const char* spinning_spring = R"({
  "parameters": { "w": 0.7 },
  "gravity": [0, 0, 0],
  "frames": [ { "name": "table", "rotations": [ { "axis": [0, 1, 0], "angle": "w*t" } ] } ],
  "particles": [ { "name": "bob", "frame": "table", "position": [2, 0, 0.5], "velocity": [0, 0, 1],
                   "spring": { "pivot": [0, 0, 0], "stiffness": 3 } } ],
  "channels": [
    { "name": "azimuth_deg", "unit": "deg", "expression": "atan2(bob_local_z, bob_local_x)*180/pi" },
    { "name": "azimuth_and_turn", "unit": "deg", "expression": "azimuth_deg + w*t*180/pi" }
  ]
})";

struct running {
  std::shared_ptr<world_spec> spec = std::make_shared<world_spec>();
  std::unique_ptr<world_scene> scene;
  std::vector<channel_def> channels;
  double read(const std::string& name) const { return test::channel_by_name(channels, name); }
};

std::unique_ptr<running> start(const std::string& text) {
  auto r = std::make_unique<running>();
  const auto error = parse_world(text, "x.json", *r->spec);
  EXPECT_FALSE(error.has_value()) << *error;
  r->scene = std::make_unique<world_scene>(r->spec);
  r->scene->reset(param_values::defaults(r->scene->parameters()));
  EXPECT_FALSE(r->scene->failure().has_value());
  r->channels = r->scene->channels();
  return r;
}

std::string refusal(const std::string& text) {
  world_spec w;
  const auto error = parse_world(text, "x.json", w);
  EXPECT_TRUE(error.has_value()) << text.substr(0, 200);
  return error.value_or("");
}

TEST(WorldChannelExpression, ReadsTheOtherChannelsOfTheSameStep) {
  const auto r = start(spinning_spring);
  const world_model& m = r->scene->model();
  for (int k = 0; k < 240; ++k) {
    r->scene->step(1.0 / 120.0);
    const glm::dvec3 p = m.particle(0).r;  // the state itself, not a channel
    const double azimuth = std::atan2(p.z, p.x) * 180.0 / std::numbers::pi;
    ASSERT_DOUBLE_EQ(r->read("azimuth_deg"), azimuth) << "step " << k;
    // a channel that reads a file channel which reads generated ones
    ASSERT_DOUBLE_EQ(r->read("azimuth_and_turn"), azimuth + 0.7 * m.time() * 180.0 / std::numbers::pi);
  }
  EXPECT_GT(std::abs(r->read("azimuth_deg") - std::atan2(0.5, 2.0) * 180 / std::numbers::pi), 1.0);  // it moved
}

TEST(WorldChannelExpression, AChannelThatReadsItselfIsRefusedWithItsPlaceAndTheLoop) {
  const std::string loop =
      "{ \"particles\": [ { \"name\": \"p\" } ],\n  \"channels\": [\n"
      "    { \"name\": \"a\", \"expression\": \"b + 1\" },\n"
      "    { \"name\": \"b\", \"expression\": \"2*a + p_local_x\" } ] }";
  const std::string e = refusal(loop);
  EXPECT_NE(e.find("x.json:3:"), std::string::npos) << e;  // line 3: channel a, where the loop closes
  EXPECT_NE(e.find("channels[0].expression"), std::string::npos) << e;
  EXPECT_NE(e.find("a -> b -> a"), std::string::npos) << e;
  const std::string self = refusal(R"({ "particles": [ { "name": "p" } ],
    "channels": [ { "name": "c", "expression": "c + t" } ] })");
  EXPECT_NE(self.find("channels[0].expression: 'c + t' reads itself (c -> c)"), std::string::npos) << self;
  // an unknown name is named, as in any expression
  const std::string unknown = refusal(R"({ "particles": [ { "name": "p" } ],
    "channels": [ { "name": "c", "expression": "p_local_q" } ] })");
  EXPECT_NE(unknown.find("channels[0].expression: 'p_local_q'"), std::string::npos) << unknown;
  // a chain without a loop is fine, whatever the order it is written in
  world_spec w;
  EXPECT_FALSE(parse_world(R"({ "particles": [ { "name": "p" } ], "channels": [
    { "name": "c2", "expression": "c1 * 2" }, { "name": "c1", "expression": "p_local_x + t" } ] })",
                           "x.json", w));
}

// The shipped Foucault pendulum: the plane measured from the bob's motion beside the
// predicted Omega sin(latitude) t, both channels of the file. At each turning point the
// measured channel is the bob's azimuth there (computed here from the state, mod 180
// degrees); over 40 s its least-squares rate is Omega sin(latitude) (the turning points
// alternate a few degrees either side of the line at this exaggerated Earth rate, as the
// closed-form test in world_examples_test.cpp sees too).
TEST(WorldChannelExpression, FoucaultMeasuredPlaneIsTheSwingsAzimuthAndTurnsAtOmegaSinLatitude) {
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(load_world(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/foucault-pendulum.json", *spec));
  world_scene scene(spec);
  param_values values = param_values::defaults(scene.parameters());
  scene.reset(values);
  const auto channels = scene.channels();
  const auto read = [&](const std::string& name) { return test::channel_by_name(channels, name); };
  const double deg = 180 / std::numbers::pi;
  const double rate_deg = values.number("earth_rate") * std::sin(values.number("latitude") / deg) * deg;
  std::vector<double> times, measured;
  double rho_before = 0.0, rho_now = 0.0;
  double azimuth_now = 0.0, measured_now = 0.0, t_now = 0.0;
  int turning_points = 0;
  for (int k = 1; k <= 40 * 120; ++k) {
    scene.step(1.0 / 120.0);
    const glm::dvec3 r = scene.model().particle(0).r;  // x north, z east
    const double rho = std::hypot(r.x, r.z);
    if (k > 2 && rho_now > rho_before && rho_now >= rho) {  // the step before was a turning point
      // its azimuth, taken to the half turn nearest the measured channel
      const double off = std::remainder(azimuth_now - measured_now, 180.0);
      EXPECT_NEAR(off, 0.0, 0.05) << "t = " << t_now;  // the step nearest the turn: v is nearly 0
      ++turning_points;
    }
    rho_before = rho_now;
    rho_now = rho;
    azimuth_now = std::atan2(r.z, r.x) * deg;
    measured_now = read("plane_measured_deg");
    t_now = scene.model().time();
    EXPECT_NEAR(read("plane_turned_deg"), rate_deg * t_now, 1e-9);
    times.push_back(t_now);
    measured.push_back(measured_now);
  }
  EXPECT_GE(turning_points, 12);      // two a period of 2 pi sqrt(L/g), 6.3 s
  EXPECT_GT(rate_deg * 40.0, 130.0);  // the plane turned well past 90 degrees: the measure unwraps
  // least-squares line through the origin: slope = sum(t m) / sum(t t)
  double tm = 0.0, tt = 0.0;
  for (std::size_t i = 0; i < times.size(); ++i) tm += times[i] * measured[i], tt += times[i] * times[i];
  EXPECT_NEAR(tm / tt, rate_deg, 0.03 * rate_deg) << "measured rate against Omega sin(latitude)";
}

// t = n dt: after 600 steps of 1/120 s the model reads the time the simulation's clock
// and the CSV print (a running sum would reach 5.000000000000038).
TEST(WorldModelClock, TimeIsTheStepCountTimesDt) {
  const auto r = start(spinning_spring);
  const double dt = 1.0 / 120.0;
  for (int k = 0; k < 600; ++k) r->scene->step(dt);
  EXPECT_EQ(r->scene->model().time(), static_cast<double>(600) * dt);
  EXPECT_EQ(r->scene->model().time(), 5.0);
  double sum = 0.0;
  for (int k = 0; k < 600; ++k) sum += dt;
  EXPECT_NE(sum, 5.0);  // the running sum this replaces
  // a new dt continues from where the old one left off
  for (int k = 0; k < 3; ++k) r->scene->step(0.25);
  EXPECT_EQ(r->scene->model().time(), 5.75);
}

// docs/scene-files.md's own example: the world path and the path seen on a frame.
TEST(WorldLoaderTrails, TrueInATrailListIsTheWorldPath) {
  world_spec w;
  const auto error = parse_world(R"({ "frames": [ { "name": "platform" } ],
    "particles": [ { "name": "p", "trail": [ true, { "frame": "platform", "length": 50 }, false ] } ] })",
                                 "x.json", w);
  ASSERT_FALSE(error.has_value()) << *error;
  ASSERT_EQ(w.particles[0].trails.size(), 2u);
  EXPECT_EQ(w.particles[0].trails[0].frame, -1);
  EXPECT_EQ(w.particles[0].trails[1].frame, 0);
  EXPECT_EQ(w.particles[0].trails[1].length, 50u);
  EXPECT_NE(refusal(R"({ "particles": [ { "name": "p", "trail": [ 3 ] } ] })").find("particles[0].trail[0]"),
            std::string::npos);
}

TEST(WorldLoaderReadouts, TakeALabelAndDigitsAndSurviveTheWriter) {
  world_spec w;
  const auto error = parse_world(R"({ "particles": [ { "name": "bob" } ],
    "readouts": [ "bob_local_y", { "channel": "bob_local_x", "label": "north", "digits": 3 } ] })",
                                 "x.json", w);
  ASSERT_FALSE(error.has_value()) << *error;
  ASSERT_EQ(w.readouts.size(), 2u);
  EXPECT_EQ(w.readouts[0], readout_def("bob_local_y"));
  EXPECT_EQ(w.readouts[1], readout_def("bob_local_x", "north", 3));
  EXPECT_EQ(w.readouts[1].shown_label(), "north");
  world_spec again;
  ASSERT_FALSE(parse_world(world_to_json(w), "written.json", again));
  EXPECT_EQ(again.readouts, w.readouts);
  const std::string digits = refusal(R"({ "particles": [ { "name": "bob" } ],
    "readouts": [ { "channel": "bob_local_x", "digits": 2.5 } ] })");
  EXPECT_NE(digits.find("readouts[0].digits: must be a whole number"), std::string::npos) << digits;
  const std::string unknown = refusal(R"({ "particles": [ { "name": "bob" } ],
    "readouts": [ { "channel": "bob_north" } ] })");
  EXPECT_NE(unknown.find("readouts[0]: no channel named 'bob_north'"), std::string::npos) << unknown;
}

// arrow_scale per frame, particle and body: a slow spin's arrow is not buried next to a fast
// one. The arrow_scale parameter scales them all, each as long as its file asks at the
// file's value; a change keeps the run going.
TEST(WorldArrowScale, EachOwnerHasItsOwnAndTheParameterScalesThemAll) {
  const auto r = start(R"({ "arrow_scale": 0.5, "gravity": [0, 0, 0],
    "frames": [ { "name": "slow", "rotations": [ { "axis": [0, 1, 0], "angle": "0.6*t" } ],
                  "arrows": ["angular_velocity"], "arrow_scale": 5 },
                { "name": "fast", "rotations": [ { "axis": [0, 1, 0], "angle": "10*t" } ],
                  "arrows": ["angular_velocity"] } ],
    "particles": [ { "name": "p", "velocity": [1, 0, 0], "arrows": ["velocity"], "arrow_scale": 2 } ],
    "bodies": [ { "name": "b", "inertia": [1, 2, 3], "omega": [0, 0.3, 0], "arrow_scale": 4 } ] })");
  r->scene->step(0.01);
  const auto drawn_length = [&](const std::string& label) {
    for (const auto& v : r->scene->view().vectors)
      if (v.label == label) return glm::length(v.value) * v.scale;
    ADD_FAILURE() << "no arrow " << label;
    return 0.0;
  };
  EXPECT_NEAR(drawn_length("slow omega"), 0.6 * 5, 1e-12);   // m = rad/s x its own m per rad/s
  EXPECT_NEAR(drawn_length("fast omega"), 10 * 0.5, 1e-12);  // the file's
  EXPECT_NEAR(drawn_length("p velocity"), 1 * 2, 1e-12);
  EXPECT_NEAR(drawn_length("b omega"), 0.3 * 4, 1e-12);
  const double t = r->scene->model().time();
  param_values values = param_values::defaults(r->scene->parameters());
  values.set(world_arrow_scale_param, 1.0);  // twice the file's 0.5
  r->scene->apply_view_settings(values);
  EXPECT_NEAR(drawn_length("slow omega"), 0.6 * 10, 1e-12);
  EXPECT_NEAR(drawn_length("fast omega"), 10 * 1.0, 1e-12);
  EXPECT_NEAR(drawn_length("b omega"), 0.3 * 8, 1e-12);
  EXPECT_EQ(r->scene->model().time(), t);
  EXPECT_NE(
      refusal(R"({ "particles": [ { "name": "p", "arrow_scale": 0 } ] })").find("particles[0].arrow_scale: must be"),
      std::string::npos);
}

// `set view_frame=world` on the Foucault pendulum changes the observer without a restart:
// the time, the bob and its kept path go on; the bob is then drawn where the model puts it
// in the world, and back on the lab's floor after `view_frame=site`.
TEST(WorldViewFrame, ChangesTheObserverWithoutARestart) {
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(load_world(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/foucault-pendulum.json", *spec));
  const scene_entry entry = make_world_entry(spec);
  simulation sim;
  ASSERT_FALSE(sim.load(entry, param_values::defaults(entry.create()->parameters())));
  for (int k = 0; k < 300; ++k) sim.single_step();
  const auto& scene = dynamic_cast<const world_scene&>(sim.current());
  const double t = sim.time();
  const glm::dvec3 bob = scene.model().particle(0).r;
  const std::size_t kept = sim.view().trails[0].points.size();
  const int bob_node = scene.particle_node(0);
  EXPECT_NEAR(glm::length(sim.view().nodes[std::size_t(bob_node)].world.translation - bob), 0.0,
              1e-12);  // the lab's view

  param_values values = sim.parameters();
  values.set(world_view_frame_param, std::string("world"));
  ASSERT_FALSE(sim.set_parameters(values));
  EXPECT_EQ(sim.time(), t);
  EXPECT_EQ(scene.model().time(), t);
  EXPECT_EQ(scene.model().particle(0).r, bob);
  const glm::dvec3 world_bob = scene.model().particle_world(0).pose.translation;  // A2 o A1, from the model
  EXPECT_GT(glm::length(world_bob - bob), 10.0);  // the lab sits on a 30 m globe: a different place
  EXPECT_NEAR(glm::length(sim.view().nodes[std::size_t(bob_node)].world.translation - world_bob), 0.0, 1e-9);
  ASSERT_EQ(sim.view().trails[0].points.size(), kept);  // the path is kept, now drawn in the world
  EXPECT_NEAR(glm::length(sim.view().trails[0].points.back() - world_bob), 0.0, 1e-9);

  sim.single_step();
  values.set(world_view_frame_param, std::string("site"));
  ASSERT_FALSE(sim.set_parameters(values));
  EXPECT_EQ(sim.step_count(), 301);
  EXPECT_EQ(sim.view().trails[0].points.size(), kept + 1);
  EXPECT_NEAR(glm::length(sim.view().trails[0].points.back() - scene.model().particle(0).r), 0.0, 1e-12);
  // a physical parameter still restarts
  values.set("latitude", 10.0);
  ASSERT_FALSE(sim.set_parameters(values));
  EXPECT_EQ(sim.time(), 0.0);
}

}  // namespace channel_expression_test
}  // namespace framelab
