#include "ui/stage_area.hpp"

#include <algorithm>

namespace framelab::ui {

stage_viewport stage_centred_on(const screen_rect& free, const screen_rect& clip) {
  const float cx = free.centre_x();
  const float cy = free.centre_y();
  const float half_w = std::max(cx - clip.x, clip.right() - cx);
  const float half_h = std::max(cy - clip.y, clip.bottom() - cy);
  return {free, clip, {cx - half_w, cy - half_h, 2.0f * half_w, 2.0f * half_h}};
}

stage_viewport stage_or_window(const stage_viewport& stage, float width, float height) {
  if (!stage.canvas.empty()) return stage;
  const screen_rect window{0.0f, 0.0f, width, height};
  return {window, window, window};
}

screen_rect clear_of_panels(const stage_viewport& stage, float share) {
  const screen_rect& f = stage.free;
  const screen_rect& c = stage.clip;
  const float across = share * f.width, down = share * f.height;
  const float left = f.x > c.x ? across : 0.0f, right = f.right() < c.right() ? across : 0.0f;
  const float top = f.y > c.y ? down : 0.0f, bottom = f.bottom() < c.bottom() ? down : 0.0f;
  return {f.x + left, f.y + top, f.width - left - right, f.height - top - bottom};
}

ndc_point canvas_to_ndc(const stage_viewport& stage, float px, float py) {
  const screen_rect& c = stage.canvas;
  return {2.0 * (px - c.x) / std::max(1.0f, c.width) - 1.0, 1.0 - 2.0 * (py - c.y) / std::max(1.0f, c.height)};
}

void ndc_to_canvas(const stage_viewport& stage, const ndc_point& ndc, float& px, float& py) {
  const screen_rect& c = stage.canvas;
  px = c.x + static_cast<float>((ndc.x + 1.0) * 0.5) * c.width;
  py = c.y + static_cast<float>((1.0 - ndc.y) * 0.5) * c.height;
}

}  // namespace framelab::ui
