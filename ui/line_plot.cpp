#include "ui/line_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace framelab::ui {

namespace {

double to_axis(double x, bool log_scale) { return log_scale ? std::log10(x) : x; }

bool usable(double x, bool log_scale) { return std::isfinite(x) && (!log_scale || x > 0.0); }

std::string format_tick(double value, double step) {
  char text[32];
  if (std::abs(value) < 1e-12 * std::max(1.0, step)) value = 0.0;
  if ((std::abs(value) >= 1e5 || (std::abs(value) < 1e-3 && value != 0.0))) {
    std::snprintf(text, sizeof text, "%.2g", value);
  } else {
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step)));
    std::snprintf(text, sizeof text, "%.*f", std::min(decimals, 6), value);
  }
  return text;
}

// A tick of a log axis at 10^exponent: "1e-12" for whole decades, else two digits.
std::string format_decade(double exponent) {
  char text[32];
  const double k = std::round(exponent);
  if (std::abs(exponent - k) < 1e-9) {
    if (k == 0.0) return "1";
    std::snprintf(text, sizeof text, "1e%d", static_cast<int>(k));
  } else {
    std::snprintf(text, sizeof text, "%.2g", std::pow(10.0, exponent));
  }
  return text;
}

}  // namespace

ImU32 series_color(std::size_t i) {
  static const ImU32 palette[] = {IM_COL32(86, 180, 233, 255), IM_COL32(230, 159, 0, 255),
                                  IM_COL32(0, 158, 115, 255),  IM_COL32(240, 228, 66, 255),
                                  IM_COL32(213, 94, 0, 255),   IM_COL32(204, 121, 167, 255),
                                  IM_COL32(0, 114, 178, 255),  IM_COL32(200, 200, 200, 255)};
  return palette[i % std::size(palette)];
}

plot_range data_range(std::span<const plot_series> series, bool along_x, bool log_x, bool log_y) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const auto& s : series) {
    const std::size_t n = std::min(s.x.size(), s.y.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (!usable(s.x[i], log_x) || !usable(s.y[i], log_y)) continue;
      const double v = along_x ? to_axis(s.x[i], log_x) : to_axis(s.y[i], log_y);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (!(lo <= hi)) return {0.0, 1.0};
  if (hi - lo < 1e-12 * std::max(1.0, std::abs(hi))) {
    const double pad = std::max(1e-9, 0.5 * std::abs(hi));
    return {lo - pad, hi + pad};
  }
  if (!along_x) {
    const double pad = 0.05 * (hi - lo);
    return {lo - pad, hi + pad};
  }
  return {lo, hi};
}

std::vector<double> nice_ticks(double min, double max, int target_count) {
  std::vector<double> ticks;
  if (!(max > min) || !std::isfinite(min) || !std::isfinite(max) || target_count < 1) return ticks;
  const double raw = (max - min) / target_count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * magnitude;
    if (step >= raw) break;
  }
  for (double t = std::ceil(min / step) * step; t <= max + 1e-9 * step; t += step) ticks.push_back(t);
  return ticks;
}

void line_plot(const char* id, std::span<const plot_series> series, const plot_options& options) {
  ImGui::PushID(id);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size(options.size.x > 0.0f ? options.size.x : std::max(avail.x, 50.0f), std::max(options.size.y, 50.0f));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();

  const float font = ImGui::GetFontSize();
  const ImVec2 p0(origin.x + 6.0f * font * 0.75f + 8.0f, origin.y + 4.0f);
  const ImVec2 p1(origin.x + size.x - 6.0f, origin.y + size.y - font * 2.2f);
  draw->AddRectFilled(p0, p1, IM_COL32(20, 22, 28, 255));
  draw->AddRect(p0, p1, IM_COL32(110, 110, 120, 255));

  const plot_range xr = options.autoscale ? data_range(series, true, options.log_x)
                                          : plot_range{to_axis(options.x_min, options.log_x), to_axis(options.x_max, options.log_x)};
  const plot_range yr = options.autoscale ? data_range(series, false, false, options.log_y)
                                          : plot_range{to_axis(options.y_min, options.log_y), to_axis(options.y_max, options.log_y)};
  const auto sx = [&](double x) {
    return p0.x + static_cast<float>((x - xr.min) / (xr.max - xr.min)) * (p1.x - p0.x);
  };
  const auto sy = [&](double y) {
    return p1.y - static_cast<float>((y - yr.min) / (yr.max - yr.min)) * (p1.y - p0.y);
  };

  // Grid and tick labels.
  const ImU32 grid = IM_COL32(60, 62, 70, 255);
  const ImU32 label = IM_COL32(190, 190, 195, 255);
  const auto xticks = nice_ticks(xr.min, xr.max, std::max(2, static_cast<int>((p1.x - p0.x) / (font * 6))));
  const double xstep = xticks.size() > 1 ? xticks[1] - xticks[0] : 1.0;
  for (double t : xticks) {
    const float x = sx(t);
    draw->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), grid);
    const std::string text = options.log_x ? format_tick(std::pow(10.0, t), std::pow(10.0, t)) : format_tick(t, xstep);
    draw->AddText(ImVec2(x - 0.3f * font * static_cast<float>(text.size()) * 0.5f, p1.y + 2.0f), label, text.c_str());
  }
  const auto yticks = nice_ticks(yr.min, yr.max, std::max(2, static_cast<int>((p1.y - p0.y) / (font * 2.5f))));
  const double ystep = yticks.size() > 1 ? yticks[1] - yticks[0] : 1.0;
  for (double t : yticks) {
    const float y = sy(t);
    draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), grid);
    const std::string text = options.log_y ? format_decade(t) : format_tick(t, ystep);
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    draw->AddText(ImVec2(p0.x - w - 4.0f, y - font * 0.5f), label, text.c_str());
  }
  const std::string x_title = options.x_label + (options.log_x ? " (log)" : "");
  draw->AddText(ImVec2(0.5f * (p0.x + p1.x) - 0.5f * ImGui::CalcTextSize(x_title.c_str()).x, p1.y + font + 2.0f), label,
                x_title.c_str());
  if (!options.y_label.empty()) {
    const std::string y_title = options.y_label + (options.log_y ? " (log)" : "");
    draw->AddText(ImVec2(origin.x, origin.y), label, y_title.c_str());
  }

  // Series, clipped to the frame; at most a few points per pixel column.
  draw->PushClipRect(p0, p1, true);
  for (const auto& s : series) {
    const std::size_t n = std::min(s.x.size(), s.y.size());
    const std::size_t stride = std::max<std::size_t>(1, n / static_cast<std::size_t>(std::max(1.0f, 2.0f * (p1.x - p0.x))));
    ImVec2 previous;
    bool have_previous = false;
    for (std::size_t i = 0; i < n; i += stride) {
      if (!usable(s.x[i], options.log_x) || !usable(s.y[i], options.log_y)) {
        have_previous = false;
        continue;
      }
      const ImVec2 p(sx(to_axis(s.x[i], options.log_x)), sy(to_axis(s.y[i], options.log_y)));
      if (have_previous) draw->AddLine(previous, p, s.color, 1.5f);
      if (n < 64) draw->AddCircleFilled(p, 2.5f, s.color);
      previous = p;
      have_previous = true;
    }
  }
  draw->PopClipRect();

  // Legend, top-left inside the frame.
  float ly = p0.y + 4.0f;
  for (const auto& s : series) {
    draw->AddRectFilled(ImVec2(p0.x + 6.0f, ly + 4.0f), ImVec2(p0.x + 16.0f, ly + font - 4.0f), s.color);
    draw->AddText(ImVec2(p0.x + 20.0f, ly), label, s.label.c_str());
    ly += font + 1.0f;
  }

  // Readout of the value at the mouse's x.
  if (hovered && !series.empty()) {
    const double mx = xr.min + (ImGui::GetIO().MousePos.x - p0.x) / (p1.x - p0.x) * (xr.max - xr.min);
    const double x_value = options.log_x ? std::pow(10.0, mx) : mx;
    draw->AddLine(ImVec2(ImGui::GetIO().MousePos.x, p0.y), ImVec2(ImGui::GetIO().MousePos.x, p1.y),
                  IM_COL32(200, 200, 200, 90));
    ImGui::BeginTooltip();
    ImGui::Text("%s = %.6g", options.x_label.c_str(), x_value);
    for (const auto& s : series) {
      const std::size_t n = std::min(s.x.size(), s.y.size());
      if (n == 0) continue;
      const auto it = std::lower_bound(s.x.begin(), s.x.begin() + static_cast<std::ptrdiff_t>(n), x_value);
      const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(it - s.x.begin()), n - 1);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.color), "%s: %.6g", s.label.c_str(), s.y[i]);
    }
    ImGui::EndTooltip();
  }
  ImGui::PopID();
}

}  // namespace framelab::ui
