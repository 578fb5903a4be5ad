#pragma once
// tank-turret: a tank drives a circle, its turret yaws and its barrel pitches. The motion
// is the world scene file assets/builtin/tank-turret.json (scenes/world/): every part is
// a frame of the core transform hierarchy whose LOCAL motion (pose, velocity,
// acceleration, angular velocity and acceleration relative to its parent) comes from
// the file's expressions by hyper-dual numbers; the world sweep composes them (A3 = A2 o A1
// with the article's velocity and acceleration terms), so the muzzle's world velocity and
// acceleration are exact, not differenced.
//
// What is special to this scene sits on top of the file: Fire launches a shell from the
// muzzle with the muzzle's world velocity plus the muzzle speed along the barrel, which
// then flies ballistically; and the channels of its CSV. An edited frame leaves its
// expressions and coasts (world_model::edit_frame); Reset restores them.
#include <vector>

#include "scenes/world/world_scene.hpp"

namespace framelab {

class tank_turret final : public world_scene {
 public:
  // The file's frames, which are also their nodes in view().nodes (each drawn as its one
  // shape), parents before children. Shells follow these.
  enum node_index : int { hull, left_track, right_track, turret, barrel_pivot, barrel, muzzle, node_count };

  struct shell {
    glm::dvec3 position{0.0};  // m, world
    glm::dvec3 velocity{0.0};  // m/s, world
    double launch_time = 0.0;  // s
    glm::dvec3 launch_position{0.0}, launch_velocity{0.0};
    bool landed = false;
    int number = 0;  // 1 for the first shell fired since reset
  };
  static constexpr std::size_t max_shells = 8;  // the oldest goes when a ninth is fired

  tank_turret();
  std::vector<channel_def> channels() const override;
  std::vector<action_def> actions() const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  void trigger(const std::string& action) override;
  std::optional<std::string> edit_node(int node, const node_edit& edit) override;

  double time() const { return model().time(); }
  // Local (relative to the parent) and global (world) dynamics of a tank node.
  const dynamic_transform<double, 3>& local_dynamics(int node) const { return model().frame_local(frame(node)); }
  const dynamic_transform<double, 3>& world_dynamics(int node) const { return model().frame_world(frame(node)); }
  // False once the node was edited: it then coasts instead of following its expressions.
  bool programmed(int node) const { return model().follows_expressions(frame(node)); }
  const std::vector<shell>& shells() const { return shells_; }
  std::size_t shells_in_flight() const;  // fired and not yet landed
  void fire();

 protected:
  void add_to_view(scene_view& view) const override;  // the shells and their trails

 private:
  static std::size_t frame(int node) { return static_cast<std::size_t>(node); }
  // The angle (rad) of a frame's first rotation: its expression while the frame follows
  // it (unwrapped), else read from the coasting local rotation about `axis`.
  double angle(int node, const glm::dvec3& axis) const;

  double muzzle_speed_ = 15.0;     // m/s
  double gravity_ = 9.81;          // m/s^2
  double auto_fire_period_ = 0.0;  // s, 0: only on demand
  double next_auto_fire_ = 0.0;    // s
  std::vector<shell> shells_;
  std::vector<std::vector<glm::dvec3>> shell_trails_;  // world points, one per shell
  int shells_fired_ = 0;
};

}  // namespace framelab
