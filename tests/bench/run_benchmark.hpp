#pragma once
// What the benchmark tests share: resolve a benchmark's options as the CLI and the panel
// do, make its cases, run them on the worker-thread runner and wait for the records.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/case_context.hpp"
#include "bench/runner.hpp"

namespace framelab::bench::test {

// The cases of benchmark `name` for the given options (text, as on the command line);
// a refused option or case list fails the calling test and gives no cases.
inline std::vector<bench_case> cases_of(const std::string& name, const std::map<std::string, std::string>& options) {
  const benchmark_info* info = find_benchmark(name);
  if (info == nullptr) {
    ADD_FAILURE() << "no benchmark '" << name << "'";
    return {};
  }
  option_values values;
  if (auto error = resolve_options(*info, options, values)) {
    ADD_FAILURE() << *error;
    return {};
  }
  std::vector<bench_case> cases;
  if (auto error = make_cases(*info, values, cases)) ADD_FAILURE() << *error;
  return cases;
}

// How long each case of a test run measures: the tests check what the records hold (their
// fields, counts, ratios, agreement), not how fast, so a case measures for about this long
// instead of its benchmark's own timing (up to 0.5 s a case; bench/case_context.hpp).
inline constexpr double test_case_seconds = 0.02;

// Runs the cases to the end; a case that reported an error fails the calling test.
inline std::vector<record> run_cases(std::vector<bench_case> cases) {
  for (bench_case& c : cases) c.timing = bounded_to(c.timing, test_case_seconds);
  runner r;
  if (auto error = r.start(std::move(cases))) {
    ADD_FAILURE() << *error;
    return {};
  }
  r.wait();
  for (const auto& error : r.progress().errors) ADD_FAILURE() << error;
  return r.records();
}

inline std::vector<record> run_benchmark(const std::string& name, const std::map<std::string, std::string>& options) {
  return run_cases(cases_of(name, options));
}

}  // namespace framelab::bench::test
