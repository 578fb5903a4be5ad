// `framelab bench render`: building one frame's draw data (render/draw_lists.hpp) for n
// balls, as the collisions scene shows them (a sphere batch, core/scene_view.hpp, which the
// renderer streams as it is), in ns per ball, with and without culling the hidden balls of a
// batch of occlusion_min_balls or more (render/sphere_occlusion.hpp), against copying the
// batch's bytes (the floor), in the same run. Issue 27's target: at most 20 ns per ball.
#include <cmath>
#include <cstring>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "render/draw_lists.hpp"
#include "render/orbit_camera.hpp"

namespace framelab::bench {

namespace {

// n balls as the collisions scene's settled pile shows them in two frames one after the other:
// one in each cell of a lattice filling a 3 x 3 x 1.5 m box standing on the ground, radii 0.7 to
// 1 times the largest that fits, coloured, each moved at random by up to half a cell along each
// axis, differently in each frame (`frame` 0 or 1). A pile many layers deep never comes to rest
// (docs/performance.md): its balls move ~30 mm a step, more than a radius, so in a frame the
// hidden balls are not those of the frame before, and the balls seen through its uneven top are
// several layers deep. A lattice (no moves, the same every frame) was kinder to the culling than
// the scene: on 2026-11-27, 17 ns a ball at 100,000 against the window's 35 (these frames: 35).
scene_view balls_view(std::size_t n, int frame) {
  scene_view view;
  std::mt19937 rng(1);
  std::mt19937 moves(2 + static_cast<unsigned>(frame));
  std::uniform_real_distribution<float> u(0.0f, 1.0f), move(-0.5f, 0.5f);
  const glm::vec3 box(3.0f, 3.0f, 1.5f);
  const float cell = std::cbrt(box.x * box.y * box.z / static_cast<float>(n));
  const glm::ivec3 cells = glm::max(glm::ivec3(box / cell), glm::ivec3(1));
  view.spheres.spheres.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const auto i = static_cast<int>(k);
    const glm::ivec3 at(i % cells.x, (i / cells.x) % cells.y, i / (cells.x * cells.y));
    packed_sphere& ball = view.spheres.spheres[k];
    ball.diameter = cell * (0.7f + 0.3f * u(rng));
    const glm::vec3 moved(move(moves), move(moves), move(moves));
    ball.centre = (glm::vec3(at) + 0.5f + moved) * cell - glm::vec3(0.5f * box.x, 0.0f, 0.5f * box.z);
    ball.rgba = pack_rgba({u(rng), u(rng), u(rng), 1.0f});
  }
  return view;
}

// The scene's view at 1280 x 720: from 8 m, 25 degrees above the box's middle.
struct balls_camera {
  render::orbit_camera camera;
  render::sprite_camera sprites;
  balls_camera() {
    camera.set({{0.0, 1.5, 0.0}, 8.0, 25.0, 20.0});
    sprites = {.view = glm::mat4(camera.view()),
               .projection = glm::mat4(camera.projection(1280.0 / 720.0)),
               .viewport = {1280.0f, 720.0f},
               .max_point_size = 255.0f};
  }
  render::draw_settings settings(bool cull) const {
    const double fov = render::orbit_camera::field_of_view_deg * std::numbers::pi / 180.0;
    return {.eye = camera.eye(),
            .pixels_per_radian = 720.0 / (2.0 * std::tan(0.5 * fov)),
            .sprites = cull ? &sprites : nullptr,
            .drawn_pixels = {0, 0, 1280, 720}};
  }
};

std::vector<bench_case> render_cases(const option_values& o) {
  std::vector<bench_case> cases;
  for (const long long n_ll : o.integers("balls")) {
    const auto n = std::size_t(n_ll);
    for (const char* work : {"copy the frame's bytes", "build draw lists", "build draw lists, hidden balls culled"}) {
      bench_case c;
      c.name = std::string(work) + ", " + std::to_string(n) + " balls";
      c.params = {{"work", work}, {"balls", std::to_string(n)}};
      c.unit = "ball";
      c.cost = double(n);
      c.run = [n, what = std::string(work)](case_context& ctx) {
        const scene_view frames[2] = {balls_view(n, 0), balls_view(n, 1)};
        const balls_camera camera;
        const render::draw_settings settings = camera.settings(what == "build draw lists, hidden balls culled");
        render::draw_lists lists;
        render::build_draw_lists(frames[1], settings, lists);
        std::size_t frame = 0;  // the frames alternate
        if (what == "copy the frame's bytes") {
          std::vector<packed_sphere> to(n);
          ctx.measure(double(n), [&] {
            std::memcpy(to.data(), frames[frame].spheres.spheres.data(), n * sizeof(packed_sphere));
            frame ^= 1;
            keep(to.back().rgba);
          });
        } else {
          ctx.measure(double(n), [&] {
            render::build_draw_lists(frames[frame], settings, lists);
            frame ^= 1;
            keep(lists.batch.size() + lists.instance_count());
          });
        }
      };
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

const int render_bench_registered = register_benchmark({
    .name = "render",
    .description = "One frame's draw data for n balls (a sphere batch streamed to the GPU as it is), against "
                   "copying its bytes",
    .options = {{.name = "balls",
                 .kind = option_kind::integer_list,
                 .description = "Numbers of balls",
                 .default_value = "300,4000,20000,100000",
                 .min = 1,
                 .max = 1000000,
                 .slice_max = 20000}},
    .cases = &render_cases,
    .compare = {.key = "work", .baseline = "copy the frame's bytes"},
    .plot_x = "balls",
    .notes = "ns per ball to build the draw data of a frame from a scene's view whose balls are a sphere batch (20 "
             "bytes a ball: centre, diameter, RGBA) packed in a box as the collisions scene's pile that never rests "
             "(each ball moved at random by up to half a cell, differently in each of two frames drawn in turn), seen at "
             "1280 x 720, which the renderer streams to the GPU and draws as point sprites (the build picks out the "
             "balls large on screen or see-through, drawn as quads, and from occlusion_min_balls on leaves out the "
             "hidden ones), against a plain copy of those bytes. Target: at most 20 ns per ball."});

}  // namespace

}  // namespace framelab::bench
