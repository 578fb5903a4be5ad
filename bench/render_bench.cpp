// `framelab bench render`: building one frame's draw data (render/draw_lists.hpp) for n
// balls, as the collisions scene shows them (a sphere node each, posed and coloured), in
// ns per ball, against copying the bytes that frame streams to the GPU (the floor: the
// draw data cannot be made faster than they are written), in the same run. Issue 27's
// target: at most 20 ns per ball.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "render/draw_lists.hpp"

namespace framelab::bench {

namespace {

// n balls of 1 to 2 cm radius in a 4 m cube, coloured, seen from 8 m: the collisions
// scene's view at its largest (nodes carry names, as the scene's do).
scene_view balls_view(std::size_t n) {
  scene_view view;
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  std::uniform_real_distribution<double> r(0.01, 0.02);
  std::uniform_real_distribution<float> c(0.0f, 1.0f);
  view.nodes.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    view_node& ball = view.nodes[i];
    ball.name = "ball " + std::to_string(i);
    ball.shape = shape_kind::sphere;
    ball.size = glm::dvec3(2.0 * r(rng));
    ball.world.translation = {u(rng), 2.0 + u(rng), u(rng)};
    ball.color = {c(rng), c(rng), c(rng), 1.0f};
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
      c.run = [n, copy = std::string(work) == "copy the frame's bytes"](case_context& ctx) {
        const scene_view view = balls_view(n);
        render::draw_lists lists;
        render::build_draw_lists(view, settings_for_view(), lists);
        if (copy) {
          std::vector<render::mesh_instance> from, to;
          for (const auto& list : lists.opaque) from.insert(from.end(), list.begin(), list.end());
          to.resize(from.size());
          ctx.measure(double(n), [&] {
            std::memcpy(to.data(), from.data(), from.size() * sizeof(render::mesh_instance));
            keep(to.back().rgba);
          });
        } else {
          ctx.measure(double(n), [&] {
            render::build_draw_lists(view, settings_for_view(), lists);
            keep(lists.instance_count());
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
    .description = "One frame's draw data for n balls (instances streamed to the GPU), against copying its bytes",
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
    .notes = "ns per ball to build the instanced draw data of a frame (a 52-byte instance per ball: the pose as a 3x4 "
             "float matrix and an RGBA colour, the sphere's mesh picked by its size on screen) from a scene's view, "
             "against a plain copy of those bytes. The renderer then streams them in one buffer and draws each mesh "
             "in one instanced call. Target: at most 20 ns per ball."});

}  // namespace

}  // namespace framelab::bench
