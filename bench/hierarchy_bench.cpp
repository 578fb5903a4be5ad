// `framelab bench hierarchy`: the world sweep (local -> global dynamics of every node)
// of a random 3D double-precision transform hierarchy, stored flat (core/hierarchy.hpp:
// contiguous preorder arrays, one linear sweep) against the same maths on a pointer-
// linked tree of individually allocated nodes updated recursively, in the same run on
// the same tree (core/hierarchy_bench_cases.hpp). Node i's parent is drawn uniformly
// from nodes 0..i-1. Ratio = time(pointer tree) / time(flat): above 1, flat is faster.
// Issue 3's target: >= 60 sweeps per second at 1,000,000 nodes (<= 16.7 ns per node)
// and >= 3x the pointer tree.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "core/hierarchy_bench_cases.hpp"

namespace framelab::bench {

namespace {

constexpr const char* storage_pointer = "pointer tree";
constexpr const char* storage_flat = "flat hierarchy";
constexpr double checksum_tol = 1e-9;  // relative: the two sweeps must give the same world

timing_settings sweep_timing(bool quick) {
  timing_settings t;
  t.warmup_runs = 1;
  t.min_samples = quick ? 3 : 5;
  t.max_samples = quick ? 5 : 20;
  t.min_sample_seconds = 0.005;
  t.max_case_seconds = quick ? 0.3 : 1.5;
  return t;
}

// One case per (size, kernel): builds the tree once, then times one world sweep of
// each storage on it (two records told apart by "storage").
void run_sweeps(case_context& ctx, std::size_t n, bool portable, std::uint64_t seed) {
  const hierarchy_bench_tree tree = make_hierarchy_bench_tree(n, seed);
  pointer_tree pointers = build_pointer_tree(tree);
  hierarchy3d flat = build_flat_hierarchy(tree);
  flat.set_simd_enabled(!portable);
  const double items = static_cast<double>(n);
  if (!ctx.measure(items,
                   [&] {
                     sweep_pointer_tree(pointers, !portable);
                     keep(pointers.root->global.pose.translation.x);
                   },
                   {{"storage", storage_pointer}}))
    return;
  if (!ctx.measure(items,
                   [&] {
                     sweep_flat_hierarchy(flat);
                     keep(flat.globals().data());
                   },
                   {{"storage", storage_flat}}))
    return;
  const double a = pointer_tree_checksum(pointers), b = hierarchy_checksum(flat);
  if (!(std::abs(a - b) <= checksum_tol * std::max(1.0, std::abs(a))))
    throw std::logic_error("the flat and pointer-tree sweeps disagree (checksums " + std::to_string(a) + " and " +
                           std::to_string(b) + ")");
}

std::vector<bench_case> hierarchy_cases(const option_values& o) {
  std::vector<bench_case> cases;
  const bool quick = o.flag("quick");
  const auto seed = static_cast<std::uint64_t>(o.integer("seed"));
  std::vector<bool> kernels;  // portable or not; "auto" is portable on a CPU without AVX2/FMA
  for (const std::string& choice : o.choices("kernels")) {
    const bool portable = choice == "portable" || !hierarchy_simd_available();
    if (std::find(kernels.begin(), kernels.end(), portable) == kernels.end()) kernels.push_back(portable);
  }
  for (const bool portable : kernels) {
    const std::string kernel = portable ? "portable" : "avx2";
    for (const long long nodes : o.integers("nodes")) {
      const auto n = static_cast<std::size_t>(nodes);
      bench_case c;
      c.name = "world sweep, " + kernel + ", n = " + std::to_string(n) + ", pointer tree and flat hierarchy";
      c.params = {{"storage", "both"}, {"kernel", kernel}, {"nodes", std::to_string(n)}};
      c.unit = "node";
      c.cost = static_cast<double>(n);
      c.timing = sweep_timing(quick);
      c.run = [n, portable, seed](case_context& ctx) { run_sweeps(ctx, n, portable, seed); };
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

void adjust_hierarchy_defaults(option_values& o) {
  if (o.flag("quick")) o.set_default("nodes", "10000,100000");
}

const int registered = register_benchmark(
    {.name = "hierarchy",
     .description = "World sweep of a random 3D double hierarchy: flat preorder arrays against a pointer tree",
     .options = {{.name = "nodes",
                  .kind = option_kind::integer_list,
                  .description = "Numbers of nodes (node i's parent is uniform in 0..i-1)",
                  .default_value = "1000000",
                  .min = 1,
                  .max = 20000000},
                 {.name = "kernels",
                  .kind = option_kind::choice_list,
                  .description = "auto: the AVX2/FMA kernel where the CPU has it; portable: plain C++",
                  .default_value = "auto",
                  .choices = {"auto", "portable"}},
                 {.name = "seed",
                  .kind = option_kind::integer,
                  .description = "Random tree and local dynamics",
                  .default_value = "1",
                  .min = 0},
                 {.name = "quick", .kind = option_kind::flag, .description = "Smaller trees (10^4, 10^5 nodes)"}},
     .cases = &hierarchy_cases,
     .adjust_defaults = &adjust_hierarchy_defaults,
     .compare = {.key = "storage", .baseline = storage_pointer},
     .plot_x = "nodes",
     .plot_series = "kernel",
     .notes = "ns per node of one world sweep (local -> global pose, velocity, acceleration, angular velocity "
              "and angular acceleration of every node), the same maths and kernel for both storages, the "
              "same random tree. Ratio = pointer tree / flat. Target (issue 3): at 1,000,000 nodes at least 60 "
              "sweeps per second (<= 16.7 ns per node) and at least 3x the pointer tree."});

}  // namespace

}  // namespace framelab::bench
