// `framelab bench pairs`: the article's example (distinct-pairs-iteration.txt, "A big data
// set"), counting the distinct pairs of 1, 2, ..., n whose sum is even, three ways in one
// run with the same build flags (core/pairs_bench_cases.hpp):
//   (a) std::count_if over distinct_pairs(v): the flat pair iterator, as the article did
//   (b) framelab::count_if_pairs(v, pred):    the nested structure, the inner loop vectorized
//   (c) the hand-written nested index loop:   the baseline
// Each count is checked against the closed form C(ceil(n/2), 2) + C(floor(n/2), 2)
// (4,294,901,760 for n = 2^17). Ratio = time(hand loop) / time(method). Target: (b) at most
// 1.0 s for n = 2^17 and within 1.3x of (c), i.e. a ratio of at least 0.77.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "core/pairs_bench_cases.hpp"

namespace framelab::bench {

namespace {

constexpr const char* method_count_if = "std::count_if over distinct_pairs";
constexpr const char* method_count_if_pairs = "count_if_pairs";
constexpr const char* method_hand_loop = "hand loop";

std::uint64_t count_with(const std::string& method, int n) {
  if (method == method_count_if) return count_even_sum_pairs_std_count_if(n);
  if (method == method_count_if_pairs) return count_even_sum_pairs_count_if_pairs(n);
  return count_even_sum_pairs_hand_loop(n);
}

std::vector<bench_case> pairs_cases(const option_values& o) {
  std::vector<bench_case> cases;
  for (const long long n : o.integers("sizes")) {
    const double pairs = double(n) * double(n - 1) / 2.0;
    for (const std::string method : {method_hand_loop, method_count_if_pairs, method_count_if}) {
      bench_case c;
      c.name = method + ", n = " + std::to_string(n);
      c.params = {{"method", method}, {"size", std::to_string(n)}};
      c.unit = "pair";
      c.cost = pairs * (method == method_count_if ? 8.0 : 1.0);
      // One timed run per case for the big sizes (the article's example takes seconds), as the
      // issue asks: "same build flags, one run".
      if (pairs > 1e8) c.timing = {.warmup_runs = 0, .min_samples = 1, .max_samples = 1};
      c.run = [n = int(n), method, pairs](case_context& ctx) {
        std::uint64_t count = 0;
        ctx.measure(pairs, [&] { keep(count = count_with(method, n)); });
        const std::uint64_t expected = even_sum_pairs_closed_form(n);
        if (count != expected) {
          throw std::logic_error(method + " counted " + std::to_string(count) + " even-sum pairs, expected " +
                                 std::to_string(expected));
        }
        ctx.metric("even_sum_pairs", double(count));
      };
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

void adjust_pairs_defaults(option_values& values) {
  if (values.flag("quick")) values.set_default("sizes", "1024,16384");
}

const int registered = register_benchmark({
    .name = "pairs",
    .description = "Count the distinct pairs of 1..n with an even sum: std::count_if over distinct_pairs, "
                   "count_if_pairs, the hand loop (article example)",
    .options = {{.name = "quick", .kind = option_kind::flag, .description = "Small sizes only: seconds"},
                {.name = "sizes",
                 .kind = option_kind::integer_list,
                 .description = "n, the number of values (2^17 = 131072 is the article's example)",
                 .default_value = "1024,16384,131072",
                 .min = 2,
                 .max = 1 << 20}},
    .cases = &pairs_cases,
    .adjust_defaults = &adjust_pairs_defaults,
    .compare = {.key = "method", .baseline = method_hand_loop},
    .plot_x = "size",
    .notes = "The article's example: the distinct pairs of 1..n whose sum is even (4,294,901,760 for n = 2^17), "
             "counted three ways in one run. Ratio = time(hand loop) / time(method): count_if_pairs keeps the "
             "nested loop so the compiler vectorizes the inner loop (target: at least 0.77, within 1.3x of the "
             "hand loop, and under 1 s at 2^17); std::count_if steps one flat pair iterator (the article: 9 s). "
             "Large sizes are timed once.",
});

}  // namespace

}  // namespace framelab::bench
