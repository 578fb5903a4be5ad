#include "ui/rotation_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "scenes/rigid_body_scene.hpp"
#include "ui/line_plot.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

struct quantity {
  const char* label;
  std::vector<const char*> channels;  // base names; the body's suffix is appended, "_ref" for the closed form
  const char* y_label;
  bool from_zero;  // y axis from 0 (magnitudes), so a conserved curve shows as flat
  const char* help;
};

const std::array<quantity, 5> quantities{{
    {"energy", {"energy"}, "E (J)", true, "Kinetic (+ potential) energy; the closed form keeps it constant."},
    {"|L|", {"L_norm"}, "|L| (kg m^2/s)", true, "Angular momentum magnitude; torque-free it is constant."},
    {"angle omega-L",
     {"angle_w_L"},
     "angle (rad)",
     true,
     "Angle between omega and L: the gyroscopic term omega x L is non-zero whenever this is."},
    {"body omega",
     {"wbx", "wby", "wbz"},
     "omega, body frame (rad/s)",
     false,
     "Angular velocity in the body's principal frame (Euler's equations' frame), against the closed form."},
    {"relative drift",
     {"energy_drift", "L_drift"},
     "relative drift",
     false,
     "E/E0 - 1 and |L|/|L0| - 1: the integrator's error in the two invariants (exactly 0 for the true motion)."},
}};

// Kept in ui_state (panel_state<overlay_state>).
struct overlay_state {
  int quantity = 3;
  std::size_t body = 0;
};

std::optional<std::size_t> find_channel(const std::vector<channel_def>& defs, const std::string& name) {
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (defs[i].name == name) return i;
  }
  return std::nullopt;
}

// A lighter shade of a series colour for its closed-form partner.
ImU32 reference_color(ImU32 c) {
  ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  v.x = 0.45f * v.x + 0.55f;
  v.y = 0.45f * v.y + 0.55f;
  v.z = 0.45f * v.z + 0.55f;
  v.w = 0.8f;
  return ImGui::ColorConvertFloat4ToU32(v);
}

}  // namespace

void draw_rotation_overlay(ui_state& state) {
  const auto* s = dynamic_cast<const rigid_body_scene*>(&state.sim->current());
  if (s == nullptr || s->body_count() == 0) {
    ImGui::TextDisabled("No spinning body in this scene.");
    return;
  }
  overlay_state& overlay = state.panel_state<overlay_state>();
  if (overlay.body >= s->body_count()) overlay.body = 0;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  if (ImGui::BeginCombo("##quantity", quantities[static_cast<std::size_t>(overlay.quantity)].label)) {
    for (std::size_t i = 0; i < quantities.size(); ++i) {
      if (ImGui::Selectable(quantities[i].label, static_cast<int>(i) == overlay.quantity))
        overlay.quantity = static_cast<int>(i);
      tooltip(quantities[i].help);
    }
    ImGui::EndCombo();
  }
  const quantity& q = quantities[static_cast<std::size_t>(overlay.quantity)];
  tooltip(q.help);
  if (s->body_count() > 1) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    const std::string current = std::to_string(overlay.body + 1) + ": " + s->body(overlay.body).name;
    if (ImGui::BeginCombo("##body", current.c_str())) {
      for (std::size_t i = 0; i < s->body_count(); ++i) {
        const std::string name = std::to_string(i + 1) + ": " + s->body(i).name;
        if (ImGui::Selectable(name.c_str(), i == overlay.body)) overlay.body = i;
      }
      ImGui::EndCombo();
    }
    tooltip("Which copy to plot");
  }

  const auto& defs = state.sim->channel_defs();
  const auto& history = state.sim->history();
  const auto& times = history.times();
  std::size_t first = 0;
  if (state.plot_window_s > 0.0 && !times.empty()) {
    first = static_cast<std::size_t>(std::lower_bound(times.begin(), times.end(), times.back() - state.plot_window_s) -
                                     times.begin());
  }
  const std::string& suffix = s->body(overlay.body).suffix;
  std::vector<plot_series> series;
  bool any_reference = false;
  double top = 0.0;
  const auto add = [&](std::size_t channel, std::string label, ImU32 color) {
    const auto& values = history.values(channel);
    const std::size_t n = std::min(values.size(), times.size());
    const std::size_t begin = std::min(first, n);
    plot_series p{std::move(label), std::span<const double>(times).subspan(begin, n - begin),
                  std::span<const double>(values).subspan(begin, n - begin), color};
    for (double v : p.y) {
      if (std::isfinite(v)) top = std::max(top, std::abs(v));
    }
    series.push_back(p);
  };
  for (std::size_t i = 0; i < q.channels.size(); ++i) {
    const std::string base = q.channels[i];
    const ImU32 color = series_color(i);
    if (auto c = find_channel(defs, base + "_ref")) {
      add(*c, base + " exact", reference_color(color));
      any_reference = true;
    }
    if (auto c = find_channel(defs, base + suffix)) add(*c, base, color);
  }
  if (series.empty()) {
    ImGui::TextDisabled("This scene does not record %s.", q.label);
    return;
  }
  if (!any_reference) {
    ImGui::SameLine();
    ImGui::TextDisabled("(no closed form here)");
  }
  plot_options options;
  options.x_label = "t (s)";
  options.y_label = q.y_label;
  if (q.from_zero && top > 0.0 && !times.empty()) {
    options.autoscale = false;
    options.x_min = times[std::min(first, times.size() - 1)];
    options.x_max = std::max(times.back(), options.x_min + 1e-9);
    options.y_min = 0.0;
    options.y_max = 1.2 * top;
  }
  options.size = ImVec2(0.0f, std::max(100.0f, ImGui::GetContentRegionAvail().y));
  line_plot("rotation_overlay", series, options);
}

}  // namespace framelab::ui
