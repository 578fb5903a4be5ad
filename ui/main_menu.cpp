#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "scenes/registry.hpp"
#include "ui/panels.hpp"
#include "ui/presentation.hpp"
#include "ui/split_stage.hpp"
#include "ui/ui_scale.hpp"
#include "ui/record_dialog.hpp"
#include "ui/widgets.hpp"
#include "ui/world_editor.hpp"

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

void ui_scale_menu(ui_state& state) {
  if (!ImGui::BeginMenu("Interface size")) return;
  if (ImGui::MenuItem("Larger", "Ctrl+=")) apply_shortcut(state, shortcut::larger_ui);
  if (ImGui::MenuItem("Smaller", "Ctrl+-")) apply_shortcut(state, shortcut::smaller_ui);
  ImGui::Separator();
  for (int percent = min_ui_scale_percent; percent <= max_ui_scale_percent; percent += ui_scale_step_percent) {
    const std::string label = std::to_string(percent) + " %";
    if (ImGui::MenuItem(label.c_str(), percent == min_ui_scale_percent ? "Ctrl+0" : nullptr,
                        state.ui_scale_percent == percent)) {
      state.ui_scale_percent = percent;
    }
  }
  ImGui::EndMenu();
  tooltip("Text, buttons, arrow labels and lines grow together, for the back of a lecture hall (kept between runs)");
}

}  // namespace

std::string lesson_name(const std::string& file) {
  std::string name = std::filesystem::path(file).stem().string();
  std::replace(name.begin(), name.end(), '-', ' ');
  return name;
}

namespace {

bool in_folder(const std::string& file, const std::string& folder) {
  return !folder.empty() && std::filesystem::path(file).parent_path() == std::filesystem::path(folder);
}

void lesson_item(ui_state& state, const std::string& file) {
  if (ImGui::MenuItem(lesson_name(file).c_str(), nullptr, state.lesson.title == lesson_name(file))) {
    state.lesson_to_start = file;
  }
  tooltip(("A rehearsed demonstration: captions, and pauses you continue with Space or Next (" + file + ")").c_str());
}

// The shipped lessons, then the lecturer's own (their lessons folder), then End lesson.
void lessons_menu(ui_state& state) {
  if (!ImGui::BeginMenu("Lessons")) return;
  if (state.lesson_files.empty()) ImGui::TextDisabled("No lessons found (assets/lessons)");
  bool own_heading = false;
  for (const auto& file : state.lesson_files) {
    if (in_folder(file, state.user_lessons_folder) && !own_heading) {
      ImGui::Separator();
      ImGui::TextDisabled("Your lessons");
      own_heading = true;
    }
    lesson_item(state, file);
  }
  if (!own_heading && !state.user_lessons_folder.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("Your own: put .lesson files in %s", state.user_lessons_folder.c_str());
  }
  if (ImGui::MenuItem("Open lesson...")) state.open_lesson_dialog = true;
  tooltip("Play a lesson file from anywhere (File > Open lesson)");
  if (!state.lesson.title.empty()) {
    ImGui::Separator();
    if (ImGui::MenuItem("End lesson")) state.lesson.stop_requested = true;
  }
  ImGui::EndMenu();
}

// View > Split stage: the world's view and a frame's side by side (ui/split_stage.hpp).
void split_stage_menu(ui_state& state) {
  const std::vector<std::string> choices = split_choices(state.sim->view());
  if (!ImGui::BeginMenu("Split stage", !choices.empty())) {
    tooltip("One run seen from the world (left) and from a frame riding with the scene (right)");
    return;
  }
  if (ImGui::MenuItem("Off", nullptr, state.split_frame.empty())) state.split_frame.clear();
  for (const auto& name : choices) {
    if (ImGui::MenuItem(("World | " + name).c_str(), nullptr, state.split_frame == name)) state.split_frame = name;
  }
  ImGui::EndMenu();
}

}  // namespace

void draw_main_menu(ui_state& state) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (state.host_file_picker && ImGui::MenuItem("Open file...")) state.pick_file_requested = true;
    if (state.host_file_picker) {
      tooltip("Open a scene file or preset (.json) or a lesson (.lesson) from your computer; dropping one on the page "
              "opens it too");
    }
    if (ImGui::MenuItem("Open scene...")) state.open_scene_dialog = true;
    tooltip("Open a world scene file (.json): frames, particles, parameters, teaching text (docs/scene-files.md)."
            " framelab reloads it when you save it in an editor");
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
    if (ImGui::MenuItem("Save scene")) save_world_scene(state);
    tooltip("Write the running scene file with the Scene tree's edits (JSON; comments of the old file are not kept)");
    if (ImGui::MenuItem("Save preset...")) state.open_save_dialog = true;
    tooltip("Save the current scene, parameters and camera as a preset (.json)");
    if (ImGui::MenuItem("Open lesson...")) state.open_lesson_dialog = true;
    tooltip(
        "Play a lesson (.lesson: a GUI script with captions and pauses); lessons in your lessons folder "
        "also appear in the Lessons menu");
    record_menu_item(state);
    if (ImGui::MenuItem("Copy link")) state.copy_link_requested = true;
    tooltip("A link to this scene with its changed parameters, presentation mode and interface size, for a course "
            "page or an e-mail; a scene file of your own travels inside the link (README: In a browser)");
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
    ImGui::Separator();
    if (ImGui::MenuItem("Presentation", "Tab", presenting(state))) apply_shortcut(state, shortcut::toggle_presentation);
    tooltip("Hide the panels and frame the bodies: the stage for the class (Tab or Esc to come back)");
    ImGui::MenuItem("Fullscreen", "F11", &state.fullscreen);
    split_stage_menu(state);
    ui_scale_menu(state);
    ImGui::EndMenu();
  }
  lessons_menu(state);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Shortcuts and controls", "F1", &state.show_help);
    ImGui::EndMenu();
  }
  draw_recording_indicator(state);
  // Right side: the current scene and the frame time, or the frame time alone, where it fits
  // after the menus (a large interface on a small window leaves no room for either).
  char frame_time[64], status[224];
  std::snprintf(frame_time, sizeof frame_time, "%.2f ms/frame (%.0f fps)", state.frame_ms,
                state.frame_ms > 0.0 ? 1000.0 / state.frame_ms : 0.0);
  std::snprintf(status, sizeof status, "%s   |   %s", display_name(state.sim->entry().info).c_str(), frame_time);
  for (const char* text : {status, frame_time}) {
    const float x = ImGui::GetWindowWidth() - ImGui::CalcTextSize(text).x - ImGui::GetFontSize();
    if (x > ImGui::GetCursorPosX() + ImGui::GetFontSize()) {
      ImGui::SameLine(x);
      ImGui::TextUnformatted(text);
      break;
    }
  }
  ImGui::EndMainMenuBar();
}

}  // namespace framelab::ui
