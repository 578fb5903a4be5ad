// framelab::contiguous_list against std::list, part 1 of 2 (contiguous_list_differential.hpp):
// int at every index width (uint8_t .. uint64_t), the 64-byte struct at the narrowest
// (max_size() 255, length_error) and the widest index, and int on the counting allocator.
// Part 2 (contiguous_list_differential_strings_test.cpp): move-only and std::string values,
// and the unequal allocators. The 16 value x index combinations on std::allocator were cut
// to 10 (the index width changes only the index arithmetic, which int covers at every
// width; uint8_t's max_size() is kept for every value type): the ASan build's costliest
// file (182 s at -O1) is now two that the two cores compile side by side.
#include "tests/core/containers/contiguous_list_differential.hpp"

namespace {

using list_test::combo;

template <class Combo>
class contiguous_list_differential : public ::testing::Test {};

using combos = ::testing::Types<combo<int, std::uint8_t, 0x5eed01>, combo<int, std::uint16_t, 0x5eed02>,
                                combo<int, std::uint32_t, 0x5eed03>, combo<int, std::uint64_t, 0x5eed04>,
                                combo<list_test::big64, std::uint8_t, 0x5eed11>,
                                combo<list_test::big64, std::uint64_t, 0x5eed14>,
                                combo<int, std::uint64_t, 0x5eed41, list_test::counting_allocator<int>>>;
TYPED_TEST_SUITE(contiguous_list_differential, combos, list_test::combo_names);

TYPED_TEST(contiguous_list_differential, random_operations_match_std_list) {
  list_test::check_random_operations_match_std_list<TypeParam>();
}

}  // namespace
