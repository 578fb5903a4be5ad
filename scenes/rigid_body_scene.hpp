#pragma once
// What the spinning-body scenes share (free-body, precession, tennis-racket,
// gyroscope): a body stepped by core/rotation/rotation_integrator.hpp whose settings the
// physics panel changes live, the parameters that choose those settings, the
// channels every body reports, and the base class the panel finds with
// dynamic_cast. Drawing helpers are in scenes/rigid_body_drawing.hpp.
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/rotation/rotation_integrator.hpp"
#include "scenes/scene.hpp"

namespace framelab {

// One integrated body: its state, its settings, what its last step reported, and
// its invariants at t = 0 to measure drift against.
class spinning_body {
 public:
  using torque_function = std::function<glm::dvec3(const rigid_body_d&)>;
  using energy_function = std::function<double(const rigid_body_d&)>;

  std::string name;    // shown in labels and the physics panel, e.g. "midpoint"
  std::string suffix;  // channel-name suffix, "" or e.g. "_midpoint"
  rigid_body_d body;
  rotation_settings settings;
  torque_function torque;     // world torque for a state; empty: torque-free
  energy_function potential;  // potential energy (gravity); empty: none

  // Records E0 and L0 and clears the failure: call after setting up the body.
  void start();
  // Advances by dt unless an earlier step failed. A refused step leaves the body
  // as it was and sets failure() (with the integrator's reason).
  void step(double dt);

  bool torque_free() const { return !torque; }
  // Stepped by the implicit midpoint rule with the gyroscopic term: the settings that
  // keep the quadratic invariants (the kinetic energy, |L| when torque-free) to round-off.
  // The implicit midpoint rule and its fourth-order composition keep energy and |L| of a
  // torque-free body with the gyroscopic term on.
  bool conserves_invariants() const {
    return settings.gyroscopic &&
           (settings.integrator == integrator_kind::midpoint || settings.integrator == integrator_kind::midpoint4);
  }
  const step_report<double>& last_report() const { return report_; }
  const std::optional<std::string>& failure() const { return failure_; }
  double time() const { return time_; }

  double kinetic_energy() const { return body.kinetic_energy(); }
  double energy() const;        // kinetic + potential (J)
  double energy_drift() const;  // E / E0 - 1
  double momentum_norm() const { return glm::length(body.angular_momentum()); }
  double momentum_drift() const;            // |L| / |L0| - 1
  double momentum_direction_drift() const;  // angle between L and L0 (rad)
  double angle_omega_momentum() const;      // angle between omega and L (rad)
  double initial_energy() const { return energy0_; }
  double initial_momentum_norm() const { return glm::length(l0_); }
  // The angle turned in one step of dt at the current rate: h |omega| (rad).
  double rotation_per_step(double dt) const { return dt * glm::length(body.angular_velocity); }

 private:
  step_report<double> report_;
  std::optional<std::string> failure_;
  double energy0_ = 0.0;
  glm::dvec3 l0_{0.0};
  double time_ = 0.0;
};

// The angle between two vectors, robust near 0 and pi: atan2(|a x b|, a . b).
double angle_between(const glm::dvec3& a, const glm::dvec3& b);

// The parameters choosing a body's rotation settings, with the names:
// integrator, gyro, magnus_terms, exp.
std::vector<param_def> rotation_parameters(const std::string& integrator = "midpoint");
// A body scene's own parameters followed by rotation_parameters(integrator).
std::vector<param_def> with_rotation_parameters(std::vector<param_def> scene_parameters,
                                                const std::string& integrator = "midpoint");
rotation_settings rotation_settings_from(const param_values& values);
// "midpoint, gyro on" / "magnus (2 terms, approx exp), gyro off": one line for labels.
std::string describe(const rotation_settings& s);

// Checks the `inertia` vector parameter: "inertia (I1, I2, I3): reason".
std::optional<std::string> check_inertia_parameter(const param_values& values, const char* name = "inertia");

// Three channels, one per component of a vector getter: names[k] reads get()[k].
// The getter is called once per channel (the components come from separate calls).
std::vector<channel_def> xyz_channels(const std::array<std::string, 3>& names, const std::string& unit,
                                      const std::array<std::string, 3>& descriptions, std::function<glm::dvec3()> get);

// The invariant and body-frame channels of one body, named with its suffix:
//   energy, energy_drift, L_norm, L_drift, angle_w_L, wbx, wby, wbz
// (the physics panel's overlay plot finds them by these names).
struct body_channel {
  const char* name;
  const char* unit;
  const char* description;
  double (*value)(const spinning_body&);
};
const std::vector<body_channel>& body_channels();

// The getters of the analytic references: omega_body in the principal frame, like wbx,
// wby, wbz; angle_w_l the angle between omega and L = I omega.
struct reference_getters {
  std::function<double()> energy;
  std::function<double()> l_norm;
  std::function<double()> angle_w_l;
  std::function<glm::dvec3()> omega_body;
};
// The analytic references for the overlay, described as `what`: energy_ref, L_norm_ref,
// angle_w_L_ref, wbx_ref, wby_ref, wbz_ref, in that order.
std::vector<channel_def> reference_channels(const std::string& what, reference_getters get);

// A scene made of spinning bodies. The physics panel reaches it with
// dynamic_cast and changes body(i).settings between steps (no reset needed:
// the integrators keep no state of their own between steps).
class rigid_body_scene : public scene {
 public:
  std::size_t body_count() const { return bodies_.size(); }
  spinning_body& body(std::size_t i) { return bodies_[i]; }
  const spinning_body& body(std::size_t i) const { return bodies_[i]; }
  // The scene step size seen last (s); 0 before the first step.
  double last_dt() const { return last_dt_; }
  // Whether the panel offers to change all bodies at once (tennis-racket).
  virtual bool several_variants() const { return false; }
  // By default the scene stops when a body's step is refused.
  std::optional<std::string> failure() const override;
  // A torque-free body stepped by the implicit midpoint rule with the gyroscopic term
  // keeps its energy and |L| (against energy_ref, L_norm_ref) to round-off.
  std::vector<conserved_quantity> conserved() const override;

 protected:
  // Channel `kind` of bodies_[i], named `name`. The getter looks the body up on each call:
  // bodies_ is rebuilt by every reset.
  channel_def body_channel_def(const body_channel& kind, std::size_t i, std::string name,
                               std::string description) const;
  // The body_channels() of bodies_[i], in that order, named with `suffix` and described
  // with `whose` in front.
  void append_invariant_channels(std::vector<channel_def>& channels, std::size_t i, const std::string& suffix,
                                 const std::string& whose) const;

  std::vector<spinning_body> bodies_;
  double last_dt_ = 0.0;
};

}  // namespace framelab
