#include <imgui.h>

#include "scenes/registry.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"
#include "ui/world_files.hpp"

namespace framelab::ui {

// Scenes grouped by category; the current scene's teaching text underneath.
void draw_scene_browser(ui_state& state) {
  if (!begin_panel(state, panel_id::browser, "Scenes", &state.show_browser)) {
    end_panel(state, panel_id::browser);
    return;
  }
  std::string category;
  bool category_open = false;
  for (const auto& entry : registered_scenes()) {
    if (entry.info.category != category) {
      if (category_open) ImGui::TreePop();
      category = entry.info.category;
      category_open = ImGui::TreeNodeEx(category.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
    }
    if (!category_open) continue;
    const bool current = entry.info.name == state.sim->entry().info.name;
    if (ImGui::Selectable(entry.info.name.c_str(), current) && !current) open_scene(state, entry.info.name);
    tooltip(entry.info.summary.c_str());
  }
  if (category_open) ImGui::TreePop();
  draw_shipped_worlds(state);

  ImGui::Separator();
  draw_reload_error(state);
  const auto& info = state.sim->entry().info;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.4f, 1.0f));
  ImGui::TextWrapped("%s", display_name(info).c_str());  // a scene file's title may be long
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", info.teaching_text.c_str());
  end_panel(state, panel_id::browser);
}

}  // namespace framelab::ui
