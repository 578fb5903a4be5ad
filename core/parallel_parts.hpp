#pragma once
// run_parts(k, part): part(0) .. part(k - 1) at once, part 0 on the caller's thread and
// each other part on a thread of its own. A part whose thread cannot be started runs on
// the caller's thread after part 0, so the work is always done. Returns when every part
// is done. Used by the hierarchy's segmented sweep (core/frames/hierarchy_segments.hpp)
// and by the bandwidth copy it is measured against (bench/cases/bandwidth_copy.hpp), the
// threaded brute force of the broad phase and the threaded pair count of `bench pairs`.
// std::thread joined by hand, not std::jthread, which emscripten's libc++ 13 lacks; there,
// without threads in the page, no thread starts and every part runs on the caller's thread.
#include <cstddef>
#include <system_error>
#include <thread>
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
}  // namespace detail

template <class Part>
void run_parts(std::size_t parts, Part part) {
  std::vector<std::size_t> left_to_caller;
  detail::joined_threads workers;
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

}  // namespace framelab
