#include <imgui.h>

#include <cmath>

#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// dt, substeps and time scale, on one row where the panel is wide enough (the top margin
// above the stage holds two rows at 1280x720); edits are validated and applied together.
void clock_controls(ui_state& state) {
  clock_settings clock = state.sim->clock();
  double dt_ms = clock.dt * 1000.0;
  bool changed = false;
  const float field = ImGui::GetFontSize() * 8.0f;
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputDouble("dt (ms)", &dt_ms, 1.0, 5.0, "%.4f")) {
    clock.dt = dt_ms / 1000.0;
    changed = true;
  }
  tooltip("Fixed simulation time step in milliseconds (0.001 to 500 ms)");
  same_line_if_fits(labelled_width(field, "substeps"));
  ImGui::SetNextItemWidth(field);
  if (ImGui::SliderInt("substeps", &clock.substeps, 1, 64)) changed = true;
  tooltip("Scene steps per fixed step: each takes dt / substeps");
  float scale = static_cast<float>(clock.time_scale);
  same_line_if_fits(labelled_width(field, "time scale"));
  ImGui::SetNextItemWidth(field);
  if (ImGui::SliderFloat("time scale", &scale, 0.01f, 10.0f, "%.2fx", ImGuiSliderFlags_Logarithmic)) {
    clock.time_scale = scale;
    changed = true;
  }
  tooltip("Simulated seconds per real second (slow motion below 1)");
  if (changed) {
    if (auto error = state.sim->set_clock(clock)) {
      set_message(state, "Clock not changed: " + *error, true);
    }
  }
}

}  // namespace

void draw_transport_buttons(ui_state& state) {
  simulation& sim = *state.sim;
  if (button(sim.paused() ? "Play###play_pause" : "Pause###play_pause", "Run or pause the simulation (Space)",
             ImVec2(ImGui::GetFontSize() * 4.5f, 0.0f))) {
    apply_shortcut(state, shortcut::toggle_pause);
  }
  ImGui::SameLine();
  if (button("Step", "Advance by exactly one time step dt and pause (.)")) apply_shortcut(state, shortcut::single_step);
  ImGui::SameLine();
  if (button("Reset", "Restart the scene from t = 0 with the current parameters (R)")) {
    apply_shortcut(state, shortcut::reset);
  }
  for (const auto& action : sim.current().actions()) {
    ImGui::SameLine();
    const std::string tip = action.tooltip + (action.shortcut.empty() ? "" : " (" + action.shortcut + ")");
    if (button(action.label.c_str(), tip.c_str())) sim.trigger(action.name);
  }
}

void draw_transport_panel(ui_state& state) {
  place_window(state, panel_slot::top);
  if (!ImGui::Begin("Transport", &state.show_transport)) {
    ImGui::End();
    return;
  }
  simulation& sim = *state.sim;
  draw_transport_buttons(state);
  ImGui::SameLine();
  ImGui::Text("t = %.3f s   step %lld   %.2fx real time", sim.time(), sim.step_count(),
              sim.paused() ? 0.0 : sim.real_time_factor());
  clock_controls(state);
  if (sim.fault()) error_text(sim.fault()->c_str());
  if (!state.message.empty()) {
    if (state.message_is_error) {
      error_text(state.message.c_str());
    } else {
      ImGui::TextDisabled("%s", state.message.c_str());
    }
  }
  ImGui::End();
}

}  // namespace framelab::ui
