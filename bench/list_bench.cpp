// `framelab bench list`: framelab::contiguous_list against std::list (and std::vector for
// sorted insertion), the article's three benchmarks (docs/articles.md, contiguous-linked-list, section
// 3) over creation orders, value sizes and list sizes. Ratios are time(std::list) /
// time(ours), measured in the same run: above 1, ours is faster.
//
// The index type of ours is the smallest that holds the list: uint8_t up to 255
// elements, uint16_t up to 65535, else uint32_t (as the article did).
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/list_cases.hpp"
#include "core/containers/contiguous_list.hpp"

namespace framelab::bench {

namespace {

constexpr const char* container_std_list = "std::list";
constexpr const char* container_ours = "contiguous_list";
constexpr const char* container_vector = "std::vector";

enum class test_kind { traversal, accumulate, sorted };

struct case_spec {
  test_kind test = test_kind::traversal;  // sorted, or the first of `tests`
  std::vector<test_kind> tests;           // traversal and/or accumulate: measured on one built list
  creation_order order = creation_order::back;
  std::string container;
  int value_bytes = 8;
  std::size_t size = 0;
  std::uint64_t seed = 0;
};

// Bytes the heap hands out right now (glibc: arenas in use + mmapped blocks). The
// difference around building a std::list is its footprint, malloc's chunk headers
// included. Small chunks recycled through glibc's per-thread cache do not show in these
// counters, so the difference is only used from min_measured_list elements up.
// In the browser, emscripten's dlmalloc offers only the older mallinfo (int counters).
double heap_in_use() {
#ifdef __EMSCRIPTEN__
  const struct mallinfo m = mallinfo();
  return static_cast<double>(m.uordblks) + static_cast<double>(m.hblkhd);
#else
  const struct mallinfo2 m = mallinfo2();
  return static_cast<double>(m.uordblks) + static_cast<double>(m.hblkhd);
#endif
}
constexpr std::size_t min_measured_list = 1000;

// A contiguous_list's two arrays, exactly: capacity() values and capacity() + 1 nodes
// (node 0 is the sentinel) of 2 * sizeof(Index) bytes, so
//   bytes = capacity * sizeof(T) + (capacity + 1) * 2 * sizeof(Index)   (slack included).
template <class T, class Index>
double footprint(const indexed_contiguous_list<T, Index>& list) {
  const double capacity = static_cast<double>(list.capacity());
  return capacity * sizeof(T) + (capacity + 1.0) * 2.0 * sizeof(Index);
}
template <class T>
double footprint(const std::list<T>&) {
  return -1.0;  // measured on the heap instead
}

const char* test_name(test_kind t) {
  switch (t) {
    case test_kind::traversal:
      return "traversal";
    case test_kind::accumulate:
      return "accumulate";
    case test_kind::sorted:
      return "sorted";
  }
  return "?";
}

template <class Sequence>
void run_on(case_context& ctx, const case_spec& s) {
  constexpr bool is_vector = std::is_same_v<Sequence, std::vector<typename Sequence::value_type>>;
  const double items = static_cast<double>(s.size);
  if (s.test == test_kind::sorted) {
    Sequence sequence;
    bool complete = true;
    ctx.measure(
        items, [&] { sequence = Sequence(); },
        [&] {
          complete = insert_sorted(sequence, s.size, s.seed, [&] { return ctx.stop_requested(); });
          keep(sequence.size());
        });
    if (complete && !std::is_sorted(sequence.begin(), sequence.end(), key_less{})) {
      throw std::logic_error("sorted insertion left the sequence unsorted");
    }
    return;
  }
  if constexpr (!is_vector) {
    const double before = heap_in_use();
    Sequence list;
    build_list(list, s.size, s.order, s.seed);
    const double after = heap_in_use();
    // Memory per element: ours from its capacity, std::list from the heap.
    if (const double bytes = footprint(list); bytes >= 0.0) {
      ctx.metric("bytes_per_element", bytes / items);
    } else if (s.size >= min_measured_list && after > before) {
      ctx.metric("bytes_per_element", (after - before) / items);
    }
    if (pure_traversal(list) != s.size) throw std::logic_error("the list does not hold the elements built");
    for (const test_kind t : s.tests) {
      const param_list test = {{"test", test_name(t)}};
      const bool measured = t == test_kind::traversal
                                ? ctx.measure(
                                      items, [&] { keep(pure_traversal(list)); }, test)
                                : ctx.measure(
                                      items, [&] { keep(accumulate_keys(list)); }, test);
      if (!measured) return;
    }
  }
}

template <std::size_t Bytes, class Index>
void run_typed(case_context& ctx, const case_spec& s) {
  using V = value<Bytes>;
  if (s.container == container_std_list) {
    run_on<std::list<V>>(ctx, s);
  } else if (s.container == container_ours) {
    ctx.metric("index_bytes", static_cast<double>(sizeof(Index)));
    run_on<indexed_contiguous_list<V, Index>>(ctx, s);
  } else {
    run_on<std::vector<V>>(ctx, s);
  }
}

template <std::size_t Bytes>
void run_sized(case_context& ctx, const case_spec& s) {
  // The smallest index type that fits (node 0 is the sentinel: Index max = capacity).
  if (s.size <= 0xFFu) {
    run_typed<Bytes, std::uint8_t>(ctx, s);
  } else if (s.size <= 0xFFFFu) {
    run_typed<Bytes, std::uint16_t>(ctx, s);
  } else {
    run_typed<Bytes, std::uint32_t>(ctx, s);
  }
}

void run_case(case_context& ctx, const case_spec& s) {
  switch (s.value_bytes) {
    case 1:
      return run_sized<1>(ctx, s);
    case 8:
      return run_sized<8>(ctx, s);
    case 16:
      return run_sized<16>(ctx, s);
    case 32:
      return run_sized<32>(ctx, s);
    case 64:
      return run_sized<64>(ctx, s);
    case 128:
      return run_sized<128>(ctx, s);
    case 256:
      return run_sized<256>(ctx, s);
    case 1024:
      return run_sized<1024>(ctx, s);
    default:
      throw std::invalid_argument("no value type of " + std::to_string(s.value_bytes) + " bytes");
  }
}

creation_order order_from(const std::string& name) {
  if (name == "mid") return creation_order::mid;
  if (name == "random") return creation_order::random;
  if (name == "aged") return creation_order::aged;
  return creation_order::back;
}

// 100 to 1,000,000, three per decade (10^(k/3) rounded).
const char* default_sizes = "100,215,464,1000,2154,4642,10000,21544,46416,100000,215443,464159,1000000";
const char* quick_sizes = "100,1000,10000,100000,1000000";

void adjust_list_defaults(option_values& o) {
  if (!o.flag("quick")) return;
  o.set_default("sizes", quick_sizes);
  o.set_default("value-bytes", "8,64,1024");
  o.set_default("orders", "back,random");
  o.set_default("sorted-max", "1000");
}

timing_settings list_timing(bool quick) {
  timing_settings t;
  if (quick) {
    t.min_samples = 3;
    t.max_samples = 5;
    t.min_sample_seconds = 0.002;
    t.max_case_seconds = 0.03;
  } else {
    t.min_samples = 5;
    t.max_samples = 25;
    t.min_sample_seconds = 0.005;
    t.max_case_seconds = 0.25;
  }
  return t;
}

bench_case make_case(const case_spec& s, const std::string& order_name, bool quick) {
  std::string tests = test_name(s.test);
  if (s.test != test_kind::sorted) {
    tests.clear();
    for (const test_kind t : s.tests) tests += (tests.empty() ? "" : "+") + std::string(test_name(t));
  }
  bench_case c;
  c.name = tests + ", " + order_name + ", " + std::to_string(s.value_bytes) + " B, n = " + std::to_string(s.size) +
           ", " + s.container;
  c.params = {{"container", s.container},
              {"test", tests},  // each record says which one
              {"order", order_name},
              {"value_bytes", std::to_string(s.value_bytes)},
              {"size", std::to_string(s.size)}};
  c.unit = "element";
  c.timing = list_timing(quick);
  const double n = static_cast<double>(s.size);
  const double bytes = static_cast<double>(s.value_bytes);
  // Seconds, roughly: building (traversals) or n^2 steps / moved bytes (sorted).
  if (s.test == test_kind::sorted) {
    c.cost = 0.02 + (s.container == container_vector ? n * n * (2e-10 + bytes * 1e-11) : n * n * 3e-9);
  } else {
    const double tests_measured = static_cast<double>(s.tests.size());
    c.cost = 0.02 + tests_measured * c.timing.min_samples * c.timing.min_sample_seconds + n * (40.0 + bytes) * 2e-9 +
             tests_measured * (c.timing.min_samples + 1) * n * (order_name == "aged" ? 1e-7 : 1e-8);
  }
  c.run = [s](case_context& ctx) { run_case(ctx, s); };
  return c;
}

std::vector<bench_case> list_bench_cases(const option_values& o) {
  const bool quick = o.flag("quick");
  const long long sorted_max = o.integer("sorted-max");
  std::vector<test_kind> list_tests;  // measured on one built list per case (one build, two records)
  bool sorted = false;
  for (const auto& test : o.choices("tests")) {
    if (test == "traversal") list_tests.push_back(test_kind::traversal);
    if (test == "accumulate") list_tests.push_back(test_kind::accumulate);
    if (test == "sorted") sorted = true;
  }
  const auto seed_of = [](long long size, int bytes) {
    return 0x5eed0000ull + static_cast<std::uint64_t>(size) * 1315423911ull +
           static_cast<std::uint64_t>(bytes) * 2654435761ull;
  };
  std::vector<bench_case> cases;
  // Both lists of one cell one after the other: the machine's state drifts less.
  if (!list_tests.empty()) {
    for (const auto& order : o.choices("orders")) {
      for (const auto& bytes : o.choices("value-bytes")) {
        for (long long size : o.integers("sizes")) {
          case_spec s;
          s.test = list_tests.front();
          s.tests = list_tests;
          s.order = order_from(order);
          s.value_bytes = std::stoi(bytes);
          s.size = static_cast<std::size_t>(size);
          s.seed = seed_of(size, s.value_bytes);
          for (const char* container : {container_std_list, container_ours}) {
            s.container = container;
            cases.push_back(make_case(s, order, quick));
          }
        }
      }
    }
  }
  // Sorted insertion does not depend on a creation order: it makes its own.
  if (sorted) {
    for (const auto& bytes : o.choices("value-bytes")) {
      for (long long size : o.integers("sizes")) {
        if (size > sorted_max) continue;
        case_spec s;
        s.test = test_kind::sorted;
        s.value_bytes = std::stoi(bytes);
        s.size = static_cast<std::size_t>(size);
        s.seed = seed_of(size, s.value_bytes);
        for (const char* container : {container_std_list, container_ours, container_vector}) {
          s.container = container;
          cases.push_back(make_case(s, "sorted", quick));
        }
      }
    }
  }
  return cases;
}

// The article's tables 3.1.1 and 3.2.1: "Large list improvements", time(std::list) /
// time(cw::list), linear (Back) and nonlinear (Mid, Random) creation, above a list size.
std::vector<published_ratio> article_factors() {
  struct row {
    const char* bytes;
    const char* label;
    double linear, nonlinear, from;
  };
  const row traversal[] = {{"1|8", "1-8 B", 1.6, 3.2, 300000}, {"16", "16 B", 2.3, 4.5, 250000},
                           {"32", "32 B", 3.2, 7.5, 200000},   {"64", "64 B", 4.75, 14, 100000},
                           {"128", "128 B", 15, 20, 120000},   {"1024", "1024 B", 25, 40, 120000}};
  const row accumulate[] = {{"1|8", "1-8 B", 1.2, 1.8, 300000}, {"16", "16 B", 1.8, 2.25, 200000},
                            {"32", "32 B", 1.7, 2.15, 750},     {"64", "64 B", 1.45, 2.8, 2500},
                            {"128", "128 B", 1.9, 3.9, 2500},   {"1024", "1024 B", 3.6, 6.2, 70000}};
  std::vector<published_ratio> out;
  const auto add = [&out](const char* test, const char* source, const row& r) {
    for (bool linear : {true, false}) {
      published_ratio p;
      p.label = std::string(test) + ", " + r.label + (linear ? ", linear (back)" : ", nonlinear (mid, random)");
      p.match = {{"container", container_ours},
                 {"test", test},
                 {"value_bytes", r.bytes},
                 {"order", linear ? "back" : "mid|random"}};
      p.min_param = "size";
      p.min_value = r.from;
      p.ratio = linear ? r.linear : r.nonlinear;
      p.source = source;
      out.push_back(p);
    }
  };
  for (const auto& r : traversal) add("traversal", "article 3.1.1", r);
  for (const auto& r : accumulate) add("accumulate", "article 3.2.1", r);
  return out;
}

const int list_bench_registered = register_benchmark({
    .name = "list",
    .description = "contiguous_list against std::list: pure traversal, accumulate, sorted insertion (article 3)",
    .options =
        {
            {.name = "quick",
             .kind = option_kind::flag,
             .description = "Fewer cases and samples (sizes by decades, 8/64/1024 B, orders back and random): "
                            "under a minute"},
            {.name = "tests",
             .kind = option_kind::choice_list,
             .description = "Benchmarks: pure traversal, std::accumulate through iterators, sorted insertion with "
                            "std::lower_bound (also std::vector)",
             .default_value = "all",
             .choices = {"traversal", "accumulate", "sorted"}},
            {.name = "orders",
             .kind = option_kind::choice_list,
             .description = "Creation orders: back; mid (insert at the middle); random (front or back); aged "
                            "(links randomly permuted after building)",
             .default_value = "all",
             .choices = {"back", "mid", "random", "aged"}},
            {.name = "value-bytes",
             .kind = option_kind::choice_list,
             .description = "Value sizes in bytes",
             .default_value = "all",
             .choices = {"1", "8", "16", "32", "64", "128", "256", "1024"}},
            {.name = "sizes",
             .kind = option_kind::integer_list,
             .description = "List sizes in elements (by default 100 to 1e6, three per decade; quick: by decades)",
             .default_value = default_sizes,
             .min = 1,
             .max = 4'000'000,
             .slice_max = 10'000},
            {.name = "sorted-max",
             .kind = option_kind::integer,
             .description = "Largest size for sorted insertion, whose cost grows as n^2 (quick: 1000)",
             .default_value = "10000",
             .min = 1,
             .max = 100'000},
        },
    .cases = &list_bench_cases,
    .adjust_defaults = &adjust_list_defaults,
    .compare = {.key = "container", .baseline = container_std_list},
    .plot_x = "size",
    .plot_series = "value_bytes",
    .published = article_factors(),
    .notes = "Ratio = time(std::list) / time(contiguous_list) for the same test, creation order, value size and "
             "list size, measured one after the other in this run: above 1, ours is faster. Pure traversal follows "
             "the links without reading a value; accumulate sums the values through the iterators; sorted inserts "
             "random values at std::lower_bound (std::vector too: its ratio is time(std::list) / time(vector)). "
             "Times are the minimum of several samples after a warm-up.",
});

}  // namespace

}  // namespace framelab::bench
