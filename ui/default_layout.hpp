#pragma once
// Where each panel opens the first time (before the user moves it; ImGui then keeps
// its place in imgui.ini). The middle of the window is the stage: no panel's first
// place covers the central stage_fraction of the width and of the height, so a class
// sees the physics when the app starts. Panels sit in the margins around it:
//
//   +---------+---------- top ----------+---------+
//   | left    |                         | right   |
//   | top     |          stage          | top     |
//   +---------+   (60 % x 60 %, clear)  +---------+
//   | left    |                         | right   |
//   | bottom  |                         | bottom  |
//   +---------+-------- bottom ---------+---------+
//
// `centre` is for panels the user opens on purpose (Benchmarks): it covers the stage.
#include <imgui.h>

namespace framelab::ui {

inline constexpr float stage_fraction = 0.6f;

enum class panel_slot { left_top, left_bottom, top, right_top, right_bottom, bottom, centre };

struct panel_rect {
  ImVec2 position;
  ImVec2 size;
};

// The slot's rectangle in a display of `display` pixels whose menu bar is `menu_height`
// tall. The index-th panel sharing a slot is stacked below the previous one's title bar
// (title_height tall) so that every title stays visible.
panel_rect slot_rect(panel_slot slot, ImVec2 display, float menu_height, int index = 0, float title_height = 0.0f);

// The stage rectangle (the central stage_fraction of each side).
panel_rect stage_rect(ImVec2 display);

}  // namespace framelab::ui
