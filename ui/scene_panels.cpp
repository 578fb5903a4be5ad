#include "ui/scene_panels.hpp"

#include <imgui.h>

#include "ui/panels.hpp"

namespace framelab::ui {

namespace {
std::vector<scene_panel>& panel_registry() {
  static std::vector<scene_panel> panels;
  return panels;
}
}  // namespace

int register_scene_panel(std::string scene_name, std::string title, scene_panel_function draw,
                         scene_panel_function every_frame) {
  panel_registry().push_back({std::move(scene_name), std::move(title), draw, every_frame});
  return static_cast<int>(panel_registry().size());
}

std::vector<scene_panel> panels_for_scene(const std::string& scene_name) {
  std::vector<scene_panel> found;
  for (const auto& panel : panel_registry()) {
    if (panel.scene_name == scene_name) found.push_back(panel);
  }
  return found;
}

void draw_scene_panels(ui_state& state) {
  float offset = 0.0f;
  for (const auto& panel : panels_for_scene(state.sim->entry().info.name)) {
    place_window(0.775f, 0.56f + offset, 0.22f, 0.40f);
    offset += 0.03f;
    if (panel.every_frame != nullptr) panel.every_frame(state);
    if (ImGui::Begin(panel.title.c_str())) panel.draw(state);
    ImGui::End();
  }
}

}  // namespace framelab::ui
