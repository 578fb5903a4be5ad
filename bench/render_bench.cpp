// `framelab bench render`: building one frame's draw data (render/draw_lists.hpp) for n
// balls, as the collisions scene shows them (a sphere batch, core/scene_view.hpp, which the
// renderer streams as it is), in ns per ball, against copying the bytes that frame streams
// to the GPU (the floor), in the same run. Issue 27's target: at most 20 ns per ball.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "render/draw_lists.hpp"

namespace framelab::bench {

namespace {

// n balls of 1 to 2 cm radius in a 4 m cube, coloured, seen from 8 m: the collisions
// scene's view at its largest.
scene_view balls_view(std::size_t n) {
  scene_view view;
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  std::uniform_real_distribution<float> r(0.01f, 0.02f);
  std::uniform_real_distribution<float> c(0.0f, 1.0f);
  view.spheres.spheres.resize(n);
  for (packed_sphere& ball : view.spheres.spheres) {
    ball.diameter = 2.0f * r(rng);
    ball.centre = {u(rng), 2.0f + u(rng), u(rng)};
    ball.rgba = pack_rgba({c(rng), c(rng), c(rng), 1.0f});
  }
  return view;
}

render::draw_settings settings_for_view() {
  return {.eye = {0.0, 4.0, 8.0}, .pixels_per_radian = 720.0 / (2.0 * 0.41421356), .camera = nullptr};
}

std::vector<bench_case> render_cases(const option_values& o) {
  std::vector<bench_case> cases;
  for (const long long n_ll : o.integers("balls")) {
    const auto n = std::size_t(n_ll);
    for (const char* work : {"copy the frame's bytes", "build draw lists"}) {
      bench_case c;
      c.name = std::string(work) + ", " + std::to_string(n) + " balls";
      c.params = {{"work", work}, {"balls", std::to_string(n)}};
      c.unit = "ball";
      c.cost = double(n);
      c.run = [n, what = std::string(work)](case_context& ctx) {
        const scene_view view = balls_view(n);
        render::draw_lists lists;
        render::build_draw_lists(view, settings_for_view(), lists);
        if (what == "copy the frame's bytes") {
          std::vector<packed_sphere> to(n);
          ctx.measure(double(n), [&] {
            std::memcpy(to.data(), lists.batch.data(), lists.batch.size_bytes());
            keep(to.back().rgba);
          });
        } else {
          ctx.measure(double(n), [&] {
            render::build_draw_lists(view, settings_for_view(), lists);
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
             "bytes a ball: centre, diameter, RGBA), which the renderer streams as it is and draws as point sprites "
             "(the build only picks out the balls large on screen or see-through, drawn as quads), against a plain "
             "copy of those bytes. Target: at most 20 ns per ball."});

}  // namespace

}  // namespace framelab::bench
