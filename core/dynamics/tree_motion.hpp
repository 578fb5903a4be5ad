#pragma once
// Stepping a tree's joint coordinates with the project's one ODE stepper
// (core/ode/ode_stepper.hpp): the state y = (q, qd) moves by
//   dq/dt = position_rate(q, qd)   (ball joints: dq/dt = 1/2 w q, core/dynamics/joint.hpp)
//   dqd/dt = qdd = ABA(q, qd, tau_applied + tau_springs)
// with the joint springs and dampers tau_springs = -k (q - rest) - c qd (ball: -k r - c w with
// r the rotation vector of q, whose gradient of 1/2 k |r|^2 is exactly k r), and after every
// step the ball quaternions go back to unit length.
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "core/dynamics/articulated_body.hpp"
#include "core/ode/ode_stepper.hpp"

namespace framelab::dynamics {

struct joint_state {
  std::vector<double> q, qd;

  friend joint_state operator+(const joint_state& a, const joint_state& b) {
    joint_state r = a;
    for (std::size_t k = 0; k < r.q.size(); ++k) r.q[k] += b.q[k];
    for (std::size_t k = 0; k < r.qd.size(); ++k) r.qd[k] += b.qd[k];
    return r;
  }
  friend joint_state operator*(double s, const joint_state& a) {
    joint_state r = a;
    for (double& x : r.q) x *= s;
    for (double& x : r.qd) x *= s;
    return r;
  }
  friend double max_norm(const joint_state& a) {
    double m = 0.0;
    for (double x : a.q) m = std::max(m, std::abs(x));
    for (double x : a.qd) m = std::max(m, std::abs(x));
    return m;
  }
};

// The model's initial layout: hinges and sliders at 0, balls at the identity, at rest.
inline joint_state rest_state(const tree_model& model) {
  joint_state s{std::vector<double>(static_cast<std::size_t>(model.q_size()), 0.0),
                std::vector<double>(static_cast<std::size_t>(model.v_size()), 0.0)};
  for (int i = 0; i < model.size(); ++i)
    if (std::holds_alternative<ball>(model[i].joint)) s.q[static_cast<std::size_t>(model.q_index(i))] = 1.0;
  return s;
}

// tau += -k (q - rest) - c qd, joint by joint.
inline void add_joint_springs(const tree_model& model, const joint_state& y, std::span<double> tau) {
  for (int i = 0; i < model.size(); ++i) {
    const body& b = model[i];
    double deviation[3] = {0.0, 0.0, 0.0};
    spring_deviation(b.joint, y.q.data() + model.q_index(i), b.passive.rest, deviation);
    for (int k = 0; k < velocity_size(b.joint); ++k) {
      const std::size_t v = static_cast<std::size_t>(model.v_index(i) + k);
      tau[v] -= b.passive.stiffness * deviation[k] + b.passive.damping * y.qd[v];
    }
  }
}

// dy/dt at (t, y). `drive(t, y, data, tau)` sets what depends on time and state before the
// algorithm runs: data.base, data.placement_motion, data.external_force and the applied
// generalised forces tau (zeroed before the call).
template <class Drive>
joint_state tree_rate(const tree_model& model, tree_data& data, double t, const joint_state& y, const Drive& drive) {
  std::vector<double> tau(static_cast<std::size_t>(model.v_size()), 0.0);
  drive(t, y, data, std::span<double>(tau));
  add_joint_springs(model, y, tau);
  forward_dynamics(model, data, y.q, y.qd, tau);
  joint_state rate{std::vector<double>(y.q.size()), data.qdd};
  for (int i = 0; i < model.size(); ++i)
    position_rate(model[i].joint, y.q.data() + model.q_index(i), y.qd.data() + model.v_index(i),
                  rate.q.data() + model.q_index(i));
  return rate;
}

// Puts every joint back on its configuration space (unit ball quaternions).
inline void project_state(const tree_model& model, joint_state& y) {
  for (int i = 0; i < model.size(); ++i) project_position(model[i].joint, y.q.data() + model.q_index(i));
}

// One step of size h by the method m; converged is false when the implicit midpoint did not
// converge.
template <class Drive>
ode::step_result<joint_state> step_tree(ode::method m, const tree_model& model, tree_data& data, double t,
                                        const joint_state& y, double h, const Drive& drive) {
  auto result = ode::step_checked(
      m, [&](double time, const joint_state& state) { return tree_rate(model, data, time, state, drive); }, t, y, h);
  project_state(model, result.y);
  return result;
}

// The drive of a tree with a still base, fixed placements and no applied forces.
struct no_drive {
  void operator()(double, const joint_state&, tree_data&, std::span<double>) const {}
};

}  // namespace framelab::dynamics
