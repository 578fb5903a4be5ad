#pragma once
// tank-turret: a tank drives a circle, its turret yaws and its barrel pitches,
// animated kinematically. Every node's world pose is the composition of the local
// poses above it (world = parent.world * local), so students see a transform
// hierarchy at work: the barrel sweeps a path no single rotation explains.
#include "scenes/scene.hpp"

namespace framelab {

class tank_turret final : public scene {
 public:
  // Node indexes in view().nodes, parents before children.
  enum node_index : int { hull, left_track, right_track, turret, barrel_pivot, barrel, muzzle, node_count };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  void read_channels(std::span<double> out) const override;
  const scene_view& view() const override { return view_; }

  double time() const { return time_; }

 private:
  void pose_nodes();
  void build_nodes();

  double radius_ = 8.0;           // m
  double speed_ = 3.0;            // m/s along the circle
  double turret_rate_ = 0.5;      // rad/s
  double barrel_amplitude_ = 0.2; // rad
  double barrel_period_ = 4.0;    // s
  double time_ = 0.0;             // s
  glm::dvec3 muzzle_velocity_{0.0};  // m/s, backward difference over the last step
  scene_view view_;
};

}  // namespace framelab
