#include "render/sphere_occlusion.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <thread>

#include "core/parallel_parts.hpp"

#if FRAMELAB_X86_DISPATCH
#include <immintrin.h>
#endif

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

// Pass 1 and the candidate for pass 2: the pixels the square may touch, the outer margin added.
void sphere_occlusion::add(std::uint32_t index, const point_sprite& sprite) {
  if (writes_[index] != 0) cover(sprite);
  const float half = 0.5f * sprite.size + sprite_pixel_margin;
  candidates_.push_back({index, sprite.depth, std::max(drawn_.x, first_pixel(sprite.centre.x - half)),
                         std::min(drawn_.x + drawn_.width - 1, last_pixel(sprite.centre.x + half)),
                         std::max(drawn_.y, first_pixel(sprite.centre.y - half)),
                         std::min(drawn_.y + drawn_.height - 1, last_pixel(sprite.centre.y + half))});
}

// The buffer all far (+infinity) over `drawn`: only the rectangle the last frame wrote when the
// drawn rectangle is the same (a box of balls covers a part of the picture, and clearing all of a
// 1280 x 720 buffer costs ~0.5 ms).
void sphere_occlusion::clear(const pixel_rect& drawn) {
  const pixel_rect size{drawn.x, drawn.y, std::max(0, drawn.width), std::max(0, drawn.height)};
  constexpr float far = std::numeric_limits<float>::infinity();
  if (grid_ != nullptr && size.x == drawn_.x && size.y == drawn_.y && size.width == drawn_.width &&
      size.height == drawn_.height) {
    for (int j = written_.y; j < written_.y + written_.height; ++j) {
      const std::ptrdiff_t from = written_.x - drawn_.x;
      std::fill_n(row(j) + from, std::min<std::ptrdiff_t>(written_.width, stride_ - from), far);
    }
  } else {
    drawn_ = size;
    stride_ = (drawn_.width + 16 + 7) / 8 * 8;
    depth_.assign(static_cast<std::size_t>(stride_) * static_cast<std::size_t>(drawn_.height) + 8, far);
    const auto misaligned = reinterpret_cast<std::uintptr_t>(depth_.data()) % 32 / sizeof(float);
    grid_ = depth_.data() + (8 - misaligned) % 8;
  }
  written_ = {};
  written_right_ = written_top_ = std::numeric_limits<int>::min();
  written_.x = written_.y = std::numeric_limits<int>::max();
}

// Grows the rectangle written to by pass 1 (rows y0..y1, columns x0..x1, with the 8 after x0).
void sphere_occlusion::wrote(int x0, int x1, int y0, int y1) {
  written_.x = std::min(written_.x, x0);
  written_.y = std::min(written_.y, y0);
  written_right_ = std::max(written_right_, x1);
  written_top_ = std::max(written_top_, y1);
  written_.width = written_right_ - written_.x + 1;
  written_.height = written_top_ - written_.y + 1;
}

// Pass 1. Certainly covered: pixel centres (x, y) inside the square by the margin,
//   |x - centre.x| <= size / 2 - margin  and  |y - centre.y| <= size / 2 - margin,
// and inside the disc by the margin (and 0.1 % for the GPU's rounding of its radius):
//   |x - disc.x| <= sqrt(R^2 - (y - disc.y)^2),  R = 0.999 disc_radius - margin.
void sphere_occlusion::cover(const point_sprite& sprite) {
  const float half = 0.5f * sprite.size - sprite_pixel_margin;
  const float radius = 0.999f * sprite.disc_radius - sprite_pixel_margin;
  if (!(half > 0.0f) || !(radius > 0.0f)) return;
  const int y0 = std::max({drawn_.y, first_pixel(sprite.centre.y - half), first_pixel(sprite.disc_centre.y - radius)});
  const int y1 = std::min(
      {drawn_.y + drawn_.height - 1, last_pixel(sprite.centre.y + half), last_pixel(sprite.disc_centre.y + radius)});
  const float square_low = sprite.centre.x - half, square_high = sprite.centre.x + half;
  if (y1 < y0) return;
  wrote(std::max(drawn_.x, first_pixel(square_low)), std::min(drawn_.x + drawn_.width - 1, last_pixel(square_high)), y0,
        y1);
  for (int j = y0; j <= y1; ++j) {
    const float dy = static_cast<float>(j) + 0.5f - sprite.disc_centre.y;
    const float reach = radius * radius - dy * dy;
    if (!(reach >= 0.0f)) continue;
    const float across = std::sqrt(reach);
    const int x0 = std::max({drawn_.x, first_pixel(square_low), first_pixel(sprite.disc_centre.x - across)});
    const int x1 =
        std::min({drawn_.x + drawn_.width - 1, last_pixel(square_high), last_pixel(sprite.disc_centre.x + across)});
    float* pixels = row(j) - drawn_.x;
    for (int i = x0; i <= x1; ++i) pixels[i] = std::min(pixels[i], sprite.depth);
  }
}

// Pass 2: hidden when every pixel the square may touch holds a depth nearer by the margin.
bool sphere_occlusion::hidden(const candidate& ball) const {
  const float limit = ball.depth - sprite_depth_margin;
  for (int j = ball.y0; j <= ball.y1; ++j) {
    const float* pixels = row(j) - drawn_.x;
    for (int i = ball.x0; i <= ball.x1; ++i) {
      if (!(pixels[i] < limit)) return false;
    }
  }
  return true;
}

// Pass 2 over the candidates, `again` over those not hidden yet: writes_ 0 when hidden, else 1
// when it has written in pass 1 and 2 when not yet (a ball the last frame culled).
void sphere_occlusion::mark_hidden(bool again, std::size_t first, std::size_t last) {
  for (const candidate& ball : std::span(candidates_).subspan(first, last - first)) {
    std::uint8_t& state = writes_[ball.index];
    if (again && state == 0) continue;
    state = hidden(ball) ? 0 : again || state == 1 ? 1 : 2;
  }
}

// Pass 1 for the balls pass 2 did not hide and that had not written (the last frame culled them):
// drawn balls, so they may write, and with them the buffer is the one all balls would write (a
// hidden ball's writes change no pixel's nearest). Whether any wrote.
bool sphere_occlusion::write_late(std::span<const packed_sphere> batch, const sprite_camera& camera) {
  bool wrote_any = false;
  for (const candidate& ball : candidates_) {
    if (writes_[ball.index] != 2) continue;
    const packed_sphere& s = batch[ball.index];
    if (const auto sprite = point_sprite_of(s.centre, s.diameter, camera)) cover(*sprite);
    wrote_any = true;
  }
  return wrote_any;
}

void sphere_occlusion::add_batch(std::span<const packed_sphere> batch, const sprite_camera& camera,
                                 const glm::vec3& eye, float reach_squared) {
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const packed_sphere& s = batch[k];
    if (!beyond_reach(s, eye, reach_squared) || !opaque_rgba(s.rgba)) continue;
    if (const auto sprite = point_sprite_of(s.centre, s.diameter, camera)) add(static_cast<std::uint32_t>(k), *sprite);
  }
}

std::span<const packed_sphere> sphere_occlusion::cull(std::span<const packed_sphere> batch, const sprite_camera& camera,
                                                      const pixel_rect& drawn, const glm::vec3& eye,
                                                      float reach_squared, std::vector<packed_sphere>& visible) {
  clear(drawn);
  candidates_.clear();
  if (writes_.size() != batch.size()) writes_.assign(batch.size(), 1);
    // Pass 1 by the balls the last frame kept, pass 2, pass 1 by the ones it did not keep that are
    // not hidden now, and pass 2 again over the balls not hidden: the balls all writers would hide.
  // Pass 2 in runs of the candidates on threads of their own (each ball's test reads the buffer
  // and writes its own byte of writes_).
  const auto in_runs = [this](const auto& mark_run) {
    const std::size_t n = candidates_.size();
    const std::size_t runs = runs_for(n, candidates_per_thread, std::thread::hardware_concurrency());
    run_ranges(n, runs, [&mark_run](std::size_t, std::size_t first, std::size_t last) { mark_run(first, last); });
  };
#if FRAMELAB_X86_DISPATCH
  const bool avx2 = cpu_has_avx2_fma();
  const auto mark = [this, avx2, &in_runs](bool again) {
    in_runs([this, avx2, again](std::size_t first, std::size_t last) {
      avx2 ? mark_hidden_avx2(again, first, last) : mark_hidden(again, first, last);
    });
  };
  if (avx2) {
    add_batch_avx2(batch, camera, eye, reach_squared);
  } else {
    add_batch(batch, camera, eye, reach_squared);
  }
#else
  const auto mark = [this, &in_runs](bool again) {
    in_runs([this, again](std::size_t first, std::size_t last) { mark_hidden(again, first, last); });
  };
  add_batch(batch, camera, eye, reach_squared);
#endif
  mark(false);
#if FRAMELAB_X86_DISPATCH
  if (avx2 ? write_late_avx2(batch, camera, eye, reach_squared) : write_late(batch, camera)) mark(true);
#else
  if (write_late(batch, camera)) mark(true);
#endif
  for (const candidate& ball : candidates_) writes_[ball.index] = writes_[ball.index] == 0 ? 0 : 1;
  // The batch but the hidden candidates, written in place (no capacity checks): candidates
  // come in the batch's order.
  if (visible.size() < batch.size()) visible.resize(batch.size());
  packed_sphere* to = visible.data();
  std::size_t next = 0;  // the batch's first sphere not yet copied
  for (const candidate& ball : candidates_) {
    if (writes_[ball.index] != 0) continue;
    to = std::copy(batch.begin() + static_cast<std::ptrdiff_t>(next),
                   batch.begin() + static_cast<std::ptrdiff_t>(ball.index), to);
    next = ball.index + 1;
  }
  to = std::copy(batch.begin() + static_cast<std::ptrdiff_t>(next), batch.end(), to);
  return {visible.data(), static_cast<std::size_t>(to - visible.data())};
}

#if FRAMELAB_X86_DISPATCH

namespace {

#define FRAMELAB_OCCLUSION_AVX2 __attribute__((target("avx2,fma")))

// A sprite whose square, with the outer margin, touches at most 16 x 16 pixels (16 > size + 1/8
// + 1): its rows in one or two 8-wide blocks at a time.
constexpr float block_sprite_max = 14.5f;

// The lanes 0..7 as integers and floats.
FRAMELAB_OCCLUSION_AVX2 inline __m256i lane_index() {
  return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
}

// The lanes first..last of 8 (none when last < first), first in [0, 7], last in [-1, 7]: a table
// of 8 x 9 masks.
struct span_table {
  alignas(32) std::int32_t lanes[8][9][8];
  constexpr span_table() : lanes{} {
    for (int first = 0; first < 8; ++first)
      for (int last = -1; last < 8; ++last)
        for (int l = 0; l < 8; ++l) lanes[first][last + 1][l] = l >= first && l <= last ? -1 : 0;
  }
};
constexpr span_table spans;

FRAMELAB_OCCLUSION_AVX2 inline __m256 span_lanes(int first, int last) {
  return _mm256_load_ps(reinterpret_cast<const float*>(spans.lanes[first][last + 1]));
}

// pixels[i] = min(pixels[i], depth) in the lanes `in` of 8.
FRAMELAB_OCCLUSION_AVX2 inline void take_min(float* pixels, __m256 in, __m256 depth) {
  const __m256 old = _mm256_loadu_ps(pixels);
  _mm256_storeu_ps(pixels, _mm256_blendv_ps(old, _mm256_min_ps(old, depth), in));
}

}  // namespace

// 8 balls' point_sprite_of at once (the same formulas, render/point_sprite.cpp), with the lists'
// test (small and opaque): the lanes whose sprite is drawn in `mask`'s bits.
struct sprite_lanes {
  alignas(32) float centre_x[8], centre_y[8], size[8], depth[8], disc_x[8], disc_y[8], disc_radius[8];
  // Pixels (inclusive, clipped to the drawn rectangle): what the square may touch (the outer
  // margin), and the rows and columns pass 1 may cover (the inner margin, the disc's rows).
  alignas(32) int out_x0[8], out_x1[8], out_y0[8], out_y1[8];
  alignas(32) int in_x0[8], in_x1[8], in_y0[8], in_y1[8];
  int mask = 0;   // the lanes drawn
  int block = 0;  // of them, those of at most block_sprite_max
};

namespace {

FRAMELAB_OCCLUSION_AVX2 inline __m256 broadcast(float v) {
  return _mm256_set1_ps(v);
}

// Row `r` of m (x, y, z, 1) for 8 points.
FRAMELAB_OCCLUSION_AVX2 inline __m256 transformed(const glm::mat4& m, int r, __m256 x, __m256 y, __m256 z) {
  return _mm256_fmadd_ps(
      broadcast(m[0][r]), x,
      _mm256_fmadd_ps(broadcast(m[1][r]), y, _mm256_fmadd_ps(broadcast(m[2][r]), z, broadcast(m[3][r]))));
}

// cover() for 8 circles: t = a / b, u = r / sqrt(a^2 + b^2 - r^2), X in [(t - u) / (1 + t u), (t + u) / (1 - t u)];
// the lanes where |t u| < 0.99.
FRAMELAB_OCCLUSION_AVX2 inline __m256 cover_8(__m256 a, __m256 b, __m256 r, __m256& low, __m256& high) {
  const __m256 one = broadcast(1.0f);
  const __m256 t = _mm256_div_ps(a, b);
  const __m256 u = _mm256_div_ps(r, _mm256_sqrt_ps(_mm256_fmadd_ps(a, a, _mm256_fmsub_ps(b, b, _mm256_mul_ps(r, r)))));
  const __m256 tu = _mm256_mul_ps(t, u);
  low = _mm256_div_ps(_mm256_sub_ps(t, u), _mm256_add_ps(one, tu));
  high = _mm256_div_ps(_mm256_add_ps(t, u), _mm256_sub_ps(one, tu));
  return _mm256_cmp_ps(_mm256_andnot_ps(broadcast(-0.0f), tu), broadcast(0.99f), _CMP_LT_OQ);
}

FRAMELAB_OCCLUSION_AVX2 inline void store(int* to, __m256i v) {
  _mm256_store_si256(reinterpret_cast<__m256i*>(to), v);
}

// first_pixel and last_pixel of 8 values, clipped to [low, high].
FRAMELAB_OCCLUSION_AVX2 inline __m256i first_pixels(__m256 low, int clip) {
  return _mm256_max_epi32(_mm256_cvtps_epi32(_mm256_ceil_ps(_mm256_sub_ps(low, broadcast(0.5f)))),
                          _mm256_set1_epi32(clip));
}
FRAMELAB_OCCLUSION_AVX2 inline __m256i last_pixels(__m256 high, int clip) {
  return _mm256_min_epi32(_mm256_cvtps_epi32(_mm256_floor_ps(_mm256_sub_ps(high, broadcast(0.5f)))),
                          _mm256_set1_epi32(clip));
}

FRAMELAB_OCCLUSION_AVX2 void sprites_of_8(const packed_sphere* balls, const sprite_camera& camera,
                                          const pixel_rect& drawn, const glm::vec3& eye, float reach_squared,
                                          sprite_lanes& out) {
  // Field by field (not gathered: a gather is microcode on CPUs with the GDS mitigation, ~3x slower).
  const __m256 diameter = _mm256_setr_ps(balls[0].diameter, balls[1].diameter, balls[2].diameter, balls[3].diameter,
                                         balls[4].diameter, balls[5].diameter, balls[6].diameter, balls[7].diameter);
  const __m256 x = _mm256_setr_ps(balls[0].centre.x, balls[1].centre.x, balls[2].centre.x, balls[3].centre.x,
                                  balls[4].centre.x, balls[5].centre.x, balls[6].centre.x, balls[7].centre.x);
  const __m256 y = _mm256_setr_ps(balls[0].centre.y, balls[1].centre.y, balls[2].centre.y, balls[3].centre.y,
                                  balls[4].centre.y, balls[5].centre.y, balls[6].centre.y, balls[7].centre.y);
  const __m256 z = _mm256_setr_ps(balls[0].centre.z, balls[1].centre.z, balls[2].centre.z, balls[3].centre.z,
                                  balls[4].centre.z, balls[5].centre.z, balls[6].centre.z, balls[7].centre.z);
  const __m256i rgba = _mm256_setr_epi32(static_cast<int>(balls[0].rgba), static_cast<int>(balls[1].rgba),
                                         static_cast<int>(balls[2].rgba), static_cast<int>(balls[3].rgba),
                                         static_cast<int>(balls[4].rgba), static_cast<int>(balls[5].rgba),
                                         static_cast<int>(balls[6].rgba), static_cast<int>(balls[7].rgba));
  const glm::mat4& v = camera.view;
  const glm::mat4& p = camera.projection;
  // The lists' small and opaque: |c - eye|^2 > d^2 reach^2, alpha 255.
  const __m256 ex = _mm256_sub_ps(x, broadcast(eye.x)), ey = _mm256_sub_ps(y, broadcast(eye.y)),
               ez = _mm256_sub_ps(z, broadcast(eye.z));
  const __m256 eye_distance = _mm256_fmadd_ps(ex, ex, _mm256_fmadd_ps(ey, ey, _mm256_mul_ps(ez, ez)));
  __m256 ok = _mm256_cmp_ps(eye_distance, _mm256_mul_ps(_mm256_mul_ps(diameter, diameter), broadcast(reach_squared)),
                            _CMP_GT_OQ);
  ok = _mm256_and_ps(ok, _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_srli_epi32(rgba, 24), _mm256_set1_epi32(255))));
  // c = view (centre, 1), b = -c.z
  const __m256 cx = transformed(v, 0, x, y, z), cy = transformed(v, 1, x, y, z), cz = transformed(v, 2, x, y, z);
  const __m256 b = _mm256_sub_ps(_mm256_setzero_ps(), cz);
  const __m256 r = _mm256_mul_ps(broadcast(0.5f), diameter);
  const __m256 one = broadcast(1.0f);
  const __m256 sign = broadcast(-0.0f);
  ok = _mm256_and_ps(ok, _mm256_cmp_ps(b, _mm256_mul_ps(broadcast(1.0001f), r), _CMP_GT_OQ));
  __m256 low_x, high_x, low_y, high_y;
  ok = _mm256_and_ps(ok, cover_8(cx, b, r, low_x, high_x));
  ok = _mm256_and_ps(ok, cover_8(cy, b, r, low_y, high_y));
  const __m256 width = broadcast(camera.viewport.x), height = broadcast(camera.viewport.y);
  const __m256 scale_x = broadcast(p[0][0]), scale_y = broadcast(p[1][1]), shift_x = broadcast(p[2][0]),
               shift_y = broadcast(p[2][1]);
  const __m256 pixels_x =
      _mm256_mul_ps(_mm256_mul_ps(broadcast(0.5f), scale_x), _mm256_mul_ps(_mm256_sub_ps(high_x, low_x), width));
  const __m256 pixels_y =
      _mm256_mul_ps(_mm256_mul_ps(broadcast(0.5f), scale_y), _mm256_mul_ps(_mm256_sub_ps(high_y, low_y), height));
  const __m256 size =
      _mm256_min_ps(_mm256_max_ps(_mm256_max_ps(pixels_x, pixels_y), one), broadcast(camera.max_point_size));
  // near side n = c (1 - r / d) through P: NDC z = (P n).z / (P n).w
  const __m256 d = _mm256_sqrt_ps(_mm256_fmadd_ps(cx, cx, _mm256_fmadd_ps(cy, cy, _mm256_mul_ps(cz, cz))));
  const __m256 f = _mm256_sub_ps(one, _mm256_div_ps(r, d));
  const __m256 nx = _mm256_mul_ps(cx, f), ny = _mm256_mul_ps(cy, f), nz = _mm256_mul_ps(cz, f);
  const __m256 clip_z = transformed(p, 2, nx, ny, nz), clip_w = transformed(p, 3, nx, ny, nz);
  const __m256 half = broadcast(0.5f);
  const __m256 ndc_x = _mm256_fmsub_ps(scale_x, _mm256_mul_ps(half, _mm256_add_ps(low_x, high_x)), shift_x);
  const __m256 ndc_y = _mm256_fmsub_ps(scale_y, _mm256_mul_ps(half, _mm256_add_ps(low_y, high_y)), shift_y);
  const __m256 ndc_z = _mm256_div_ps(clip_z, clip_w);
  const __m256 inside = broadcast(1.0f - 1e-4f);  // point_sprite.cpp's clip_margin
  ok = _mm256_and_ps(ok, _mm256_cmp_ps(clip_w, _mm256_setzero_ps(), _CMP_GT_OQ));
  for (const __m256 ndc : {ndc_x, ndc_y, ndc_z})
    ok = _mm256_and_ps(ok, _mm256_cmp_ps(_mm256_andnot_ps(sign, ndc), inside, _CMP_LT_OQ));
  const __m256 half_width = _mm256_mul_ps(half, width), half_height = _mm256_mul_ps(half, height);
  _mm256_store_ps(out.centre_x, _mm256_mul_ps(_mm256_add_ps(ndc_x, one), half_width));
  _mm256_store_ps(out.centre_y, _mm256_mul_ps(_mm256_add_ps(ndc_y, one), half_height));
  _mm256_store_ps(out.size, size);
  _mm256_store_ps(out.depth, _mm256_fmadd_ps(half, ndc_z, half));
  // the disc: around X_c = c.xy / b, radius r d / (b sqrt(d^2 - r^2)) min(P00 W, P11 H) / 2
  const __m256 disc_x = _mm256_fmsub_ps(scale_x, _mm256_div_ps(cx, b), shift_x);
  const __m256 disc_y = _mm256_fmsub_ps(scale_y, _mm256_div_ps(cy, b), shift_y);
  _mm256_store_ps(out.disc_x, _mm256_mul_ps(_mm256_add_ps(disc_x, one), half_width));
  _mm256_store_ps(out.disc_y, _mm256_mul_ps(_mm256_add_ps(disc_y, one), half_height));
  const __m256 inverse_k =
      _mm256_div_ps(_mm256_mul_ps(r, d), _mm256_mul_ps(b, _mm256_sqrt_ps(_mm256_fmsub_ps(d, d, _mm256_mul_ps(r, r)))));
  const float pixels_per_unit = 0.5f * std::min(p[0][0] * camera.viewport.x, p[1][1] * camera.viewport.y);
  const __m256 disc_radius = _mm256_mul_ps(inverse_k, broadcast(pixels_per_unit));
  _mm256_store_ps(out.disc_radius, disc_radius);
  out.mask = _mm256_movemask_ps(ok);
  out.block = out.mask & _mm256_movemask_ps(_mm256_cmp_ps(size, broadcast(block_sprite_max), _CMP_LE_OQ));
  // the rectangles of add() and cover() (in the lanes drawn)
  const int right = drawn.x + drawn.width - 1, top = drawn.y + drawn.height - 1;
  const __m256 centre_x = _mm256_load_ps(out.centre_x), centre_y = _mm256_load_ps(out.centre_y);
  const __m256 outer = _mm256_fmadd_ps(half, size, broadcast(sprite_pixel_margin));
  store(out.out_x0, first_pixels(_mm256_sub_ps(centre_x, outer), drawn.x));
  store(out.out_x1, last_pixels(_mm256_add_ps(centre_x, outer), right));
  store(out.out_y0, first_pixels(_mm256_sub_ps(centre_y, outer), drawn.y));
  store(out.out_y1, last_pixels(_mm256_add_ps(centre_y, outer), top));
  const __m256 inner = _mm256_fmsub_ps(half, size, broadcast(sprite_pixel_margin));
  const __m256 radius = _mm256_fmsub_ps(broadcast(0.999f), disc_radius, broadcast(sprite_pixel_margin));
  const __m256 disc_centre_y = _mm256_load_ps(out.disc_y);
  store(out.in_x0, first_pixels(_mm256_sub_ps(centre_x, inner), drawn.x));
  store(out.in_x1, last_pixels(_mm256_add_ps(centre_x, inner), right));
  store(out.in_y0, _mm256_max_epi32(first_pixels(_mm256_sub_ps(centre_y, inner), drawn.y),
                                    first_pixels(_mm256_sub_ps(disc_centre_y, radius), drawn.y)));
  store(out.in_y1, _mm256_min_epi32(last_pixels(_mm256_add_ps(centre_y, inner), top),
                                    last_pixels(_mm256_add_ps(disc_centre_y, radius), top)));
}

}  // namespace

FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::add_batch_avx2(std::span<const packed_sphere> batch,
                                                              const sprite_camera& camera, const glm::vec3& eye,
                                                              float reach_squared) {
  sprite_lanes lanes;
  const std::size_t whole = batch.size() / 8 * 8;
  for (std::size_t k = 0; k < whole; k += 8) {
    sprites_of_8(batch.data() + k, camera, drawn_, eye, reach_squared, lanes);
    // the lanes whose byte of writes_ is not 0
    const __m128i writes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(writes_.data() + k));
    const int writers = ~_mm_movemask_epi8(_mm_cmpeq_epi8(writes, _mm_setzero_si128())) & 0xff;
    for (int mask = lanes.mask & writers; mask != 0; mask &= mask - 1) {
      write_lane(lanes, __builtin_ctz(static_cast<unsigned>(mask)));
    }
    for (int mask = lanes.mask; mask != 0; mask &= mask - 1) {  // in the batch's order
      const int l = __builtin_ctz(static_cast<unsigned>(mask));
      candidates_.push_back({static_cast<std::uint32_t>(k + static_cast<std::size_t>(l)), lanes.depth[l],
                             lanes.out_x0[l], lanes.out_x1[l], lanes.out_y0[l], lanes.out_y1[l]});
    }
  }
  for (std::size_t k = whole; k < batch.size(); ++k) {
    const packed_sphere& s = batch[k];
    if (!beyond_reach(s, eye, reach_squared) || !opaque_rgba(s.rgba)) continue;
    if (const auto sprite = point_sprite_of(s.centre, s.diameter, camera)) add(static_cast<std::uint32_t>(k), *sprite);
  }
}

// Pass 1 for lane l's sprite: by rows of 8 or 16 pixels, or one pixel at a time when larger.
FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::write_lane(const sprite_lanes& lanes, int l) {
  if ((lanes.block >> l) & 1) {
    cover_rows_avx2(lanes, l);
  } else {
    cover({.centre = {lanes.centre_x[l], lanes.centre_y[l]},
           .size = lanes.size[l],
           .depth = lanes.depth[l],
           .disc_centre = {lanes.disc_x[l], lanes.disc_y[l]},
           .disc_radius = lanes.disc_radius[l]});
  }
}

// Pass 1 (cover's spans) for a sprite of at most block_sprite_max: the spans of its rows 8 at a
// time, then each row as masked mins over the 8 or 16 pixels from its first column.
FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::cover_rows_avx2(const sprite_lanes& lanes, int l) {
  const float half = 0.5f * lanes.size[l] - sprite_pixel_margin;
  const float radius = 0.999f * lanes.disc_radius[l] - sprite_pixel_margin;
  const int y0 = lanes.in_y0[l], y1 = lanes.in_y1[l], x_first = lanes.in_x0[l], x_last = lanes.in_x1[l];
  if (!(half > 0.0f) || !(radius > 0.0f) || y1 < y0 || x_last < x_first) return;
  wrote(x_first, x_first + 15, y0, y1);
  const __m256i lanes_at = lane_index();
  const __m256 disc_x = _mm256_set1_ps(lanes.disc_x[l]);
  const __m256 square_low = _mm256_set1_ps(lanes.centre_x[l] - half);
  const __m256 square_high = _mm256_set1_ps(lanes.centre_x[l] + half);
  // Per row, the first and last column less x_first (last -1 when none; at most 15).
  alignas(32) int first_of[16], last_of[16];
  for (int r = 0; r < 16 && y0 + r <= y1; r += 8) {
    // dy = y0 + r + lane + 1/2 - disc.y; across = sqrt(R^2 - dy^2)
    const __m256 dy = _mm256_sub_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(lanes_at, _mm256_set1_epi32(y0 + r))),
                                    _mm256_set1_ps(lanes.disc_y[l] - 0.5f));
    const __m256 reach = _mm256_fnmadd_ps(dy, dy, _mm256_set1_ps(radius * radius));
    const __m256 across = _mm256_sqrt_ps(_mm256_max_ps(reach, _mm256_setzero_ps()));
    const __m256i first = first_pixels(_mm256_max_ps(square_low, _mm256_sub_ps(disc_x, across)), x_first);
    const __m256i last = last_pixels(_mm256_min_ps(square_high, _mm256_add_ps(disc_x, across)), x_last);
    const __m256i none = _mm256_or_si256(_mm256_cmpgt_epi32(first, last),  // or beyond the disc
                                         _mm256_castps_si256(_mm256_cmp_ps(reach, _mm256_setzero_ps(), _CMP_LT_OQ)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(first_of + r), _mm256_sub_epi32(first, _mm256_set1_epi32(x_first)));
    _mm256_store_si256(
        reinterpret_cast<__m256i*>(last_of + r),
        _mm256_blendv_epi8(_mm256_sub_epi32(last, _mm256_set1_epi32(x_first)), _mm256_set1_epi32(-1), none));
  }
  const __m256 depth = _mm256_set1_ps(lanes.depth[l]);
  const bool wide = x_last - x_first >= 8;
  for (int j = y0; j <= y1; ++j) {
    const int first = first_of[j - y0], last = last_of[j - y0];
    float* pixels = row(j) + (x_first - drawn_.x);
    take_min(pixels, span_lanes(std::min(first, 7), first > 7 ? -1 : std::min(last, 7)), depth);
    if (wide) take_min(pixels + 8, span_lanes(std::max(first - 8, 0), last < 8 ? -1 : last - 8), depth);
  }
}

// Pass 2 for a square of at most 16 x 16 pixels: each row one or two compares of 8 pixels from its first.
FRAMELAB_OCCLUSION_AVX2 inline bool sphere_occlusion::hidden_avx2(const candidate& ball) const {
  if (ball.x1 < ball.x0 || ball.y1 < ball.y0) return true;  // all cut off by the scissor
  const __m256 limit = _mm256_set1_ps(ball.depth - sprite_depth_margin);
  const __m256 every = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
  const int columns = ball.x1 - ball.x0;  // less one
  const __m256 outside = _mm256_xor_ps(span_lanes(0, std::min(columns, 7)), every);
  __m256 all = every;
  const float* pixels = row(ball.y0) + (ball.x0 - drawn_.x);
  if (columns < 8) {
    for (int j = ball.y0; j <= ball.y1; ++j, pixels += stride_) {
      all = _mm256_and_ps(all, _mm256_or_ps(_mm256_cmp_ps(_mm256_loadu_ps(pixels), limit, _CMP_LT_OQ), outside));
    }
  } else {
    const __m256 next_outside = _mm256_xor_ps(span_lanes(0, columns - 8), every);
    for (int j = ball.y0; j <= ball.y1; ++j, pixels += stride_) {
      all = _mm256_and_ps(all, _mm256_cmp_ps(_mm256_loadu_ps(pixels), limit, _CMP_LT_OQ));
      all =
          _mm256_and_ps(all, _mm256_or_ps(_mm256_cmp_ps(_mm256_loadu_ps(pixels + 8), limit, _CMP_LT_OQ), next_outside));
    }
  }
  return _mm256_movemask_ps(all) == 0xff;
}

// write_late 8 balls at a time (copied together; the last group padded with its first ball,
// which then writes twice the same).
FRAMELAB_OCCLUSION_AVX2 bool sphere_occlusion::write_late_avx2(std::span<const packed_sphere> batch,
                                                               const sprite_camera& camera, const glm::vec3& eye,
                                                               float reach_squared) {
  packed_sphere group[8];
  int count = 0;
  sprite_lanes lanes;
  bool wrote_any = false;
  const auto write_group = [&] {
    for (int k = count; k < 8; ++k) group[k] = group[0];
    sprites_of_8(group, camera, drawn_, eye, reach_squared, lanes);
    for (int mask = lanes.mask; mask != 0; mask &= mask - 1)
      write_lane(lanes, __builtin_ctz(static_cast<unsigned>(mask)));
    count = 0;
  };
  for (const candidate& ball : candidates_) {
    if (writes_[ball.index] != 2) continue;
    group[count++] = batch[ball.index];
    wrote_any = true;
    if (count == 8) write_group();
  }
  if (count > 0) write_group();
  return wrote_any;
}

FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::mark_hidden_avx2(bool again, std::size_t first, std::size_t last) {
  for (const candidate& ball : std::span(candidates_).subspan(first, last - first)) {
    std::uint8_t& state = writes_[ball.index];
    if (again && state == 0) continue;
    const bool block = ball.x1 - ball.x0 < 16 && ball.y1 - ball.y0 < 16;
    state = (block ? hidden_avx2(ball) : hidden(ball)) ? 0 : again || state == 1 ? 1 : 2;
  }
}

#endif

}  // namespace framelab::render
