#pragma once
// The benchmark registry: every benchmark in framelab registers itself with one line in
// its own bench/<topic>_bench.cpp (picked up by bench/CMakeLists.txt's glob), and both
// `framelab bench <name>` and the Benchmarks panel drive it through bench/runner.hpp.
//
// How to add one (a complete example; see bench/list_bench.cpp for a real one):
//
//   // bench/widget_bench.cpp
//   #include "bench/benchmark.hpp"
//   namespace framelab::bench {
//   namespace {
//   std::vector<bench_case> widget_cases(const option_values& o) {
//     std::vector<bench_case> cases;
//     for (long long n : o.integers("sizes")) {
//       for (const char* method : {"naive", "ours"}) {
//         bench_case c;
//         c.name = std::string(method) + ", n = " + std::to_string(n);   // the progress line
//         c.params = {{"method", method}, {"size", std::to_string(n)}};   // the record's fields
//         c.cost = double(n);                                              // relative, for the ETA
//         c.run = [n, m = std::string(method)](case_context& ctx) {
//           auto data = make_data(n);                    // untimed set-up
//           ctx.measure(double(n), [&] { keep(m == "ours" ? fast(data) : slow(data)); });
//         };
//         cases.push_back(std::move(c));
//       }
//     }
//     return cases;
//   }
//   const int widget_bench_registered = register_benchmark({  // named after the file (unity builds)
//       .name = "widget",
//       .description = "Widget update, ours against the naive loop",
//       .options = {{.name = "sizes", .kind = option_kind::integer_list,
//                    .description = "Numbers of widgets", .default_value = "100,10000", .min = 1}},
//       .cases = &widget_cases,
//       .compare = {.key = "method", .baseline = "naive"},   // ratio = time(naive) / time(x)
//       .plot_x = "size"});
//   }  // namespace
//   }  // namespace framelab::bench
//
// Rules for cases: a case owns what it captures (it runs on another thread, perhaps
// after the options are gone); it times only through ctx.measure (repeated minimum,
// bench/case_context.hpp); it keeps results alive with keep(); a case that can run
// for more than ~0.1 s per timed call polls ctx.stop_requested(). A case may call
// measure several times (one record each, told apart by measure's `extra` params).
// A case that throws is reported as an error and the run goes on.
//
// What you get for free: `framelab bench widget --sizes 10,1e6 --json w.json --csv w.csv`
// (each option becomes a command-line option; bad values exit 2 with one line naming
// the option), `framelab bench --list`, and the Benchmarks panel (options as checkboxes
// and text fields, the cases as checkboxes, Run/Cancel/progress/ETA, the records as a
// table; with `compare` and `plot_x` also a ratio plot and an ns-per-unit plot over a log
// x axis, one line per `plot_series` value; `published` numbers beside ours). A test
// that needs the registered benchmarks links framelab_bench_all (tests/bench does).
//
// Units: a record is "ns per <unit>", unit = bench_case::unit ("element" by default;
// "operation", "pair", "step" ... as fits); measure()'s `items` is how many units one
// call of the timed body handles.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/case_context.hpp"
#include "bench/options.hpp"
#include "bench/record.hpp"

namespace framelab::bench {

// One unit of work for the runner: built by the benchmark from its options.
struct bench_case {
  std::string name{};            // shown as the current case: "traversal, random, 64 B, n = 1000, std::list"
  param_list params{};           // copied into each of its records
  std::string unit = "element";  // ns per <unit>
  double cost = 1.0;             // expected duration relative to the other cases (the ETA uses it)
  timing_settings timing{};
  std::function<void(case_context&)> run{};
};

// Records that differ only in `key` are compared: ratio = time(baseline) / time(other),
// so a ratio above 1 means the other is faster (the article's improvement factor).
struct comparison {
  std::string key{};       // e.g. "container"; empty: no ratios
  std::string baseline{};  // e.g. "std::list"
};

// A published number to show beside ours (the panel's "article" table): the median of
// our ratios over the records whose params match every entry of `match` (a value may
// list alternatives: "1|8") and whose `min_param` is at least `min_value`.
struct published_ratio {
  std::string label{};  // e.g. "traversal, 64 B, nonlinear"
  std::vector<std::pair<std::string, std::string>> match{};
  std::string min_param{};  // e.g. "size"; empty: no lower bound
  double min_value = 0.0;
  double ratio = 0.0;    // the published factor
  std::string source{};  // e.g. "article 3.1.1"
};

// A log-log plot of a metric against a numeric parameter, one line per plot_series value,
// each with its measured order (bench/order_fit.hpp) in the legend and in the report:
// e.g. the integrators' omega error against dt.
struct order_plot {
  std::string metric{};       // a metric the cases record, e.g. "omega_error"
  std::string x{};            // a numeric parameter, e.g. "steps_per_s"
  std::string x_label{};      // e.g. "dt (s)"
  std::string title{};        // the panel's tab, e.g. "Order"
  bool reciprocal_x = false;  // plot against 1 / x (steps per second -> the step dt)
};

struct benchmark_info {
  std::string name{};         // the CLI name: framelab bench <name>
  std::string description{};  // one line
  std::vector<option_spec> options{};
  std::vector<bench_case> (*cases)(const option_values&) = nullptr;
  // Optional: change the defaults of options the user did not set, depending on the
  // others (e.g. --quick narrows the default sizes). Runs before the values are checked.
  void (*adjust_defaults)(option_values&) = nullptr;
  comparison compare{};
  std::string plot_x{};       // a numeric param for the x axis of the plots (log scale), e.g. "size"
  std::string plot_series{};  // a param giving one line per value, e.g. "value_bytes"
  std::vector<published_ratio> published{};
  order_plot order{};   // optional
  std::string notes{};  // a paragraph for the panel (what is measured, how to read it)
};

// Adds a benchmark; returns its registration number. A second benchmark of the same
// name, or one without a name or cases, is refused with std::logic_error.
int register_benchmark(benchmark_info info);

// Every registered benchmark, ordered by name.
std::vector<const benchmark_info*> registered_benchmarks();

// The benchmark of that name, or nullptr.
const benchmark_info* find_benchmark(std::string_view name);

// The option values from what the user gave (name -> text, see bench/options.hpp),
// with the defaults and adjust_defaults applied and everything checked. Returns
// "--name: reason" on the first problem.
std::optional<std::string> resolve_options(const benchmark_info& info, const std::map<std::string, std::string>& given,
                                           option_values& values);

// The cases for checked option values; a benchmark that throws std::exception while
// making them gets its message returned instead.
std::optional<std::string> make_cases(const benchmark_info& info, const option_values& values,
                                      std::vector<bench_case>& cases);

}  // namespace framelab::bench
