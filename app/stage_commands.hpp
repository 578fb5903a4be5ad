#pragma once
// The GUI script's commands for the stage (app/gui_script.hpp), for lessons and recordings
// made for slides:
//   camera target X,Y,Z distance D yaw DEG pitch DEG   any of these pairs, in any order:
//                                     the camera's target (m), distance (m, 0.01..1e6),
//                                     yaw (deg) and pitch (deg, -89..89); the camera then
//                                     stays where it is put (presentation mode does not
//                                     re-frame it), as a preset's camera does; without a
//                                     target it keeps following a node it follows
//   camera follow NODE                the target stays on the node (the Scene tree's names)
//   camera ride NODE                  ... and turns with it about +y
//   camera focus NAME...              presentation mode frames these nodes (with what hangs
//                                     below them) and follows them, instead of every body
//   camera frame                      presentation mode frames and follows the bodies again
//                                     (the scene file's camera focus, if it has one)
//   plot CHANNEL... | plot off        in presentation mode, up to four channels against time,
//                                     large, beside the 3D view, which shrinks to make room;
//                                     channels of one unit share a plot, each unit its own
//   split FRAME | split off           one run seen from the world (left) and from FRAME, a
//                                     node with dynamics in the Scene tree (right), side by
//                                     side, in the window and in recordings (View > Split stage)
// The arguments are checked when the script loads (names of keys, numbers and ranges);
// the node and the channel when the step runs, against the scene running then.
#include <optional>
#include <string>

#include "app/gui_script.hpp"
#include "ui/ui_state.hpp"

namespace framelab {

bool is_stage_command(const std::string& command);

// The checks that need no running app; the reason, without FILE:LINE.
std::optional<std::string> check_stage_command(const script_step& step);

// Carries the step out on the running app; the reason it failed, without FILE:LINE.
std::optional<std::string> run_stage_command(const script_step& step, ui::ui_state& state);

}  // namespace framelab
