#pragma once
// Scene-specific panels. A scene makes no ImGui calls (docs/design.md), so a scene that
// needs more than the generated parameter widgets (a physics panel, a Jacobian
// readout, a Fire button with options) gets a panel here, registered with one line
// in its own ui/<scene>_panel.cpp, for a scene TYPE:
//   const int physics_panel_registered =  // named after the file (unity builds)
//       framelab::ui::register_scene_panel<rigid_body_scene>("Physics", &draw_physics);
// The panel is drawn in its own window while the loaded scene is a T (or derives from
// T: one panel serves a family of scenes, and a new scene of the family gets it
// without a list of names to update). It reaches the concrete scene with dynamic_cast
// on state.sim->current_mutable(), afresh after anything that may reset or reload the
// scene. A panel may also give an `every_frame` function, called each frame even while
// its window is collapsed or hidden (e.g. a camera that follows the scene). What a panel
// remembers between frames lives in ui_state (state.panel_state<T>()), not in statics.
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "scenes/scene.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

using scene_panel_function = void (*)(ui_state& state);
using scene_predicate = bool (*)(const scene& s);

// What a scene panel needs to show its content without cutting it: a width in font sizes
// (ImGui::GetFontSize) and a height in widget rows (ImGui::GetFrameHeightWithSpacing), so
// that it grows with the interface scale (ui/default_layout.hpp places it).
struct panel_size {
  float width_em = 24.0f;
  float height_rows = 16.0f;
};

struct scene_panel {
  std::string title;                  // window title
  scene_predicate matches = nullptr;  // is the panel for this scene?
  scene_panel_function draw = nullptr;
  scene_panel_function every_frame = nullptr;  // optional
  panel_size size{};
};

// Adds a panel for the scenes `matches` accepts; returns its registration number.
// Panels are drawn in registration order.
int register_scene_panel_for(scene_predicate matches, std::string title, scene_panel_function draw,
                             scene_panel_function every_frame = nullptr, panel_size size = {});

// Adds a panel for every scene that is a T (T or derived from it).
template <class T>
int register_scene_panel(std::string title, scene_panel_function draw, scene_panel_function every_frame = nullptr,
                         panel_size size = {}) {
  static_assert(std::is_base_of_v<scene, T>, "register_scene_panel<T>: T must derive from framelab::scene");
  return register_scene_panel_for([](const scene& s) { return dynamic_cast<const T*>(&s) != nullptr; },
                                  std::move(title), draw, every_frame, size);
}

// The panels registered for this scene object, in registration order.
std::vector<scene_panel> panels_for_scene(const scene& s);

// Draws the current scene's panels (called by draw_ui); with visible = false (presentation
// mode) only their every-frame hooks run.
void draw_scene_panels(ui_state& state, bool visible = true);

}  // namespace framelab::ui
