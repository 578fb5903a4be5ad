#include "ui/line_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

double to_axis(double x, bool log_scale) {
  return log_scale ? std::log10(x) : x;
}

bool usable(double x, bool log_scale) {
  return std::isfinite(x) && (!log_scale || x > 0.0);
}

// A linear axis's tick: `digits` significant digits for values of 10^5 and more or under 10^-3,
// else the decimals a step needs (at most 12).
std::string format_tick(double value, double step, int digits = 2) {
  char text[40];
  if (std::abs(value) < 1e-12 * std::max(1.0, step)) value = 0.0;
  if ((std::abs(value) >= 1e5 || (std::abs(value) < 1e-3 && value != 0.0))) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
  } else {
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    std::snprintf(text, sizeof text, "%.*f", std::clamp(decimals, 0, 12), value);
  }
  return text;
}

// A tick of a log axis at 10^exponent: "0.01", "1000", "1e-12" for whole decades, else
// `digits` significant digits.
std::string format_decade(double exponent, int digits = 2) {
  char text[32];
  const double k = std::round(exponent);
  if (std::abs(exponent - k) < 1e-9) {
    if (k >= -3.0 && k <= 4.0) {  // 0.001 ... 10000 as they read
      std::snprintf(text, sizeof text, "%g", std::pow(10.0, k));
    } else {
      std::snprintf(text, sizeof text, "1e%d", static_cast<int>(k));
    }
  } else {
    std::snprintf(text, sizeof text, "%.*g", digits, std::pow(10.0, exponent));
  }
  return text;
}

// The labels of `ticks` as `label(tick, digits)` writes them, with the fewest digits from 2 to
// `most` that keep every label different from its neighbours.
template <class Label>
std::vector<std::string> labels_apart(const std::vector<double>& ticks, int most, Label label) {
  std::vector<std::string> labels;
  for (int digits = 2; digits <= most; ++digits) {
    labels.clear();
    for (const double t : ticks) labels.push_back(label(t, digits));
    if (std::adjacent_find(labels.begin(), labels.end()) == labels.end()) break;
  }
  return labels;
}

}  // namespace

// The labels of a log axis's ticks (exponents), with as few significant digits as keep
// every label different from its neighbours ("0.02 0.025 0.03", never "0.02 0.02 0.03").
std::vector<std::string> log_tick_labels(const std::vector<double>& exponents) {
  return labels_apart(exponents, 6, [](double t, int digits) { return format_decade(t, digits); });
}

std::vector<std::string> linear_tick_labels(const std::vector<double>& ticks, double step) {
  return labels_apart(ticks, 15, [step](double t, int digits) { return format_tick(t, step, digits); });
}

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
  const double size = std::max(std::abs(lo), std::abs(hi));
  if (!along_x && !log_y && hi - lo < flat_share * size) {
    const double middle = 0.5 * (lo + hi), half = 0.5 * flat_share * size;
    return {middle - half, middle + half};
  }
  if (hi - lo < 1e-12 * std::max(1.0, size)) {
    const double pad = size > 0.0 ? 0.5 * size : 1.0;
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

namespace {

// The legend's entries flowing left to right in rows of `width` pixels; returns the rows.
int legend_rows(std::span<const plot_series> series, float width, bool draw, ImVec2 origin, ImU32 text_color) {
  const float font = ImGui::GetFontSize();
  const float swatch = 0.8f * font, spacing = 1.2f * font;
  float x = 0.0f;
  int rows = series.empty() ? 0 : 1;
  for (const auto& s : series) {
    const float entry = swatch + 0.4f * font + ImGui::CalcTextSize(s.label.c_str()).x;
    if (x > 0.0f && x + entry > width) {
      x = 0.0f;
      ++rows;
    }
    if (draw) {
      ImDrawList* list = ImGui::GetWindowDrawList();
      const ImVec2 p(origin.x + x, origin.y + static_cast<float>(rows - 1) * ImGui::GetTextLineHeightWithSpacing());
      list->AddRectFilled(ImVec2(p.x, p.y + 0.2f * font), ImVec2(p.x + swatch, p.y + font), s.color);
      list->AddText(ImVec2(p.x + swatch + 0.4f * font, p.y), text_color, s.label.c_str());
    }
    x += entry + spacing;
  }
  return rows;
}

// Ticks along x whose labels do not overlap: fewer ticks until each label has its room.
std::vector<double> spaced_x_ticks(const plot_range& xr, bool log_x, float pixels, std::vector<std::string>& labels) {
  const float font = ImGui::GetFontSize();
  std::vector<double> ticks;
  for (int target = std::max(2, static_cast<int>(pixels / (font * 5.0f))); target >= 1; target = target * 2 / 3) {
    ticks = nice_ticks(xr.min, xr.max, target);
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1.0;
    labels = log_x ? log_tick_labels(ticks) : linear_tick_labels(ticks, step);
    float widest = 0.0f;
    for (const auto& label : labels) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
    const float spacing = ticks.size() > 1 ? pixels * static_cast<float>(step / (xr.max - xr.min)) : pixels;
    if (spacing >= widest + font || target <= 2) break;
  }
  return ticks;
}

}  // namespace

std::size_t nearest_sample(const plot_series& s, double axis_x, bool log_x) {
  const std::size_t n = std::min(s.x.size(), s.y.size());
  const double x_value = log_x ? std::pow(10.0, axis_x) : axis_x;
  const auto it = std::lower_bound(s.x.begin(), s.x.begin() + static_cast<std::ptrdiff_t>(n), x_value);
  std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(it - s.x.begin()), n - 1);
  if (i > 0 && std::abs(to_axis(s.x[i - 1], log_x) - axis_x) < std::abs(to_axis(s.x[i], log_x) - axis_x)) --i;
  return i;
}

float min_plot_height(std::size_t series) {
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float legend = static_cast<float>((series + 1) / 2);  // about two entries to a row
  return (1.0f + legend + 2.0f) * line + min_plot_lines * ImGui::GetFontSize() + 12.0f;
}

void line_plot(const char* id, std::span<const plot_series> series, const plot_options& options) {
  ImGui::PushID(id);
  const float font = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float width = options.size.x > 0.0f ? options.size.x : std::max(avail.x, 8.0f * font);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImU32 label = IM_COL32(190, 190, 195, 255);

  // Above the data: the y title (wrapped to the plot's width), then the legend; below: the
  // x tick labels and the x title.
  const std::string y_title = options.y_label + (options.log_y ? " (log)" : "");
  const float title_height =
      options.y_label.empty() ? 0.0f : ImGui::CalcTextSize(y_title.c_str(), nullptr, false, width).y + 2.0f;
  const float legend_height = static_cast<float>(legend_rows(series, width, false, origin, label)) * line;
  const float top = title_height + legend_height + 4.0f;
  const float bottom = 2.0f * line + 4.0f;
  const float height = std::max(options.size.y, top + bottom + min_plot_lines * font);
  const ImVec2 size(width, height);
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();

  const plot_range xr = options.autoscale
                            ? data_range(series, true, options.log_x)
                            : plot_range{to_axis(options.x_min, options.log_x), to_axis(options.x_max, options.log_x)};
  const plot_range yr = options.autoscale
                            ? data_range(series, false, false, options.log_y)
                            : plot_range{to_axis(options.y_min, options.log_y), to_axis(options.y_max, options.log_y)};
  const float data_top = origin.y + top, data_bottom = origin.y + size.y - bottom;
  const auto yticks =
      nice_ticks(yr.min, yr.max, std::max(2, static_cast<int>((data_bottom - data_top) / (font * 2.5f))));
  const double ystep = yticks.size() > 1 ? yticks[1] - yticks[0] : 1.0;
  const std::vector<std::string> ylabels = options.log_y ? log_tick_labels(yticks) : linear_tick_labels(yticks, ystep);
  float y_label_width = 0.0f;
  for (const auto& label : ylabels) y_label_width = std::max(y_label_width, ImGui::CalcTextSize(label.c_str()).x);
  // The right margin holds half of the last x label (centred on its tick).
  const float right_margin = 0.5f * ImGui::CalcTextSize(format_tick(xr.max, 1.0).c_str()).x + 6.0f;
  const ImVec2 p0(origin.x + y_label_width + 0.5f * font, data_top);
  const ImVec2 p1(std::max(p0.x + font, origin.x + size.x - right_margin), data_bottom);
  report_plot_height(id, p1.y - p0.y);
  draw->AddRectFilled(p0, p1, IM_COL32(20, 22, 28, 255));
  draw->AddRect(p0, p1, IM_COL32(110, 110, 120, 255));
  const auto sx = [&](double x) { return p0.x + static_cast<float>((x - xr.min) / (xr.max - xr.min)) * (p1.x - p0.x); };
  const auto sy = [&](double y) { return p1.y - static_cast<float>((y - yr.min) / (yr.max - yr.min)) * (p1.y - p0.y); };

  // Grid and tick labels, every label inside the item.
  const ImU32 grid = IM_COL32(60, 62, 70, 255);
  std::vector<std::string> xlabels;
  const auto xticks = spaced_x_ticks(xr, options.log_x, p1.x - p0.x, xlabels);
  for (std::size_t k = 0; k < xticks.size(); ++k) {
    const float x = sx(xticks[k]);
    draw->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), grid);
    const float w = ImGui::CalcTextSize(xlabels[k].c_str()).x;
    const float left = std::clamp(x - 0.5f * w, origin.x, origin.x + size.x - w);
    draw->AddText(ImVec2(left, p1.y + 2.0f), label, xlabels[k].c_str());
  }
  for (std::size_t k = 0; k < yticks.size(); ++k) {
    const float y = sy(yticks[k]);
    draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), grid);
    const float w = ImGui::CalcTextSize(ylabels[k].c_str()).x;
    const float text_top = std::clamp(y - 0.5f * font, p0.y - 0.5f * font, p1.y - 0.5f * font);
    draw->AddText(ImVec2(p0.x - w - 0.25f * font, text_top), label, ylabels[k].c_str());
  }
  const std::string x_title = options.x_label + (options.log_x ? " (log)" : "");
  const float x_title_width = ImGui::CalcTextSize(x_title.c_str()).x;
  draw->AddText(ImVec2(std::max(origin.x, 0.5f * (p0.x + p1.x - x_title_width)), p1.y + line + 2.0f), label,
                x_title.c_str());
  check_text_fits(x_title.c_str(), x_title_width, size.x);
  if (!options.y_label.empty()) {
    draw->AddText(ImGui::GetFont(), font, origin, label, y_title.c_str(), nullptr, size.x);
  }
  legend_rows(series, size.x, true, ImVec2(origin.x, origin.y + title_height), label);

  // Series, clipped to the frame; at most a few points per pixel column.
  draw->PushClipRect(p0, p1, true);
  for (const auto& s : series) {
    const std::size_t n = std::min(s.x.size(), s.y.size());
    const std::size_t stride =
        std::max<std::size_t>(1, n / static_cast<std::size_t>(std::max(1.0f, 2.0f * (p1.x - p0.x))));
    ImVec2 previous;
    bool have_previous = false;
    for (std::size_t i = 0; i < n; i += stride) {
      if (!usable(s.x[i], options.log_x) || !usable(s.y[i], options.log_y)) {
        have_previous = false;
        continue;
      }
      const ImVec2 p(sx(to_axis(s.x[i], options.log_x)), sy(to_axis(s.y[i], options.log_y)));
      if (have_previous) draw->AddLine(previous, p, s.color, 0.1f * font + 0.5f);
      if (n < 64) draw->AddCircleFilled(p, 0.16f * font, s.color);
      previous = p;
      have_previous = true;
    }
  }

  // Hovering: a line at the mouse, the nearest sample of each series marked, and a
  // tooltip with x and each series' value there.
  if (hovered && !series.empty()) {
    const float mouse_x = ImGui::GetIO().MousePos.x;
    const double mx = xr.min + (mouse_x - p0.x) / (p1.x - p0.x) * (xr.max - xr.min);
    const double x_value = options.log_x ? std::pow(10.0, mx) : mx;
    draw->AddLine(ImVec2(mouse_x, p0.y), ImVec2(mouse_x, p1.y), IM_COL32(200, 200, 200, 90));
    ImGui::BeginTooltip();
    ImGui::Text("%s = %.6g", options.x_label.c_str(), x_value);
    for (const auto& s : series) {
      const std::size_t n = std::min(s.x.size(), s.y.size());
      if (n == 0) continue;
      const std::size_t i = nearest_sample(s, mx, options.log_x);
      if (usable(s.x[i], options.log_x) && usable(s.y[i], options.log_y)) {
        draw->AddCircle(ImVec2(sx(to_axis(s.x[i], options.log_x)), sy(to_axis(s.y[i], options.log_y))), 0.3f * font,
                        s.color, 0, 2.0f);
      }
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.color), "%s: %.6g  (at %.6g)", s.label.c_str(), s.y[i],
                         s.x[i]);
    }
    ImGui::EndTooltip();
  }
  draw->PopClipRect();
  ImGui::PopID();
}

}  // namespace framelab::ui
