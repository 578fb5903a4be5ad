#pragma once
// The interface scale, in percent: 100 % is the font at ui_font_pixels and ImGui's
// widget sizes; 300 % triples both, for a lecture hall's back row. Ctrl+= and Ctrl+-
// step it by ui_scale_step, Ctrl+0 returns to 100 %. The app rebuilds the fonts and the
// style when state.ui_scale_percent changes, and saves it in the settings.
#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace framelab::ui {

inline constexpr int min_ui_scale_percent = 100;
inline constexpr int max_ui_scale_percent = 300;
inline constexpr int ui_scale_step_percent = 25;
inline constexpr float ui_font_pixels = 16.0f;  // the text height at 100 %
inline constexpr float reference_dpi = 96.0f;   // the display density 100 % is made for

inline int clamp_ui_scale(int percent) {
  return std::clamp(percent, min_ui_scale_percent, max_ui_scale_percent);
}

// One step up (direction > 0) or down (direction < 0), onto the step grid, within range.
inline int step_ui_scale(int percent, int direction) {
  const int grid = (clamp_ui_scale(percent) / ui_scale_step_percent) * ui_scale_step_percent;
  const int next =
      direction > 0 ? grid + ui_scale_step_percent : (grid == percent ? grid - ui_scale_step_percent : grid);
  return clamp_ui_scale(next);
}

// The scale a display starts at when no scale is saved: its density over 96 dpi, to the
// nearest step (a 192-dpi HiDPI screen starts at 200 %). An unknown density (0, NaN) is 100 %.
inline int ui_scale_for_dpi(float dpi) {
  if (!(dpi > 0.0f) || !std::isfinite(dpi)) return min_ui_scale_percent;
  const float percent = 100.0f * dpi / reference_dpi;
  return clamp_ui_scale(static_cast<int>(std::lround(percent / ui_scale_step_percent)) * ui_scale_step_percent);
}

// Where SDL cannot tell the density (common on X11), the desktop's own scale factor, as
// GTK and Qt read it (GDK_SCALE=2, QT_SCALE_FACTOR=1.5), to the nearest step; 100 % when
// neither is set or readable.
inline int ui_scale_for_desktop_factor(const char* gdk_scale, const char* qt_scale_factor) {
  for (const char* text : {gdk_scale, qt_scale_factor}) {
    if (text == nullptr || text[0] == '\0') continue;
    char* end = nullptr;
    const float factor = std::strtof(text, &end);
    if (end != text && *end == '\0' && factor > 0.0f) return ui_scale_for_dpi(factor * reference_dpi);
  }
  return min_ui_scale_percent;
}

inline float ui_scale_factor(int percent) {
  return static_cast<float>(clamp_ui_scale(percent)) / 100.0f;
}

}  // namespace framelab::ui
