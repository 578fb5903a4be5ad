#pragma once
// `framelab bench`: list the registered benchmarks, or run one on the bench engine's
// worker thread (bench/runner.hpp) with progress on stderr, then print its tables and
// write the records as JSON/CSV.
#include <iosfwd>

#include "app/cli.hpp"

namespace framelab {

// Every benchmark: name, description, and its options with their defaults.
int run_bench_list(std::ostream& out);

// Runs the benchmark. Progress goes to `err`: rewritten in place on a terminal
// (live_progress), else one line every `progress_every_s` seconds.
// Exit codes: 0 done, 1 a case failed or a file could not be written, 2 bad options.
int run_bench(const bench_options& options, std::ostream& out, std::ostream& err, bool live_progress,
              double progress_every_s = 15.0);

}  // namespace framelab
