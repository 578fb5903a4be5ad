#include "app/bench_command.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "bench/benchmark.hpp"
#include "bench/export.hpp"
#include "bench/host_info.hpp"
#include "bench/report.hpp"
#include "bench/runner.hpp"

namespace framelab {

namespace {

std::string progress_line(const bench::run_progress& p) {
  char head[64];
  std::snprintf(head, sizeof head, "[%zu/%zu] ", std::min(p.cases_done + 1, p.cases_total), p.cases_total);
  std::string line = head + p.current_case + "  (elapsed " + bench::format_duration(p.elapsed_seconds);
  if (p.eta_seconds >= 0.0) line += ", ETA " + bench::format_duration(p.eta_seconds);
  return line + ")";
}

}  // namespace

int run_bench_list(std::ostream& out) {
  for (const bench::benchmark_info* info : bench::registered_benchmarks()) {
    out << info->name << "\t" << info->description << "\n";
    for (const auto& spec : info->options) {
      out << "    --" << spec.name;
      if (spec.kind != bench::option_kind::flag) out << " (default " << spec.default_value << ")";
      out << ": " << spec.description << "\n";
    }
  }
  return 0;
}

int run_bench(const bench_options& options, std::ostream& out, std::ostream& err, bool live_progress,
              double progress_every_s) {
  const bench::benchmark_info* info = bench::find_benchmark(options.name);
  if (info == nullptr) {
    err << "framelab: error: bench: no benchmark named '" << options.name << "'\n";
    return 2;
  }
  bench::option_values values;
  std::vector<bench::bench_case> cases;
  auto error = bench::resolve_options(*info, options.given, values);
  if (!error) error = bench::make_cases(*info, values, cases);
  if (error) {
    err << "framelab: error: bench " << info->name << ": " << *error << "\n";
    return 2;
  }

  bench::run_report report;
  report.benchmark = info->name;
  report.host = bench::this_host_note();
  report.compare = info->compare;
  for (const auto& [k, v] : values.all()) report.options[k] = v;

  out << "benchmark " << info->name << ": " << info->description << "\n";
  out << "host: " << report.host << "\n";
  out << "options:";
  for (const auto& [k, v] : report.options) out << " --" << k << " " << v;
  out << "\n" << cases.size() << " cases\n" << std::flush;

  bench::runner runner;
  if (auto refused = runner.start(std::move(cases))) {
    err << "framelab: error: bench: " << *refused << "\n";
    return 1;
  }
  auto last_line = std::chrono::steady_clock::now();
  std::size_t last_width = 0;
  while (!runner.wait_for(std::chrono::milliseconds(live_progress ? 250 : 500))) {
    const auto p = runner.progress();
    if (live_progress) {
      std::string line = progress_line(p);
      const std::size_t width = line.size();
      if (width < last_width) line += std::string(last_width - width, ' ');
      last_width = width;
      err << "\r" << line << std::flush;
    } else if (std::chrono::duration<double>(std::chrono::steady_clock::now() - last_line).count() >=
               progress_every_s) {
      err << progress_line(p) << "\n" << std::flush;
      last_line = std::chrono::steady_clock::now();
    }
  }
  if (live_progress) err << "\r" << std::string(last_width, ' ') << "\r" << std::flush;
  const auto p = runner.progress();
  report.records = runner.records();

  out << "\n" << bench::format_report(*info, report.records);
  out << "\n"
      << p.cases_done << " cases, " << report.records.size() << " records in "
      << bench::format_duration(p.elapsed_seconds) << "\n";
  if (runner.in_slices() && !p.longest_case.empty())  // the page's panel line (WebAssembly: one case a slice)
    out << "longest case, one slice: " << std::lround(1000.0 * p.longest_case_seconds) << " ms (" << p.longest_case
        << ")\n";
  int exit_code = 0;
  for (const auto& e : p.errors) {
    err << "framelab: bench " << info->name << ": case failed: " << e << "\n";
    exit_code = 1;
  }
  if (!options.json.empty()) {
    if (auto failed = bench::export_json(options.json, report)) {
      err << "framelab: error: --json: " << *failed << "\n";
      exit_code = 1;
    } else {
      out << "wrote " << options.json << "\n";
    }
  }
  if (!options.csv.empty()) {
    if (auto failed = bench::export_csv(options.csv, report)) {
      err << "framelab: error: --csv: " << *failed << "\n";
      exit_code = 1;
    } else {
      out << "wrote " << options.csv << "\n";
    }
  }
  return exit_code;
}

}  // namespace framelab
