#pragma once
// Runs benchmark cases on a worker std::thread, so that the UI stays responsive and
// the command line can print progress:
//
//   runner r;
//   if (auto why = r.start(std::move(cases))) { ... refused: another run is going on }
//   while (!r.wait_for(std::chrono::milliseconds(200))) show(r.progress());
//   auto records = r.records();
//
// Where no thread can start (the browser's page runs on one) or runner_options::threads is
// false, the run goes in slices on the caller's thread instead: start() returns at once and
// each run_slice() (the UI calls it once a frame; wait() and wait_for() call it themselves)
// measures one case, with the case's timing bounded to slice_seconds (bounded_to in
// bench/case_context.hpp), so that the page keeps drawing. Both ways run each case through
// the same code (run_case); the records have the same form.
//
// Progress (case i of n, the current case's name, elapsed time, ETA from the cases'
// costs scaled by the time the finished ones took) and the records so far can be read
// from any thread at any time. cancel() stops the run between cases, and within a case
// at its next sample or wherever the case polls ctx.stop_requested(). Never two runs at
// once: start() refuses while any runner in the process is running (they would disturb
// each other's timings). The destructor cancels and joins.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench/benchmark.hpp"

namespace framelab::bench {

enum class run_state { idle, running, finished, cancelled };

// below_ui: the worker thread lowers its own scheduling priority (Linux: nice +5 for
// that thread), so that on a machine with few cores a UI thread keeps drawing.
enum class run_priority { normal, below_ui };

struct run_progress {
  run_state state = run_state::idle;
  std::size_t cases_done = 0;  // finished (or failed) cases
  std::size_t cases_total = 0;
  std::string current_case;  // while running: the case being measured
  double elapsed_seconds = 0.0;
  double eta_seconds = -1.0;  // remaining time estimate; < 0 while unknown
  std::size_t record_count = 0;
  std::vector<std::string> errors;  // "case name: what went wrong", for cases that threw
  // 0..1 for a progress bar: finished cases' cost over the total cost.
  double fraction = 0.0;
  // The case that took longest so far, set-up included (in slices: the longest the page
  // went without a frame because of the run).
  double longest_case_seconds = 0.0;
  std::string longest_case;
};

struct runner_options {
  bool threads = true;          // false: slices on the caller's thread even where a thread could start
  double slice_seconds = 0.03;  // in slices: the measuring time of one slice (one case)
};

class runner {
 public:
  explicit runner(runner_options options = {}) : options_(options) {}
  ~runner();
  runner(const runner&) = delete;
  runner& operator=(const runner&) = delete;

  // Starts running the cases on the worker thread (where none can start: in slices, see
  // run_slice). Returns at once; why not if this runner or another one in the process is
  // running. Records of the previous run are dropped.
  std::optional<std::string> start(std::vector<bench_case> cases, run_priority priority = run_priority::normal);

  // A run in slices: measures the next case (at most one) and returns whether the run goes
  // on. A run on a thread: nothing to do, returns running().
  bool run_slice();
  // True while the current (or last) run goes in slices.
  bool in_slices() const noexcept { return in_slices_; }

  // Asks the run to stop; returns at once (wait() to join).
  void cancel() noexcept;

  bool running() const;
  run_progress progress() const;
  std::vector<record> records() const;
  // Records from index `first` on (cheap polling of a growing result).
  std::vector<record> records_from(std::size_t first) const;

  // Blocks until the run is over (returns at once when idle).
  void wait();
  // Waits at most `timeout`; true when the run is over.
  bool wait_for(std::chrono::milliseconds timeout);

 private:
  // The running sums the progress is made of.
  struct tally {
    double total_cost = 0.0;
    double done_cost = 0.0;
    double done_seconds = 0.0;  // time spent in the finished cases
  };
  void work(std::vector<bench_case> cases, run_priority priority);
  // Measures case `index` (timed as `timing`) and books its records and progress; false
  // when the run was cancelled meanwhile.
  bool run_case(bench_case& c, std::size_t index, const timing_settings& timing);
  void finish();
  void join_worker();

  runner_options options_;
  bool in_slices_ = false;
  std::vector<bench_case> slice_cases_;  // a run in slices: its cases, and the next one
  std::size_t next_case_ = 0;
  tally tally_;

  mutable std::mutex mutex_;
  std::condition_variable done_;
  std::atomic<bool> stop_{false};
  bool running_ = false;
  std::chrono::steady_clock::time_point run_start_;  // elapsed time counts from here
  std::chrono::steady_clock::time_point eta_stamp_;  // when progress_.eta_seconds was set
  run_progress progress_;
  std::vector<record> records_;
  std::thread worker_;
};

// True while some runner in this process is running.
bool any_run_in_progress() noexcept;

// False where no thread can start (the browser's page): runs go in slices there, and the
// options' slice_max apply (bench/options.hpp cap_for_slices). Tried once, then remembered.
bool threads_can_start();

// "1 h 02 min", "3 min 05 s", "42 s", "0.8 s" for a duration in seconds.
std::string format_duration(double seconds);

}  // namespace framelab::bench
