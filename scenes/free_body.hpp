#pragma once
// free-body: one torque-free rigid body, drawn as the uniform box with its
// principal moments, stepped by the chosen integrator with the gyroscopic term
// on or off, next to a translucent ghost following the exact solution (Jacobi
// elliptic functions). Channels (world frame): qw,qx,qy,qz, wx,wy,wz, Lx,Ly,Lz,
// energy, then drifts, body-frame omega and the analytic references. With
// `poinsot` on, Poinsot's construction is drawn beside the body (scenes/poinsot_view.hpp).
#include <optional>

#include "core/rotation/free_rotation_reference.hpp"
#include "scenes/one_body_scene.hpp"
#include "scenes/poinsot_view.hpp"

namespace framelab {

class free_body final : public one_body_scene {
 public:
  enum node_index : int { body_node, ghost_node, node_count };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;

  const asymmetric_top_reference<double>& reference() const { return *reference_; }
  // Poinsot's construction (parameter `poinsot`; shown() is false when it is off).
  const poinsot_view& poinsot() const { return poinsot_; }
  // Where the body's centre is drawn (m).
  static constexpr glm::dvec3 center{0.0, 2.6, 0.0};

 private:
  void pose(bool record_trail) override;

  std::optional<asymmetric_top_reference<double>> reference_;
  poinsot_view poinsot_;
};

}  // namespace framelab
