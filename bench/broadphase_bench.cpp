// `framelab bench broadphase`: the broadphase on moving boxes, brute force over distinct pairs,
// sort-and-sweep and the uniform grid (core/collision/broadphase.hpp) side by side, 10 to 100,000
// boxes by default and up to 1,000,000 with --sizes, and a full step of 10,000 colliding spheres
// (core/collision/sphere_world.hpp) with sort-and-sweep and with the grid.
//
// boxes: the moving-boxes workload of bench/cases/broadphase_cases.hpp (boxes of side 0.5 to
//   1.5 drifting through a cube that grows with their number, 5 % full, so each box has about
//   the same number of neighbours at every size). One case per (method, size): the boxes step
//   by 1/60 s before each timed update (untimed), so sort-and-sweep re-sorts a nearly sorted
//   order as in a simulation. Baseline: sort-and-sweep, measured in the same run at the same size.
//   Ratio = time(sort-and-sweep) / time(method): the brute force's is below 1 above a few dozen
//   boxes (the inverse is the old brute force / sort-and-sweep speed-up), the grid's is its
//   speed-up over sort-and-sweep (issue 17: >= 10 at 100,000 boxes, <= 16 ms per update). The
//   brute force stops at --brute-max (its time grows as n^2). Answers are checked: against the
//   brute force up to 10,000 boxes (1,000 where the run goes in slices, one case a frame: the
//   check's n^2 / 2 pair tests took ~100 ms of the page's frame at 3,000 boxes), the grid above
//   that against sort-and-sweep up to 100,000.
// spheres: 10,000 spheres (radius 0.045 to 0.075 m) in a box 5 % full, restitution 0.9, with
//   and without gravity (a settled pile, or a gas); one timed call is a whole step (gravity,
//   broadphase, narrowphase, impulses, walls). Target: at most 16.7 ms (60 Hz) on one core.
//   The grid also with its pair search on every core ("uniform grid, every core",
//   uniform_grid::set_threads): a grid of fewer than 2 x 32,768 entries stays on one thread, so
//   the two differ from about 20,000 spheres (--spheres 100000: the collisions scene's largest).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/broadphase_cases.hpp"
#include "bench/runner.hpp"
#include "core/collision/sphere_world.hpp"

namespace framelab::bench {

namespace {

constexpr const char* brute = "brute force";
constexpr const char* sweep = "sort-and-sweep";
constexpr const char* grid = "uniform grid";
constexpr const char* grid_threads = "uniform grid, every core";  // its pair search (uniform_grid::set_threads)
constexpr long long check_max = 10000;             // answers checked against the brute force up to here,
constexpr long long slice_check_max = 1000;        // in slices (bench::threads_can_start false) up to here
constexpr long long sweep_check_max = 100000;      // the grid's against sort-and-sweep up to here
constexpr long long sweep_single_sample = 300000;  // sort-and-sweep takes seconds per update above

// Expected time of one update relative to the others, for the ETA (sort-and-sweep: 5 ms at
// 10,000 boxes, growing as n^(5/3); the grid about 12x faster at 10,000, growing as n).
double case_cost(const std::string& method, long long n) {
  if (method == brute) return double(n) * double(n - 1) / 2.0 * 1e-3;
  if (method == sweep) return 500.0 * std::pow(double(n) / 1e4, 5.0 / 3.0);
  return 40.0 * double(n) / 1e4;
}

std::vector<bench_case> broadphase_cases(const option_values& o) {
  std::vector<bench_case> cases;
  const long long brute_max = o.integer("brute-max");
  const long long brute_check_max = threads_can_start() ? check_max : slice_check_max;
  for (const long long n : o.integers("sizes")) {
    // the grid before the brute force: the panel's ratio plot shows the first contender it meets
    for (const char* method : {sweep, grid, brute}) {
      if (method == brute && n > brute_max) continue;
      bench_case c;
      c.name = std::string("boxes, ") + method + ", n = " + std::to_string(n);
      c.params = {{"test", "boxes"}, {"method", method}, {"size", std::to_string(n)}};
      c.unit = "update";
      c.cost = case_cost(method, n);
      const double pairs = double(n) * double(n - 1) / 2.0;
      // the big sizes of the brute force and of sort-and-sweep take seconds per call: one timed call
      if ((method == brute && pairs > 2e8) || (method == sweep && n > sweep_single_sample))
        c.timing = {.warmup_runs = 0, .min_samples = 1, .max_samples = 1};
      c.run = [n, brute_check_max, m = std::string(method)](case_context& ctx) {
        auto w = make_moving_boxes<double, 3>(static_cast<std::size_t>(n), /*seed=*/1);
        sweep_and_prune<double, 3> sap;
        uniform_grid<double, 3> cells;
        std::vector<index_pair> out;
        // the first sort is a full one: not what a simulation pays per frame
        if (m == sweep) sap.update(w.boxes, out);
        const auto step = [&] { w.step(1.0 / 60.0); };
        if (m == brute) {
          ctx.measure(1.0, step, [&] {
            brute_force_pairs(w.boxes, out);
            keep(out.size());
          });
        } else if (m == sweep) {
          ctx.measure(1.0, step, [&] {
            sap.update(w.boxes, out);
            keep(out.size());
          });
          canonical_order(out);
        } else {
          ctx.measure(1.0, step, [&] {
            cells.update(w.boxes, out);
            keep(out.size());
          });
          const auto& s = cells.last_update();
          ctx.metric("entries_per_box", double(s.entries) / double(n));
          ctx.metric("candidate_pairs", double(s.candidate_pairs));
          if (n > brute_check_max && n <= sweep_check_max && !ctx.stop_requested()) {
            std::vector<index_pair> reference;
            sort_and_sweep_pairs(w.boxes, reference);
            canonical_order(reference);
            if (out != reference) throw std::logic_error("the uniform grid and sort-and-sweep disagree");
          }
        }
        // up to brute_check_max boxes, the last frame's answer is checked against the brute force
        if (m != brute && n <= brute_check_max) {
          std::vector<index_pair> reference;
          brute_force_pairs(w.boxes, reference);
          if (out != reference) throw std::logic_error(m + " and the brute force disagree");
        }
        ctx.metric("overlapping_pairs", double(out.size()));
      };
      cases.push_back(std::move(c));
    }
  }
  const long long spheres = o.integer("spheres");
  if (spheres > 0) {
    for (const bool gravity : {false, true}) {
      for (const char* method : {sweep, grid, grid_threads}) {
        bench_case c;
        c.name = std::string("spheres, full step, ") + (gravity ? "settled pile" : "gas") + ", " + method +
                 ", n = " + std::to_string(spheres);
        c.params = {{"test", gravity ? "sphere step, pile" : "sphere step, gas"},
                    {"method", method},
                    {"size", std::to_string(spheres)}};
        c.unit = "step";
        c.cost = double(spheres) * 2.0;
        c.run = [spheres, gravity, m = std::string(method)](case_context& ctx) {
          sphere_world w = make_sphere_world(static_cast<std::size_t>(spheres), gravity, 7);
          w.method = m == sweep ? broadphase_method::sort_and_sweep : broadphase_method::uniform_grid;
          if (m == grid_threads) w.set_grid_threads(0);
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
  }
  return cases;
}

void adjust_broadphase_defaults(option_values& values) {
  if (!values.flag("quick")) return;
  values.set_default("sizes", "10,100,1000,10000");
  values.set_default("brute-max", "10000");
}

const int broadphase_bench_registered = register_benchmark({
    .name = "broadphase",
    .description = "Broadphase on moving boxes, brute force, sort-and-sweep and a uniform grid (10 to 100,000; "
                   "--sizes up to 1,000,000), and a full step of 10,000 colliding spheres",
    .options = {{.name = "quick", .kind = option_kind::flag, .description = "Up to 10,000 boxes: about 15 seconds"},
                {.name = "sizes",
                 .kind = option_kind::integer_list,
                 .description = "Numbers of moving boxes (10 and 30 show where the brute force still wins; "
                                "1e6 takes sort-and-sweep about 10 s per update)",
                 .default_value = "10,30,100,300,1000,3000,10000,30000,100000",
                 .min = 2,
                 .max = 1'000'000,
                 .slice_max = 3000},
                {.name = "brute-max",
                 .kind = option_kind::integer,
                 .description = "Largest size for the brute force, whose time grows as n^2 (100,000: 30 s or more)",
                 .default_value = "10000",
                 .min = 2,
                 .max = 1'000'000,
                 .slice_max = 1000},
                {.name = "spheres",
                 .kind = option_kind::integer,
                 .description = "Spheres in the full-step test (0: skip it)",
                 .default_value = "10000",
                 .min = 0,
                 .max = 1'000'000,
                 // in slices: the settled pile's set-up (240 untimed steps) took 123 ms at 300 under node
                 .slice_max = 200}},
    .cases = &broadphase_cases,
    .adjust_defaults = &adjust_broadphase_defaults,
    .compare = {.key = "method", .baseline = sweep},
    .plot_x = "size",
    .plot_series = "test",
    .notes = "Boxes: time per broadphase update of n moving boxes in a world that grows with n (constant density). "
             "Ratio = time(sort-and-sweep) / time(method), both measured in this run at the same size. The brute "
             "force tests all n(n-1)/2 pairs (ratio below 1 beyond a few dozen boxes; it stops at --brute-max). "
             "Sort-and-sweep re-sorts last frame's nearly sorted order and tests the pairs overlapping on one axis: "
             "in a 3D cloud that is ~n^(5/3) pairs. The uniform grid enters each box in the cells it covers (cell "
             "width twice the median box side, about 3.4 cells per box) and tests only pairs sharing a cell, each "
             "pair from one cell: ~n. Issue 17's target: <= 16 ms per update at 100,000 boxes, >= 10x sort-and-"
             "sweep (level with Bullet's btDbvtBroadphase there). Spheres: one whole step of 10,000 colliding "
             "spheres (gravity, broadphase, narrowphase, impulses, walls), a gas and a settled pile, with "
             "sort-and-sweep and with the grid (on one core, and with its pair search on every core from 65,536 "
             "entries, about 20,000 spheres); target at most 16.7 ms.",
});

}  // namespace

}  // namespace framelab::bench
