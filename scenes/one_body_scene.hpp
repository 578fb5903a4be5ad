#pragma once
// What the one-body spinning scenes share (free-body, precession, gyroscope): the
// single body and how it starts, the step (advance the body, then pose the view),
// the view with the body's omega and L arrows, the status label, and the state and
// closed-form channels in the order rigid_body_scene.hpp names them.
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "scenes/rigid_body_drawing.hpp"
#include "scenes/rigid_body_scene.hpp"

namespace framelab {

class one_body_scene : public rigid_body_scene {
 public:
  // Advances the body by dt, then moves the view to its new state.
  void step(double dt) override;
  const scene_view& view() const override { return view_; }

 protected:
  const spinning_body& the_body() const { return bodies_[0]; }
  // The body's principal z axis in the world (unit): a symmetric top's symmetry axis.
  glm::dvec3 principal_z_axis() const;

  // Takes the rotation settings from `values`, records E0 and L0 (spinning_body::start)
  // and makes `b` the scene's only body, with no step taken yet.
  void start_body(spinning_body b, const param_values& values);
  // One step of the body without posing the view (the scene's step size becomes dt).
  void advance(double dt);
  // Moves the view's nodes, arrows, trails and labels to the body's state;
  // `record_trail` appends the current points to the trails.
  virtual void pose(bool record_trail) = 0;

  // The body's status (body_status_text) followed by `note` in the first label,
  // drawn in the warning colour once a step has been refused.
  void show_status(const std::string& note);
  // The body's state: qw, qx, qy, qz (orientation, body to world), wx, wy, wz (omega,
  // world frame), Lx, Ly, Lz (world frame, described by `momentum_descriptions`).
  void append_state_channels(std::vector<channel_def>& channels) const;
  void append_state_channels(std::vector<channel_def>& channels,
                             const std::array<std::string, 3>& momentum_descriptions) const;
  // The closed-form references (reference_channels, described as `what`), omega_ref in the
  // principal frame; angle_w_L_ref = angle between omega_ref and L_ref = I omega_ref.
  void append_closed_form_channels(std::vector<channel_def>& channels, const std::string& what,
                                   std::function<double()> energy, std::function<double()> l_norm,
                                   std::function<glm::dvec3()> omega_ref) const;

  spin_arrows arrows_;
  scene_view view_;
};

// The unit cylinder's axis (+y) turned onto the principal z axis: a -> Rx(90 deg) a.
glm::dquat cylinder_y_to_principal_z();

}  // namespace framelab
