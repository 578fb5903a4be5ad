#include <imgui.h>

#include "scenes/registry.hpp"
#include "ui/panels.hpp"
#include "ui/record_dialog.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

void scenes_menu(ui_state& state) {
  std::string category;
  bool category_open = false;
  for (const auto& entry : registered_scenes()) {
    if (entry.info.category != category) {
      if (category_open) ImGui::EndMenu();
      category = entry.info.category;
      category_open = ImGui::BeginMenu(category.c_str());
    }
    if (!category_open) continue;
    const bool current = entry.info.name == state.sim->entry().info.name;
    if (ImGui::MenuItem(entry.info.name.c_str(), nullptr, current)) open_scene(state, entry.info.name);
    tooltip(entry.info.summary.c_str());
  }
  if (category_open) ImGui::EndMenu();
}

}  // namespace

void draw_main_menu(ui_state& state) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Load preset...")) state.open_load_dialog = true;
    tooltip("Open a scene preset (.json): scene, parameters and camera");
    if (ImGui::BeginMenu("Open recent", !state.recent_scenes.empty())) {
      const std::vector<std::string> recent = state.recent_scenes;  // open_scene reorders the list
      for (const auto& entry : recent) {
        if (ImGui::MenuItem(entry.c_str())) open_scene(state, entry);
      }
      ImGui::EndMenu();
    }
    tooltip("Scenes and presets opened before, most recent first (kept between runs)");
    if (ImGui::MenuItem("Save preset...")) state.open_save_dialog = true;
    tooltip("Save the current scene, parameters and camera as a preset (.json)");
    record_menu_item(state);
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Esc")) state.quit_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Scenes")) {
    scenes_menu(state);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Simulation")) {
    if (ImGui::MenuItem(state.sim->paused() ? "Play" : "Pause", "Space")) apply_shortcut(state, shortcut::toggle_pause);
    if (ImGui::MenuItem("Single step", ".")) apply_shortcut(state, shortcut::single_step);
    if (ImGui::MenuItem("Reset", "R")) apply_shortcut(state, shortcut::reset);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Scene browser", nullptr, &state.show_browser);
    ImGui::MenuItem("Transport", nullptr, &state.show_transport);
    ImGui::MenuItem("Parameters", nullptr, &state.show_parameters);
    ImGui::MenuItem("Scene tree", nullptr, &state.show_tree);
    ImGui::MenuItem("Plots", nullptr, &state.show_plots);
    ImGui::MenuItem("Benchmarks", nullptr, &state.show_benchmarks);
    tooltip("Measure framelab's data structures against the standard ones (runs on a worker thread)");
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Shortcuts and controls", "F1", &state.show_help);
    ImGui::EndMenu();
  }
  draw_recording_indicator(state);
  // Right side: the current scene and the frame time.
  char status[160];
  std::snprintf(status, sizeof status, "%s   |   %.2f ms/frame (%.0f fps)", state.sim->entry().info.name.c_str(),
                state.frame_ms, state.frame_ms > 0.0 ? 1000.0 / state.frame_ms : 0.0);
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(status).x - 16.0f);
  ImGui::TextUnformatted(status);
  ImGui::EndMainMenuBar();
}

}  // namespace framelab::ui
