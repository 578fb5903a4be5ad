#pragma once
// run_parts(k, part): part(0) .. part(k - 1), each exactly once, at once on the caller's thread
// and up to k - 1 workers of one process-wide pool; returns when every part is done. The caller
// and the workers take the parts in turn from one counter, so a worker that wakes late (its core
// busy) leaves its part to whoever is free instead of holding the caller up: where the parts are
// cut must not depend on who runs them, and in every caller it does not (the answers are the same
// on any number of threads). A part that throws: the parts already started finish, the rest are
// not started, and the first exception reaches the caller. runs_for and run_ranges (at the end)
// cut n items into such runs of index ranges, the way every loop over items here does.
// Used by the hierarchy's segmented sweep (core/frames/hierarchy_segments.hpp) and the bandwidth
// copy it is measured against (bench/cases/bandwidth_copy.hpp), the threaded brute force of the
// broad phase, the threaded pair count of `bench pairs`, and the collision passes and sorts
// (core/collision/) and the renderer's occlusion test (render/sphere_occlusion.cpp).
//
// The workers wait on a condition variable between runs: waking one costs a few microseconds,
// where starting a thread for each part (as before 2026-11-27) cost ~30 us on an idle core and up
// to ~0.4 ms on a busy one; the 100,000-ball collisions frame ran ~50 of them. One run holds the
// pool at a time: a run started on another thread meanwhile (the benchmark runner's worker while
// the UI steps a scene), or from inside a part, starts threads of its own as before.
// Without threads (emscripten's page: no SharedArrayBuffer) no thread starts and every part runs
// on the caller's thread.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace framelab {

namespace detail {

// Threads that are joined when the object goes, also when a part throws.
struct joined_threads {
  std::vector<std::thread> threads;
  joined_threads() = default;
  joined_threads(const joined_threads&) = delete;
  joined_threads& operator=(const joined_threads&) = delete;
  ~joined_threads() {
    for (std::thread& t : threads) t.join();
  }
};

// The parts on threads of their own (the way without the pool).
template <class Part>
void run_parts_on_new_threads(std::size_t parts, Part& part) {
  std::vector<std::size_t> left_to_caller;
  joined_threads workers;
  for (std::size_t k = 1; k < parts; ++k) {
    try {
      workers.threads.emplace_back([&part, k] { part(k); });
    } catch (const std::system_error&) {
      left_to_caller.push_back(k);
    }
  }
  if (parts > 0) part(0);
  for (const std::size_t k : left_to_caller) part(k);
}  // the workers join here

class part_pool {
 public:
  static constexpr std::size_t max_workers = 63;

  static part_pool& instance() {
    static part_pool pool;
    return pool;
  }

  // Runs the parts with the pool's workers; false, and nothing run, when another run holds it.
  template <class Part>
  bool try_run(std::size_t parts, Part& part) {
    std::unique_lock<std::mutex> run(run_, std::try_to_lock);
    if (!run.owns_lock()) return false;
    const std::size_t helpers = add_workers(std::min(parts - 1, max_workers));
    {
      std::lock_guard<std::mutex> lock(state_);
      call_ = [](void* context, std::size_t k) { (*static_cast<Part*>(context))(k); };
      context_ = &part;
      parts_ = parts;
      next_.store(0, std::memory_order_relaxed);
      tickets_ = helpers;
      failure_ = nullptr;
    }
    wake_.notify_all();
    take_parts(call_, context_, parts);
    std::unique_lock<std::mutex> lock(state_);
    tickets_ = 0;  // the workers not awake yet stay out of this run
    finished_.wait(lock, [this] { return active_ == 0; });
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
    return true;
  }

  part_pool(const part_pool&) = delete;
  part_pool& operator=(const part_pool&) = delete;
  ~part_pool() {
    {
      std::lock_guard<std::mutex> lock(state_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

 private:
  using call_type = void (*)(void*, std::size_t);
  part_pool() = default;

  // Starts workers until there are `wanted` (fewer if a thread cannot start); how many there are.
  std::size_t add_workers(std::size_t wanted) {
    while (workers_.size() < wanted) {
      try {
        workers_.emplace_back([this] { work(); });
      } catch (const std::system_error&) {
        break;
      }
    }
    return std::min(wanted, workers_.size());
  }

  // Takes parts from the counter until none is left (or one has thrown), recording the first exception.
  void take_parts(call_type call, void* context, std::size_t parts) {
    for (std::size_t k; (k = next_.fetch_add(1, std::memory_order_relaxed)) < parts;) {
      try {
        call(context, k);
      } catch (...) {
        next_.store(parts, std::memory_order_relaxed);  // no more parts start
        std::lock_guard<std::mutex> lock(state_);
        if (!failure_) failure_ = std::current_exception();
      }
    }
  }

  void work() {
    std::unique_lock<std::mutex> lock(state_);
    for (;;) {
      wake_.wait(lock, [this] { return stop_ || tickets_ > 0; });
      if (stop_) return;
      --tickets_;
      ++active_;
      const call_type call = call_;
      void* const context = context_;
      const std::size_t parts = parts_;
      lock.unlock();
      take_parts(call, context, parts);
      lock.lock();
      if (--active_ == 0) finished_.notify_all();
    }
  }

  std::mutex run_;    // held through a run
  std::mutex state_;  // guards what follows but the counter
  std::condition_variable wake_, finished_;
  std::vector<std::thread> workers_;
  call_type call_ = nullptr;
  void* context_ = nullptr;
  std::size_t parts_ = 0;
  std::atomic<std::size_t> next_{0};  // the next part to take
  std::size_t tickets_ = 0;           // workers that may still join the run
  std::size_t active_ = 0;            // workers in the run
  std::exception_ptr failure_;
  bool stop_ = false;
};

}  // namespace detail

template <class Part>
void run_parts(std::size_t parts, Part part) {
  if (parts == 0) return;
  if (parts == 1) {
    part(0);
    return;
  }
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  for (std::size_t k = 0; k < parts; ++k) part(k);
#else
  if (!detail::part_pool::instance().try_run(parts, part)) detail::run_parts_on_new_threads(parts, part);
#endif
}

// How many runs n items make for up to `most` threads, each of at least `per_run` items:
// n / per_run, at least 1 and at most `most`.
inline std::size_t runs_for(std::size_t n, std::size_t per_run, std::size_t most) {
  return std::clamp<std::size_t>(n / std::max<std::size_t>(per_run, 1), 1, std::max<std::size_t>(most, 1));
}

// range(run, first, last) for the `runs` runs [n run / runs, n (run + 1) / runs) of [0, n), at once
// (run_parts). The bounds reach `range` as values: computed inside its loop from captured
// references, a store in the loop could alias them, and the compiler reloaded and divided them
// per item (the pair sort's passes were 5x slower so).
template <class Range>
void run_ranges(std::size_t n, std::size_t runs, Range range) {
  run_parts(runs, [&range, n, runs](std::size_t run) { range(run, n * run / runs, n * (run + 1) / runs); });
}

}  // namespace framelab
