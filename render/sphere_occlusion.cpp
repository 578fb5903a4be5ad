#include "render/sphere_occlusion.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace framelab::render {

namespace {

// The pixels whose centres (i + 1/2) lie in [low, high]: first and last (empty when last < first),
// ceil(low - 1/2) and floor(high - 1/2) by truncation (std::ceil and std::floor are calls to the
// C library in a build for every x86-64), for |low|, |high| < 2^30 (the sprites' are within
// the viewport's size of it).
int first_pixel(float low) {
  const float v = low - 0.5f;
  const int t = static_cast<int>(v);
  return t + (static_cast<float>(t) < v ? 1 : 0);
}
int last_pixel(float high) {
  const float v = high - 0.5f;
  const int t = static_cast<int>(v);
  return t - (static_cast<float>(t) > v ? 1 : 0);
}

}  // namespace

// Pass 1. Certainly covered: pixel centres (x, y) inside the square by the margin,
//   |x - centre.x| <= size / 2 - margin  and  |y - centre.y| <= size / 2 - margin,
// and inside the disc by the margin (and 0.1 % for the GPU's rounding of its radius):
//   |x - disc.x| <= sqrt(R^2 - (y - disc.y)^2),  R = 0.999 disc_radius - margin.
void sphere_occlusion::cover(const point_sprite& sprite) {
  const float half = 0.5f * sprite.size - sprite_pixel_margin;
  const float radius = 0.999f * sprite.disc_radius - sprite_pixel_margin;
  if (!(half > 0.0f) || !(radius > 0.0f)) return;
  const int y0 = std::max({drawn_.y, first_pixel(sprite.centre.y - half), first_pixel(sprite.disc_centre.y - radius)});
  const int y1 = std::min({drawn_.y + drawn_.height - 1, last_pixel(sprite.centre.y + half),
                           last_pixel(sprite.disc_centre.y + radius)});
  const float square_low = sprite.centre.x - half, square_high = sprite.centre.x + half;
  for (int j = y0; j <= y1; ++j) {
    const float dy = static_cast<float>(j) + 0.5f - sprite.disc_centre.y;
    const float reach = radius * radius - dy * dy;
    if (!(reach >= 0.0f)) continue;
    const float across = std::sqrt(reach);
    const int x0 = std::max({drawn_.x, first_pixel(square_low), first_pixel(sprite.disc_centre.x - across)});
    const int x1 = std::min({drawn_.x + drawn_.width - 1, last_pixel(square_high),
                             last_pixel(sprite.disc_centre.x + across)});
    float* row = depth_.data() + static_cast<std::size_t>(j - drawn_.y) * static_cast<std::size_t>(drawn_.width) -
                 drawn_.x;
    for (int i = x0; i <= x1; ++i) row[i] = std::min(row[i], sprite.depth);
  }
}

// Pass 2: hidden when every pixel the square may touch holds a depth nearer by the margin.
bool sphere_occlusion::hidden(const candidate& ball) const {
  const float limit = ball.depth - sprite_depth_margin;
  for (int j = ball.y0; j <= ball.y1; ++j) {
    const float* row =
        depth_.data() + static_cast<std::size_t>(j - drawn_.y) * static_cast<std::size_t>(drawn_.width) - drawn_.x;
    for (int i = ball.x0; i <= ball.x1; ++i) {
      if (!(row[i] < limit)) return false;
    }
  }
  return true;
}

std::size_t sphere_occlusion::cull(std::span<const packed_sphere> batch, const sprite_camera& camera,
                                   const pixel_rect& drawn, const glm::vec3& eye, float reach_squared,
                                   std::vector<packed_sphere>& visible) {
  drawn_ = drawn;
  depth_.assign(static_cast<std::size_t>(std::max(0, drawn.width)) * static_cast<std::size_t>(std::max(0, drawn.height)),
                std::numeric_limits<float>::infinity());
  candidates_.clear();
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const packed_sphere& s = batch[k];
    if (!beyond_reach(s, eye, reach_squared) || !opaque_rgba(s.rgba)) continue;
    const auto sprite = point_sprite_of(s.centre, s.diameter, camera);
    if (!sprite) continue;
    cover(*sprite);
    const float half = 0.5f * sprite->size + sprite_pixel_margin;
    candidates_.push_back({static_cast<std::uint32_t>(k), sprite->depth,
                           std::max(drawn.x, first_pixel(sprite->centre.x - half)),
                           std::min(drawn.x + drawn.width - 1, last_pixel(sprite->centre.x + half)),
                           std::max(drawn.y, first_pixel(sprite->centre.y - half)),
                           std::min(drawn.y + drawn.height - 1, last_pixel(sprite->centre.y + half))});
  }
  visible.clear();
  visible.reserve(batch.size());
  std::size_t next = 0;  // the batch's first sphere not yet copied
  std::size_t culled = 0;
  for (const candidate& ball : candidates_) {
    if (!hidden(ball)) continue;
    visible.insert(visible.end(), batch.begin() + static_cast<std::ptrdiff_t>(next),
                   batch.begin() + static_cast<std::ptrdiff_t>(ball.index));
    next = ball.index + 1;
    ++culled;
  }
  visible.insert(visible.end(), batch.begin() + static_cast<std::ptrdiff_t>(next), batch.end());
  return culled;
}

}  // namespace framelab::render
