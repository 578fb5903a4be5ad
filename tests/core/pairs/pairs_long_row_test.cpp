// A row longer than one 32-bit counting block of count_if_pairs (core/pairs/pairs.hpp):
// 2^30 elements are counted in two blocks, against the closed-form count. A test of its
// own because its billion predicate calls need -O1 under the sanitizers (50 s at -O0),
// while the rest of the pairs tests compile faster at -O0 (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <ranges>

#include "core/pairs/pairs.hpp"

namespace {

TEST(pair_kernels, a_row_longer_than_one_counting_block) {
  const int m = (1 << 30) + 3;
  const auto row = std::views::iota(0, m);
  const int a = 1;
  const auto pred = [](int x, int y) { return (x + y) % 3 == 0; };
  // b in [0, m) with (1 + b) % 3 == 0: b = 2, 5, 8, ...: floor(m / 3) of them
  EXPECT_EQ(framelab::detail::count_row<int>(pred, a, row.begin(), row.end()), m / 3);
}

}  // namespace
