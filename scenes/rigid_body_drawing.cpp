#include "scenes/rigid_body_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace framelab {

glm::dvec3 box_edges_for_inertia(const glm::dvec3& inertia, double longest, double min_fraction) {
  // a_i^2 proportional to I_j + I_k - I_i
  glm::dvec3 edges;
  for (int i = 0; i < 3; ++i) {
    const double s = inertia[(i + 1) % 3] + inertia[(i + 2) % 3] - inertia[i];
    edges[i] = std::sqrt(std::max(0.0, s));
  }
  const double top = std::max({edges.x, edges.y, edges.z});
  if (!(top > 0.0)) return glm::dvec3(longest);
  edges *= longest / top;
  for (int i = 0; i < 3; ++i) edges[i] = std::max(edges[i], min_fraction * longest);
  return edges;
}

glm::dquat rotation_from_y(const glm::dvec3& direction) {
  const double n = glm::length(direction);
  if (!(n > 0.0)) return glm::dquat(1.0, 0.0, 0.0, 0.0);
  const glm::dvec3 d = direction / n;
  const glm::dvec3 y(0.0, 1.0, 0.0);
  if (glm::dot(y, d) < -0.999999) return glm::angleAxis(glm::pi<double>(), glm::dvec3(1.0, 0.0, 0.0));
  // The shortest arc from y to d: q = (1 + y.d, y x d) / |...| (half the angle, without trigonometry)
  return glm::normalize(glm::dquat(1.0 + glm::dot(y, d), glm::cross(y, d)));
}

transform3d pose_at(const glm::dvec3& translation, const glm::dquat& rotation) {
  transform3d pose;
  pose.translation = translation;
  pose.rotation = glm::normalize(rotation);
  return pose;
}

// Unit cone mesh: base at y = -0.5, tip at y = +0.5. With +y turned to -axis the
// tip sits at centre - height/2 axis, so centre = apex + height/2 axis; the base
// radius is height tan(half_angle).
void place_cone(view_node& node, const glm::dvec3& apex, const glm::dvec3& axis, double height, double half_angle) {
  const double n = glm::length(axis);
  if (!(n > 0.0) || !(half_angle > 1e-4) || !(half_angle < 1.55) || !(height > 0.0)) {
    node.size = glm::dvec3(0.0);
    node.local = pose_at(apex, glm::dquat(1.0, 0.0, 0.0, 0.0));
    return;
  }
  const glm::dvec3 a = axis / n;
  const double radius = height * std::tan(half_angle);
  node.size = {2.0 * radius, height, 2.0 * radius};
  node.local = pose_at(apex + 0.5 * height * a, rotation_from_y(-a));
}

void push_trail_point(trail& t, const glm::dvec3& p, std::size_t max_points) {
  if (t.points.size() >= max_points)
    t.points.erase(t.points.begin(), t.points.begin() + (t.points.size() - max_points + 1));
  t.points.push_back(p);
}

std::string format_drift(double relative) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.1e", relative);
  return text;
}

view_node ghost_of(const view_node& node, const std::string& name, int parent) {
  view_node ghost = node;
  ghost.name = name;
  ghost.parent = parent;
  ghost.color = rigid_body_colors::ghost;
  return ghost;
}

void spin_arrows::add(scene_view& view, const spinning_body& b, double omega_length, double momentum_length,
                      const std::string& name_prefix) {
  const double w = glm::length(b.body.angular_velocity);
  const double l = glm::length(b.body.angular_momentum());
  omega_scale = w > 0.0 ? omega_length / w : 1.0;
  momentum_scale = l > 0.0 ? momentum_length / l : 1.0;
  omega_index = view.vectors.size();
  view.vectors.push_back(
      {name_prefix + "omega", "rad/s", {}, {}, omega_scale, rigid_body_colors::omega, true, "angular_velocity"});
  momentum_index = view.vectors.size();
  view.vectors.push_back(
      {name_prefix + "L", "kg m^2/s", {}, {}, momentum_scale, rigid_body_colors::momentum, true, "angular_momentum"});
  trail_index = view.trails.size();
  glm::vec4 trail_color = rigid_body_colors::omega;
  trail_color.a = 0.9f;
  view.trails.push_back({name_prefix + "omega tip (world)", {}, trail_color, true});
}

void spin_arrows::update(scene_view& view, const spinning_body& b, const glm::dvec3& origin, bool record) {
  auto& omega = view.vectors[omega_index];
  omega.origin = origin;
  omega.value = b.body.angular_velocity;
  auto& momentum = view.vectors[momentum_index];
  momentum.origin = origin;
  momentum.value = b.body.angular_momentum();
  if (record) push_trail_point(view.trails[trail_index], origin + omega.value * omega_scale);
}

std::string body_status_text(const spinning_body& b) {
  const rotation_settings& s = b.settings;
  std::string text(to_string(s.integrator));
  if (s.integrator == integrator_kind::magnus) text += " (" + std::to_string(s.magnus_terms) + " terms)";
  text += s.gyroscopic ? "\ngyro on" : "\ngyro OFF";
  if (s.exp == exp_kind::approx && s.integrator != integrator_kind::rk4) text += ", approx exp";
  // Plain words for the back row (relative drifts: (E - E0) / E0, (|L| - |L0|) / |L0|).
  text += "\nenergy error    " + format_drift(b.energy_drift());
  if (b.torque_free()) text += "\nmomentum error  " + format_drift(b.momentum_drift());
  if (b.failure()) text += "\nSTOPPED: step refused";
  return text;
}

glm::dvec3 beside_target(const camera_setup& camera, double right, double up) {
  const double yaw = glm::radians(camera.yaw_deg);
  // The orbit camera sits at target + d (cos p sin y, sin p, cos p cos y): screen right is (cos y, 0, -sin y).
  return camera.target + right * glm::dvec3(std::cos(yaw), 0.0, -std::sin(yaw)) + glm::dvec3(0.0, up, 0.0);
}

}  // namespace framelab
