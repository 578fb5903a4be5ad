#include "render/sphere_occlusion.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <optional>
#include <span>

#include "core/parallel_parts.hpp"
#include "render/sphere_occlusion_pixels.hpp"

namespace framelab::render {

using occlusion_pixels::add_writer;
using occlusion_pixels::candidate_over;
using occlusion_pixels::first_pixel;
using occlusion_pixels::inner_half;
using occlusion_pixels::inner_radius;
using occlusion_pixels::last_pixel;
using occlusion_pixels::writer_over;

namespace {

constexpr float far_depth = std::numeric_limits<float>::infinity();

// Pass 1's bands hold at least this many rows (a part's start costs a few microseconds).
constexpr int rows_per_band = 32;

// `v` at least n long (kept so: a scratch list written by index, its length counted apart).
template <class T>
void grow_to(std::vector<T>& v, std::size_t n) {
  if (v.size() < n) v.resize(n);
}

// The writer of `sprite` (writer_over), its rows and columns clipped to the drawn rectangle.
std::optional<sphere_occlusion::writer> writer_of(const point_sprite& sprite, const pixel_rect& drawn) {
  const float half = inner_half(sprite), radius = inner_radius(sprite);
  const int right = drawn.x + drawn.width - 1, top = drawn.y + drawn.height - 1;
  const float low = sprite.centre.y - half, disc_low = sprite.disc_centre.y - radius;
  return writer_over(sprite, std::max(drawn.x, first_pixel(sprite.centre.x - half)),
                     std::min(right, last_pixel(sprite.centre.x + half)),
                     std::max({drawn.y, first_pixel(low), first_pixel(disc_low)}),
                     std::min({top, last_pixel(sprite.centre.y + half), last_pixel(sprite.disc_centre.y + radius)}));
}

// Pass 2's pixels of a sprite: those its square may touch, the outer margin added; none when the
// drawn rectangle cuts it all off.
std::optional<sphere_occlusion::candidate> candidate_of(std::uint32_t index, const point_sprite& sprite,
                                                       const pixel_rect& drawn) {
  const float half = 0.5f * sprite.size + sprite_pixel_margin;
  return candidate_over(index, sprite.depth, std::max(drawn.x, first_pixel(sprite.centre.x - half)),
                        std::min(drawn.x + drawn.width - 1, last_pixel(sprite.centre.x + half)),
                        std::max(drawn.y, first_pixel(sprite.centre.y - half)),
                        std::min(drawn.y + drawn.height - 1, last_pixel(sprite.centre.y + half)), drawn);
}

}  // namespace

// The buffer at `drawn`'s size (all far when new; else the last frame's writes are cleared by
// pass 1's bands), every tile far.
void sphere_occlusion::prepare(const pixel_rect& drawn) {
  avx2_ = cpu_has_avx2_fma();
  const pixel_rect size{drawn.x, drawn.y, std::max(0, drawn.width), std::max(0, drawn.height)};
  if (grid_ == nullptr || depth_.empty() || size.x != drawn_.x || size.y != drawn_.y || size.width != drawn_.width ||
      size.height != drawn_.height) {
    drawn_ = size;
    stride_ = (drawn_.width + 16 + 7) / 8 * 8;
    depth_.assign(static_cast<std::size_t>(stride_) * static_cast<std::size_t>(drawn_.height) + 8, far_depth);
    const auto misaligned = reinterpret_cast<std::uintptr_t>(depth_.data()) % 32 / sizeof(float);
    grid_ = depth_.data() + (8 - misaligned) % 8;
    written_ = {};
    tiles_x_ = (drawn_.width + tile_size - 1) / tile_size;
    tiles_y_ = (drawn_.height + tile_size - 1) / tile_size;
  }
  tiles_.assign(static_cast<std::size_t>(tiles_x_) * static_cast<std::size_t>(tiles_y_) + 3, far_depth);
}

// The sprites of the batch's balls [first, last): their candidates, and the writers among them;
// the other balls kept (writes_ 1) but those the drawn rectangle cuts off, culled (writes_ 0).
void sphere_occlusion::add_run(std::span<const packed_sphere> batch, const sprite_camera& camera, const glm::vec3& eye,
                               float reach_squared, std::size_t first, std::size_t last, run_lists& run) {
  for (std::size_t k = first; k < last; ++k) {
    const packed_sphere& s = batch[k];
    const auto sprite = beyond_reach(s, eye, reach_squared) && opaque_rgba(s.rgba)
                            ? point_sprite_of(s.centre, s.diameter, camera)
                            : std::nullopt;
    if (!sprite) {
      writes_[k] = 1;  // kept
      continue;
    }
    const auto ball = candidate_of(static_cast<std::uint32_t>(k), *sprite, drawn_);
    if (!ball) {
      writes_[k] = 0;
      ++run.cut_off;
      continue;
    }
    run.candidates.push_back(*ball);
    if (writes_[k] == 0) continue;
    if (const auto w = writer_of(*sprite, drawn_)) add_writer(*w, run.writers, run.low, run.high);
  }
}

// Pass 1 for one ball, its rows within [first_row, last_row].
void sphere_occlusion::cover(const writer& w, int first_row, int last_row) {
  for (int j = std::max(w.y0, first_row); j <= std::min(w.y1, last_row); ++j) {
    const float dy = static_cast<float>(j) + 0.5f - w.disc_y;
    const float reach = w.radius * w.radius - dy * dy;
    if (!(reach >= 0.0f)) continue;
    const float across = std::sqrt(reach);
    const int x0 = std::max(w.x0, first_pixel(std::max(w.square_low, w.disc_x - across)));
    const int x1 = std::min(w.x1, last_pixel(std::min(w.square_high, w.disc_x + across)));
    float* pixels = row(j) - drawn_.x;
    for (int i = x0; i <= x1; ++i) pixels[i] = std::min(pixels[i], w.depth);
  }
}

// Pass 1 (the first writers, or the late ones) in bands of whole tile rows, at once: each band
// clears the last frame's writes in its rows (the first time), writes, and takes its tiles'
// farthest depths (the first time; the late writes only bring pixels nearer, so the tiles'
// depths stay no nearer than their pixels').
void sphere_occlusion::write_bands(bool late) {
  int low = INT_MAX, high = INT_MIN;
  for (const run_lists& run : runs_) {
    low = std::min(low, run.low);
    high = std::max(high, run.high);
  }
  if (!late && written_.width > 0) {
    low = std::min(low, written_.y);
    high = std::max(high, written_.y + written_.height - 1);
  }
  if (low > high) return;
  const int first_tile = (low - drawn_.y) / tile_size, last_tile = (high - drawn_.y) / tile_size;
  const auto tile_rows = static_cast<std::size_t>(last_tile - first_tile + 1);
  bands_.assign(runs_for(tile_rows * tile_size, rows_per_band, threads_), pixel_rect{});
  const int top = drawn_.y + drawn_.height - 1;
  run_ranges(tile_rows, bands_.size(), [this, late, first_tile, top](std::size_t b, std::size_t from, std::size_t to) {
    write_band(late, drawn_.y + (first_tile + static_cast<int>(from)) * tile_size,
               std::min(top, drawn_.y + (first_tile + static_cast<int>(to)) * tile_size - 1), bands_[b]);
  });
  if (!late) written_ = {};  // the bands have cleared it
  for (const pixel_rect& b : bands_) {
    if (b.width == 0) continue;
    written_ = written_.width == 0 ? b : bounding(written_, b);
  }
}

void sphere_occlusion::write_band(bool late, int first_row, int last_row, pixel_rect& written) {
  if (!late && written_.width > 0) {  // the last frame's writes
    for (int j = std::max(first_row, written_.y); j <= std::min(last_row, written_.y + written_.height - 1); ++j)
      std::fill_n(row(j) + (written_.x - drawn_.x), written_.width, far_depth);
  }
  int x0 = INT_MAX, x1 = INT_MIN, y0 = INT_MAX, y1 = INT_MIN;
  for (const run_lists& run : runs_) {
    for (const writer& w : late ? run.late : run.writers) {
      if (w.y1 < first_row || w.y0 > last_row) continue;
#if FRAMELAB_X86_DISPATCH
      avx2_ ? cover_avx2(w, first_row, last_row) : cover(w, first_row, last_row);
#else
      cover(w, first_row, last_row);
#endif
      x0 = std::min(x0, w.x0);
      x1 = std::max(x1, w.x1);
      y0 = std::min(y0, std::max(w.y0, first_row));
      y1 = std::max(y1, std::min(w.y1, last_row));
    }
  }
  written = x0 > x1 ? pixel_rect{} : pixel_rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
  tile_maxima(written);
}

// The farthest depth of each tile that pass 1 wrote to in a band (the others stay far): its rows
// in the buffer, its tile_size columns (past the right edge, the padding's far).
void sphere_occlusion::tile_maxima(const pixel_rect& w) {
  if (w.width == 0) return;
  const int tx0 = (w.x - drawn_.x) / tile_size, tx1 = (w.x + w.width - 1 - drawn_.x) / tile_size;
  const int ty0 = (w.y - drawn_.y) / tile_size, ty1 = (w.y + w.height - 1 - drawn_.y) / tile_size;
  const int top = drawn_.y + drawn_.height - 1;
  for (int ty = ty0; ty <= ty1; ++ty) {
    const int j0 = drawn_.y + ty * tile_size, j1 = std::min(top, j0 + tile_size - 1);
    for (int tx = tx0; tx <= tx1; ++tx) {
      float farthest[tile_size];
      std::fill_n(farthest, tile_size, -far_depth);
      for (int j = j0; j <= j1; ++j) {
        const float* pixels = row(j) + tx * tile_size;
        for (int c = 0; c < tile_size; ++c) farthest[c] = pixels[c] > farthest[c] ? pixels[c] : farthest[c];
      }
      tile(tx, ty) = *std::max_element(farthest, farthest + tile_size);
    }
  }
}

// Pass 2 by the tiles: hidden when each tile its square touches is nearer than it by the margin.
bool sphere_occlusion::tiles_hide(const candidate& ball) const {
  const float limit = ball.depth - sprite_depth_margin;
  const int tx0 = ball.x0 / tile_size, tx1 = ball.x1 / tile_size;
  for (int ty = ball.y0 / tile_size; ty <= ball.y1 / tile_size; ++ty) {
    for (int tx = tx0; tx <= tx1; ++tx) {
      if (!(tile(tx, ty) < limit)) return false;
    }
  }
  return true;
}

// Pass 2: hidden when every pixel the square may touch holds a depth nearer by the margin.
bool sphere_occlusion::hidden(const candidate& ball) const {
  const float limit = ball.depth - sprite_depth_margin;
  for (int j = ball.y0; j <= ball.y1; ++j) {
    const float* pixels = candidate_row(j);
    for (int i = ball.x0; i <= ball.x1; ++i) {
      if (!(pixels[i] < limit)) return false;
    }
  }
  return true;
}

// Pass 2's answers for `balls` (at most balls_per_test) in `hide` (1: hidden): behind by the
// tiles, or pixel by pixel.
void sphere_occlusion::test(std::span<const candidate> balls, std::uint8_t* hide) const {
#if FRAMELAB_X86_DISPATCH
  if (avx2_) {
    test_avx2(balls, hide);
    return;
  }
#endif
  for (std::size_t i = 0; i < balls.size(); ++i) hide[i] = tiles_hide(balls[i]) || hidden(balls[i]) ? 1 : 0;
}

// Pass 2 over a run's candidates, `again` over those it did not hide the first time (the run's
// shown ones): writes_ 0 when hidden, else 1 when it has written in pass 1 and 2 when not yet
// (0 before: a ball the last frame culled; its index goes to the run's late balls, its writer
// to the late writers). Counts the run's hidden balls. balls_per_test at a time, each block's
// answers recorded while its candidates are in the cache, without a branch on a ball's answer
// (hidden or not, as a pile's balls come, is a coin toss to the branch predictor).
void sphere_occlusion::mark_run(bool again, run_lists& run, std::span<const packed_sphere> batch,
                                const sprite_camera& camera) {
  const std::span<const candidate> balls =
      again ? std::span<const candidate>(run.shown.data(), run.shown_count) : std::span<const candidate>(run.candidates);
  if (!again) {
    grow_to(run.shown, balls.size());
    grow_to(run.late_balls, balls.size());
  }
  std::size_t hidden = 0, late = 0, shown = 0;
  std::uint8_t hide[balls_per_test];
  for (std::size_t first = 0; first < balls.size(); first += balls_per_test) {
    const std::span<const candidate> block = balls.subspan(first, std::min(balls_per_test, balls.size() - first));
    test(block, hide);
    for (std::size_t i = 0; i < block.size(); ++i) {
      const candidate& ball = block[i];
      std::uint8_t& state = writes_[ball.index];
      hidden += hide[i];
      if (again) {
        state = static_cast<std::uint8_t>(1 - hide[i]);
        continue;
      }
      const std::uint8_t culled_before = state == 0 ? 1 : 0;
      run.shown[shown] = ball;
      shown += 1u - hide[i];
      run.late_balls[late] = ball.index;
      late += (1u - hide[i]) & culled_before;
      state = static_cast<std::uint8_t>((1 - hide[i]) * (1 + culled_before));
    }
  }
  if (!again) {
    run.shown_count = shown;
    run.hidden = run.cut_off;
  }
  run.hidden += hidden;
  run.late_count = late;
  add_late(run, batch, camera);
}

// The writers of the run's late balls.
void sphere_occlusion::add_late(run_lists& run, std::span<const packed_sphere> batch, const sprite_camera& camera) {
#if FRAMELAB_X86_DISPATCH
  if (avx2_) {
    add_late_avx2(run, batch, camera);
    return;
  }
#endif
  for (std::size_t i = 0; i < run.late_count; ++i) {
    const packed_sphere& s = batch[run.late_balls[i]];
    if (const auto sprite = point_sprite_of(s.centre, s.diameter, camera)) {
      if (const auto w = writer_of(*sprite, drawn_)) add_writer(*w, run.late, run.low, run.high);
    }
  }
}

// The batch but the hidden balls (writes_ 0: the candidates pass 2 hid; the other balls are 1),
// each run's copied at once, in place (no capacity checks).
std::span<const packed_sphere> sphere_occlusion::keep(std::span<const packed_sphere> batch,
                                                      std::vector<packed_sphere>& visible) {
  if (visible.size() < batch.size()) visible.resize(batch.size());
  std::size_t total = 0;
  for (run_lists& run : runs_) {
    run.offset = total;
    total += run.size - run.hidden;
  }
  run_ranges(batch.size(), runs_.size(), [this, batch, &visible](std::size_t r, std::size_t first, std::size_t last) {
    packed_sphere* to = visible.data() + runs_[r].offset;
    for (std::size_t k = first; k < last; ++k) {
      if (writes_[k] != 0) *to++ = batch[k];
    }
  });
  return {visible.data(), total};
}

// The sprites in runs; pass 1 by the balls the last frame kept; pass 2; pass 1 by the ones it
// had not kept that are not hidden now, and pass 2 again over the balls not hidden: the balls
// all writers would hide. Each ball's test reads the buffer and writes its own byte of writes_.
std::span<const packed_sphere> sphere_occlusion::cull(std::span<const packed_sphere> batch, const sprite_camera& camera,
                                                      const pixel_rect& drawn, const glm::vec3& eye,
                                                      float reach_squared, std::vector<packed_sphere>& visible) {
  if (drawn.width > largest_side || drawn.height > largest_side) return batch;  // nothing culled
  prepare(drawn);
  if (writes_.size() != batch.size()) writes_.assign(batch.size(), 1);
  runs_.resize(runs_for(batch.size(), balls_per_run_, threads_));
  run_ranges(batch.size(), runs_.size(),
             [this, batch, &camera, &eye, reach_squared](std::size_t r, std::size_t first, std::size_t last) {
               run_lists& run = runs_[r];
               run.candidates.clear();
               run.writers.clear();
               run.late.clear();
               run.cut_off = 0;
               run.low = INT_MAX;
               run.high = INT_MIN;
               run.size = last - first;
#if FRAMELAB_X86_DISPATCH
               if (avx2_) {
                 add_run_avx2(batch, camera, eye, reach_squared, first, last, run);
                 return;
               }
#endif
               add_run(batch, camera, eye, reach_squared, first, last, run);
             });
  write_bands(false);
  const auto mark = [this, batch, &camera](bool again) {
    run_parts(runs_.size(), [this, again, batch, &camera](std::size_t r) { mark_run(again, runs_[r], batch, camera); });
  };
  mark(false);
  if (std::any_of(runs_.begin(), runs_.end(), [](const run_lists& run) { return run.late_count > 0; })) {
    write_bands(true);
    mark(true);
  }
  return keep(batch, visible);
}

}  // namespace framelab::render
