// The AVX2 + FMA forms of render/sphere_occlusion.hpp's passes (chosen at run time where the CPU
// has them): 8 balls' sprites at once, pass 1 and pass 2 for small sprites 8 pixels of a row at
// a time. The same formulas as the portable passes in sphere_occlusion.cpp, but a multiply-add
// here rounds once where they round twice, so a sprite may differ in its last bits: of a settled
// pile's 100,000 balls (and of 20,000) the two keep one ball apart, each within the margins.
#include "render/sphere_occlusion.hpp"

#if FRAMELAB_X86_DISPATCH
#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "render/sphere_occlusion_pixels.hpp"

namespace framelab::render {

using occlusion_pixels::add_writer;
using occlusion_pixels::candidate_over;
using occlusion_pixels::writer_over;

namespace {

#define FRAMELAB_OCCLUSION_AVX2 __attribute__((target("avx2,fma")))

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
  int mask = 0;  // the lanes drawn
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

// The writers of the lanes in `mask` that certainly cover a pixel (writer_over's, with the
// lanes' rows and columns).
void add_writers(const sprite_lanes& lanes, int mask, std::vector<sphere_occlusion::writer>& to, int& low, int& high) {
  for (; mask != 0; mask &= mask - 1) {
    const int l = __builtin_ctz(static_cast<unsigned>(mask));
    const point_sprite sprite{.centre = {lanes.centre_x[l], lanes.centre_y[l]},
                              .size = lanes.size[l],
                              .depth = lanes.depth[l],
                              .disc_centre = {lanes.disc_x[l], lanes.disc_y[l]},
                              .disc_radius = lanes.disc_radius[l]};
    if (const auto w = writer_over(sprite, lanes.in_x0[l], lanes.in_x1[l], lanes.in_y0[l], lanes.in_y1[l]))
      add_writer(*w, to, low, high);
  }
}

}  // namespace

FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::add_run_avx2(std::span<const packed_sphere> batch,
                                                            const sprite_camera& camera, const glm::vec3& eye,
                                                            float reach_squared, std::size_t first, std::size_t last,
                                                            run_lists& run) {
  sprite_lanes lanes;
  const std::size_t whole = first + (last - first) / 8 * 8;
  for (std::size_t k = first; k < whole; k += 8) {
    sprites_of_8(batch.data() + k, camera, drawn_, eye, reach_squared, lanes);
    for (int others = ~lanes.mask & 0xff; others != 0; others &= others - 1)
      writes_[k + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(others)))] = 1;  // kept
    int cut_off = 0;
    for (int mask = lanes.mask; mask != 0; mask &= mask - 1) {  // in the batch's order
      const int l = __builtin_ctz(static_cast<unsigned>(mask));
      if (const auto ball = candidate_over(static_cast<std::uint32_t>(k + static_cast<std::size_t>(l)), lanes.depth[l],
                                           lanes.out_x0[l], lanes.out_x1[l], lanes.out_y0[l], lanes.out_y1[l], drawn_)) {
        run.candidates.push_back(*ball);
      } else {
        cut_off |= 1 << l;
      }
    }
    // the writers: the lanes whose byte of writes_ is not 0 (none cut off: its pixels are its square's)
    const __m128i writes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(writes_.data() + k));
    const int writers = ~_mm_movemask_epi8(_mm_cmpeq_epi8(writes, _mm_setzero_si128())) & 0xff;
    add_writers(lanes, lanes.mask & writers, run.writers, run.low, run.high);
    for (; cut_off != 0; cut_off &= cut_off - 1) {
      writes_[k + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(cut_off)))] = 0;
      ++run.cut_off;
    }
  }
  add_run(batch, camera, eye, reach_squared, whole, last, run);
}

// The late writers' sprites 8 at a time (copied together; the last group padded with its first
// ball, whose writer is then added once).
FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::add_late_avx2(run_lists& run, std::span<const packed_sphere> batch,
                                                             const sprite_camera& camera) {
  sprite_lanes lanes;
  packed_sphere group[8];
  const glm::vec3 anywhere(0.0f);  // the balls are candidates: small and opaque already
  for (std::size_t k = 0; k < run.late_count; k += 8) {
    const int count = static_cast<int>(std::min<std::size_t>(8, run.late_count - k));
    for (int l = 0; l < 8; ++l) group[l] = batch[run.late_balls[k + static_cast<std::size_t>(l < count ? l : 0)]];
    sprites_of_8(group, camera, drawn_, anywhere, 0.0f, lanes);
    add_writers(lanes, lanes.mask & ((1 << count) - 1), run.late, run.low, run.high);
  }
}

// Pass 1 for a ball of at most 16 x 16 pixels (else cover()): the spans of its rows 8 at a
// time, then each row in [first_row, last_row] as masked mins over the 8 or 16 pixels from its
// first column.
FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::cover_avx2(const writer& w, int first_row, int last_row) {
  if (w.x1 - w.x0 >= 16 || w.y1 - w.y0 >= 16) {
    cover(w, first_row, last_row);
    return;
  }
  const __m256i lanes_at = lane_index();
  const __m256 disc_x = _mm256_set1_ps(w.disc_x);
  const __m256 square_low = _mm256_set1_ps(w.square_low);
  const __m256 square_high = _mm256_set1_ps(w.square_high);
  // Per row, the first and last column less x0 (last -1 when none; at most 15).
  alignas(32) int first_of[16], last_of[16];
  for (int r = 0; r < 16 && w.y0 + r <= w.y1; r += 8) {
    // dy = y0 + r + lane + 1/2 - disc.y; across = sqrt(R^2 - dy^2)
    const __m256 dy = _mm256_sub_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(lanes_at, _mm256_set1_epi32(w.y0 + r))),
                                    _mm256_set1_ps(w.disc_y - 0.5f));
    const __m256 reach = _mm256_fnmadd_ps(dy, dy, _mm256_set1_ps(w.radius * w.radius));
    const __m256 across = _mm256_sqrt_ps(_mm256_max_ps(reach, _mm256_setzero_ps()));
    const __m256i first = first_pixels(_mm256_max_ps(square_low, _mm256_sub_ps(disc_x, across)), w.x0);
    const __m256i last = last_pixels(_mm256_min_ps(square_high, _mm256_add_ps(disc_x, across)), w.x1);
    const __m256i none = _mm256_or_si256(_mm256_cmpgt_epi32(first, last),  // or beyond the disc
                                         _mm256_castps_si256(_mm256_cmp_ps(reach, _mm256_setzero_ps(), _CMP_LT_OQ)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(first_of + r), _mm256_sub_epi32(first, _mm256_set1_epi32(w.x0)));
    const __m256i last_less_x0 = _mm256_sub_epi32(last, _mm256_set1_epi32(w.x0));
    _mm256_store_si256(reinterpret_cast<__m256i*>(last_of + r),
                       _mm256_blendv_epi8(last_less_x0, _mm256_set1_epi32(-1), none));
  }
  const __m256 depth = _mm256_set1_ps(w.depth);
  const bool wide = w.x1 - w.x0 >= 8;
  for (int j = std::max(w.y0, first_row); j <= std::min(w.y1, last_row); ++j) {
    const int first = first_of[j - w.y0], last = last_of[j - w.y0];
    float* pixels = row(j) + (w.x0 - drawn_.x);
    take_min(pixels, span_lanes(std::min(first, 7), first > 7 ? -1 : std::min(last, 7)), depth);
    if (wide) take_min(pixels + 8, span_lanes(std::max(first - 8, 0), last < 8 ? -1 : last - 8), depth);
  }
}

// test() in two rounds: the tiles for every ball, each square's 3 x 3 tiles or fewer as three
// masked compares of 4; then the pixels for the balls the tiles did not hide, a square of at
// most 8 x 8 pixels as 8 masked compares of 8 (its last row repeated). Neither round branches on
// a ball's answer.
FRAMELAB_OCCLUSION_AVX2 void sphere_occlusion::test_avx2(std::span<const candidate> balls, std::uint8_t* hide) const {
  std::uint16_t survivor[balls_per_test];
  std::size_t survivors = 0;
  for (std::size_t i = 0; i < balls.size(); ++i) {
    hide[i] = tiles_hide_avx2(balls[i]) ? 1 : 0;
    survivor[survivors] = static_cast<std::uint16_t>(i);
    survivors += 1u - hide[i];
  }
  const __m256 every = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
  for (std::size_t s = 0; s < survivors; ++s) {
    const std::uint16_t i = survivor[s];
    const candidate& ball = balls[i];
    const int columns = ball.x1 - ball.x0, rows = ball.y1 - ball.y0;  // less one
    if (columns >= 8 || rows >= 8) {
      hide[i] = (columns < 16 && rows < 16 ? hidden_avx2(ball) : hidden(ball)) ? 1 : 0;
      continue;
    }
    const __m256 limit = _mm256_set1_ps(ball.depth - sprite_depth_margin);
    const __m256 outside = _mm256_xor_ps(span_lanes(0, columns), every);
    const float* first = candidate_row(ball.y0) + ball.x0;
    __m256 all = every;
    for (int r = 0; r < 8; ++r) {
      const float* pixels = first + static_cast<std::ptrdiff_t>(std::min(r, rows)) * stride_;
      all = _mm256_and_ps(all, _mm256_or_ps(_mm256_cmp_ps(_mm256_loadu_ps(pixels), limit, _CMP_LT_OQ), outside));
    }
    hide[i] = _mm256_movemask_ps(all) == 0xff ? 1 : 0;
  }
}

// tiles_hide for a ball whose square lies on at most 3 x 3 tiles: a row of 4 tiles from its
// first at a time, the columns past its last masked (tiles_ holds 3 floats of padding past its
// last tile), its last row repeated.
FRAMELAB_OCCLUSION_AVX2 bool sphere_occlusion::tiles_hide_avx2(const candidate& ball) const {
  static_assert(tile_size == 4);
  const int tx0 = ball.x0 / tile_size, tx1 = ball.x1 / tile_size;
  const int ty0 = ball.y0 / tile_size, ty1 = ball.y1 / tile_size;
  if (tx1 - tx0 > 2 || ty1 - ty0 > 2) return tiles_hide(ball);
  const __m128 limit = _mm_set1_ps(ball.depth - sprite_depth_margin);
  const __m128 outside = _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(tx1 - tx0)));
  __m128 nearer = _mm_castsi128_ps(_mm_set1_epi32(-1));
  for (int r = 0; r < 3; ++r) {
    const float* tiles = tiles_.data() + static_cast<std::ptrdiff_t>(std::min(ty0 + r, ty1)) * tiles_x_ + tx0;
    nearer = _mm_and_ps(nearer, _mm_cmplt_ps(_mm_loadu_ps(tiles), limit));
  }
  return _mm_movemask_ps(_mm_or_ps(nearer, outside)) == 0xf;
}

// Pass 2 for a square of at most 16 x 16 pixels: each row one or two compares of 8 pixels from its first.
FRAMELAB_OCCLUSION_AVX2 bool sphere_occlusion::hidden_avx2(const candidate& ball) const {
  const __m256 limit = _mm256_set1_ps(ball.depth - sprite_depth_margin);
  const __m256 every = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
  const int columns = ball.x1 - ball.x0;  // less one
  const __m256 outside = _mm256_xor_ps(span_lanes(0, std::min(columns, 7)), every);
  __m256 all = every;
  const float* pixels = candidate_row(ball.y0) + ball.x0;
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

}  // namespace framelab::render

#endif
