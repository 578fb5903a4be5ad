#pragma once
// Drawing helpers shared by the spinning-body scenes: a box with given principal
// moments, the omega and L arrows with omega's tip trail, cones, ghosts and the
// status label. Plain scene_view data; no GL here.
#include <string>

#include "core/scene_view.hpp"
#include "scenes/rigid_body_scene.hpp"

namespace framelab {

namespace rigid_body_colors {
inline constexpr glm::vec4 omega{1.0f, 0.62f, 0.15f, 1.0f};     // angular velocity: orange
inline constexpr glm::vec4 momentum{0.30f, 0.85f, 1.0f, 1.0f};  // angular momentum: cyan
inline constexpr glm::vec4 torque{1.0f, 0.35f, 0.55f, 1.0f};    // torque: pink
inline constexpr glm::vec4 body{0.72f, 0.66f, 0.52f, 1.0f};     // the simulated body
inline constexpr glm::vec4 ghost{0.75f, 0.95f, 0.75f, 0.28f};   // the closed-form solution
inline constexpr glm::vec4 label{0.92f, 0.92f, 0.92f, 1.0f};
inline constexpr glm::vec4 warning{1.0f, 0.45f, 0.40f, 1.0f};
}  // namespace rigid_body_colors

// Edges (a1, a2, a3) of a uniform box whose principal moments are proportional to
// `inertia`. For a box of mass m, I1 = m/12 (a2^2 + a3^2) and cyclically, so
//   a1^2 = 6/m (I2 + I3 - I1)   (and cyclically),
// real exactly when the triangle inequality holds. Scaled so the longest edge is
// `longest`; an edge of a flat body (I1 + I2 = I3) gets a visible `min_fraction`.
glm::dvec3 box_edges_for_inertia(const glm::dvec3& inertia, double longest, double min_fraction = 0.04);

// The rotation taking +y (the axis of the unit cylinder and cone meshes) to `direction`.
glm::dquat rotation_from_y(const glm::dvec3& direction);

transform3d pose_at(const glm::dvec3& translation, const glm::dquat& rotation);

// Poses a cone node with its apex at `apex`, opening along the unit `axis` with
// `half_angle` (rad) and slant reaching `height` along the axis. Hidden (size 0)
// when the cone degenerates.
void place_cone(view_node& node, const glm::dvec3& apex, const glm::dvec3& axis, double height, double half_angle);

// Appends p, dropping the oldest point beyond `max_points`.
void push_trail_point(trail& t, const glm::dvec3& p, std::size_t max_points = 900);

// "+1.2e-12" (the sign matters: energy gained or lost).
std::string format_drift(double relative);

// A translucent copy of `node` named `name` (for a closed-form ghost).
view_node ghost_of(const view_node& node, const std::string& name, int parent);

// The omega and L arrows of a body, from `origin`; scales are metres per unit.
struct spin_arrows {
  std::size_t omega_index = 0;  // into scene_view::vectors
  std::size_t momentum_index = 0;
  std::size_t trail_index = 0;  // omega's tip trail, in scene_view::trails
  double omega_scale = 1.0;     // m per rad/s
  double momentum_scale = 1.0;  // m per kg m^2/s

  // Adds the two arrows and the trail to `view`, scaled so that at t = 0 omega is
  // `omega_length` and L `momentum_length` metres long.
  void add(scene_view& view, const spinning_body& b, double omega_length, double momentum_length,
           const std::string& name_prefix = "");
  // Moves them to the body's current state; `record` appends omega's tip to the trail.
  void update(scene_view& view, const spinning_body& b, const glm::dvec3& origin, bool record);
};

// A body's status for a label, a few short lines:
//   midpoint / gyro on / dE/E +1.0e-12 / d|L|/|L| -3.0e-13 (torque-free only) / STOPPED ...
std::string body_status_text(const spinning_body& b);

// A point `right` metres to the right of the camera's target as seen from the scene's
// starting camera, and `up` metres above it: where a label stays clear of the body.
glm::dvec3 beside_target(const camera_setup& camera, double right, double up);

}  // namespace framelab
