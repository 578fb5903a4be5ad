// framelab::contiguous_list against std::list, part 2 of 2 (contiguous_list_differential.hpp):
// the move-only type and std::string (heap-owning values, every fourth one past the small
// string buffer) at the narrowest index (max_size() 255, length_error) and a wide one, and
// the tracking allocators: std::string on the counting one, and unequal allocators on a
// pair of lists (propagation on copy/move assignment and swap, the allocator-extended
// constructors). Part 1: contiguous_list_differential_test.cpp.
#include "tests/core/containers/contiguous_list_differential.hpp"

namespace {

using list_test::combo;
using list_test::move_only;

template <class Combo>
class contiguous_list_differential_strings : public ::testing::Test {};

using combos =
    ::testing::Types<combo<move_only, std::uint8_t, 0x5eed21>, combo<move_only, std::uint32_t, 0x5eed23>,
                     combo<std::string, std::uint8_t, 0x5eed31>, combo<std::string, std::uint32_t, 0x5eed33>,
                     combo<std::string, std::uint16_t, 0x5eed42, list_test::counting_allocator<std::string>>,
                     combo<std::string, std::uint8_t, 0x5eed43, list_test::unequal_allocator<std::string>>,
                     combo<move_only, std::uint32_t, 0x5eed44, list_test::unequal_allocator<move_only>>>;
TYPED_TEST_SUITE(contiguous_list_differential_strings, combos, list_test::combo_names);

TYPED_TEST(contiguous_list_differential_strings, random_operations_match_std_list) {
  list_test::check_random_operations_match_std_list<TypeParam>();
}

}  // namespace
