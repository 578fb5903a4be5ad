#include <imgui.h>
#include <imgui_stdlib.h>

#include "scenes/preset.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

preset current_preset(const ui_state& state) {
  preset p;
  p.scene = state.sim->entry().info.name;
  p.values = state.sim->parameters();
  if (state.camera.get) p.camera = state.camera.get();
  return p;
}

// One modal dialog with a path field; `run` performs the action and returns an error.
template <class Action>
void path_dialog(ui_state& state, const char* title, bool& open_request, const char* verb, const char* hint,
                 Action run) {
  if (open_request) {
    ImGui::OpenPopup(title);
    open_request = false;
    if (state.preset_path.empty()) state.preset_path = state.sim->entry().info.name + ".json";
  }
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  state.dialog_open = true;
  ImGui::TextUnformatted(hint);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28.0f);
  const bool enter = ImGui::InputText("##path", &state.preset_path, ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip("Path of the preset file, absolute or relative to the current directory");
  if (button(verb, "Carry out and close", ImVec2(ImGui::GetFontSize() * 6.5f, 0.0f)) || enter) {
    if (auto error = run(state.preset_path)) {
      set_message(state, *error, true);
    } else {
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::SameLine();
  if (button("Cancel", "Close without doing anything (Esc)", ImVec2(ImGui::GetFontSize() * 6.5f, 0.0f)) || state.close_dialog) {
    ImGui::CloseCurrentPopup();
  }
  if (state.message_is_error && !state.message.empty()) error_text(state.message.c_str());
  ImGui::EndPopup();
}

}  // namespace

void draw_preset_dialogs(ui_state& state) {
  const auto open = [&](const std::string& path) -> std::optional<std::string> {
    if (!open_scene(state, path)) return state.message;
    return std::nullopt;
  };
  path_dialog(state, "Load preset", state.open_load_dialog, "Load", "Preset file to open (.json):", open);
  path_dialog(state, "Open scene", state.open_scene_dialog, "Open",
              "World scene file to open (.json, see docs/scene-files.md; a preset opens too):", open);
  path_dialog(state, "Save preset", state.open_save_dialog, "Save", "Save scene, parameters and camera to:",
              [&](const std::string& path) -> std::optional<std::string> {
                if (auto error = save_preset(path, current_preset(state))) return "Not saved: " + *error;
                set_message(state, "Saved " + path, false);
                return std::nullopt;
              });
}

}  // namespace framelab::ui
