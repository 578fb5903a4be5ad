#include "ui/scene_panels.hpp"

#include <imgui.h>

#include "ui/panel_layout.hpp"

namespace framelab::ui {

namespace {
// A registry, filled by static initialisers, not panel state: it is the same for every
// ui_state.
std::vector<scene_panel>& panel_registry() {
  static std::vector<scene_panel> panels;
  return panels;
}
}  // namespace

int register_scene_panel_for(scene_predicate matches, std::string title, scene_panel_function draw,
                             scene_panel_function every_frame, panel_size size) {
  panel_registry().push_back({std::move(title), matches, draw, every_frame, size});
  return static_cast<int>(panel_registry().size());
}

std::vector<scene_panel> panels_for_scene(const scene& s) {
  std::vector<scene_panel> found;
  for (const auto& panel : panel_registry()) {
    if (panel.matches(s)) found.push_back(panel);
  }
  return found;
}

void draw_scene_panels(ui_state& state, bool visible) {
  int index = 0;
  for (const auto& panel : panels_for_scene(state.sim->current())) {
    if (panel.every_frame != nullptr) panel.every_frame(state);
    if (!visible) continue;
    if (begin_panel(state, panel_id::scene, panel.title.c_str(), nullptr, index)) panel.draw(state);
    end_panel(state, panel_id::scene, index++);
  }
}

}  // namespace framelab::ui
