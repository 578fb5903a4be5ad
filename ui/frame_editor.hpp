#pragma once
// Editing a node's frame from the scene tree: the node's pose and dynamics as
// editable fields (local, or global converted to local by the scene through the
// parent), and an impulse (a global velocity change) with or without counteracting
// the children. The logic is kept apart from the ImGui drawing so it can be tested.
#include <map>
#include <optional>
#include <string>

#include "core/frames/dynamic_transform.hpp"
#include "scenes/scene.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

// The edit fields: a pose (rotation as an angle about an axis) and the dynamics.
struct frame_fields {
  glm::dvec3 position{0.0};          // m
  double angle_deg = 0.0;            // deg
  glm::dvec3 axis{0.0, 1.0, 0.0};    // any length but zero
  double scale = 1.0;                // > 0
  glm::dvec3 velocity{0.0};          // m/s
  glm::dvec3 accel{0.0};             // m/s^2
  glm::dvec3 angular_velocity{0.0};  // rad/s
  glm::dvec3 angular_accel{0.0};     // rad/s^2
};

// Field name -> why its value is refused (empty: all valid). Names are the members
// of frame_fields ("position", "angle_deg", "axis", "scale", ...).
using field_errors = std::map<std::string, std::string>;

frame_fields fields_from_dynamics(const dynamic_transform<double, 3>& d);
field_errors validate_frame_fields(const frame_fields& f);
// Only for valid fields.
dynamic_transform<double, 3> dynamics_from_fields(const frame_fields& f);

// Validates, then asks the scene to set the node's local (global = false) or global
// dynamics. On refusal, `errors` holds the per-field messages (or the scene's reason
// under the key "apply") and nothing changed.
bool apply_frame_fields(scene& target, int node, const frame_fields& f, bool global, field_errors& errors);
// A global velocity change dv on the node; counteract: its children keep their global dynamics.
std::optional<std::string> apply_impulse(scene& target, int node, const glm::dvec3& dv, bool counteract);

// Draws the editor for the selected node (inside the scene tree panel).
void draw_frame_editor(ui_state& state, int node);

}  // namespace framelab::ui
