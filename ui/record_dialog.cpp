#include "ui/record_dialog.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>
#include <cstdio>
#include <ctime>

#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {
constexpr const char* dialog_title = "Record";
}

std::string default_recording_name(const std::string& scene, const std::string& extension) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  return "framelab-" + scene + "-" + stamp + extension;
}

std::string recording_clock(double seconds) {
  const long total = std::lround(std::floor(std::max(0.0, seconds)));
  char text[32];
  std::snprintf(text, sizeof text, "%02ld:%02ld", total / 60, total % 60);
  return text;
}

void record_menu_item(ui_state& state) {
  if (state.recording.active) {
    if (ImGui::MenuItem("Stop recording")) state.recording.stop = true;
    tooltip("Finish the video file (it appears under its name only when finished)");
  } else {
    if (ImGui::MenuItem("Record...")) state.recording.open_dialog = true;
    tooltip("Record the stage (or the whole window) into a video (.mp4, .gif, .webm) or a folder of PNGs, for slides");
  }
}

void draw_record_dialog(ui_state& state) {
  recording_link& link = state.recording;
  if (link.open_dialog) {
    ImGui::OpenPopup(dialog_title);
    link.open_dialog = false;
    link.dialog_path = default_recording_name(state.sim->entry().info.name, link.video_extension);
  }
  if (!ImGui::BeginPopupModal(dialog_title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  state.dialog_open = true;
  ImGui::TextUnformatted(link.video_formats.c_str());
  ImGui::SetNextItemWidth(26.0f * ImGui::GetFontSize());
  const bool enter = ImGui::InputText("##record_path", &link.dialog_path, ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip(
      "Absolute or relative to the current folder. The video runs at 60 frames per second of simulated time:\n"
      "while recording, every frame advances the simulation 1/60 s, so the video plays at true speed.");
  ImGui::TextUnformatted("What to record:");
  if (ImGui::RadioButton("The stage", link.dialog_stage_view)) link.dialog_stage_view = true;
  tooltip(
      "The scene as presentation mode shows it, with its readouts and captions, for slides: no panels,\n"
      "menus or buttons. Presentation mode turns on while recording; Tab or Esc ends the recording.");
  ImGui::SameLine();
  if (ImGui::RadioButton("The whole window", !link.dialog_stage_view)) link.dialog_stage_view = false;
  tooltip("Everything on screen: the panels and menus too (File > Stop recording ends it)");
  const float button_width = 6.0f * ImGui::GetFontSize();
  if (button("Record", "Start recording (the window's title shows REC and the time)", ImVec2(button_width, 0.0f)) ||
      enter) {
    link.start_path = link.dialog_path;
    link.stage_view = link.dialog_stage_view;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (button("Cancel", "Close without recording (Esc)", ImVec2(button_width, 0.0f)) || state.close_dialog) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void draw_recording_indicator(const ui_state& state) {
  if (!state.recording.active || !state.recording.show_indicator) return;
  const std::string text = "REC " + recording_clock(state.recording.seconds);
  ImGui::TextColored(ImVec4(1.0f, 0.25f, 0.2f, 1.0f), "%s", text.c_str());
  tooltip("Recording; File > Stop recording ends it");
}

}  // namespace framelab::ui
