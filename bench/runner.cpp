#include "bench/runner.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <system_error>

namespace framelab::bench {

namespace {

// One run at a time in the whole process.
std::atomic<bool> process_busy{false};

using clock = std::chrono::steady_clock;

double seconds_since(clock::time_point t0) {
  return std::chrono::duration<double>(clock::now() - t0).count();
}

}  // namespace

bool any_run_in_progress() noexcept {
  return process_busy.load();
}

bool threads_can_start() {
  static const bool can = [] {
    try {
      std::thread([] {}).join();
      return true;
    } catch (const std::system_error&) {
      return false;
    }
  }();
  return can;
}

std::string format_duration(double seconds) {
  char text[48];
  if (!std::isfinite(seconds) || seconds < 0.0) return "?";
  if (seconds < 10.0) {
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  } else if (seconds < 60.0) {
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  } else if (seconds < 3600.0) {
    const long s = std::lround(seconds);
    std::snprintf(text, sizeof text, "%ld min %02ld s", s / 60, s % 60);
  } else {
    const long m = std::lround(seconds / 60.0);
    std::snprintf(text, sizeof text, "%ld h %02ld min", m / 60, m % 60);
  }
  return text;
}

runner::~runner() {
  cancel();
  if (in_slices_) run_slice();  // a cancelled run in slices ends at its next slice
  join_worker();
}

void runner::join_worker() {
  if (worker_.joinable()) worker_.join();
}

std::optional<std::string> runner::start(std::vector<bench_case> cases, run_priority priority) {
  {
    const std::lock_guard lock(mutex_);
    if (running_) return std::string("a benchmark run is already in progress");
  }
  bool expected = false;
  if (!process_busy.compare_exchange_strong(expected, true)) {
    return std::string("another benchmark run is in progress in this program");
  }
  join_worker();  // the previous run's thread has finished; collect it
  {
    const std::lock_guard lock(mutex_);
    running_ = true;
    stop_.store(false);
    records_.clear();
    progress_ = run_progress{};
    progress_.state = run_state::running;
    progress_.cases_total = cases.size();
    progress_.current_case = cases.empty() ? std::string() : cases.front().name;
    run_start_ = eta_stamp_ = clock::now();
  }
  tally_ = tally{};
  for (const auto& c : cases) tally_.total_cost += std::max(c.cost, 0.0);
  in_slices_ = !options_.threads;
  if (!in_slices_) {
    // The cases stay with the caller until a thread has them.
    auto job = std::make_shared<std::vector<bench_case>>(std::move(cases));
    try {
      worker_ = std::thread([this, job, priority] { work(std::move(*job), priority); });
      return std::nullopt;
    } catch (const std::system_error&) {
      in_slices_ = true;  // no thread here (the browser's page): slices after all
      cases = std::move(*job);
    }
  }
  slice_cases_ = std::move(cases);
  next_case_ = 0;
  return std::nullopt;
}

bool runner::run_slice() {
  if (!in_slices_) return running();
  if (!running()) return false;
  if (!stop_.load() && next_case_ < slice_cases_.size()) {
    const timing_settings timing = bounded_to(slice_cases_[next_case_].timing, options_.slice_seconds);
    if (run_case(slice_cases_[next_case_], next_case_, timing)) ++next_case_;
  }
  if (stop_.load() || next_case_ >= slice_cases_.size()) {
    slice_cases_.clear();
    finish();
    return false;
  }
  return true;
}

void runner::cancel() noexcept {
  stop_.store(true);
}

bool runner::running() const {
  const std::lock_guard lock(mutex_);
  return running_;
}

run_progress runner::progress() const {
  const std::lock_guard lock(mutex_);
  run_progress p = progress_;
  if (running_) {  // live clock: elapsed grows, the ETA counts down between cases
    p.elapsed_seconds = seconds_since(run_start_);
    if (p.eta_seconds > 0.0) p.eta_seconds = std::max(0.0, p.eta_seconds - seconds_since(eta_stamp_));
  }
  return p;
}

std::vector<record> runner::records() const {
  const std::lock_guard lock(mutex_);
  return records_;
}

std::vector<record> runner::records_from(std::size_t first) const {
  const std::lock_guard lock(mutex_);
  if (first >= records_.size()) return {};
  return {records_.begin() + static_cast<std::ptrdiff_t>(first), records_.end()};
}

void runner::wait() {
  if (in_slices_) {
    while (run_slice()) {
    }
    return;
  }
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return !running_; });
}

bool runner::wait_for(std::chrono::milliseconds timeout) {
  if (in_slices_) {
    const auto end = clock::now() + timeout;
    while (run_slice()) {
      if (clock::now() >= end) return false;
    }
    return true;
  }
  std::unique_lock lock(mutex_);
  return done_.wait_for(lock, timeout, [this] { return !running_; });
}

void runner::work(std::vector<bench_case> cases, run_priority priority) {
  if (priority == run_priority::below_ui) {
    // Linux schedules threads as tasks: this changes this thread's niceness only, to five
    // steps below what it inherited from the thread that started the run (at most 19: an app
    // started with `nice -n 10` keeps its worker below it, not at 5, above it). A failure
    // (e.g. a sandbox forbidding it) leaves the priority as it was.
    const auto thread = static_cast<id_t>(::gettid());
    errno = 0;
    const int inherited = ::getpriority(PRIO_PROCESS, thread);
    if (errno == 0) {
      [[maybe_unused]] const int ignored = ::setpriority(PRIO_PROCESS, thread, std::min(inherited + 5, 19));
    }
  }
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (stop_.load() || !run_case(cases[i], i, cases[i].timing)) break;
  }
  finish();
}

bool runner::run_case(bench_case& c, std::size_t index, const timing_settings& timing) {
  const auto case_start = clock::now();
  {
    const std::lock_guard lock(mutex_);
    progress_.current_case = c.name;
    progress_.elapsed_seconds = seconds_since(run_start_);
  }
  case_context ctx(stop_, c.params, c.unit, timing);
  std::string error;
  try {
    if (c.run) c.run(ctx);
  } catch (const std::exception& e) {
    error = c.name + ": " + e.what();
  } catch (...) {
    error = c.name + ": unknown exception";
  }
  // Records are complete measurements (measure() drops a sample cut short), so they
  // are kept even when the run was cancelled during the case.
  std::vector<record> made = ctx.take_records();
  const bool completed = !stop_.load();
  const double case_seconds = seconds_since(case_start);
  tally_.done_cost += std::max(c.cost, 0.0);
  tally_.done_seconds += case_seconds;
  const std::lock_guard lock(mutex_);
  if (case_seconds > progress_.longest_case_seconds) {
    progress_.longest_case_seconds = case_seconds;
    progress_.longest_case = c.name;
  }
  for (auto& r : made) records_.push_back(std::move(r));
  progress_.record_count = records_.size();
  progress_.elapsed_seconds = seconds_since(run_start_);
  if (!completed) return false;
  if (!error.empty()) progress_.errors.push_back(std::move(error));
  progress_.cases_done = index + 1;
  progress_.fraction = tally_.total_cost > 0.0 ? tally_.done_cost / tally_.total_cost
                                                : double(index + 1) / double(progress_.cases_total);
  // ETA: the remaining cost at the rate the finished cases ran.
  progress_.eta_seconds =
      tally_.done_cost > 0.0 ? tally_.done_seconds / tally_.done_cost * (tally_.total_cost - tally_.done_cost) : -1.0;
  eta_stamp_ = clock::now();
  return true;
}

void runner::finish() {
  const std::lock_guard lock(mutex_);
  progress_.state =
      stop_.load() && progress_.cases_done < progress_.cases_total ? run_state::cancelled : run_state::finished;
  progress_.current_case.clear();
  progress_.elapsed_seconds = seconds_since(run_start_);
  progress_.eta_seconds = 0.0;
  running_ = false;
  process_busy.store(false);
  done_.notify_all();
}

}  // namespace framelab::bench
