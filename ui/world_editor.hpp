#pragma once
// The Scene tree's editor for a world scene (scenes/world/world_edit.hpp): the selected
// frame's name, translation x/y/z(t), rotations (axis + angle(t)) and shapes, adding a
// child frame and deleting one; Apply checks the edited world like the loader does (the
// loader's message under the field it names) and restarts at t = 0 with it; Save scene
// writes the file atomically (scenes/world/world_writer.hpp; comments are not kept).
#include "ui/ui_state.hpp"

namespace framelab::ui {

// Draws nothing unless a world scene runs. `node`: the Scene tree's selection.
void draw_world_editor(ui_state& state, int node);

// File > Save scene: applies pending edits, then writes the running world scene to its file
// (atomically). On failure (a built-in scene, an invalid edit, a write error) the status
// line says why and the file is untouched.
bool save_world_scene(ui_state& state);

}  // namespace framelab::ui
