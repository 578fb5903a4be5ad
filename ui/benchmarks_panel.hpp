#pragma once
// The Benchmarks panel's state (ui/benchmarks_panel.cpp draws it): the chosen benchmark,
// its options and cases as the lecturer set them, the runner that measures on a worker
// thread, and the results of the last run. ui_state owns it (ui_state::benchmarks), so
// closing the app destroys the runner, which cancels the run and joins its thread.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/runner.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

struct benchmarks_state {
  std::string selected;  // benchmark name ("" until the panel first opens)
  // Options as set in the panel, per benchmark: option name -> text (bench/options.hpp).
  std::map<std::string, std::map<std::string, std::string>> given;
  std::map<std::string, std::string> edit_text;  // text fields being typed in

  // Derived from the options (rebuilt when they change).
  bool cases_dirty = true;
  std::string options_error;
  bench::option_values values;
  // Where runs go in slices (the page: no thread): the options' slice_max that applied
  // (bench/options.hpp cap_for_slices), shown under the options.
  std::vector<std::string> slice_caps;
  std::vector<bench::bench_case> cases;
  std::vector<char> enabled;  // one checkbox per case

  bench::runner runner;

  // The run whose results are shown (the one running, or the last).
  std::string result_benchmark;
  std::map<std::string, std::string> result_options;
  std::vector<bench::record> records;
  std::vector<double> ratios;

  // Result views.
  std::map<std::string, std::string> filter;  // param -> value shown in the plots
  std::string export_stem;                    // Export writes <stem>.csv / <stem>.json
  std::string export_stem_benchmark;          // the benchmark of the default stem ("framelab-bench-<name>")
  bool log_y = true;                          // plot log10 of the values (ratios span 0.1..1000, times 1..1000 ns)
  std::string show_tab;     // a result tab to bring forward once ("Ratio", "ns per element", "Table", "Article")
  std::string result_view;  // the result tab shown (a choice above the view where the tabs do not fit)
  std::string message;
  bool message_is_error = false;
  bool collapse_options = false;  // close the Options section next frame (the first results arrived)
};

// The panel's state, created on first use.
benchmarks_state& benchmarks_of(ui_state& state);

// Chooses the benchmark shown (by name); false if there is none of that name.
bool select_benchmark(ui_state& state, const std::string& name);

// What the panel's controls do, callable without a click (`framelab --script` uses them):
// set one option of the selected benchmark (checked as the panel checks it), start the
// selected benchmark's enabled cases on the worker thread, cancel the run. Each returns
// why not, if it could not.
std::optional<std::string> set_benchmark_option(ui_state& state, const std::string& name, const std::string& text);
std::optional<std::string> run_selected_benchmark(ui_state& state);
void cancel_benchmark(ui_state& state);
bool benchmark_running(ui_state& state);
// Once a frame, panel shown or not: where the run goes in slices (no worker thread: the
// browser's page), measures its next case (about 30 ms); nothing where a thread runs it.
void advance_benchmark_run(ui_state& state);
// Brings a results tab forward on the next frame ("Ratio", "Table", an order plot's title).
void show_benchmark_tab(ui_state& state, const std::string& tab);

void draw_benchmarks_panel(ui_state& state);

}  // namespace framelab::ui
