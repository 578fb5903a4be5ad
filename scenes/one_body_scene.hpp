#pragma once
// What the one-body spinning scenes share (free-body, precession, gyroscope): the
// single body and how it starts, the step (advance the body, then pose the view),
// the view with the body's omega and L arrows, the status label, and the state and
// closed-form channels in the order rigid_body_scene.hpp names them.
#include <string>

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
  // qw, qx, qy, qz, wx, wy, wz, Lx, Ly, Lz: the values of append_state_channels.
  void write_state_channels(channel_writer& write) const;
  // The closed-form references at the body's time, with omega_ref in the principal frame:
  //   energy_ref, L_norm_ref, angle_w_L_ref = angle between omega_ref and I omega_ref, wb*_ref
  void write_closed_form_channels(channel_writer& write, double energy, double l_norm,
                                  const glm::dvec3& omega_ref) const;

  spin_arrows arrows_;
  scene_view view_;
};

// The unit cylinder's axis (+y) turned onto the principal z axis: a -> Rx(90 deg) a.
glm::dquat cylinder_y_to_principal_z();

}  // namespace framelab
