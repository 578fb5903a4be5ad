// Springs of a file's "springs" with particle ends (scenes/world/world_model.hpp): two equal
// masses joined by a spring, free, against the closed form of the two-body oscillator; a
// particle on a spring to the world against the same particle tied by its own "spring"; the
// file written and read back names the particle ends.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "scenes/world/world_writer.hpp"
#include "tests/scenes/world/channel_by_name.hpp"
#include "tests/scenes/world/started_world.hpp"

namespace framelab {
namespace {

// Two masses m = 2 kg joined by k = 50 N/m, rest length L0 = 1 m, no gravity; they start
// 1.2 m apart along x, closing at 0.4 m/s, and both drift at 0.5 m/s along y.
constexpr const char* two_masses_on_a_spring = R"json({
  "gravity": [0, 0, 0], "integrator": "rk4",
  "particles": [ { "name": "a", "position": [-0.6, 0, 0], "velocity": [0.3, 0.5, 0], "mass": 2 },
                 { "name": "b", "position": [0.6, 0, 0], "velocity": [-0.1, 0.5, 0], "mass": 2 } ],
  "springs": [ { "name": "s", "from": "a", "to": "b", "stiffness": 50, "rest_length": 1 } ] })json";

// The relative coordinate x = x_b - x_a of two masses m on a spring k has the reduced mass m/2:
//   x'' = -(2k/m) (x - L0)  =>  x(t) = L0 + (x0 - L0) cos(omega t) + (v0 / omega) sin(omega t),
// omega = sqrt(2k/m); the centre of mass moves uniformly: c(t) = c0 + u t.
TEST(WorldParticleSprings, TwoMassesOscillateAtSqrtTwoKOverMAndTheirCentreDrifts) {
  const auto scene = test::started_world(two_masses_on_a_spring);
  const double m = 2.0, k = 50.0, rest = 1.0, x0 = 1.2, v0 = -0.4;
  const double omega = std::sqrt(2.0 * k / m);
  const glm::dvec3 c0(0.0), u(0.1, 0.5, 0.0);
  const double dt = 1.0 / 1000.0;
  double worst_relative = 0.0, worst_centre = 0.0, worst_length = 0.0;
  for (int step = 1; step <= 2000; ++step) {  // 2 s: more than two periods (0.89 s)
    scene->step(dt);
    const double t = scene->model().time();
    const glm::dvec3 a = scene->model().particle(0).r, b = scene->model().particle(1).r;
    const double expected = rest + (x0 - rest) * std::cos(omega * t) + v0 / omega * std::sin(omega * t);
    worst_relative = std::max(worst_relative, std::abs((b.x - a.x) - expected));
    worst_relative = std::max(worst_relative, std::abs(b.y - a.y));  // no sideways stretch
    worst_centre = std::max(worst_centre, glm::length(0.5 * (a + b) - (c0 + u * t)));
    if (step % 100 == 0)  // the channel list is built anew on each call: read it now and then
      worst_length = std::max(worst_length, std::abs(test::channel_by_name(scene->channels(), "s_length") - glm::length(b - a)));
  }
  std::printf("two masses: worst relative %.3g m, centre %.3g m, length channel %.3g m\n", worst_relative, worst_centre, worst_length);
  EXPECT_LT(worst_relative, 1e-8);
  EXPECT_LT(worst_centre, 1e-12);
  EXPECT_LT(worst_length, 1e-15);
}

// A spring from a particle to a world point is the particle's own "spring" tie to that pivot:
// the same force -(k/m) (|d| - L0) d/|d| by two paths of the model.
TEST(WorldParticleSprings, ASpringToTheWorldPullsLikeTheParticlesOwnSpring) {
  const auto tied = test::started_world(R"json({ "gravity": [0, -9.81, 0],
    "particles": [ { "name": "p", "position": [0.3, -1, 0.2], "velocity": [1, 0, 0], "mass": 0.5,
                     "spring": { "pivot": [0, 1, 0], "stiffness": 20, "rest_length": 0.8 } } ] })json");
  const auto sprung = test::started_world(R"json({ "gravity": [0, -9.81, 0],
    "particles": [ { "name": "p", "position": [0.3, -1, 0.2], "velocity": [1, 0, 0], "mass": 0.5 } ],
    "springs": [ { "from": "world", "from_offset": [0, 1, 0], "to": "p", "stiffness": 20, "rest_length": 0.8 } ] })json");
  double worst = 0.0;
  for (int step = 0; step < 600; ++step) {
    tied->step(1.0 / 120.0);
    sprung->step(1.0 / 120.0);
    worst = std::max(worst, glm::length(tied->model().particle(0).r - sprung->model().particle(0).r));
  }
  EXPECT_LT(worst, 1e-12);
}

TEST(WorldParticleSprings, AParticleEndIsWrittenByItsName) {
  world_spec w, again;
  ASSERT_FALSE(parse_world(two_masses_on_a_spring, "x.json", w).has_value());
  const std::string written = world_to_json(w);
  ASSERT_FALSE(parse_world(written, "written", again).has_value()) << written;
  EXPECT_EQ(again.springs[0].from_particle, 0);
  EXPECT_EQ(again.springs[0].to_particle, 1);
  EXPECT_EQ(world_to_json(again), written);
}

}  // namespace
}  // namespace framelab
