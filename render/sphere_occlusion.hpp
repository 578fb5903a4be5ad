#pragma once
// Exact occlusion culling of a sphere batch's point sprites (render/draw_lists.hpp), on the CPU:
// a ball is left out of the streamed batch only when it cannot change a single pixel. In a
// settled pile of 100,000 balls most are hidden behind others, and every one drawn still costs
// a CPU rasterizer (llvmpipe) a point set-up, binning and a depth test per block.
//
// Two passes, in any order of the balls (no sort), over a depth buffer at the viewport's pixels:
//  1. every ball the batch certainly draws as a point sprite (opaque, small, in view) writes
//     min(buffer, its sprite's depth) at the pixels it certainly covers: pixel centres inside
//     its square and its disc (render/point_sprite.hpp) by an inner margin;
//  2. a ball is hidden when at every pixel its square can touch (by an outer margin) that the
//     scissor lets through, the buffer holds a depth nearer than its own by depth_margin.
// A hidden ball's fragments all lose the depth test to a drawn ball's (whatever the order they
// are drawn in), so the picture and the final depth buffer are the same without it. Its own
// writes never hide it (strictly nearer), so the nearest writer of each pixel is never culled.
// That holds for any set of writers among the drawn balls, and a hidden ball's writes would
// change no pixel's nearest depth. So pass 1 first writes only the balls the last frame kept (all
// in the first frame; ~15 % of a settled pile), pass 2 tests every ball, then the balls it did
// not hide that had not written write, and pass 2 tests again the ones not hidden: the buffer and
// the balls culled are those of all balls writing, at a fraction of the cost.
// Only the batch's point sprites act or are culled: not its balls drawn from the lists (quads
// near the eye, see-through ones), which stay in the batch for the shader to skip as before.
//
// On two threads or more, every step runs in parts (core/parallel_parts.hpp), each part's
// answer independent of who runs it: the sprites in runs of the batch; pass 1 in bands of rows
// (each band's pixels written by one thread, all of its writers clipped to it); pass 2 in the
// runs again. After pass 1 each band also takes the farthest depth of each tile of 4 x 4
// pixels: a ball whose square's tiles all hold nearer depths is hidden at every pixel (most of
// a pile's balls, several layers behind its face), found with a few reads. Tiles of 8 x 8 hid
// only 38 % of a settled 100,000-ball pile's balls (their farthest pixel is a ball several
// layers back, where the pile's top is seen at a grazing angle), tiles of 4 x 4 hide 58 %: the
// culling takes 12 % less time (docs/performance.md, 2026-11-27).
#include <cstddef>
#include <cstdint>
#include <span>
#include <thread>
#include <vector>

#include "core/cpu_features.hpp"
#include "core/scene_view.hpp"
#include "render/pixel_rect.hpp"
#include "render/point_sprite.hpp"

namespace framelab::render {

// Margins for the GPU's float rounding against this CPU's and for the 24-bit depth buffer:
// pixels (a GL rasterizer snaps a point's position to 1/256 px at least) and window depth
// (2^-16: 256 steps of a 24-bit buffer, ~100 float roundings near 1).
inline constexpr float sprite_pixel_margin = 1.0f / 16.0f;
inline constexpr float sprite_depth_margin = 1.0f / 65536.0f;

class sphere_occlusion {
 public:
  // Up to `threads` threads, each taking runs of at least `balls_per_run` balls (the culled
  // balls are the same for any of them; the tests compare).
  sphere_occlusion() = default;
  sphere_occlusion(std::size_t threads, std::size_t balls_per_run) : threads_(threads), balls_per_run_(balls_per_run) {}
  // Moved, not copied: grid_ points into depth_'s buffer, which a move keeps (and the one moved
  // from, left empty, makes anew).
  sphere_occlusion(sphere_occlusion&&) = default;
  sphere_occlusion& operator=(sphere_occlusion&&) = default;
  sphere_occlusion(const sphere_occlusion&) = delete;
  sphere_occlusion& operator=(const sphere_occlusion&) = delete;

  // The spheres of `batch` (in its order) but those that cannot change a pixel of `drawn` (the
  // scissor's pixels, in the camera's viewport's pixels), copied to the start of `visible` (which
  // grows to the batch's size and keeps it); the balls it may cull are the opaque ones beyond
  // diameter x sqrt(reach_squared) of `eye` (draw_lists.hpp's small ones). The batch itself
  // (nothing culled) when `drawn` is wider or taller than largest_side.
  std::span<const packed_sphere> cull(std::span<const packed_sphere> batch, const sprite_camera& camera,
                                      const pixel_rect& drawn, const glm::vec3& eye, float reach_squared,
                                      std::vector<packed_sphere>& visible);

  // Pass 1's pixels for one ball: by row j in [y0, y1], the pixel centres within the square's
  // [square_low, square_high] (columns x0..x1) and the disc's reach at j.
  struct writer {
    float square_low, square_high, disc_x, disc_y, radius, depth;
    int x0, x1, y0, y1;  // inclusive, clipped to the drawn rectangle
  };
  // A ball that may be culled: its index in the batch, its depth, the pixels its square may touch
  // (inclusive, clipped to the drawn rectangle, from its corner; never none). 16 bytes: pass 2
  // reads a run's candidates back after pass 1, and waits on their loads.
  struct candidate {
    std::uint32_t index;
    float depth;
    std::uint16_t x0, x1, y0, y1;
  };
  // The drawn rectangle's largest side for which the balls are culled (its pixels as candidates').
  static constexpr int largest_side = 65535;

 private:
  // One run of the batch: its candidates (in the batch's order), the writers of pass 1 among
  // them, the late writers (pass 2 did not hide them and they had not written), the rows its
  // writers may write (empty: low > high), its balls, how many the drawn rectangle cuts off all,
  // how many of them are hidden (those too), and where its kept ones go in the culled batch.
  struct run_lists {
    std::vector<candidate> candidates;
    std::vector<candidate> shown;  // [0, shown_count): those pass 2 did not hide the first time
    std::vector<writer> writers, late;
    std::vector<std::uint32_t> late_balls;  // [0, late_count): the late writers' indices in the batch
    int low = 0, high = -1;
    std::size_t size = 0, cut_off = 0, hidden = 0, offset = 0, shown_count = 0, late_count = 0;
  };

  void prepare(const pixel_rect& drawn);
  void add_run(std::span<const packed_sphere> batch, const sprite_camera& camera, const glm::vec3& eye,
               float reach_squared, std::size_t first, std::size_t last, run_lists& run);
  void write_bands(bool late);
  void write_band(bool late, int first_row, int last_row, pixel_rect& written);
  void cover(const writer& w, int first_row, int last_row);  // pass 1 for one ball's rows in a band
  void tile_maxima(const pixel_rect& written);
  bool tiles_hide(const candidate& ball) const;
  bool hidden(const candidate& ball) const;  // pass 2, one pixel at a time
  static constexpr std::size_t balls_per_test = 256;
  void test(std::span<const candidate> balls, std::uint8_t* hide) const;
  void mark_run(bool again, run_lists& run, std::span<const packed_sphere> batch, const sprite_camera& camera);
  void add_late(run_lists& run, std::span<const packed_sphere> batch, const sprite_camera& camera);
  std::span<const packed_sphere> keep(std::span<const packed_sphere> batch, std::vector<packed_sphere>& visible);
#if FRAMELAB_X86_DISPATCH
  // The same 8 balls or 8 pixels of a row at a time (AVX2 + FMA, chosen at run time).
  void add_run_avx2(std::span<const packed_sphere> batch, const sprite_camera& camera, const glm::vec3& eye,
                    float reach_squared, std::size_t first, std::size_t last, run_lists& run);
  void add_late_avx2(run_lists& run, std::span<const packed_sphere> batch, const sprite_camera& camera);
  void cover_avx2(const writer& w, int first_row, int last_row);
  void test_avx2(std::span<const candidate> balls, std::uint8_t* hide) const;
  bool tiles_hide_avx2(const candidate& ball) const;
  bool hidden_avx2(const candidate& ball) const;
#endif
  // Row j's pixels, indexed by the column less drawn_.x (32-byte aligned).
  float* row(int j) {
    return grid_ + static_cast<std::ptrdiff_t>(j - drawn_.y) * stride_;
  }
  const float* row(int j) const {
    return grid_ + static_cast<std::ptrdiff_t>(j - drawn_.y) * stride_;
  }
  // A candidate's row y (from the drawn rectangle's bottom).
  const float* candidate_row(int y) const {
    return grid_ + static_cast<std::ptrdiff_t>(y) * stride_;
  }
  float& tile(int tx, int ty) {
    return tiles_[static_cast<std::size_t>(ty) * static_cast<std::size_t>(tiles_x_) + static_cast<std::size_t>(tx)];
  }
  float tile(int tx, int ty) const {
    return tiles_[static_cast<std::size_t>(ty) * static_cast<std::size_t>(tiles_x_) + static_cast<std::size_t>(tx)];
  }

  std::size_t threads_ = std::thread::hardware_concurrency(), balls_per_run_ = 8192;
  bool avx2_ = false;
  pixel_rect drawn_;
  pixel_rect written_;         // what pass 1 wrote to in the last frame (to clear)
  std::ptrdiff_t stride_ = 0;  // drawn_.width and 16 to 23 floats of padding, a multiple of 8
  std::vector<float> depth_;   // drawn_.height rows of stride_ from the bottom, from grid_
  float* grid_ = nullptr;      // depth_'s first 32-byte aligned float
  static constexpr int tile_size = 4;
  int tiles_x_ = 0, tiles_y_ = 0;
  // Per tile of 4 x 4 pixels from drawn_'s corner, its farthest depth (and 3 floats of padding).
  std::vector<float> tiles_;
  std::vector<run_lists> runs_;
  std::vector<pixel_rect> bands_;  // what pass 1 wrote to in each band of whole tile rows
  // Per ball of the batch: 0 when hidden, else 1: kept (the balls that are not candidates too),
  // and a candidate with 1 writes in pass 1 first (all at first and when the batch's size
  // changes); during pass 2 also 2, kept but not written yet.
  std::vector<std::uint8_t> writes_;
};

}  // namespace framelab::render
