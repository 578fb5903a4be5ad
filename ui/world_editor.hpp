#pragma once
// The Scene tree's editor for a world scene (scenes/world/world_edit.hpp): the selected
// frame's name, translation x/y/z(t), rotations (axis + angle(t)) and shapes, adding a
// child frame and deleting one; Apply checks the edited world like the loader does (the
// loader's message under the field it names) and restarts at t = 0 with it; Save scene
// writes the file atomically (scenes/world/world_writer.hpp; comments are not kept).
#include <string>

#include "ui/joint_table.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

// Draws nothing unless a world scene runs. `node`: the Scene tree's selection. A joint frame
// shows its q and qd now beside their start values q0 and qd0, which edit_joint_start edits.
void draw_world_editor(ui_state& state, int node);

// The joint editor's edit (the field calls it when the user leaves it or presses Enter): sets
// component k (0; a ball: 0..2) of `frame`'s start value in the draft to `text`, a number or an
// expression of the parameters, then applies the draft like Apply: checked by the loader and
// restarted at t = 0 from the new state. On refusal the editor shows the loader's message under
// the field, the running scene is untouched, and false is returned.
bool edit_joint_start(ui_state& state, int frame, joint_start which, int k, const std::string& text);

// File > Save scene: applies pending edits, then writes the running world scene to its file
// (atomically). On failure (a built-in scene, an invalid edit, a write error) the status
// line says why and the file is untouched.
bool save_world_scene(ui_state& state);

}  // namespace framelab::ui
