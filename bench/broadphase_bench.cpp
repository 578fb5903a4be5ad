// `framelab bench broadphase`: the broadphase on moving boxes, brute force over distinct
// pairs against sort-and-sweep (core/broadphase.hpp), 100 to 100,000 boxes, and a full step
// of 10,000 colliding spheres (core/sphere_world.hpp).
//
// boxes: the moving-boxes workload of core/broadphase_bench_cases.hpp (boxes of side 0.5 to
//   1.5 drifting through a cube that grows with their number, 5 % full, so each box has about
//   the same number of neighbours at every size). One case per (method, size): the boxes step
//   by 1/60 s before each timed update (untimed), so sort-and-sweep re-sorts a nearly sorted
//   order as in a simulation. Ratio = time(brute force) / time(sort-and-sweep): below 1 the
//   brute force wins (small n), above 1 sort-and-sweep does; the crossover is where it passes 1.
// spheres: 10,000 spheres (radius 0.045 to 0.075 m) in a box 5 % full, restitution 0.9, with
//   and without gravity (a settled pile, or a gas); one timed call is a whole step (gravity,
//   broadphase, narrowphase, impulses, walls). Target: at most 16.7 ms (60 Hz) on one core.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "core/broadphase_bench_cases.hpp"
#include "core/sphere_world.hpp"

namespace framelab::bench {

namespace {

constexpr const char* brute = "brute force";
constexpr const char* sweep = "sort-and-sweep";
constexpr long long check_max = 10000;

// The sphere workload: `count` spheres at random distinct cells of a cubic box filled to
// 5 % of its volume, random speeds up to 2 m/s; under gravity they first settle for 4 s.
sphere_world make_sphere_world(std::size_t count, bool gravity, std::uint64_t seed) {
  constexpr double r_max = 0.075, fill = 0.05;
  workload_random random(seed);
  sphere_world w;
  w.restitution = 0.9;
  w.gravity = {0.0, gravity ? -9.81 : 0.0, 0.0};
  const double mean_volume = 4.0 / 3.0 * std::numbers::pi * std::pow(0.8 * r_max, 3);
  const double side = std::cbrt(double(count) * mean_volume / fill);
  w.box = turning_box{{0.0, 0.5 * side, 0.0}, glm::dvec3(0.5 * side), 0.0, 0.0};
  const double cell = 2.2 * r_max;
  const auto per_axis = static_cast<std::size_t>(side / cell);
  std::vector<std::size_t> cells(per_axis * per_axis * per_axis);
  for (std::size_t c = 0; c < cells.size(); ++c) cells[c] = c;
  for (std::size_t c = cells.size(); c > 1; --c) std::swap(cells[c - 1], cells[random.next() % c]);  // shuffle
  for (std::size_t k = 0; k < count && k < cells.size(); ++k) {
    const std::size_t c = cells[k];
    const glm::dvec3 q = -0.5 * side + cell * (glm::dvec3(double(c % per_axis), double((c / per_axis) % per_axis),
                                                          double(c / (per_axis * per_axis))) +
                                               0.5);
    const double r = r_max * random.uniform(0.6, 1.0);
    const glm::dvec3 v(random.uniform(-1.2, 1.2), random.uniform(-1.2, 1.2), random.uniform(-1.2, 1.2));
    w.spheres.add(w.box->to_world_point(q), v, r, 1000.0 * 4.0 / 3.0 * std::numbers::pi * r * r * r);
  }
  if (gravity)
    for (int s = 0; s < 240; ++s) w.step(1.0 / 60.0);
  return w;
}

std::vector<bench_case> broadphase_cases(const option_values& o) {
  std::vector<bench_case> cases;
  const long long brute_max = o.integer("brute-max");
  for (const long long n : o.integers("sizes")) {
    for (const char* method : {brute, sweep}) {
      if (method == brute && n > brute_max) continue;
      bench_case c;
      c.name = std::string("boxes, ") + method + ", n = " + std::to_string(n);
      c.params = {{"test", "boxes"}, {"method", method}, {"size", std::to_string(n)}};
      c.unit = "update";
      const double pairs = double(n) * double(n - 1) / 2.0;
      c.cost = method == brute ? pairs * 1e-3 : double(n) * 0.05;
      // the brute force's big sizes take seconds per call: one timed call
      if (method == brute && pairs > 2e8) c.timing = {.warmup_runs = 0, .min_samples = 1, .max_samples = 1};
      c.run = [n, m = std::string(method)](case_context& ctx) {
        auto w = make_moving_boxes<double, 3>(static_cast<std::size_t>(n), /*seed=*/1);
        sweep_and_prune<double, 3> sap;
        std::vector<index_pair> out;
        sap.update(w.boxes, out);  // the first sort is a full one: not what a simulation pays per frame
        const auto step = [&] { w.step(1.0 / 60.0); };
        if (m == brute) {
          ctx.measure(1.0, step, [&] {
            brute_force_pairs(w.boxes, out);
            keep(out.size());
          });
        } else {
          ctx.measure(1.0, step, [&] {
            sap.update(w.boxes, out);
            keep(out.size());
          });
          // up to check_max boxes, the last frame's answer is checked against the brute force
          if (n <= check_max) {
            std::vector<index_pair> reference;
            brute_force_pairs(w.boxes, reference);
            canonical_order(out);
            if (out != reference) throw std::logic_error("sort-and-sweep and the brute force disagree");
          }
        }
        ctx.metric("overlapping_pairs", double(out.size()));
      };
      cases.push_back(std::move(c));
    }
  }
  const long long spheres = o.integer("spheres");
  if (spheres > 0) {
    for (const bool gravity : {false, true}) {
      bench_case c;
      c.name =
          std::string("spheres, full step, ") + (gravity ? "settled pile" : "gas") + ", n = " + std::to_string(spheres);
      c.params = {{"test", gravity ? "sphere step, pile" : "sphere step, gas"},
                  {"method", sweep},
                  {"size", std::to_string(spheres)}};
      c.unit = "step";
      c.cost = double(spheres) * 2.0;
      c.run = [spheres, gravity](case_context& ctx) {
        sphere_world w = make_sphere_world(static_cast<std::size_t>(spheres), gravity, 7);
        ctx.measure(1.0, [&] {
          w.step(1.0 / 60.0);
          keep(w.spheres.position[0]);
        });
        ctx.metric("candidate_pairs", double(w.last_step().candidate_pairs));
        ctx.metric("touching_pairs", double(w.last_step().touching_pairs));
        ctx.metric("broadphase_ms", w.last_step().broadphase_ms);
      };
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

void adjust_broadphase_defaults(option_values& values) {
  if (!values.flag("quick")) return;
  values.set_default("sizes", "10,100,1000,10000");
  values.set_default("brute-max", "10000");
}

const int registered = register_benchmark({
    .name = "broadphase",
    .description = "Broadphase on moving boxes, brute force against sort-and-sweep (100 to 100,000), and a full "
                   "step of 10,000 colliding spheres",
    .options = {{.name = "quick", .kind = option_kind::flag, .description = "Up to 10,000 boxes: about 15 seconds"},
                {.name = "sizes",
                 .kind = option_kind::integer_list,
                 .description = "Numbers of moving boxes (10 and 30 show where the brute force still wins)",
                 .default_value = "10,30,100,300,1000,3000,10000,30000,100000",
                 .min = 2,
                 .max = 1'000'000},
                {.name = "brute-max",
                 .kind = option_kind::integer,
                 .description = "Largest size for the brute force, whose time grows as n^2 (100,000: 30 s or more)",
                 .default_value = "100000",
                 .min = 2,
                 .max = 1'000'000},
                {.name = "spheres",
                 .kind = option_kind::integer,
                 .description = "Spheres in the full-step test (0: skip it)",
                 .default_value = "10000",
                 .min = 0,
                 .max = 1'000'000}},
    .cases = &broadphase_cases,
    .adjust_defaults = &adjust_broadphase_defaults,
    .compare = {.key = "method", .baseline = brute},
    .plot_x = "size",
    .plot_series = "test",
    .notes = "Boxes: time per broadphase update of n moving boxes in a world that grows with n (constant density). "
             "Ratio = time(brute force) / time(sort-and-sweep): the brute force tests all n(n-1)/2 pairs, "
             "sort-and-sweep re-sorts last frame's nearly sorted order and tests neighbours on one axis; the "
             "crossover is where the ratio passes 1. Spheres: one whole step of 10,000 colliding spheres (gravity, "
             "sort-and-sweep, narrowphase, impulses, walls), a gas and a settled pile; target at most 16.7 ms.",
});

}  // namespace

}  // namespace framelab::bench
