#pragma once
// Runs benchmark cases on a worker std::thread, so that the UI stays responsive and
// the command line can print progress:
//
//   runner r;
//   if (auto why = r.start(std::move(cases))) { ... refused: another run is going on }
//   while (!r.wait_for(std::chrono::milliseconds(200))) show(r.progress());
//   auto records = r.records();
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
};

class runner {
 public:
  runner() = default;
  ~runner();
  runner(const runner&) = delete;
  runner& operator=(const runner&) = delete;

  // Starts running the cases on the worker thread (where none can start: on the caller's,
  // before returning). Returns why not if this runner or another one in the process is
  // running. Records of the previous run are dropped.
  std::optional<std::string> start(std::vector<bench_case> cases, run_priority priority = run_priority::normal);

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
  void work(std::vector<bench_case> cases, run_priority priority);
  void join_worker();

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

// "1 h 02 min", "3 min 05 s", "42 s", "0.8 s" for a duration in seconds.
std::string format_duration(double seconds);

}  // namespace framelab::bench
