#pragma once
// Random kinematic trees for the joints benchmark (bench/joints_bench.cpp) and the dynamics
// tests (tests/core/dynamics): hinges, sliders and balls
// with random axes, placements, masses and inertias (principal moments that satisfy the
// triangle inequality), random states and, optionally, a moving base and moving placements.
#include <random>
#include <vector>

#include "core/dynamics/tree_motion.hpp"

namespace framelab::dynamics::sample {

inline vec3 random_vec(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return {u(rng), u(rng), u(rng)};
}
inline vec3 random_unit(std::mt19937& rng) {
  for (;;) {
    const vec3 v = random_vec(rng, 1.0);
    const double n = glm::length(v);
    if (n > 0.2 && n < 1.0) return v / n;
  }
}
inline quat random_rotation(std::mt19937& rng) {
  return rotation_quat(random_vec(rng, 2.0));
}

// parent[i] uniformly among the earlier bodies (chain = true: parent[i] = i - 1).
inline tree_model random_tree(std::mt19937& rng, int n, bool chain, bool with_balls = true) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<body> bodies;
  for (int i = 0; i < n; ++i) {
    body b;
    b.parent = chain ? i - 1 : (i == 0 ? -1 : static_cast<int>(u(rng) * i) - (u(rng) < 0.1 ? i + 1 : 0));
    if (b.parent < -1) b.parent = -1;
    const double kind = u(rng);
    if (kind < 0.6 || !with_balls) {
      b.joint = hinge{random_unit(rng)};
    } else if (kind < 0.8) {
      b.joint = slider{random_unit(rng)};
    } else {
      b.joint = ball{};
    }
    b.placement.translation = random_vec(rng, 0.5);
    b.placement.rotation = random_rotation(rng);
    b.mass = 0.5 + u(rng);
    b.center_of_mass = random_vec(rng, 0.3);
    const double a = 0.05 + 0.1 * u(rng), c = 0.05 + 0.1 * u(rng);
    b.principal_inertia = {a, c, std::abs(a - c) + (a + c - std::abs(a - c)) * u(rng)};
    bodies.push_back(b);
  }
  return tree_model(std::move(bodies), vec3(0.3, -9.81, 0.1));
}

inline joint_state random_state(std::mt19937& rng, const tree_model& model) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  joint_state s = rest_state(model);
  for (double& x : s.q) x = u(rng);
  for (double& x : s.qd) x = u(rng);
  project_state(model, s);
  return s;
}

inline std::vector<double> random_vector(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> v(static_cast<std::size_t>(n));
  for (double& x : v) x = u(rng);
  return v;
}

inline dynamic_transform3 random_motion(std::mt19937& rng, const transform<double, 3>& pose) {
  dynamic_transform3 m;
  m.pose = pose;
  m.velocity = random_vec(rng, 1.0);
  m.accel = random_vec(rng, 1.0);
  m.angular_velocity = random_vec(rng, 1.0);
  m.angular_accel = random_vec(rng, 1.0);
  return m;
}

// A moving base, moving placements and external forces on every body.
inline void randomize_drive(std::mt19937& rng, const tree_model& model, tree_data& d) {
  transform<double, 3> base_pose;
  base_pose.translation = random_vec(rng, 1.0);
  base_pose.rotation = random_rotation(rng);
  d.base = random_motion(rng, base_pose);
  for (int i = 0; i < model.size(); ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    d.placement_motion[s] = random_motion(rng, model[i].placement);
    d.external_force[s] = {random_vec(rng, 1.0), random_vec(rng, 1.0)};
  }
}

}  // namespace framelab::dynamics::sample
