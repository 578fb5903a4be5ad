// The shipped world scene files (assets/worlds/) against closed forms: Foucault's
// pendulum, a stone dropped on the turning Earth, epicycles and a Ferris wheel.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {
namespace {

std::string asset(const char* name) { return std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/" + name; }

struct loaded_world {
  std::shared_ptr<const world_spec> spec;
  std::unique_ptr<world_scene> scene;
  param_values values;
};

loaded_world load(const char* name, const std::vector<std::pair<std::string, double>>& sets = {}) {
  auto spec = std::make_shared<world_spec>();
  const auto error = load_world(asset(name), *spec);
  EXPECT_FALSE(error.has_value()) << *error;
  loaded_world w{spec, std::make_unique<world_scene>(spec), {}};
  w.values = param_values::defaults(w.scene->parameters());
  for (const auto& [k, v] : sets) w.values.set(k, v);
  EXPECT_FALSE(validate_params(w.scene->parameters(), w.values).has_value());
  w.scene->reset(w.values);
  EXPECT_FALSE(w.scene->failure().has_value()) << *w.scene->failure();
  return w;
}

int frame_index(const world_spec& s, const std::string& name) {
  for (std::size_t i = 0; i < s.frames.size(); ++i)
    if (s.frames[i].name == name) return int(i);
  ADD_FAILURE() << "no frame " << name;
  return -1;
}

// The swing plane turns at Omega sin(latitude) (clockwise seen from above in the north:
// from north (x) toward east (z)). The plane's azimuth is read at each turning point
// (largest horizontal distance from below the pivot) and fitted by a line in t.
TEST(WorldExamples, FoucaultPlaneTurnsAtOmegaSinLatitude) {
  loaded_world w = load("foucault-pendulum.json", {{"amplitude", 0.5}});  // small: 3 degrees
  const world_model& m = w.scene->model();
  const double omega = w.values.number("earth_rate"), latitude = w.values.number("latitude") * std::numbers::pi / 180;
  const double dt = 1.0 / 120.0, seconds = 60.0;  // about 10 swings
  std::vector<double> times, angles;
  double rho_prev2 = 0, rho_prev = 0, psi_prev = 0;
  for (int k = 0; k < int(seconds / dt); ++k) {
    w.scene->step(dt);
    ASSERT_FALSE(w.scene->failure().has_value()) << *w.scene->failure();
    const glm::dvec3 r = m.particle(0).r;
    const double rho = std::hypot(r.x, r.z);
    if (k >= 2 && rho_prev > rho_prev2 && rho_prev >= rho) {  // a turning point one step ago
      double psi = psi_prev;
      while (!angles.empty() && psi < angles.back() - std::numbers::pi / 2) psi += std::numbers::pi;  // mod pi
      while (!angles.empty() && psi > angles.back() + std::numbers::pi / 2) psi -= std::numbers::pi;
      times.push_back(m.time() - dt);
      angles.push_back(psi);
    }
    rho_prev2 = rho_prev, rho_prev = rho, psi_prev = std::atan2(r.z, r.x);
  }
  ASSERT_GE(times.size(), 15u);
  // least-squares slope of angle against time
  double st = 0, sa = 0, stt = 0, sta = 0;
  const double n = double(times.size());
  for (std::size_t i = 0; i < times.size(); ++i)
    st += times[i], sa += angles[i], stt += times[i] * times[i], sta += times[i] * angles[i];
  const double slope = (n * sta - st * sa) / (n * stt - st * st);
  const double expected = omega * std::sin(latitude);
  EXPECT_NEAR(slope / expected, 1.0, 0.01) << "measured " << slope << " rad/s, expected " << expected;
}

// Eastward deflection (1/3) Omega g t^3 cos(latitude) (first order in Omega; at the
// file's exaggerated rate Omega t_fall = 0.055 and a 40 m globe (Omega^2 R = 0.4 % of g), so the
// second-order terms stay well under 1 %).
struct stone_drop_prediction {
  double t_fall;  // s: sqrt(2 h / g)
  double east;    // m: (1/3) Omega g t_fall^3 cos(latitude)
};
stone_drop_prediction predicted_stone_drop(const loaded_world& w) {
  const double omega = w.values.number("earth_rate"), g = w.values.number("g"), h = w.values.number("height");
  const double latitude = w.values.number("latitude") * std::numbers::pi / 180;
  const double t_fall = std::sqrt(2 * h / g);
  return {t_fall, omega * g * std::pow(t_fall, 3) * std::cos(latitude) / 3};
}

TEST(WorldExamples, StoneLandsEastByTheClosedForm) {
  loaded_world w = load("stone-drop.json");
  const world_model& m = w.scene->model();
  const auto [t_fall, expected] = predicted_stone_drop(w);
  const int steps = 1000;
  const double dt = t_fall / steps;
  for (int k = 0; k < steps; ++k) w.scene->step(dt);
  ASSERT_FALSE(w.scene->failure().has_value());
  EXPECT_NEAR(m.particle(0).r.z / expected, 1.0, 0.01) << "east " << m.particle(0).r.z << " m, expected " << expected;
  EXPECT_GT(expected, 0.5);  // visible in the lecture: more than half a metre
}

// The stone lands on the ground (its "floor", the plane its centre stops on) and stays:
// at rest, on the floor, at the closed-form eastward deflection. Stepped at 1/60 s,
// as the app does, well past the fall.
TEST(WorldExamples, StoneStopsOnTheGroundWhereItLanded) {
  loaded_world w = load("stone-drop.json");
  const world_model& m = w.scene->model();
  const auto [t_fall, expected] = predicted_stone_drop(w);
  const double h = w.values.number("height");
  const double floor = *w.spec->particles[0].floor;
  const double start = m.particle(0).r.y;
  EXPECT_NEAR(start - floor, h, 1e-12) << "the centre falls the height";
  std::optional<double> z_at_landing;
  double landed_at = 0.0;
  for (int k = 0; k < 60 * 4; ++k) {
    w.scene->step(1.0 / 60.0);
    ASSERT_GE(m.particle(0).r.y, floor) << "never below the ground, t = " << m.time();
    if (!z_at_landing && m.particle(0).r.y == floor) {
      z_at_landing = m.particle(0).r.z;
      landed_at = m.time();
    }
  }
  ASSERT_TRUE(z_at_landing) << "it reached the ground";
  EXPECT_NEAR(landed_at, t_fall, 0.05 * t_fall) << "when it falls the height under g";
  EXPECT_EQ(m.particle(0).r.y, floor);
  EXPECT_EQ(m.particle(0).v, glm::dvec3(0.0));
  EXPECT_EQ(m.particle(0).r.z, *z_at_landing) << "it stays where it landed";
  EXPECT_NEAR(m.particle(0).r.z / expected, 1.0, 0.01) << "east " << m.particle(0).r.z << " m, expected " << expected;
}

// The pen's world path is the closed-form epicycle (both frames about +y, y offsets 0.1 + 0.1).
TEST(WorldExamples, EpicycleWorldPathIsTheClosedForm) {
  loaded_world w = load("epicycles.json");
  const world_model& m = w.scene->model();
  const double W = w.values.number("platform_rate"), wa = w.values.number("arm_rate");
  const double r1 = w.values.number("platform_radius"), r2 = w.values.number("arm_length");
  const std::size_t pen = std::size_t(frame_index(*w.spec, "pen"));
  double worst = 0, worst_v = 0;
  for (int k = 1; k <= 600; ++k) {
    w.scene->step(1.0 / 60.0);
    const double t = m.time(), a = W * t, b = (W + wa) * t;
    const glm::dvec3 p(r1 * std::cos(a) + r2 * std::cos(b), 0.2, -r1 * std::sin(a) - r2 * std::sin(b));
    const glm::dvec3 v(-r1 * W * std::sin(a) - r2 * (W + wa) * std::sin(b), 0.0,
                       -r1 * W * std::cos(a) - r2 * (W + wa) * std::cos(b));
    worst = std::max(worst, glm::length(m.frame_world(pen).pose.translation - p));
    worst_v = std::max(worst_v, glm::length(m.frame_world(pen).velocity - v));
  }
  EXPECT_LT(worst, 1e-9);
  EXPECT_LT(worst_v, 1e-9);
}

// A gondola stays level (world rotation the identity, omega 0) and its world acceleration
// is the rim's centripetal acceleration -Omega^2 (p - hub).
TEST(WorldExamples, FerrisGondolaFeelsTheCentripetalAcceleration) {
  loaded_world w = load("ferris-wheel.json");
  const world_model& m = w.scene->model();
  const double omega = w.values.number("wheel_rate");
  const glm::dvec3 hub(0.0, w.values.number("hub_height"), 0.0);
  double worst_a = 0, worst_w = 0, worst_tilt = 0;
  for (int k = 1; k <= 600; ++k) {
    w.scene->step(1.0 / 60.0);
    for (int g = 1; g <= 8; ++g) {
      const auto& d = m.frame_world(std::size_t(frame_index(*w.spec, "gondola" + std::to_string(g))));
      worst_a = std::max(worst_a, glm::length(d.accel + omega * omega * (d.pose.translation - hub)));
      worst_w = std::max(worst_w, glm::length(d.angular_velocity) + glm::length(d.angular_accel));
      worst_tilt = std::max(worst_tilt, 1.0 - std::abs(d.pose.rotation.w));
    }
  }
  EXPECT_LT(worst_a, 1e-9);
  EXPECT_LT(worst_w, 1e-9);
  EXPECT_LT(worst_tilt, 1e-12);
}

}  // namespace
}  // namespace framelab
