#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// The least width of the dt field: its value whole within the frame's padding, and its two
// step buttons.
float dt_field_width(const char* value) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::CalcTextSize(value).x + 2.0f * style.FramePadding.x +
         2.0f * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x);
}

// The ImGui label of a clock field: beside it, or drawn above it (a field as wide as the panel)
// and hidden from the field.
std::string clock_label(const char* label, bool beside) {
  if (beside) return label;
  ImGui::TextUnformatted(label);
  return std::string("##") + label;
}

// dt, substeps and time scale, on one row where the panel is wide enough (the top margin
// above the stage holds two rows at 1280x720), else a row each, their labels beside the
// fields or, in a panel too narrow for dt's value and a label, above them; edits are
// validated and applied together.
void clock_controls(ui_state& state) {
  clock_settings clock = state.sim->clock();
  double dt_ms = clock.dt * 1000.0;
  bool changed = false;
  char dt_text[32];
  std::snprintf(dt_text, sizeof dt_text, "%.4f", dt_ms);
  // Fields 8 font sizes wide, narrower in a narrow panel so that the longest label fits.
  const float dt_least = dt_field_width(dt_text);
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool beside = labelled_width(dt_least, "time scale") <= avail;
  const float field = beside ? std::max(field_width_beside("time scale", 8.0f), dt_least) : std::max(avail, dt_least);
  // (A label drawn above is an item of its own: before the field's width is set.)
  const std::string dt_label = clock_label("dt (ms)", beside);
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputDouble(dt_label.c_str(), &dt_ms, 1.0, 5.0, "%.4f")) {
    clock.dt = dt_ms / 1000.0;
    changed = true;
  }
  check_text_fits("dt (ms)", dt_least, ImGui::GetItemRectSize().x);  // the field as drawn, its buttons with it
  tooltip("Fixed simulation time step in milliseconds (0.001 to 500 ms)");
  if (beside) same_line_if_fits(labelled_width(field, "substeps"));
  const std::string substeps_label = clock_label("substeps", beside);
  ImGui::SetNextItemWidth(field);
  if (ImGui::SliderInt(substeps_label.c_str(), &clock.substeps, 1, 64)) changed = true;
  tooltip("Scene steps per fixed step: each takes dt / substeps");
  float scale = static_cast<float>(clock.time_scale);
  if (beside) same_line_if_fits(labelled_width(field, "time scale"));
  const std::string scale_label = clock_label("time scale", beside);
  ImGui::SetNextItemWidth(field);
  if (ImGui::SliderFloat(scale_label.c_str(), &scale, 0.01f, 10.0f, "%.2fx", ImGuiSliderFlags_Logarithmic)) {
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

// The "x real time" readout's tooltip: why it may read below the time scale asked for.
std::string real_time_help(const simulation& sim) {
  const double budget_s = sim.clock().frame_budget_s;
  if (budget_s <= 0.0) {
    return "Simulated seconds per real second, as achieved (a shot, script or recording advances a fixed time "
           "each frame, however long its steps take).";
  }
  char budget[32];
  std::snprintf(budget, sizeof budget, "%.2f s", budget_s);
  return std::string("Simulated seconds per real second, as achieved. Below the time scale, the steps take "
                     "longer to compute than the time they simulate: the scene runs slower, at least one step a "
                     "frame, and a frame starts no step that would keep it stepping past ") +
         budget + ", so the window stays responsive.";
}

}  // namespace

void draw_transport_buttons(ui_state& state) {
  simulation& sim = *state.sim;
  const float play_width = ImGui::GetFontSize() * 4.5f;
  if (button(sim.paused() ? "Play###play_pause" : "Pause###play_pause", "Run or pause the simulation (Space)",
             ImVec2(play_width, 0.0f))) {
    apply_shortcut(state, shortcut::toggle_pause);
  }
  same_line_if_fits(button_width("Step"));
  if (button("Step", "Advance by exactly one time step dt and pause (.)")) apply_shortcut(state, shortcut::single_step);
  same_line_if_fits(button_width("Reset"));
  if (button("Reset", "Restart the scene from t = 0 with the current parameters (R)")) {
    apply_shortcut(state, shortcut::reset);
  }
  for (const auto& action : sim.current().actions()) {
    same_line_if_fits(button_width(action.label.c_str()));
    const std::string tip = action.tooltip + (action.shortcut.empty() ? "" : " (" + action.shortcut + ")");
    if (button(action.label.c_str(), tip.c_str())) sim.trigger(action.name);
  }
}

float transport_width(ui_state& state) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  float row = ImGui::GetFontSize() * 4.5f + button_width("Step") + button_width("Reset") + 2.0f * spacing;
  for (const auto& action : state.sim->current().actions()) row += spacing + button_width(action.label.c_str());
  return std::max(row, labelled_width(ImGui::GetFontSize() * 8.0f, "time scale"));
}

void draw_transport_panel(ui_state& state) {
  if (!begin_panel(state, panel_id::transport, "Transport", &state.show_transport)) {
    end_panel(state, panel_id::transport);
    return;
  }
  simulation& sim = *state.sim;
  draw_transport_buttons(state);
  // The readouts, each whole, as many to a row as fit.
  char readouts[3][64];
  std::snprintf(readouts[0], sizeof readouts[0], "t = %.3f s", sim.time());
  std::snprintf(readouts[1], sizeof readouts[1], "step %lld", sim.step_count());
  std::snprintf(readouts[2], sizeof readouts[2], "%.2fx real time", sim.paused() ? 0.0 : sim.real_time_factor());
  for (const char* text : readouts) {
    same_line_if_fits(ImGui::CalcTextSize(text).x);
    ImGui::TextUnformatted(text);
  }
  tooltip(real_time_help(sim).c_str());
  clock_controls(state);
  if (sim.fault()) error_text(sim.fault()->c_str());
  if (!state.message.empty()) {
    if (state.message_is_error) {
      error_text(state.message.c_str());
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("%s", state.message.c_str());
      ImGui::PopStyleColor();
    }
  }
  end_panel(state, panel_id::transport);
}

}  // namespace framelab::ui
