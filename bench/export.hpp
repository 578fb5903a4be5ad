#pragma once
// A run's records as CSV and JSON, written atomically (a failed export never leaves a
// half-written file, and keeps the previous one).
//
// CSV: one header line, then one line per record:
//   <params in order of first appearance>, ns_per_<unit>, ns_median, samples,
//   runs_per_sample, spread, [ratio,] <metrics>
// JSON: {"benchmark": name, "host": note, "options": {name: text}, "records": [
//   {<params>, "ns_per_<unit>": x, "ns_median": x, "samples": n, "runs_per_sample": n,
//    "spread": x, ["ratio": x,] <metrics>}, ...]}
// Parameter values that are numbers ("1000", "64") are written as JSON numbers.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/record.hpp"

namespace framelab::bench {

struct run_report {
  std::string benchmark;
  std::string host;                            // bench/host_info.hpp: this_host_note()
  std::map<std::string, std::string> options;  // the option values of the run
  comparison compare;                          // for the ratio column
  std::vector<record> records;
};

std::string to_csv(const run_report& report);
std::string to_json(const run_report& report);

// Write atomically; the reason on failure.
std::optional<std::string> export_csv(const std::filesystem::path& path, const run_report& report);
std::optional<std::string> export_json(const std::filesystem::path& path, const run_report& report);

// Checks that a file could be written there (its directory exists and is not the file
// itself), so a command can refuse before a long run rather than after.
std::optional<std::string> check_output_path(const std::filesystem::path& path);

}  // namespace framelab::bench
