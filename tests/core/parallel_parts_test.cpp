// core/parallel_parts.hpp: run_parts runs every part exactly once, on the caller's thread and
// the pool's workers, however many parts against workers; a run started while another holds the
// pool (from another thread, or from inside a part) still runs all its parts (on threads of its
// own); a part's exception reaches the caller after the parts already started have finished, and
// the pool runs the next run as before. Under ThreadSanitizer (the threaded tests).
#include "core/parallel_parts.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

// Each part k adds k + 1 to its own slot and counts itself.
void expect_every_part_once(std::size_t parts) {
  std::vector<std::size_t> slots(parts, 0);
  std::atomic<std::size_t> calls{0};
  framelab::run_parts(parts, [&](std::size_t k) {
    slots[k] += k + 1;
    ++calls;
  });
  EXPECT_EQ(calls.load(), parts);
  for (std::size_t k = 0; k < parts; ++k) ASSERT_EQ(slots[k], k + 1) << "part " << k << " of " << parts;
}

TEST(run_parts, runs_every_part_exactly_once) {
  for (const std::size_t parts : {0, 1, 2, 3, 8, 100}) expect_every_part_once(parts);
}

TEST(run_parts, a_run_while_the_pool_is_held_runs_all_its_parts) {
  std::atomic<std::size_t> inner_calls{0};
  framelab::run_parts(2, [&](std::size_t) {  // each part starts a run of its own inside the held pool
    framelab::run_parts(3, [&](std::size_t) { ++inner_calls; });
  });
  EXPECT_EQ(inner_calls.load(), 6u);
  // two threads' runs at once: one holds the pool, the other starts threads of its own
  std::thread other([] {
    for (int r = 0; r < 50; ++r) expect_every_part_once(4);
  });
  for (int r = 0; r < 50; ++r) expect_every_part_once(3);
  other.join();
}

TEST(run_parts, a_parts_exception_reaches_the_caller_and_the_pool_runs_on) {
  std::atomic<std::size_t> finished{0};
  EXPECT_THROW(framelab::run_parts(4,
                                   [&](std::size_t k) {
                                     if (k == 1) throw std::runtime_error("part 1");
                                     ++finished;
                                   }),
               std::runtime_error);
  EXPECT_LE(finished.load(), 3u);  // the parts started before the throw finished; none after
  expect_every_part_once(4);
}

}  // namespace
