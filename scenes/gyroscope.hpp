#pragma once
// gyroscope: a heavy symmetric top on a fixed pivot under gravity (torque != 0):
// a flywheel on an axle whose end rests on a post. Gravity's torque
// tau = r_com x m g turns L sideways, so the axle precesses around the vertical
// instead of falling, and nods (nutation) on the way. With the gyroscopic term
// switched off it still goes round, at g l / (I1 omega3), I1/I3 times too slowly.
#include "scenes/one_body_scene.hpp"

namespace framelab {

class gyroscope final : public one_body_scene {
 public:
  enum node_index : int { base, post, pivot_ball, top_frame, axle, flywheel, rim_mark, node_count };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;
  // The body's step, then the precession angle it turned through.
  void step(double dt) override;
  // With the midpoint rule: L about the vertical and along the axle (gravity's torque
  // is horizontal and perpendicular to the axle), and the energy to second order.
  std::vector<conserved_quantity> conserved() const override;

  static constexpr glm::dvec3 pivot{0.0, 2.6, 0.0};
  static constexpr double wheel_radius = 0.7;      // m
  static constexpr double wheel_thickness = 0.16;  // m

  // Per kilogram (the motion does not depend on the mass): I3 = r^2/2,
  // I1 about the pivot = (3 r^2 + h^2)/12 + l^2. The wheel weighs 1 kg, so the per-kilogram
  // torque, L and energy are the wheel's own, in N m, kg m^2/s and J.
  static glm::dvec3 inertia_about_pivot(double arm);
  // The slow steady-precession rate for axial spin omega3 at tilt theta from the vertical:
  //   I1 cos(theta) Omega^2 - I3 omega3 Omega + g l = 0  (per kg; theta-equation with theta'' = 0)
  //   Omega = (I3 omega3 - sqrt((I3 omega3)^2 - 4 I1 cos(theta) g l)) / (2 I1 cos(theta))
  // Nothing when no steady precession exists (spin too slow for the tilt).
  static std::optional<double> steady_precession_rate(double omega3, double tilt, double arm, double gravity);

  glm::dvec3 axis() const { return principal_z_axis(); }  // the axle (symmetry axis), world, unit
  double tilt() const;                                    // angle of the axle from the vertical (rad)
  double azimuth() const { return azimuth_; }             // precession angle about +y, unwrapped (rad)
  double initial_precession_rate() const { return precession0_; }

 private:
  void pose(bool record_trail) override;
  // Adds the angle the axle turned about +y from `before` to `after` to the azimuth,
  // and sets the precession rate to it over dt.
  void track_azimuth(const glm::dvec3& before, const glm::dvec3& after, double dt);

  double arm_ = 1.2, gravity_ = 9.81, precession0_ = 0.0, steady_rate_ = 0.0;
  double azimuth_ = 0.0, precession_rate_ = 0.0;
  std::size_t torque_index_ = 0, tip_trail_ = 0;
  double torque_scale_ = 1.0;
};

}  // namespace framelab
