// Springs of a file's "springs" with particle ends (scenes/world/world_model.hpp): two equal
// masses joined by a spring, free, against the closed form of the two-body oscillator; a
// particle on a spring to the world against the same particle tied by its own "spring"; a
// particle on a spring to a slider joint (the particles and the joint tree stepped as one
// state) against the two-mass closed form, and a particle hung by a spring from a hinge
// pendulum keeping its energy; the file written and read back names the particle ends.
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

// A slider joint frame (a cart of M = 3 kg on x) and a particle m = 1 kg joined by k = 50 N/m,
// L0 = 1 m, no gravity; the particle starts d0 = 0.2 m beyond the rest length, both at rest.
// The separation oscillates with the reduced mass: omega = sqrt(k (1/M + 1/m)),
//   x_p - q = L0 + d0 cos(omega t),  and the centre of mass stays:  M q + m x_p = m (L0 + d0)
//   =>  q(t) = m d0 (1 - cos(omega t)) / (M + m).
TEST(WorldParticleSprings, AParticleOnASpringToASliderOscillatesWithTheReducedMass) {
  const auto scene = test::started_world(R"json({ "gravity": [0, 0, 0], "integrator": "rk4",
    "frames": [ { "name": "cart", "joint": { "type": "slider", "axis": [1, 0, 0] }, "mass": 3 } ],
    "particles": [ { "name": "p", "position": [1.2, 0, 0], "mass": 1 } ],
    "springs": [ { "name": "s", "from": "cart", "to": "p", "stiffness": 50, "rest_length": 1 } ] })json");
  const double big_m = 3.0, m = 1.0, k = 50.0, rest = 1.0, d0 = 0.2;
  const double omega = std::sqrt(k * (1.0 / big_m + 1.0 / m));
  const double dt = 1.0 / 1000.0;
  double worst_q = 0.0, worst_p = 0.0, worst_centre = 0.0;
  for (int step = 1; step <= 2000; ++step) {  // 2 s: more than two periods (0.77 s)
    scene->step(dt);
    const double t = scene->model().time();
    const double q = scene->model().joints().q(0, 0), x = scene->model().particle(0).r.x;
    const double expected_q = m * d0 * (1.0 - std::cos(omega * t)) / (big_m + m);
    worst_q = std::max(worst_q, std::abs(q - expected_q));
    worst_p = std::max(worst_p, std::abs(x - (expected_q + rest + d0 * std::cos(omega * t))));
    worst_centre = std::max(worst_centre, std::abs(big_m * q + m * x - m * (rest + d0)));
  }
  std::printf("slider and particle: worst cart %.3g m, particle %.3g m, centre of mass %.3g kg m\n", worst_q, worst_p,
              worst_centre);
  EXPECT_LT(worst_q, 1e-9);
  EXPECT_LT(worst_p, 1e-9);
  EXPECT_LT(worst_centre, 1e-12);
}

// A particle (0.5 kg) hung by a spring (k = 40 N/m, L0 = 0.5 m) from the bob of a hinge pendulum
// (1 kg at 1 m) in gravity, swinging in a plane and out of it: the total energy (the tree's
// kinetic + potential, the particle's 1/2 m v^2 - m g . r, the spring's k (|d| - L0)^2 / 2)
// is constant. Its drift over 60 s is the integrator's: halving the step shrinks it by the
// order of rk4 (2^4 at least), which a force missing on either end would not.
TEST(WorldParticleSprings, AParticleOnASpringFromAPendulumKeepsTheEnergy) {
  const auto drift_over = [](double dt, double seconds, double& farthest) {
    const auto scene = test::started_world(R"json({ "gravity": [0, -9.81, 0], "integrator": "rk4",
      "frames": [ { "name": "arm", "joint": { "type": "hinge", "axis": [0, 0, 1], "position": 0.7 },
                    "mass": 1, "center_of_mass": [0, -1, 0], "inertia": [0.01, 0.01, 0.01] } ],
      "particles": [ { "name": "p", "position": [0.9, -1.6, 0.1], "velocity": [0, 0, 0.3], "mass": 0.5 } ],
      "springs": [ { "name": "s", "from": "arm", "from_offset": [0, -1, 0], "to": "p", "stiffness": 40,
                     "rest_length": 0.5 } ] })json");
    const world_model& model = scene->model();
    const auto energy = [&] {
      const particle_state& p = model.particle(0);
      return model.joints().tree_energy(0) + 0.5 * 0.5 * glm::dot(p.v, p.v) + 0.5 * 9.81 * p.r.y +
             model.spring(0).energy;
    };
    const double e0 = energy();
    double drift = 0.0;
    for (int step = 1; step <= int(std::lround(seconds / dt)); ++step) {
      scene->step(dt);
      drift = std::max(drift, std::abs(energy() - e0) / std::abs(e0));
      farthest = std::max(farthest, std::abs(model.particle(0).r.z));
    }
    return drift;
  };
  double farthest = 0.0;
  const double long_run = drift_over(1.0 / 50.0, 60.0, farthest);
  const double coarse = drift_over(1.0 / 50.0, 6.0, farthest), fine = drift_over(1.0 / 100.0, 6.0, farthest);
  std::printf("pendulum and particle: relative energy drift %.3g over 60 s (dt 20 ms); over 6 s %.3g (20 ms), %.3g "
              "(10 ms)\n", long_run, coarse, fine);
  EXPECT_LT(long_run, 1e-3);
  EXPECT_GT(coarse / fine, 16.0) << "the drift shrinks as rk4's error";
  EXPECT_GT(farthest, 0.1) << "m: the particle swung out of the pendulum's plane";
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
