// The collisions scene's panel: the broadphase switch (live, no reset) between the brute
// force, sort-and-sweep, the uniform grid and auto (the faster for the ball count), the pair
// counts, the broadphase time per step, a ball-count slider, and the logged time against the
// ball count for the three methods (log-log: slope 2 for the brute force's n^2, a little over
// 1 for sort-and-sweep in the crowding box, about 1 for the grid), plus a checkbox to draw the
// candidate pairs.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "scenes/collisions.hpp"
#include "ui/line_plot.hpp"
#include "ui/panel_layout.hpp"
#include "ui/scene_panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

constexpr ImU32 brute_color = IM_COL32(240, 110, 90, 255);
constexpr ImU32 sweep_color = IM_COL32(90, 190, 250, 255);
constexpr ImU32 grid_color = IM_COL32(140, 220, 110, 255);

// Kept in ui_state (panel_state<panel_settings>).
struct panel_settings {
  bool log_y = true;
};

// The radio buttons: the label, the scene's choice (nothing: auto), its name, the tooltip.
struct method_button {
  std::optional<broadphase_method> method;
  const char* label;
  const char* choice;
  const char* tooltip;
};
constexpr method_button method_buttons[] = {
    {broadphase_method::brute_force, "brute force", "brute-force",
     "Test the boxes of every distinct pair of balls: n(n-1)/2 tests per step"},
    {broadphase_method::sort_and_sweep, "sort-and-sweep", "sort-and-sweep",
     "Sort the boxes along one axis (re-sorting last step's nearly sorted order), test only neighbours"},
    {broadphase_method::uniform_grid, "uniform grid", "uniform-grid",
     "File each box under the grid cell of its lower corner (cells as wide as the largest ball), test it only "
     "against the boxes of its own cell and of the neighbouring cells: each pair once"},
    {std::nullopt, "auto", "auto", nullptr},  // its tooltip names the method in use (auto_tooltip)
};

const char* label_of(broadphase_method m) {
  for (const auto& b : method_buttons)
    if (b.method == m) return b.label;
  return "";
}

std::string auto_tooltip(const collisions& scene) {
  return "The faster method for the ball count (measured): sort-and-sweep below " +
         std::to_string(collisions::auto_grid_min_balls) + " balls, the uniform grid from there. Now, with " +
         std::to_string(scene.ball_count()) + " balls: " + label_of(collisions::auto_broadphase(scene.ball_count()));
}

double mean_logged(const collisions& scene, broadphase_method m) {
  for (const auto& p : scene.timing_log(m))
    if (p.balls == static_cast<int>(scene.ball_count())) return p.mean_ms;
  return std::nan("");
}

void draw_method_switch(ui_state& state, collisions& scene) {
  // the button of the scene's choice
  int chosen = 0;
  while (chosen + 1 < static_cast<int>(std::size(method_buttons)) &&
         !(scene.broadphase_is_auto() ? !method_buttons[chosen].method
                                      : method_buttons[chosen].method == scene.broadphase()))
    ++chosen;
  int button = chosen;
  // two to a line: the panel is narrow
  for (std::size_t e = 0; e < std::size(method_buttons); ++e) {
    if (e > 0) same_line_if_fits(checkbox_width(method_buttons[e].label));
    ImGui::RadioButton(method_buttons[e].label, &button, static_cast<int>(e));
    tooltip(method_buttons[e].tooltip ? method_buttons[e].tooltip : auto_tooltip(scene).c_str());
  }
  help_marker(
      "The broadphase switches at once, without a reset: the balls carry on. All three methods find the same "
      "candidate pairs, so the motion is the same; only the time differs. Auto takes the faster one for the ball "
      "count.");
  if (button != chosen) {
    const method_button& entry = method_buttons[button];
    scene.set_broadphase(entry.method);
    record_live_setting(state, "broadphase", std::string(entry.choice));
  }
  bool show = scene.show_pairs();
  if (ImGui::Checkbox("draw candidate pairs", &show)) {
    scene.set_show_pairs(show);
    record_live_setting(state, "show_pairs", show);
  }
  tooltip(
      "Lines between the centres of each candidate pair: red when the balls touch, yellow when only "
      "their boxes overlap. The balls turn see-through.");
}

void draw_counts(const collisions& scene) {
  const auto& stats = scene.world().last_step();
  const auto n = static_cast<unsigned long long>(scene.ball_count());
  const auto two_cells = [](const char* left, const char* left_tip, const char* right, const char* right_tip,
                            auto left_value, auto right_value) {
    ImGui::TableNextColumn();
    ImGui::Text(left, left_value);
    tooltip(left_tip);
    ImGui::TableNextColumn();
    ImGui::Text(right, right_value);
    tooltip(right_tip);
  };
  if (begin_wide_table("pairs", 2, 1, false)) {
    two_cells("candidates %zu",
              "Candidate pairs: pairs whose boxes overlap, the broadphase's answer (the same for every method)",
              "touching %zu",
              "Touching pairs: candidates whose balls touch, |x_j - x_i| <= r_i + r_j (the narrowphase's answer)",
              stats.candidate_pairs, stats.touching_pairs);
    ImGui::EndTable();
  }
  ImGui::TextWrapped("broadphase %s%s: %.3f ms (mean %.3f ms)", label_of(scene.broadphase()),
                     scene.broadphase_is_auto() ? " (auto)" : "", stats.broadphase_ms,
                     mean_logged(scene, scene.broadphase()));
  tooltip(
      "The method in use (auto: the faster one for this ball count), the wall-clock time of the last step's "
      "broadphase, and the mean over the steps run at this ball count with this method");
  if (begin_wide_table("work", 2, 1, false)) {
    two_cells("of %llu pairs", "n(n-1)/2 distinct pairs of balls: the brute force tests every one of them each step",
              "contacts %.3f ms", "Narrowphase, impulses and walls of the last step (the same work for every method)",
              n * (n > 0 ? n - 1 : 0) / 2, stats.contact_ms);
    ImGui::EndTable();
  }
}

void draw_ball_slider(ui_state& state) {
  if (!state.edited.contains("balls")) return;
  std::int64_t balls = state.edited.integer("balls");
  const std::int64_t lo = 1, hi = collisions::max_balls;
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.0f);
  ImGui::SliderScalar("balls", ImGuiDataType_S64, &balls, &lo, &hi, nullptr, ImGuiSliderFlags_Logarithmic);
  tooltip("Restarts with this many balls (on release; Ctrl+click to type a number). The broadphase time at each "
          "count is logged below. Many balls need a smaller radius to fit in the box.");
  state.edited.set("balls", balls);
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    if (auto error = state.sim->set_parameters(state.edited)) {
      state.field_errors["balls"] = "Rejected: " + *error;
    } else {
      state.field_errors.erase("balls");
      set_message(state, "Restarted with " + std::to_string(balls) + " balls", false);
    }
  }
  if (const auto it = state.field_errors.find("balls"); it != state.field_errors.end()) error_text(it->second.c_str());
}

void draw_growth(ui_state& state, collisions& scene, panel_settings& settings) {
  if (button("Time all", "Time the three methods on the current balls (best of 5) and log them")) {
    scene.time_all_methods(5);
  }
  same_line_if_fits(button_width("Measure"));
  if (button("Measure",
             "Fresh balls with these parameters at 100 to 4000 balls; the three methods timed at each count "
             "(takes a second or two). The running scene is untouched.")) {
    scene.measure_growth({100, 200, 400, 700, 1000, 1500, 2000, 3000, 4000});
  }
  same_line_if_fits(button_width("Clear"));
  if (button("Clear", "Forget the logged times")) scene.clear_timing_log();
  same_line_if_fits(checkbox_width("log"));
  ImGui::Checkbox("log", &settings.log_y);
  tooltip("Plot log10 of the time: on log-log axes n^2 is a line of slope 2, n a line of slope 1");

  std::vector<double> xs[3], ys[3];
  for (int m = 0; m < 3; ++m) {
    for (const auto& p : scene.timing_log(static_cast<broadphase_method>(m))) {
      if (settings.log_y && !(p.mean_ms > 0.0)) continue;
      xs[m].push_back(p.balls);
      ys[m].push_back(settings.log_y ? std::log10(p.mean_ms) : p.mean_ms);
    }
  }
  const plot_series series[] = {{"brute force", xs[0], ys[0], brute_color},
                                {"sort-and-sweep", xs[1], ys[1], sweep_color},
                                {"uniform grid", xs[2], ys[2], grid_color}};
  plot_options options;
  options.x_label = "balls";
  options.y_label = settings.log_y ? "log10(ms per step)" : "ms per step";
  options.log_x = true;
  // the rest of the window, at least 5 lines
  options.size = ImVec2(0.0f, fill_height(state, min_plot_height(std::size(series))));
  if (xs[0].empty() && xs[1].empty() && xs[2].empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Run a few steps, move the ball-count slider, or press Measure.");
    ImGui::PopStyleColor();
  } else {
    line_plot("growth", series, options);
  }
}

// The running scene, taken afresh by each part of the panel: the ball slider restarts
// the scene, so no part holds it across another.
collisions* running(ui_state& state) {
  return dynamic_cast<collisions*>(&state.sim->current_mutable());
}

void draw_collisions_panel(ui_state& state) {
  if (running(state) == nullptr) {
    disabled_text_wrapped("The collisions scene is not loaded.");
    return;
  }
  draw_method_switch(state, *running(state));
  ImGui::Separator();
  draw_counts(*running(state));
  ImGui::Separator();
  draw_ball_slider(state);  // may restart the scene
  draw_growth(state, *running(state), state.panel_state<panel_settings>());
}

const int collisions_panel_registered = register_scene_panel<collisions>("Collisions", &draw_collisions_panel, nullptr, {20.0f, 12.0f});

}  // namespace

}  // namespace framelab::ui
