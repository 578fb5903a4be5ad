#pragma once
// The Scene tree's table of joints (issue 29): every joint frame of a running world scene
// with its coordinate q and rate qd now, one row per component, with units (hinge: rad,
// rad/s; slider: m, m/s; ball: the rotation vector in rad and the angular velocity in
// rad/s, each x, y, z). Clicking a joint selects its node (the file editor below then
// shows the joint's start values q0, qd0: ui/world_editor.hpp).
#include <string>
#include <vector>

#include "scenes/world/world_joints.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

// A joint's start value (scenes/world/world_spec.hpp, joint_spec): q0 (rad, m; a ball: the
// rotation vector, rad) or qd0 (rad/s, m/s; a ball: the angular velocity, rad/s).
enum class joint_start { position, velocity };

// One component of a joint's q or qd, as the table labels it.
struct joint_coordinate {
  joint_start which;
  int k;             // the component (0; a ball: 0..2)
  const char* name;  // "q", "qd"; a ball: "rotation x", ..., "w z"
  const char* unit;
  const char* tip;
};

// The components of a joint of this kind: q, then qd.
std::vector<joint_coordinate> joint_coordinates(joint_kind kind);

// The joint of `frame` (an index of the running file's frames) now; NaN when the frame is
// not a joint frame of the running tree.
double joint_value(const world_joints& joints, int frame, const joint_coordinate& c);

// Draws the table when a world scene with joints runs (inside the Scene tree panel).
void draw_joint_table(ui_state& state);

}  // namespace framelab::ui
