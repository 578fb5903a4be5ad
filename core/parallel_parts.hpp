#pragma once
// run_parts(k, part): part(0) .. part(k - 1) at once, part 0 on the caller's thread and
// each other part on a thread of its own. A part whose thread cannot be started runs on
// the caller's thread after part 0, so the work is always done. Returns when every part
// is done. Used by the hierarchy's segmented sweep (core/frames/hierarchy_segments.hpp)
// and by the bandwidth copy it is measured against (bench/cases/bandwidth_copy.hpp).
#include <cstddef>
#include <system_error>
#include <thread>
#include <vector>

namespace framelab {

template <class Part>
void run_parts(std::size_t parts, Part part) {
  std::vector<std::size_t> left_to_caller;
  std::vector<std::jthread> workers;
  for (std::size_t k = 1; k < parts; ++k) {
    try {
      workers.emplace_back([&part, k] { part(k); });
    } catch (const std::system_error&) {
      left_to_caller.push_back(k);
    }
  }
  if (parts > 0) part(0);
  for (const std::size_t k : left_to_caller) part(k);
}  // the workers join here

}  // namespace framelab
