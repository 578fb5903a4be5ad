#pragma once
// tank-turret: a tank drives a circle, its turret yaws and its barrel pitches. Every
// part is a node of a core transform hierarchy (core/frames/hierarchy.hpp) holding its LOCAL
// dynamic transform: pose, velocity, acceleration, angular velocity and angular
// acceleration relative to its parent, all analytic from the programmed motion.
// The world sweep composes them (A3 = A2 o A1 with the article's velocity and
// acceleration terms), so the muzzle's world velocity and acceleration are exact,
// not differenced. Fire launches a shell from the muzzle with the muzzle's world
// velocity plus the muzzle speed along the barrel; it then flies ballistically.
//
// Nodes can be edited from the UI (scene::edit_node): an edited node is released
// from its programme and coasts freely from the edited state (core/frames/local_motion.hpp);
// Reset restores the programme.
#include <array>

#include "core/frames/hierarchy.hpp"
#include "scenes/scene.hpp"

namespace framelab {

class tank_turret final : public scene {
 public:
  // Node indexes in view().nodes, parents before children. Shells follow these.
  enum node_index : int { hull, left_track, right_track, turret, barrel_pivot, barrel, muzzle, node_count };

  struct shell {
    glm::dvec3 position{0.0};  // m, world
    glm::dvec3 velocity{0.0};  // m/s, world
    double launch_time = 0.0;  // s
    glm::dvec3 launch_position{0.0}, launch_velocity{0.0};
    bool landed = false;
  };
  static constexpr std::size_t max_shells = 8;  // the oldest goes when a ninth is fired

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::vector<action_def> actions() const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  const scene_view& view() const override { return view_; }
  void trigger(const std::string& action) override;
  std::optional<std::string> edit_node(int node, const node_edit& edit) override;

  double time() const { return time_; }
  // Local (relative to the parent) and global (world) dynamics of a tank node.
  const dynamic_transform<double, 3>& local_dynamics(int node) const { return tree_.local(id(node)); }
  dynamic_transform<double, 3> world_dynamics(int node) const { return tree_.global(id(node)); }
  // False once the node was edited: it then coasts instead of following its programme.
  bool programmed(int node) const { return programmed_.at(static_cast<std::size_t>(node)); }
  const std::vector<shell>& shells() const { return shells_; }
  std::size_t shells_in_flight() const;  // fired and not yet landed
  void fire();

 private:
  static node_id id(int node) { return node_id{static_cast<std::uint32_t>(node)}; }
  dynamic_transform<double, 3> programmed_local(int node, double t) const;
  // The angle of the node's local rotation about `axis` (rad), for the heading, yaw and pitch channels.
  double local_angle(int node, const glm::dvec3& axis) const;
  void build_nodes();
  void advance_nodes(double dt);
  void refresh_view();

  double radius_ = 8.0;            // m
  double speed_ = 3.0;             // m/s along the circle
  double turret_rate_ = 0.5;       // rad/s
  double barrel_amplitude_ = 0.2;  // rad
  double barrel_period_ = 4.0;     // s
  double muzzle_speed_ = 15.0;     // m/s
  double gravity_ = 9.81;          // m/s^2
  double auto_fire_period_ = 0.0;  // s, 0: only on demand
  double next_auto_fire_ = 0.0;    // s
  double time_ = 0.0;              // s
  hierarchy<double, 3> tree_;      // node id i <-> view().nodes[i] for i < node_count
  std::array<bool, node_count> programmed_{};
  std::array<transform<double, 3>, node_count> fixed_local_{};  // the parts that do not move by programme
  std::vector<shell> shells_;
  int shells_fired_ = 0;
  scene_view view_;
};

}  // namespace framelab
