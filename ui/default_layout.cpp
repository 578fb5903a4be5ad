#include "ui/default_layout.hpp"

#include <algorithm>

namespace framelab::ui {

namespace {

constexpr float gap = 4.0f;  // pixels between a panel and the stage or the window's edge

}  // namespace

panel_rect stage_rect(ImVec2 display) {
  const float margin = 0.5f * (1.0f - stage_fraction);
  return {ImVec2(margin * display.x, margin * display.y),
          ImVec2(stage_fraction * display.x, stage_fraction * display.y)};
}

panel_rect slot_rect(panel_slot slot, ImVec2 display, float menu_height, int index, float title_height) {
  const panel_rect stage = stage_rect(display);
  const float left = stage.position.x;  // width of the side columns
  const float right = stage.position.x + stage.size.x;
  const float bottom = stage.position.y + stage.size.y;
  const float top = menu_height + gap;
  const float middle_y = top + 0.5f * (display.y - top);
  const float side_width = left - 2.0f * gap;
  panel_rect r{};
  switch (slot) {
    case panel_slot::left_top:
      r = {ImVec2(gap, top), ImVec2(side_width, middle_y - top - gap)};
      break;
    case panel_slot::left_bottom:
      r = {ImVec2(gap, middle_y), ImVec2(side_width, display.y - middle_y - gap)};
      break;
    case panel_slot::right_top:
      r = {ImVec2(right + gap, top), ImVec2(side_width, middle_y - top - gap)};
      break;
    case panel_slot::right_bottom:
      r = {ImVec2(right + gap, middle_y), ImVec2(side_width, display.y - middle_y - gap)};
      break;
    case panel_slot::top:
      r = {ImVec2(left + gap, top), ImVec2(stage.size.x - 2.0f * gap, stage.position.y - top - gap)};
      break;
    case panel_slot::bottom:
      r = {ImVec2(left + gap, bottom + gap), ImVec2(stage.size.x - 2.0f * gap, display.y - bottom - 2.0f * gap)};
      break;
    case panel_slot::centre:
      r = {ImVec2(left + gap, top), ImVec2(stage.size.x - 2.0f * gap, display.y - top - gap)};
      break;
  }
  // Stacked panels: each one's title bar below the previous one's, the same bottom edge.
  const float shift = std::min(static_cast<float>(std::max(index, 0)) * title_height, 0.5f * r.size.y);
  r.position.y += shift;
  r.size.y -= shift;
  r.size.x = std::max(r.size.x, 1.0f);
  r.size.y = std::max(r.size.y, 1.0f);
  return r;
}

}  // namespace framelab::ui
