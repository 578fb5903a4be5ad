#include <imgui.h>

#include <algorithm>

#include "ui/line_plot.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// The channel list: as wide as its widest checkbox, in a frame with a scroll bar.
float channel_list_width(const std::vector<channel_def>& defs) {
  float width = 0.0f;
  for (const auto& def : defs) width = std::max(width, checkbox_width(def.name.c_str()));
  return width + 2.0f * ImGui::GetStyle().WindowPadding.x + ImGui::GetStyle().ScrollbarSize;
}

// Beside the plot where the panel is wide enough for both, else above it, a few rows tall.
bool list_beside(float width, float list_width) {
  return width >= list_width + ImGui::GetFontSize() * 16.0f;
}

float list_height_above(std::size_t channels) {
  const float rows = static_cast<float>(std::min<std::size_t>(channels, 4));
  return rows * ImGui::GetFrameHeightWithSpacing() + 2.0f * ImGui::GetStyle().WindowPadding.y +
         ImGui::GetStyle().ScrollbarSize;
}

// The ticked channels.
std::vector<std::size_t> plotted_channels(const ui_state& state) {
  std::vector<std::size_t> channels;
  for (std::size_t i = 0; i < state.sim->channel_defs().size() && i < state.plotted.size(); ++i)
    if (state.plotted[i]) channels.push_back(i);
  return channels;
}

// The plot's least height: the largest unit group's plot, under a row of unit tabs when
// the ticked channels have more than one unit.
float plots_min_height(const std::vector<std::vector<std::size_t>>& groups) {
  std::size_t most = 0;
  for (const auto& group : groups) most = std::max(most, group.size());
  return min_plot_height(most) + (groups.size() > 1 ? ImGui::GetFrameHeightWithSpacing() : 0.0f);
}

// One unit's channels against time, the unit on the y axis.
void unit_plot(const ui_state& state, const std::vector<std::size_t>& group, std::size_t first, float height) {
  const auto& defs = state.sim->channel_defs();
  const auto& history = state.sim->history();
  const auto& times = history.times();
  std::vector<plot_series> series;
  for (const std::size_t i : group) {
    const auto& values = history.values(i);
    const std::size_t n = std::min(values.size(), times.size());
    const std::size_t begin = std::min(first, n);
    series.push_back({defs[i].name, std::span<const double>(times).subspan(begin, n - begin),
                      std::span<const double>(values).subspan(begin, n - begin), series_color(i)});
  }
  plot_options options;
  options.x_label = "t (s)";
  options.y_label = group.empty() ? std::string() : defs[group.front()].unit;
  options.log_x = state.plot_log_x;
  options.size = ImVec2(0.0f, height);
  line_plot("channels_plot", series, options);
}

}  // namespace

std::vector<std::vector<std::size_t>> channels_by_unit(const std::vector<channel_def>& defs,
                                                       const std::vector<std::size_t>& channels) {
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::string> units;
  for (const std::size_t c : channels) {
    const auto it = std::find(units.begin(), units.end(), defs[c].unit);
    if (it == units.end()) {
      units.push_back(defs[c].unit);
      groups.push_back({c});
    } else {
      groups[static_cast<std::size_t>(it - units.begin())].push_back(c);
    }
  }
  return groups;
}

float plots_height(ui_state& state, float width) {
  const auto& defs = state.sim->channel_defs();
  const float plot =
      ImGui::GetFrameHeightWithSpacing() + plots_min_height(channels_by_unit(defs, plotted_channels(state)));
  return list_beside(width, channel_list_width(defs))
             ? plot
             : plot + list_height_above(defs.size()) + ImGui::GetStyle().ItemSpacing.y;
}

// Any scene channel against time: pick channels with checkboxes, one shared plot.
void draw_plots_panel(ui_state& state) {
  if (!begin_panel(state, panel_id::plots, "Plots", &state.show_plots)) {
    end_panel(state, panel_id::plots);
    return;
  }
  const auto& defs = state.sim->channel_defs();
  const auto& history = state.sim->history();
  const auto& times = history.times();

  // The channel list (a name wider than the list scrolls sideways).
  const float list_width = channel_list_width(defs);
  const bool beside = list_beside(ImGui::GetContentRegionAvail().x, list_width);
  const ImVec2 list_size(beside ? list_width : 0.0f, beside ? 0.0f : list_height_above(defs.size()));
  ImGui::BeginChild("channels", list_size, true, ImGuiWindowFlags_HorizontalScrollbar);
  for (std::size_t i = 0; i < defs.size() && i < state.plotted.size(); ++i) {
    bool on = state.plotted[i];
    ImGui::PushStyleColor(ImGuiCol_CheckMark, ImGui::ColorConvertU32ToFloat4(series_color(i)));
    if (ImGui::Checkbox(defs[i].name.c_str(), &on)) state.plotted[i] = on;
    ImGui::PopStyleColor();
    const std::string tip = defs[i].description + (defs[i].unit.empty() ? "" : " [" + defs[i].unit + "]");
    tooltip(tip.c_str());
  }
  ImGui::EndChild();
  if (beside) ImGui::SameLine();

  ImGui::BeginGroup();
  ImGui::Checkbox("log t", &state.plot_log_x);
  tooltip("Logarithmic time axis (t > 0 only)");
  same_line_if_fits(labelled_width(ImGui::GetFontSize() * 7.0f, "window"));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
  float window = static_cast<float>(state.plot_window_s);
  if (ImGui::SliderFloat("window", &window, 0.0f, 120.0f, window <= 0.0f ? "all" : "%.0f s")) {
    state.plot_window_s = window;
  }
  tooltip("Seconds of history shown; 0 shows everything recorded");

  // Only the samples inside the time window.
  std::size_t first = 0;
  if (state.plot_window_s > 0.0 && !times.empty()) {
    const double start = times.back() - state.plot_window_s;
    first = static_cast<std::size_t>(std::lower_bound(times.begin(), times.end(), start) - times.begin());
  }
  // One unit per y axis: channels of several units get a tab per unit.
  const auto groups = channels_by_unit(defs, plotted_channels(state));
  const float height = fill_height(state, plots_min_height(groups));
  if (groups.size() <= 1) {
    unit_plot(state, groups.empty() ? std::vector<std::size_t>{} : groups.front(), first, height);
  } else if (ImGui::BeginTabBar("units")) {
    for (const auto& group : groups) {
      const std::string& unit = defs[group.front()].unit;
      const std::string tab = (unit.empty() ? std::string("no unit") : unit) + "##" + unit;
      if (!ImGui::BeginTabItem(tab.c_str())) continue;
      tooltip("The ticked channels measured in this unit");
      unit_plot(state, group, first, height - ImGui::GetFrameHeightWithSpacing());
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::EndGroup();
  end_panel(state, panel_id::plots);
}

}  // namespace framelab::ui
