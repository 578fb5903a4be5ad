#pragma once
// carousel: a platform spinning up with angular acceleration, and a puck sliding on it
// without friction. The motion is the world scene file assets/builtin/carousel.json
// (scenes/world/): the platform is a frame moved by its expressions, the puck a particle
// whose position and velocity are kept LOCALLY, in the platform's frame, and integrated
// there with the local acceleration of the article (applied force plus the four
// inertial terms),
//   a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1
// (scenes/world/world_model.hpp). Its world path, composed through the platform's
// dynamic transform, is the straight line an inertial observer sees (a parabola under a
// constant applied force).
//
// What is special to this scene sits on top of the file: the relaunch, the inertial
// observer's closed-form path, the platform's size from its radius, the labels, and the
// ground-plane (2D) readings the Carousel panel and the CSV show. The ground plane's 2D
// (x, y) is world (x, -z), so a positive angle turns counter-clockwise seen from above.
#include <optional>
#include <string>

#include "core/frames/dynamic_transform.hpp"
#include "core/frames/inertial_accelerations.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {

class carousel final : public world_scene {
 public:
  // Node indexes in view().nodes, parents before children (the platform frame drawn as its
  // first shape, its axes, the puck).
  enum node_index : int { platform, x_axis, y_axis, puck, node_count };
  // Vector overlays in view().vectors (the puck's arrows in the file's order).
  enum arrow_index : int { coriolis_arrow, centrifugal_arrow, euler_arrow, frame_arrow, force_arrow, arrow_count };

  carousel();
  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::vector<action_def> actions() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  void trigger(const std::string& action) override;
  // The puck can be edited on the ground plane (position and velocity; local values in
  // the platform frame, or global ones converted through the platform, or a kick dv).
  // Its height is kept on the platform. The platform's spin is programmed.
  std::optional<std::string> edit_node(int node, const node_edit& edit) override;

  // The platform's global dynamics on the ground plane (2D) at time t, from its expressions.
  dynamic_transform<double, 2> platform_at(double t) const;
  // The puck's local (platform-frame) and global (world) dynamics now, on the ground plane.
  dynamic_transform<double, 2> puck_local() const;
  dynamic_transform<double, 2> puck_world() const { return platform_at(time()) * puck_local(); }
  // The four inertial accelerations on the puck now, in the platform's basis.
  inertial_accelerations<double, 2> inertial_terms() const;
  // Where an inertial observer expects the puck now: the line (or parabola under a
  // constant force) through its launch point, in 2D world coordinates.
  glm::dvec2 inertial_prediction() const;
  double time() const { return model().time(); }
  bool on_platform() const { return glm::length(puck_local().pose.translation) <= radius_; }

  // Live display settings for the panel (no reset).
  void set_arrow_visible(int arrow, bool visible);
  void set_arrow_scale(double scale) { world_scene::set_arrow_scale(scale); }
  double arrow_scale() const { return world_scene::arrow_scale(); }
  bool ride_platform() const { return ride_; }
  void set_ride_platform(bool ride) { ride_ = ride; }
  void apply_view_settings(const param_values& values) override { ride_ = values.boolean("ride_platform"); }
  // Starts the puck again from its start position and velocity in the platform frame.
  void relaunch();

  // The ground-plane mapping: 2D (x, y) -> world (x, height, -y), and back.
  static glm::dvec3 to_world(const glm::dvec2& p, double height = 0.0) { return {p.x, height, -p.y}; }
  static glm::dvec2 to_plane(const glm::dvec3& p) { return {p.x, -p.z}; }
  // A 2D dynamic transform as a 3D one on the ground plane (rotations about +y).
  static dynamic_transform<double, 3> to_world(const dynamic_transform<double, 2>& d, double height);

 protected:
  void add_to_view(scene_view& view) const override;  // sizes from the radius, labels, the puck

 private:
  param_values file_values(const param_values& values) const;  // the file's parameters from the panel's
  void restart_reference();  // the inertial observer's line starts again from now

  double radius_ = 5.0;  // m
  glm::dvec2 force_{0.0};  // N, world (ground plane)
  double mass_ = 1.0;      // kg
  glm::dvec3 start_r_{0.0}, start_v_{0.0};  // in the platform frame (3D)
  bool auto_relaunch_ = true;
  bool ride_ = false;
  double launch_time_ = 0.0;
  glm::dvec2 launch_position_{0.0}, launch_velocity_{0.0};  // world, at launch
  int launches_ = 0;
};

}  // namespace framelab
