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
#include <cstddef>
#include <cstdint>
#include <span>
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
  // The spheres of `batch` (in its order) but those that cannot change a pixel of `drawn` (the
  // scissor's pixels, in the camera's viewport's pixels), copied to the start of `visible` (which
  // grows to the batch's size and keeps it); the balls it may cull are the opaque ones beyond
  // diameter x sqrt(reach_squared) of `eye` (draw_lists.hpp's small ones).
  std::span<const packed_sphere> cull(std::span<const packed_sphere> batch, const sprite_camera& camera,
                                      const pixel_rect& drawn, const glm::vec3& eye, float reach_squared,
                                      std::vector<packed_sphere>& visible);

 private:
  // A ball that may be culled: its index in the batch, its depth, the pixels its square may touch.
  struct candidate {
    std::uint32_t index;
    float depth;
    int x0, x1, y0, y1;  // inclusive, clipped to the drawn rectangle
  };
  void add(std::uint32_t index, const point_sprite& sprite);  // pass 1 and the candidate
  void cover(const point_sprite& sprite);                     // pass 1, one pixel at a time
  bool hidden(const candidate& ball) const;                   // pass 2, one pixel at a time
  void mark_hidden(bool again, std::size_t first, std::size_t last);  // pass 2 over candidates [first, last)
  bool write_late(std::span<const packed_sphere> batch, const sprite_camera& camera);
  void add_batch(std::span<const packed_sphere> batch, const sprite_camera& camera, const glm::vec3& eye,
                 float reach_squared);
#if FRAMELAB_X86_DISPATCH
  // The same 8 balls or 8 pixels of a row at a time (AVX2 + FMA, chosen at run time).
  void add_batch_avx2(std::span<const packed_sphere> batch, const sprite_camera& camera, const glm::vec3& eye,
                      float reach_squared);
  void cover_rows_avx2(const struct sprite_lanes& lanes, int lane);
  void write_lane(const sprite_lanes& lanes, int lane);
  bool write_late_avx2(std::span<const packed_sphere> batch, const sprite_camera& camera, const glm::vec3& eye,
                       float reach_squared);
  bool hidden_avx2(const candidate& ball) const;
  void mark_hidden_avx2(bool again, std::size_t first, std::size_t last);
#endif
  // Row j's pixels, indexed by the column less drawn_.x (32-byte aligned).
  float* row(int j) {
    return grid_ + static_cast<std::ptrdiff_t>(j - drawn_.y) * stride_;
  }
  const float* row(int j) const {
    return grid_ + static_cast<std::ptrdiff_t>(j - drawn_.y) * stride_;
  }
  void clear(const pixel_rect& drawn);
  void wrote(int x0, int x1, int y0, int y1);
  pixel_rect drawn_;
  pixel_rect written_;  // what pass 1 wrote to (but the 8 columns after its right edge)
  int written_right_ = 0, written_top_ = 0;
  std::ptrdiff_t stride_ = 0;  // drawn_.width and 9 to 16 floats of padding, a multiple of 8
  std::vector<float> depth_;   // drawn_.height rows of stride_ from the bottom, from grid_
  float* grid_ = nullptr;      // depth_'s first 32-byte aligned float
  static constexpr std::size_t candidates_per_thread = 16384;  // a test takes ~15 ns, a thread's start ~30 us
  std::vector<candidate> candidates_;
  // Per ball of the batch: whether it writes in pass 1 first, the balls kept by the last frame
  // (all at first, and when the batch's size changes); during pass 2 also 2, kept but not written.
  std::vector<std::uint8_t> writes_;
};

}  // namespace framelab::render
