#pragma once
// Where the panels open (before the user moves them; ImGui then keeps their places in
// imgui.ini), computed from what each open panel needs at the current font size, not
// from fixed fractions of the window. The middle of the window is the stage: no panel
// covers the central stage_clear_fraction of the width and of the height.
//
//   +--------+------- top strip --------+--------+
//   | left   |                          | right  |
//   | column |          stage           | column |
//   |        |   (middle 50 % x 50 %)   |        |
//   |        +----- bottom strip -------+        |
//   +--------+--------------------------+--------+
//
// A side column is as wide as its widest panel needs, at most a quarter of the window
// (the stage keeps the middle half). A panel preferring a strip (the transport above,
// the plots below) goes into its column when the strip is too low for it. When a column
// cannot hold its panels at their needed heights, every side panel goes into ONE column
// of collapsible sections (ui/panel_layout.hpp) instead of shrinking into slivers.
// `centre` is for panels the user opens on purpose (Benchmarks): it covers the stage.
#include <imgui.h>

#include <span>
#include <vector>

namespace framelab::ui {

// How much of the window the camera's framing fills (render::framing_camera and the
// presentation follower use it).
inline constexpr float stage_fraction = 0.6f;
// The middle of the window no panel covers: this fraction of the width and of the height.
inline constexpr float stage_clear_fraction = 0.5f;

struct panel_rect {
  ImVec2 position;
  ImVec2 size;
};

enum class panel_place { left, right, top, bottom, centre };

// What one open panel needs, in pixels at the current font size.
struct panel_need {
  panel_place place = panel_place::left;
  float width = 0.0f;
  float height = 0.0f;
};

struct layout_plan {
  bool sections = false;          // the side panels share one column of collapsible sections
  panel_rect column{};            // that column (sections only)
  std::vector<panel_rect> rects;  // one per need, in order: its own window's place
  std::vector<char> in_column;    // one per need: drawn as a section of the column
};

// The plan for `needs` in a display of `display` pixels under a menu bar `menu_height`
// tall, with `gap` pixels between panels and around the stage.
layout_plan plan_layout(std::span<const panel_need> needs, ImVec2 display, float menu_height, float gap);

// The stage no panel covers (the central stage_clear_fraction of each side).
panel_rect stage_rect(ImVec2 display);

// The part of the window the plan's panels leave free around the stage, below a menu bar
// `menu_height` tall: bounded by the panels left, right, above and below stage_rect,
// `gap` off each (a panel over the stage, Benchmarks, is opened on purpose and ignored).
// The 3D view is centred on it and frames the bodies in it (ui/stage_area.hpp).
panel_rect free_area(const layout_plan& plan, ImVec2 display, float menu_height, float gap);

}  // namespace framelab::ui
