#pragma once
// Scene-specific panels. A scene makes no ImGui calls (DESIGN.md), so a scene that
// needs more than the generated parameter widgets (a physics panel, a Jacobian
// readout, a Fire button with options) gets a panel here, registered with one line
// in its own ui/<scene>_panel.cpp:
//   static const int registered = framelab::ui::register_scene_panel("free-body", "Physics", &draw_physics);
// The panel is drawn in its own window while that scene is loaded. It reaches the
// concrete scene with dynamic_cast on state.sim->current_mutable(). A panel may also
// give an `every_frame` function, called each frame even while its window is collapsed
// or hidden (e.g. a camera that follows the scene).
#include <string>
#include <vector>

#include "ui/ui_state.hpp"

namespace framelab::ui {

using scene_panel_function = void (*)(ui_state& state);

struct scene_panel {
  std::string scene_name;
  std::string title;  // window title
  scene_panel_function draw = nullptr;
  scene_panel_function every_frame = nullptr;  // optional
};

int register_scene_panel(std::string scene_name, std::string title, scene_panel_function draw,
                         scene_panel_function every_frame = nullptr);
std::vector<scene_panel> panels_for_scene(const std::string& scene_name);

// Draws the current scene's panels (called by draw_ui).
void draw_scene_panels(ui_state& state);

}  // namespace framelab::ui
