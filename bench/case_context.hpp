#pragma once
// What a benchmark case sees while it runs on the runner's worker thread: the timer,
// the stop flag, and where its records go.
//
// Repeated-minimum timing, as measure() does it:
//   1. warm-up: the body runs `warmup_runs` times untimed for the result (caches, page
//      faults, branch predictors); the first run's duration t1 calibrates the batch;
//   2. batch:   a body shorter than min_sample_seconds runs k = ceil(min_sample_seconds
//      / t1) times per sample, so the clock's resolution and call overhead vanish; k grows
//      at most tenfold per sample, and a sample under half min_sample_seconds while k still
//      grows is not kept (a coarse clock, as a browser's 0.1 ms, reads t1 as 0);
//   3. samples: at least min_samples, then more while the case has used less than
//      max_case_seconds, at most max_samples; with a case budget (a run in slices), none
//      after the first once the whole case (its set-up, earlier measure()s, the untimed
//      set-up calls between timed ones) has used case_budget_seconds;
//   4. record:  ns per item = min over samples of (sample time / (k * items)); also
//      the median and the spread (max - min) / min.
// Between samples (and between batched runs) the stop flag is checked; a stopped
// measure() returns false and records nothing. A body that runs for long should poll
// ctx.stop_requested() itself and return early; its partial sample is discarded.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench/record.hpp"

namespace framelab::bench {

struct timing_settings {
  int warmup_runs = 1;
  int min_samples = 5;
  int max_samples = 25;
  double min_sample_seconds = 0.005;  // batch short bodies up to this per sample
  double max_case_seconds = 0.5;      // stop sampling (once min_samples are in) after this
  // > 0: the time of the whole case since it began, set-up included; once it is used, each
  // measure() stops at its first sample (bounded_to sets it: one case a frame in the page).
  double case_budget_seconds = 0.0;
};

// `t` shrunk so that one measure() spends about `seconds` in its body (the runner's slices):
//   min_sample_seconds <= seconds / (warmup_runs + min_samples)
//   max_samples        <= seconds / min_sample_seconds - warmup_runs (at least min_samples)
//   max_case_seconds   <= seconds
//   case_budget_seconds = seconds (the case's set-up and its every measure() together)
// so the body runs at most warmup_runs + max_samples * ceil(min_sample_seconds / t_body)
// times, t_body being its duration (the batch comes from the timed warm-up).
timing_settings bounded_to(const timing_settings& t, double seconds);

// Keeps a value (and everything that computed it) from being optimized away, without
// costing more than a register move. GCC and Clang.
template <class T>
inline void keep(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

// The setup of a measure() without one.
struct no_setup {
  void operator()() const noexcept {}
};

class case_context {
 public:
  case_context(const std::atomic<bool>& stop, param_list params, std::string unit, timing_settings timing)
      : stop_(&stop),
        params_(std::move(params)),
        unit_(std::move(unit)),
        timing_(timing),
        case_start_(std::chrono::steady_clock::now()) {}

  // True once the run was cancelled (or the runner is being destroyed): return soon.
  bool stop_requested() const noexcept { return stop_->load(std::memory_order_relaxed); }

  const timing_settings& timing() const noexcept { return timing_; }
  const param_list& params() const noexcept { return params_; }

  // Times `body` (which handles `items` elements or operations per call) and adds one
  // record: the case's parameters plus `extra` (an extra key the case already has
  // replaces its value in place, e.g. a case with {"test", "traversal+accumulate"}
  // measuring twice with {"test", "traversal"} and {"test", "accumulate"}). Returns
  // false if stopped (no record).
  template <class Body>
  bool measure(double items, Body&& body, param_list extra = {}) {
    return measure(items, no_setup{}, std::forward<Body>(body), std::move(extra));
  }

  // The same with an untimed `setup` before every timed call of `body` (e.g. a fresh
  // empty container for a body that fills it). Such bodies are timed one call at a time.
  template <class Setup, class Body>
  bool measure(double items, Setup&& setup, Body&& body, param_list extra = {}) {
    using clock = std::chrono::steady_clock;
    constexpr bool has_setup = !std::is_same_v<std::decay_t<Setup>, no_setup>;
    sampler s(*this, items);
    long long runs = 0;
    while ((runs = s.next_batch()) > 0) {
      double ns = 0.0;
      if (has_setup || runs == 1) {
        for (long long r = 0; r < runs && !stop_requested(); ++r) {
          setup();
          const auto t0 = clock::now();
          body();
          const auto t1 = clock::now();
          ns += std::chrono::duration<double, std::nano>(t1 - t0).count();
        }
      } else {
        const auto t0 = clock::now();
        for (long long r = 0; r < runs; ++r) body();
        const auto t1 = clock::now();
        ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
      }
      s.add(ns);
    }
    return s.finish(std::move(extra));
  }

  // A number attached to every record of this case (e.g. "bytes_per_element").
  void metric(std::string name, double value);

  // The records made by this case, with its metrics attached (the runner calls this
  // when the case returns).
  std::vector<record> take_records();

 private:
  // The bookkeeping of one measure() call, out of line.
  class sampler {
   public:
    sampler(case_context& ctx, double items);
    // Calls of the body for the next sample (the first call: the warm-up); 0 = done.
    long long next_batch();
    void add(double ns);
    bool finish(param_list extra);

   private:
    case_context& ctx_;
    double items_;
    std::chrono::steady_clock::time_point start_;
    int warmups_left_;
    long long batch_ = 1;
    bool in_warmup_ = true;
    std::vector<double> ns_per_item_;
  };

  const std::atomic<bool>* stop_;
  param_list params_;
  std::string unit_;
  timing_settings timing_;
  std::chrono::steady_clock::time_point case_start_;  // for case_budget_seconds
  std::vector<std::pair<std::string, double>> metrics_;
  std::vector<record> records_;
};

}  // namespace framelab::bench
