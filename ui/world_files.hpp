#pragma once
// World scene files in the GUI: opening one (File > Open scene, shares the preset dialog),
// a file dropped on the window, the shipped files in the Scenes panel, and reload on save
// (scenes/world/world_reload.hpp) with its message on the status line and in the Scenes
// panel.
#include <string>
#include <vector>

#include "ui/ui_state.hpp"

namespace framelab::ui {

// A file dropped on the window: a world file or a preset (.json) opens like File > Open
// scene; anything else leaves the running scene and says which files framelab opens.
bool open_dropped_file(ui_state& state, const std::string& path);

// Once a frame: reloads the running world scene's file when it changed on disk (checked
// about twice a second). Success restarts at t = 0; failure keeps the old scene and shows
// the loader's message (file:line:column: key: reason).
void poll_world_file(ui_state& state);

// The Scenes panel's list of shipped world files (ui_state::world_files): each by its
// title, its summary as tooltip; picking one opens it.
void draw_shipped_worlds(ui_state& state);
// The list's heading and titles, as drawn (for the width the panel needs).
std::vector<std::string> shipped_world_lines(ui_state& state);
inline constexpr const char* shipped_worlds_heading = "Scene files (assets/worlds)";

// After File > Save scene wrote the running file: the watcher takes the new stamp as seen.
void acknowledge_world_save(ui_state& state);

// The last reload failure of the running scene's file, drawn in red (nothing when none).
void draw_reload_error(ui_state& state);
// Why the last reload of the running file failed, until the next good load ("" when none).
const std::string& world_reload_error(ui_state& state);

}  // namespace framelab::ui
