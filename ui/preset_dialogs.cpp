#include <imgui.h>
#include <imgui_stdlib.h>

#include <filesystem>

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

struct path_dialog_text {
  const char* title;
  const char* verb;
  const char* hint;           // above the field
  const char* field_tooltip;  // what the path names
};

// One modal dialog with a path field (`path`, filled with `first_path` when empty as it
// opens); `run` performs the action and returns an error.
template <class Action>
void path_dialog(ui_state& state, const path_dialog_text& text, bool& open_request, std::string& path,
                 const std::string& first_path, Action run) {
  if (open_request) {
    ImGui::OpenPopup(text.title);
    open_request = false;
    if (path.empty()) path = first_path;
  }
  if (!ImGui::BeginPopupModal(text.title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  state.dialog_open = true;
  ImGui::TextUnformatted(text.hint);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28.0f);
  const bool enter = ImGui::InputText("##path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip(text.field_tooltip);
  if (button(text.verb, "Carry out and close", ImVec2(ImGui::GetFontSize() * 6.5f, 0.0f)) || enter) {
    if (auto error = run(path)) {
      set_message(state, *error, true);
    } else {
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::SameLine();
  if (button("Cancel", "Close without doing anything (Esc)", ImVec2(ImGui::GetFontSize() * 6.5f, 0.0f)) ||
      state.close_dialog) {
    ImGui::CloseCurrentPopup();
  }
  if (state.message_is_error && !state.message.empty()) error_text(state.message.c_str());
  ImGui::EndPopup();
}

}  // namespace

void draw_preset_dialogs(ui_state& state) {
  // A world scene's name is its file's path: its preset is named beside it, not "x.json.json".
  const std::string& name = state.sim->entry().info.name;
  const std::string preset_file =
      name.ends_with(".json") ? name.substr(0, name.size() - 5) + "-preset.json" : name + ".json";
  const auto open = [&](const std::string& path) -> std::optional<std::string> {
    if (!open_scene(state, path)) return state.message;
    return std::nullopt;
  };
  path_dialog(state,
              {"Load preset", "Load", "Preset file to open (.json):",
               "Path of the preset file, absolute or relative to the current directory"},
              state.open_load_dialog, state.preset_path, preset_file, open);
  path_dialog(state,
              {"Open scene", "Open", "World scene file to open (.json, see docs/scene-files.md; a preset opens too):",
               "Path of the scene file, absolute or relative to the current directory"},
              state.open_scene_dialog, state.scene_file_path, std::string(), open);
  path_dialog(state,
              {"Save preset", "Save", "Save scene, parameters and camera to:",
               "Path of the preset file, absolute or relative to the current directory"},
              state.open_save_dialog, state.preset_path, preset_file,
              [&](const std::string& path) -> std::optional<std::string> {
                if (auto error = save_preset(path, current_preset(state))) return "Not saved: " + *error;
                set_message(state, "Saved " + path, false);
                return std::nullopt;
              });
  // A lesson is checked entirely when it starts (app/lesson_runner.hpp); a refusal names FILE:LINE
  // on the status line.
  const std::string lessons_folder = state.user_lessons_folder.empty() ? "" : state.user_lessons_folder + "/";
  path_dialog(state,
              {"Open lesson", "Play", "Lesson to play (a .lesson script: scene, set, present, say, pause, wait):",
               "Path of the lesson file, absolute or relative to the current directory; lessons kept in your "
               "lessons folder also appear in the Lessons menu"},
              state.open_lesson_dialog, state.lesson_path, lessons_folder,
              [&](const std::string& path) -> std::optional<std::string> {
                std::error_code ec;
                if (!std::filesystem::is_regular_file(path, ec)) return "Lesson not started: no file " + path;
                state.lesson_to_start = path;
                return std::nullopt;
              });
}

}  // namespace framelab::ui
