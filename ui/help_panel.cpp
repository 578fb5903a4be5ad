#include "ui/help_panel.hpp"

#include <imgui.h>

#include "scenes/registry.hpp"
#include "ui/panels.hpp"

namespace framelab::ui {

namespace {

// The rows, made once per ui_state (making them creates every scene once).
struct help_table {
  std::vector<help_row> rows;
};

}  // namespace

std::vector<help_row> help_rows() {
  std::vector<help_row> rows = {
      {"Space", "play / pause"},
      {".", "single step (pauses)"},
      {"R", "reset the scene to t = 0"},
      {"F1", "show / hide this help"},
      {"Esc", "close help or a dialog, leave fullscreen or presentation; quit when nothing is open"},
      {"Tab",
       "presentation mode: only the scene, a transport bar and readouts; the camera follows bodies that drive off"},
      {"F11", "fullscreen"},
      {"Ctrl+=  Ctrl+-  Ctrl+0", "larger / smaller interface, back to 100 %"},
      {"Space (in a lesson)", "go on after the lesson's pause"},
      {"Left drag", "orbit the camera"},
      {"Right drag, Shift + left drag", "pan the camera"},
      {"Mouse wheel", "zoom"},
      {"Double-click a body", "focus the camera on it and select it"},
  };
  for (const auto& entry : registered_scenes()) {
    for (const auto& action : entry.create()->actions()) {
      if (!action.shortcut.empty()) rows.push_back({action.shortcut, action.label + " (" + entry.info.name + ")"});
    }
  }
  return rows;
}

void draw_help_panel(ui_state& state) {
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin("Help", &state.show_help, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  help_table& table = state.panel_state<help_table>();
  if (table.rows.empty()) table.rows = help_rows();
  if (ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    ImGui::TableSetupColumn("Key or mouse");
    ImGui::TableSetupColumn("Action");
    ImGui::TableHeadersRow();
    for (const auto& row : table.rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(row.keys.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(row.action.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled(
      "A scene's keys work while that scene runs. Hover any button or field for an explanation with units.");
  ImGui::End();
}

}  // namespace framelab::ui
