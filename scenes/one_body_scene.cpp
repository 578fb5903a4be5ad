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

void one_body_scene::append_state_channels(std::vector<channel_def>& channels) const {
  append_state_channels(channels, {"Angular momentum L, world frame, x", "Angular momentum L, world frame, y",
                                   "Angular momentum L, world frame, z"});
}

void one_body_scene::append_state_channels(std::vector<channel_def>& channels,
                                           const std::array<std::string, 3>& momentum_descriptions) const {
  const auto orientation = [this] { return the_body().body.orientation; };
  channels.insert(
      channels.end(),
      {
          {"qw", "", "Orientation quaternion (body to world), w", [orientation] { return orientation().w; }},
          {"qx", "", "Orientation quaternion (body to world), x", [orientation] { return orientation().x; }},
          {"qy", "", "Orientation quaternion (body to world), y", [orientation] { return orientation().y; }},
          {"qz", "", "Orientation quaternion (body to world), z", [orientation] { return orientation().z; }},
      });
  for (auto& c : xyz_channels({"wx", "wy", "wz"}, "rad/s",
                              {"Angular velocity omega, world frame, x", "Angular velocity omega, world frame, y",
                               "Angular velocity omega, world frame, z"},
                              [this] { return the_body().body.angular_velocity; }))
    channels.push_back(std::move(c));
  for (auto& c : xyz_channels({"Lx", "Ly", "Lz"}, "kg m^2/s", momentum_descriptions,
                              [this] { return the_body().body.angular_momentum(); }))
    channels.push_back(std::move(c));
}

void one_body_scene::append_closed_form_channels(std::vector<channel_def>& channels, const std::string& what,
                                                 std::function<double()> energy, std::function<double()> l_norm,
                                                 std::function<glm::dvec3()> omega_ref) const {
  // L_ref = I omega_ref in the principal frame, so the angle needs no rotation.
  const auto angle = [this, omega_ref] {
    const glm::dvec3 w = omega_ref();
    return angle_between(w, the_body().body.inertia * w);
  };
  for (auto& c : reference_channels(what, {std::move(energy), std::move(l_norm), angle, std::move(omega_ref)}))
    channels.push_back(std::move(c));
}

glm::dquat cylinder_y_to_principal_z() {
  return glm::angleAxis(0.5 * std::numbers::pi, glm::dvec3(1.0, 0.0, 0.0));
}

}  // namespace framelab
