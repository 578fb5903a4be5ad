#pragma once
// precession: a torque-free symmetric top (a coin, or a cylinder up to a rod)
// spun about an axis tilted from its symmetry axis. omega and L are drawn as
// arrows, omega's tip leaves a trail, the body cone (fixed in the coin, around
// its symmetry axis) rolls on the space cone (fixed in space, around L), and a
// translucent ghost follows the closed form (core/rotation/free_rotation_reference.hpp).
#include <optional>

#include "core/rotation/free_rotation_reference.hpp"
#include "scenes/one_body_scene.hpp"

namespace framelab {

class precession final : public one_body_scene {
 public:
  enum node_index : int {
    body_frame,
    coin,
    axle,
    rim_mark,
    ghost_frame,
    ghost_coin,
    ghost_axle,
    ghost_mark,
    body_cone,
    space_cone,
    node_count
  };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  void reset(const param_values& values) override;

  const symmetric_top_reference<double>& reference() const { return *reference_; }
  // The symmetry axis (principal z) in the world.
  glm::dvec3 symmetry_axis() const { return principal_z_axis(); }
  double perpendicular_moment() const { return i_perp_; }
  double axial_moment() const { return i_axis_; }

  static constexpr glm::dvec3 center{0.0, 2.4, 0.0};
  // principal z (the symmetry axis) starts pointing up: a -90 deg turn about x.
  static glm::dquat initial_orientation();

 private:
  void pose(bool record_trail) override;

  double i_perp_ = 1.0, i_axis_ = 1.0;
  double omega_length_ = 2.0;  // m, the omega arrow at t = 0
  std::optional<symmetric_top_reference<double>> reference_;
};

}  // namespace framelab
