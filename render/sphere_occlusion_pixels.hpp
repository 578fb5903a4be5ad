#pragma once
// The pixel rules of render/sphere_occlusion.hpp's two passes that its portable code
// (sphere_occlusion.cpp) and its AVX2 code (sphere_occlusion_avx2.cpp) share: which pixel
// centres a span holds, a sprite's writer for pass 1 and its candidate for pass 2. Internal to
// those two files.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "render/point_sprite.hpp"
#include "render/sphere_occlusion.hpp"

namespace framelab::render::occlusion_pixels {

// The pixels whose centres (i + 1/2) lie in [low, high]: first and last (empty when last < first),
// ceil(low - 1/2) and floor(high - 1/2) by truncation (std::ceil and std::floor are calls to the
// C library in a build for every x86-64), for |low|, |high| < 2^30 (the sprites' are within
// the viewport's size of it).
inline int first_pixel(float low) {
  const float v = low - 0.5f;
  const int t = static_cast<int>(v);
  return t + (static_cast<float>(t) < v ? 1 : 0);
}
inline int last_pixel(float high) {
  const float v = high - 0.5f;
  const int t = static_cast<int>(v);
  return t - (static_cast<float>(t) > v ? 1 : 0);
}

// Pass 1's pixels of a sprite: centres inside the square by the margin,
//   |x - centre.x| <= size / 2 - margin  and  |y - centre.y| <= size / 2 - margin,
// and inside the disc by the margin (and 0.1 % for the GPU's rounding of its radius):
//   |x - disc.x| <= sqrt(R^2 - (y - disc.y)^2),  R = 0.999 disc_radius - margin.
inline float inner_half(const point_sprite& sprite) {
  return 0.5f * sprite.size - sprite_pixel_margin;
}
inline float inner_radius(const point_sprite& sprite) {
  return 0.999f * sprite.disc_radius - sprite_pixel_margin;
}

// The writer of `sprite` whose rows y0..y1 and columns x0..x1 (clipped to the drawn rectangle)
// hold those pixels: from writer_of, or 8 sprites at a time from sprites_of_8; none when it
// certainly covers no pixel.
inline std::optional<sphere_occlusion::writer> writer_over(const point_sprite& sprite, int x0, int x1, int y0, int y1) {
  const float half = inner_half(sprite), radius = inner_radius(sprite);
  if (!(half > 0.0f) || !(radius > 0.0f) || x1 < x0 || y1 < y0) return std::nullopt;
  return sphere_occlusion::writer{.square_low = sprite.centre.x - half,
                                  .square_high = sprite.centre.x + half,
                                  .disc_x = sprite.disc_centre.x,
                                  .disc_y = sprite.disc_centre.y,
                                  .radius = radius,
                                  .depth = sprite.depth,
                                  .x0 = x0,
                                  .x1 = x1,
                                  .y0 = y0,
                                  .y1 = y1};
}

// Pass 2's candidate whose square may touch the pixels x0..x1, y0..y1 (clipped to the drawn
// rectangle): from candidate_of, or 8 sprites at a time from sprites_of_8; none when the
// rectangle cuts it all off.
inline std::optional<sphere_occlusion::candidate> candidate_over(std::uint32_t index, float depth, int x0, int x1,
                                                                int y0, int y1, const pixel_rect& drawn) {
  if (x1 < x0 || y1 < y0) return std::nullopt;
  return sphere_occlusion::candidate{index, depth, static_cast<std::uint16_t>(x0 - drawn.x),
                                     static_cast<std::uint16_t>(x1 - drawn.x), static_cast<std::uint16_t>(y0 - drawn.y),
                                     static_cast<std::uint16_t>(y1 - drawn.y)};
}

// A writer into a run's list, the rows [low, high] its writers may write grown to hold it.
inline void add_writer(const sphere_occlusion::writer& w, std::vector<sphere_occlusion::writer>& to, int& low,
                       int& high) {
  to.push_back(w);
  low = std::min(low, w.y0);
  high = std::max(high, w.y1);
}

}  // namespace framelab::render::occlusion_pixels
