#pragma once
// A rectangle of pixels in OpenGL's window coordinates (origin bottom left).
#include <algorithm>

namespace framelab::render {

// A rectangle of the framebuffer in OpenGL's pixels (origin bottom left). A viewport may
// reach past the framebuffer's edges (a picture centred off the window's centre).
struct pixel_rect {
  int x = 0, y = 0, width = 0, height = 0;
};

// The pixels of both rectangles (empty: a zero width or height).
inline pixel_rect intersection(const pixel_rect& a, const pixel_rect& b) {
  const int x = std::max(a.x, b.x), y = std::max(a.y, b.y);
  const int right = std::min(a.x + a.width, b.x + b.width), top = std::min(a.y + a.height, b.y + b.height);
  return {x, y, std::max(0, right - x), std::max(0, top - y)};
}

// The smallest rectangle holding both (non-empty) rectangles.
inline pixel_rect bounding(const pixel_rect& a, const pixel_rect& b) {
  const int x = std::min(a.x, b.x), y = std::min(a.y, b.y);
  return {x, y, std::max(a.x + a.width, b.x + b.width) - x, std::max(a.y + a.height, b.y + b.height) - y};
}

}  // namespace framelab::render
