#include "scenes/world/world_body.hpp"

#include <cmath>

namespace framelab {

std::optional<std::string> world_body::start(const body_spec& spec, const expression_evaluator& eval,
                                             const dynamic_transform<double, 3>& frame_world,
                                             const glm::dvec3& gravity) {
  const std::string who = "body '" + spec.name + "': ";
  const auto vec = [&](const std::array<world_expression, 3>& e) {
    return glm::dvec3(eval.value(e[0], 0.0), eval.value(e[1], 0.0), eval.value(e[2], 0.0));
  };
  // R = R_1(theta_1) R_2(theta_2) ... (intrinsic, as a frame's rotations)
  glm::dquat local(1.0, 0.0, 0.0, 0.0);
  for (const auto& r : spec.rotations) {
    const double angle = eval.value(r.angle, 0.0);
    if (!std::isfinite(angle)) return who + "rotation angle '" + r.angle.text + "' is not finite";
    local = local * glm::angleAxis(angle, r.axis);
  }
  const glm::dvec3 position = vec(spec.position), omega = vec(spec.omega);
  if (!detail::finite3(position) || !detail::finite3(omega)) return who + "position or omega is not finite";
  body_ = {};
  body_.orientation = glm::normalize(frame_world.pose.rotation * local);
  pivoted_ = spec.pivoted;
  pivot_ = spec.pivot;
  mass_ = spec.mass;
  body_.inertia = spec.inertia;
  centre_inertia_ = spec.inertia;
  local_ = local;
  omega_ = omega;
  if (pivoted_) {
    // I'_j = I_j + m (|p|^2 - p_j^2)
    const double p2 = glm::dot(pivot_, pivot_);
    for (int j = 0; j < 3; ++j) body_.inertia[j] += mass_ * (p2 - pivot_[j] * pivot_[j]);
    anchor_ = position + local * pivot_;
  } else {
    anchor_ = position;
  }
  body_.angular_velocity = body_.orientation * omega;  // body -> world
  settings_ = {};
  settings_.integrator = parse_integrator(spec.integrator).value_or(integrator_kind::midpoint);
  settings_.gyroscopic = spec.gyroscopic;
  gravity_ = gravity - frame_world.accel;  // g_eff = g - a_frame
  if (auto error = validate(body_)) return who + *error;
  return std::nullopt;
}

world_body::tree_link world_body::link(int parent) const {
  tree_link l;
  l.body.parent = parent;
  l.body.joint = dynamics::ball{};
  l.body.placement.translation = anchor_;
  l.body.mass = pivoted_ ? mass_ : 0.0;
  l.body.center_of_mass = pivoted_ ? -pivot_ : glm::dvec3(0.0);  // J coordinates = body coordinates
  l.body.principal_inertia = centre_inertia_;
  l.q0 = local_;
  l.qd0 = local_ * omega_;  // body -> frame coordinates
  return l;
}

void world_body::follow(const dynamic_transform<double, 3>& link_world, const glm::dvec3& gravity) {
  body_.orientation = link_world.pose.rotation;
  body_.angular_velocity = link_world.angular_velocity;
  gravity_ = gravity;
}

glm::dvec3 world_body::torque(const rigid_body_d& b) const {
  if (!pivoted_) return glm::dvec3(0.0);
  // tau = (-R p) x m g_eff
  return glm::cross(-detail::rotate_by(b.orientation, pivot_), mass_ * gravity_);
}

std::optional<std::string> world_body::step(double dt, const dynamic_transform<double, 3>& frame_world,
                                            const glm::dvec3& gravity) {
  gravity_ = gravity - frame_world.accel;  // g_eff = g - a_frame
  const step_report<double> r =
      framelab::step(body_, dt, settings_, [this](const rigid_body_d& b) { return torque(b); });
  if (!r.ok) return r.message;
  return std::nullopt;
}

glm::dvec3 world_body::centre(const dynamic_transform<double, 3>& frame_world) const {
  if (!pivoted_) return frame_world.pose.apply_point(anchor_);
  return pivot_point(frame_world) - detail::rotate_by(body_.orientation, pivot_);
}

double world_body::energy() const {
  // V = m g_eff . (R p), zero for a free body
  const double potential = pivoted_ ? mass_ * glm::dot(gravity_, detail::rotate_by(body_.orientation, pivot_)) : 0.0;
  return body_.kinetic_energy() + potential;
}

}  // namespace framelab
