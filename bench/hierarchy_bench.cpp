// `framelab bench hierarchy`: the world sweep (local -> global dynamics of every node)
// of a random 3D double-precision transform hierarchy, stored flat (core/frames/hierarchy.hpp:
// contiguous preorder arrays, one linear sweep) against the same maths on a pointer-
// linked tree of individually allocated nodes updated recursively, in the same run on
// the same tree (bench/cases/hierarchy_cases.hpp). Node i's parent is drawn uniformly
// from nodes 0..i-1. Ratio = time(pointer tree) / time(flat): above 1, flat is faster.
// Issue 3's target: >= 60 sweeps per second at 1,000,000 nodes (<= 16.7 ns per node)
// and >= 3x the pointer tree.
//
// The sweep of a big tree is bound by memory bandwidth, which moves with the host, so
// each case also measures it (issue 17): a streaming copy of the sweep's bytes per node
// (read the local record and the depth, write the global record: from the element
// sizes, hierarchy::sweep_bytes_per_node; bench/cases/bandwidth_copy.hpp), on as many
// threads as the sweep, is the record "bandwidth bound", and the metrics say
// bytes_per_node, bandwidth_gb_s (copy bytes read + written / time), bound_ns_per_node
// (bytes_per_node / bandwidth), flat_over_bound and pointer_over_flat (from the fastest
// call of each body in the same samples).
// threads = the flat sweep's threads (hierarchy::set_sweep_threads; the pointer tree is
// swept recursively on one): by default 1 and, on a machine with more, one per hardware
// thread. A tree under parallel_sweep_min_nodes (2^15) is swept on one thread whatever
// is asked, and its copy runs on one too. One core cannot draw the machine's bandwidth:
// the sweep is compute-bound there.
// Issue 17's target: flat <= 1.3x the bound and >= 20x the pointer tree, read per level
// (each level's own bound and pointer tree).
// locals = compact sweeps compact locals (float T, S, v, a, w, alpha; double q); its
// pointer tree is built from the same rounded locals, so both compute the same world.
// level = acceleration (everything, the default of a hierarchy), velocity (pose, v, w)
// or pose (core/frames/sweep_level.hpp): both storages compute only that level (the
// pointer tree's nodes hold that level's records), so each level's ratio compares like
// with like; compact locals exist at the acceleration level only.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/bandwidth_copy.hpp"
#include "bench/cases/hierarchy_cases.hpp"

namespace framelab::bench {

namespace {

constexpr const char* storage_pointer = "pointer tree";
constexpr const char* storage_flat = "flat hierarchy";
constexpr const char* storage_bound = "bandwidth bound";
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

// The fastest call of a timed body (for the metrics; measure() keeps its own record).
class fastest_call {
 public:
  template <class Body>
  void operator()(Body&& body) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    const auto t1 = std::chrono::steady_clock::now();
    ns_ = std::min(ns_, std::chrono::duration<double, std::nano>(t1 - t0).count());
  }
  double ns() const { return ns_; }

 private:
  double ns_ = std::numeric_limits<double>::infinity();
};

sweep_locals locals_of(const std::string& name) {
  return name == "compact" ? sweep_locals::compact : sweep_locals::exact;
}
sweep_level level_of(const std::string& name) {
  return name == "pose" ? sweep_level::pose : name == "velocity" ? sweep_level::velocity : sweep_level::acceleration;
}

// What one case sweeps.
struct sweep_case {
  std::size_t n = 0;
  bool portable = false;
  sweep_locals mode = sweep_locals::exact;
  sweep_level level = sweep_level::acceleration;
  std::size_t threads = 1;  // the flat sweep's and the copy's
  std::uint64_t seed = 1;
};

// One case per (kernel, level, locals, threads, size): builds the tree once, then times
// one world sweep of each storage on it and the copy of the same bytes (three records
// told apart by "storage"). Record: the pointer tree's records at the level.
template <class Record>
void run_sweeps(case_context& ctx, const sweep_case& c) {
  hierarchy_bench_tree tree = make_hierarchy_bench_tree(c.n, c.seed);
  if (c.mode == sweep_locals::compact) tree = round_locals_to_compact(std::move(tree));
  basic_pointer_tree<Record> pointers = build_pointer_tree<Record>(tree);
  hierarchy3d flat = build_flat_hierarchy(tree, c.mode, c.level);
  flat.set_simd_enabled(!c.portable);
  flat.set_sweep_threads(c.threads);
  const std::size_t n = c.n;
  const bool portable = c.portable;
  const std::size_t bytes_per_node = flat.sweep_bytes_per_node();
  const std::size_t copy_threads = flat.sweep_threads_in_use();  // 1 below the threshold, as the sweep
  copy_workload copy = make_copy_workload(n * bytes_per_node);
  const double items = static_cast<double>(n);
  fastest_call pointer_call, copy_call, flat_call;
  if (!ctx.measure(items,
                   [&] {
                     pointer_call([&] { sweep_pointer_tree(pointers, !portable); });
                     keep(&pointers.root->global);
                   },
                   {{"storage", storage_pointer}}))
    return;
  if (!ctx.measure(items,
                   [&] {
                     copy_call([&] { run_copy(copy, copy_threads); });
                     keep(copy.target.data());
                   },
                   {{"storage", storage_bound}}))
    return;
  if (!ctx.measure(items,
                   [&] {
                     flat_call([&] { sweep_flat_hierarchy(flat); });
                     keep(flat.globals().data());
                   },
                   {{"storage", storage_flat}}))
    return;
  // bandwidth = bytes read + written by the copy / its time (bytes per ns = GB/s);
  // bound = bytes_per_node / bandwidth
  const double bandwidth = static_cast<double>(copy.moved_bytes()) / copy_call.ns();
  const double bound_ns = static_cast<double>(bytes_per_node) / bandwidth;
  ctx.metric("bytes_per_node", static_cast<double>(bytes_per_node));
  ctx.metric("bandwidth_gb_s", bandwidth);
  ctx.metric("bound_ns_per_node", bound_ns);
  ctx.metric("flat_over_bound", flat_call.ns() / items / bound_ns);
  ctx.metric("pointer_over_flat", pointer_call.ns() / flat_call.ns());
  const double a = pointer_tree_checksum(pointers), b = hierarchy_checksum(flat);
  if (!(std::abs(a - b) <= checksum_tol * std::max(1.0, std::abs(a))))
    throw std::logic_error("the flat and pointer-tree sweeps disagree (checksums " + std::to_string(a) + " and " +
                           std::to_string(b) + ")");
}

void run_level_sweeps(case_context& ctx, const sweep_case& c) {
  switch (c.level) {
    case sweep_level::pose:
      return run_sweeps<transform3d>(ctx, c);
    case sweep_level::velocity:
      return run_sweeps<moving_transform3d>(ctx, c);
    case sweep_level::acceleration:
      break;
  }
  run_sweeps<dynamic_transform3d>(ctx, c);
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
    for (const std::string& level_name : o.choices("levels")) {
      const sweep_level level = level_of(level_name);
      for (const std::string& locals : o.choices("locals")) {
        const sweep_locals mode = locals_of(locals);
        if (level != sweep_level::acceleration && mode == sweep_locals::compact) continue;  // no such sweep
        const std::size_t bytes = level == sweep_level::acceleration ? hierarchy3d::sweep_bytes_per_node(mode)
                                                                     : hierarchy3d::sweep_bytes_per_node(level);
        for (const long long threads : o.integers("threads")) {
          if (threads > 1 && mode == sweep_locals::compact) continue;  // compact locals sweep on one thread
          for (const long long nodes : o.integers("nodes")) {
            const sweep_case sweep{static_cast<std::size_t>(nodes),   portable, mode, level,
                                   static_cast<std::size_t>(threads), seed};
            bench_case c;
            c.name = "world sweep, " + kernel + ", " + level_name + " level, " + locals + " locals, " +
                     std::to_string(threads) + " thread(s), n = " + std::to_string(nodes) +
                     ", pointer tree, bandwidth bound and flat hierarchy";
            c.params = {{"storage", "all"},
                        {"kernel", kernel},
                        {"level", level_name},
                        {"locals", locals},
                        {"threads", std::to_string(threads)},
                        {"bytes_per_node", std::to_string(bytes)},
                        {"nodes", std::to_string(nodes)}};
            c.unit = "node";
            c.cost = static_cast<double>(nodes);
            c.timing = sweep_timing(quick);
            c.run = [sweep](case_context& ctx) { run_level_sweeps(ctx, sweep); };
            cases.push_back(std::move(c));
          }
        }
      }
    }
  }
  return cases;
}

void adjust_hierarchy_defaults(option_values& o) {
  if (o.flag("quick")) o.set_default("nodes", "10000,100000");
}

// "1" and, on a machine with more hardware threads, "1,N" (at most 64).
std::string default_sweep_threads() {
  const unsigned hardware = std::min(std::thread::hardware_concurrency(), 64u);
  return hardware > 1 ? "1," + std::to_string(hardware) : "1";
}

const int hierarchy_bench_registered = register_benchmark(
    {.name = "hierarchy",
     .description = "World sweep of a random 3D double hierarchy: flat preorder arrays against a pointer tree "
                    "and the memory bandwidth bound",
     .options = {{.name = "nodes",
                  .kind = option_kind::integer_list,
                  .description = "Numbers of nodes (node i's parent is uniform in 0..i-1)",
                  .default_value = "1000000",
                  .min = 1,
                  .max = 20000000,
                  .slice_max = 10000},
                 {.name = "kernels",
                  .kind = option_kind::choice_list,
                  .description = "auto: the AVX2/FMA kernel where the CPU has it; portable: plain C++",
                  .default_value = "auto",
                  .choices = {"auto", "portable"}},
                 {.name = "levels",
                  .kind = option_kind::choice_list,
                  .description = "What the sweep computes (both storages): acceleration: pose, v, w, a, alpha (a "
                                 "hierarchy's default); velocity: pose, v, w; pose: T, R, S",
                  .default_value = "acceleration,velocity,pose",
                  .choices = {"acceleration", "velocity", "pose"}},
                 {.name = "locals",
                  .kind = option_kind::choice_list,
                  .description = "exact: the sweep reads the double locals (what scenes use); compact: float T, S, "
                                 "v, a, w, alpha and double q (96 instead of 160 bytes per node)",
                  .default_value = "exact,compact",
                  .choices = {"exact", "compact"}},
                 {.name = "threads",
                  .kind = option_kind::integer_list,
                  .description = "Threads of the flat sweep and of the copy (the pointer tree uses one); by "
                                 "default 1 and one per hardware thread",
                  .default_value = default_sweep_threads(),
                  .min = 1,
                  .max = 64},
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
     .plot_series = "level",
     .notes = "ns per node of one world sweep (local -> global pose, velocity, acceleration, angular velocity "
              "and angular acceleration of every node), the same maths and kernel for both storages, the "
              "same random tree. Ratio = pointer tree / flat. Target (issue 3): at 1,000,000 nodes at least 60 "
              "sweeps per second (<= 16.7 ns per node) and at least 3x the pointer tree. \"bandwidth bound\": a "
              "streaming copy (prefetch, non-temporal stores) of the sweep's bytes per node (read local + depth, "
              "write global) on the sweep's threads, measured in the same case; threads: the flat sweep's (the "
              "pointer tree is recursive, one thread); metrics bytes_per_node, bandwidth_gb_s, bound_ns_per_node, "
              "flat_over_bound, "
              "pointer_over_flat. Target (issue 17): flat <= 1.3x the bound and >= 20x the pointer tree. "
              "levels: acceleration (everything), velocity (pose, v, w) or pose, each against a pointer tree "
              "computing the same level. locals: exact (double, the scenes' sweep) or compact (float T, S, v, a, w, "
              "alpha; double q; acceleration level only)."});

}  // namespace

}  // namespace framelab::bench
