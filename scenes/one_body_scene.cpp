#include "scenes/one_body_scene.hpp"

#include <numbers>

namespace framelab {

void one_body_scene::step(double dt) {
  advance(dt);
  pose(true);
}

glm::dvec3 one_body_scene::principal_z_axis() const {
  return the_body().body.from_principal(glm::dvec3(0.0, 0.0, 1.0));
}

void one_body_scene::start_body(spinning_body b, const param_values& values) {
  b.settings = rotation_settings_from(values);
  b.start();
  bodies_ = {std::move(b)};
  last_dt_ = 0.0;
}

void one_body_scene::advance(double dt) {
  last_dt_ = dt;
  bodies_[0].step(dt);
}

void one_body_scene::show_status(const std::string& note) {
  const spinning_body& b = the_body();
  view_.labels[0].text = body_status_text(b) + note;
  view_.labels[0].color = b.failure() ? rigid_body_colors::warning : rigid_body_colors::label;
}

void one_body_scene::write_state_channels(channel_writer& write) const {
  const rigid_body_d& body = the_body().body;
  const glm::dquat& q = body.orientation;
  write(q.w);
  write(q.x);
  write(q.y);
  write(q.z);
  write(body.angular_velocity);
  write(body.angular_momentum());
}

void one_body_scene::write_closed_form_channels(channel_writer& write, double energy, double l_norm,
                                                const glm::dvec3& omega_ref) const {
  // L_ref = I omega_ref in the principal frame, so the angle needs no rotation.
  const glm::dvec3 momentum_ref = the_body().body.inertia * omega_ref;
  write_reference_channels(write, energy, l_norm, angle_between(omega_ref, momentum_ref), omega_ref);
}

glm::dquat cylinder_y_to_principal_z() {
  return glm::angleAxis(0.5 * std::numbers::pi, glm::dvec3(1.0, 0.0, 0.0));
}

}  // namespace framelab
