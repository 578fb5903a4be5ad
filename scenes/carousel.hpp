#pragma once
// carousel: a platform spinning up with angular acceleration, and a puck sliding
// on it without friction. The puck is a child of the platform: its position and
// velocity are kept LOCALLY, in the platform's frame, and integrated with the local
// acceleration of the article (applied force plus the four inertial terms),
//   a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1,
// on the 2D specialization (core/frames/inertial_accelerations.hpp). Its world path,
// composed through the platform's dynamic transform, is the straight line an
// inertial observer sees (a parabola under a constant applied force).
//
// The 2D plane is the ground: 2D (x, y) is world (x, -z), so a positive angle
// turns counter-clockwise seen from above (about +y, right-handed).
#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "core/frames/dynamic_transform.hpp"
#include "core/frames/inertial_accelerations.hpp"
#include "core/ode/ode_stepper.hpp"
#include "scenes/scene.hpp"

namespace framelab {

class carousel final : public scene {
 public:
  // Node indexes in view().nodes, parents before children.
  enum node_index : int { platform, x_axis, y_axis, puck, node_count };
  // Vector overlays in view().vectors.
  enum arrow_index : int { coriolis_arrow, centrifugal_arrow, euler_arrow, frame_arrow, force_arrow, arrow_count };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::vector<action_def> actions() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  const scene_view& view() const override { return view_; }
  void trigger(const std::string& action) override;
  // Set when the implicit midpoint did not converge (the step was not applied).
  std::optional<std::string> failure() const override { return failure_; }
  // The puck can be edited on the ground plane (position and velocity; local values in
  // the platform frame, or global ones converted through the platform, or a kick dv).
  // Its height, rotation and scale are not used. The platform's spin is programmed.
  std::optional<std::string> edit_node(int node, const node_edit& edit) override;

  // The platform's global dynamics (2D) at time t: the analytic spin-up and hub motion.
  dynamic_transform<double, 2> platform_at(double t) const { return platform_in(t, t < spin_up_time_); }
  // The puck's local (platform-frame) and global (world) dynamics now.
  const dynamic_transform<double, 2>& puck_local() const { return puck_; }
  dynamic_transform<double, 2> puck_world() const { return platform_at(time_) * puck_; }
  // The four inertial accelerations on the puck now, in the platform's basis.
  inertial_accelerations<double, 2> inertial_terms() const;
  // Where an inertial observer expects the puck now: the line (or parabola under a
  // constant force) through its launch point, in 2D world coordinates.
  glm::dvec2 inertial_prediction() const;
  double time() const { return time_; }
  bool on_platform() const { return glm::length(puck_.pose.translation) <= radius_; }

  // Live display settings for the panel (no reset).
  void set_arrow_visible(int arrow, bool visible) {
    view_.vectors.at(static_cast<std::size_t>(arrow)).visible = visible;
  }
  void set_arrow_scale(double scale);
  double arrow_scale() const { return arrow_scale_; }
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

 private:
  // The puck's local state, and (as rate() returns it) its time derivative (v1, a1).
  struct state {
    glm::dvec2 r{0.0};  // T1, m (platform frame)
    glm::dvec2 v{0.0};  // v1, m/s (platform frame)
    friend state operator+(const state& a, const state& b) { return {a.r + b.r, a.v + b.v}; }
    friend state operator*(double s, const state& a) { return {s * a.r, s * a.v}; }
    friend double max_norm(const state& a) { return std::max(ode::max_norm(a.r), ode::max_norm(a.v)); }
  };
  // The platform at time t, spinning up or not (chosen by the caller, so a step
  // that ends at the switch sees the left-hand limit and the next one the right).
  dynamic_transform<double, 2> platform_in(double t, bool spinning_up) const;
  state rate(double t, const state& s, bool spinning_up) const;
  // One step of the puck by ode::step; false (and failure_ set, nothing applied) when the
  // implicit midpoint does not converge.
  bool integrate(double dt, bool spinning_up);
  void update_view();
  void restart_reference();  // the inertial observer's line starts again from now

  double radius_ = 5.0;         // m
  double rate0_ = 0.4;          // rad/s
  double alpha_ = 0.05;         // rad/s^2
  double spin_up_time_ = 20.0;  // s
  double hub_amplitude_ = 0.0;  // m
  double hub_period_ = 6.0;     // s
  double mass_ = 1.0;           // kg
  glm::dvec2 force_{0.0};       // N, world (ground plane)
  glm::dvec2 start_r_{0.0}, start_v_{0.0};
  ode::method method_ = ode::method::rk4;
  bool auto_relaunch_ = true;
  bool ride_ = false;
  double arrow_scale_ = 1.0;  // m per m/s^2

  double time_ = 0.0;
  dynamic_transform<double, 2> puck_;  // local: pose.translation = T1, velocity = v1, accel = a1
  double launch_time_ = 0.0;
  glm::dvec2 launch_position_{0.0}, launch_velocity_{0.0};  // world, at launch
  std::vector<glm::dvec2> local_trail_;                     // T1 history (platform frame)
  int launches_ = 1;
  std::optional<std::string> failure_;
  scene_view view_;
};

}  // namespace framelab
