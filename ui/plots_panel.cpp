#include <algorithm>

#include <imgui.h>

#include "ui/line_plot.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

// Any scene channel against time: pick channels with checkboxes, one shared plot.
void draw_plots_panel(ui_state& state) {
  place_window(state, panel_slot::bottom);
  if (!ImGui::Begin("Plots", &state.show_plots)) {
    ImGui::End();
    return;
  }
  const auto& defs = state.sim->channel_defs();
  const auto& history = state.sim->history();
  const auto& times = history.times();

  ImGui::BeginChild("channels", ImVec2(ImGui::GetFontSize() * 11.0f, 0.0f), true);
  for (std::size_t i = 0; i < defs.size() && i < state.plotted.size(); ++i) {
    bool on = state.plotted[i];
    ImGui::PushStyleColor(ImGuiCol_CheckMark, ImGui::ColorConvertU32ToFloat4(series_color(i)));
    if (ImGui::Checkbox(defs[i].name.c_str(), &on)) state.plotted[i] = on;
    ImGui::PopStyleColor();
    const std::string tip = defs[i].description + (defs[i].unit.empty() ? "" : " [" + defs[i].unit + "]");
    tooltip(tip.c_str());
  }
  ImGui::EndChild();
  ImGui::SameLine();

  ImGui::BeginGroup();
  ImGui::Checkbox("log t", &state.plot_log_x);
  tooltip("Logarithmic time axis (t > 0 only)");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  float window = static_cast<float>(state.plot_window_s);
  if (ImGui::SliderFloat("window (s)", &window, 0.0f, 120.0f, window <= 0.0f ? "all" : "%.0f s")) {
    state.plot_window_s = window;
  }
  tooltip("Seconds of history shown; 0 shows everything recorded");

  // Only the samples inside the time window.
  std::size_t first = 0;
  if (state.plot_window_s > 0.0 && !times.empty()) {
    const double start = times.back() - state.plot_window_s;
    first = static_cast<std::size_t>(std::lower_bound(times.begin(), times.end(), start) - times.begin());
  }
  std::vector<plot_series> series;
  std::string units;
  for (std::size_t i = 0; i < defs.size() && i < state.plotted.size(); ++i) {
    if (!state.plotted[i]) continue;
    const auto& values = history.values(i);
    const std::size_t n = std::min(values.size(), times.size());
    const std::size_t begin = std::min(first, n);
    series.push_back({defs[i].name + (defs[i].unit.empty() ? "" : " (" + defs[i].unit + ")"),
                      std::span<const double>(times).subspan(begin, n - begin),
                      std::span<const double>(values).subspan(begin, n - begin), series_color(i)});
    if (units.find(defs[i].unit) == std::string::npos) append_separated(units, ", ", defs[i].unit);
  }
  plot_options options;
  options.x_label = "t (s)";
  options.y_label = units;
  options.log_x = state.plot_log_x;
  options.size = ImVec2(0.0f, std::max(80.0f, ImGui::GetContentRegionAvail().y));
  line_plot("channels_plot", series, options);
  ImGui::EndGroup();
  ImGui::End();
}

}  // namespace framelab::ui
