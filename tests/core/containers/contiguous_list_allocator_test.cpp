// contiguous_list's allocator support against std::list's, with the stateful allocators
// of tracking_allocator.hpp: every allocator-extended constructor, copy construction's
// select_on_container_copy_construction, propagation on copy/move assignment and swap,
// where the arrays live, and noexcept side by side with std::list for the same allocator.
#include <gtest/gtest.h>

#include <iterator>
#include <list>
#include <sstream>
#include <string>
#include <vector>

#include "core/containers/contiguous_list.hpp"
#include "tests/core/containers/tracking_allocator.hpp"

namespace {

using framelab::contiguous_list;
using list_test::counting_allocator;
using list_test::registry;
using list_test::unequal_allocator;

// [SECTION] noexcept, side by side with std::list for the same allocator

// An allocator whose construction and copies may throw (nothing is noexcept).
template <class T>
struct plain_allocator {
  using value_type = T;
  plain_allocator() {}                        // NOLINT(modernize-use-equals-default): not noexcept on purpose
  plain_allocator(const plain_allocator&) {}  // NOLINT(modernize-use-equals-default)
  template <class U>
  plain_allocator(const plain_allocator<U>&) {}  // NOLINT(google-explicit-constructor)
  plain_allocator& operator=(const plain_allocator&) = default;
  T* allocate(std::size_t n) { return std::allocator<T>().allocate(n); }
  void deallocate(T* p, std::size_t n) { std::allocator<T>().deallocate(p, n); }
  friend bool operator==(const plain_allocator&, const plain_allocator&) { return true; }
};

template <class A>
constexpr bool noexcept_as_std_list() {
  using T = typename A::value_type;
  using ours = contiguous_list<T, A>;
  using theirs = std::list<T, A>;
  static_assert(std::is_default_constructible_v<ours> == std::is_default_constructible_v<theirs>);
  static_assert(std::is_nothrow_default_constructible_v<ours> == std::is_nothrow_default_constructible_v<theirs>);
  static_assert(std::is_nothrow_destructible_v<ours> && std::is_nothrow_destructible_v<theirs>);
  static_assert(std::is_nothrow_move_constructible_v<ours> == std::is_nothrow_move_constructible_v<theirs>);
  static_assert(std::is_nothrow_move_assignable_v<ours> == std::is_nothrow_move_assignable_v<theirs>);
  static_assert(std::is_nothrow_swappable_v<ours> == std::is_nothrow_swappable_v<theirs>);
  static_assert(noexcept(std::declval<ours&>().swap(std::declval<ours&>())) ==
                noexcept(std::declval<theirs&>().swap(std::declval<theirs&>())));
  static_assert(std::is_nothrow_constructible_v<ours, const A&> == std::is_nothrow_constructible_v<theirs, const A&>);
  static_assert(std::is_nothrow_constructible_v<ours, ours&&, const A&> ==
                std::is_nothrow_constructible_v<theirs, theirs&&, const A&>);
  static_assert(noexcept(std::declval<const ours&>().get_allocator()));
  return true;
}
static_assert(noexcept_as_std_list<std::allocator<std::string>>());
static_assert(noexcept_as_std_list<counting_allocator<std::string>>());
static_assert(noexcept_as_std_list<unequal_allocator<std::string>>());
static_assert(noexcept_as_std_list<plain_allocator<std::string>>());
// The values those checks compared (so a change on both sides is seen too):
static_assert(std::is_nothrow_default_constructible_v<contiguous_list<int>>);
static_assert(!std::is_nothrow_default_constructible_v<contiguous_list<int, plain_allocator<int>>>);
static_assert(!std::is_nothrow_move_assignable_v<contiguous_list<int, unequal_allocator<int>>>);
static_assert(std::is_nothrow_move_assignable_v<contiguous_list<int, counting_allocator<int>>>);
static_assert(!std::is_nothrow_move_constructible_v<contiguous_list<int, plain_allocator<int>>>);

static_assert(std::is_same_v<contiguous_list<int, counting_allocator<int>>::allocator_type, counting_allocator<int>>);

template <class L>
std::vector<std::string> contents(const L& l) {
  return {l.begin(), l.end()};
}

// Every element lies in a block allocated with this id.
template <class L>
bool stored_with(const L& l, int id) {
  for (const auto& v : l)
    if (!registry().owns(id, std::addressof(v))) return false;
  return true;
}

// [SECTION] Where the arrays live

TEST(contiguous_list_allocator, both_arrays_come_from_the_allocator) {
  using A = counting_allocator<std::string>;
  {
    contiguous_list<std::string, A> l{A(101)};
    std::list<std::string, A> s{A(102)};
    EXPECT_EQ(registry().live_blocks(101), 0u);  // construction allocates nothing
    for (int k = 0; k < 100; ++k) {
      const std::string v(20, static_cast<char>('a' + k % 26));
      k % 3 ? l.push_back(v) : l.push_front(v);
      k % 3 ? s.push_back(v) : s.push_front(v);
    }
    EXPECT_EQ(contents(l), contents(s));
    EXPECT_EQ(l.get_allocator(), A(101));
    EXPECT_EQ(registry().live_blocks(101), 2u);    // the value array and the node array
    EXPECT_EQ(registry().live_blocks(102), 100u);  // std::list: one node per element
    EXPECT_TRUE(stored_with(l, 101));
    const std::size_t before = registry().allocations;
    l.reserve(1000);  // both arrays reallocate through it
    EXPECT_EQ(registry().allocations, before + 2);
    EXPECT_EQ(registry().live_blocks(101), 2u);
    l.linearize();  // the new value array too
    EXPECT_TRUE(stored_with(l, 101));
    EXPECT_EQ(registry().live_blocks(101), 2u);
  }
  EXPECT_EQ(registry().live_blocks(101), 0u);  // every block returned (ids checked on the way)
  EXPECT_EQ(registry().live_blocks(102), 0u);
}

// [SECTION] The allocator-extended constructors

template <class A>
void constructors_match_std_list(int id) {
  using ours = contiguous_list<std::string, A>;
  using theirs = std::list<std::string, A>;
  const A alloc(id);
  const std::vector<std::string> v{"a", "long enough to leave the small-string buffer", "c"};
  const auto check = [&](const ours& l, const theirs& s) {
    EXPECT_EQ(contents(l), contents(s));
    EXPECT_EQ(l.get_allocator(), s.get_allocator());
    EXPECT_EQ(l.get_allocator(), alloc);
    EXPECT_TRUE(stored_with(l, id));
  };
  check(ours(alloc), theirs(alloc));
  check(ours(4, alloc), theirs(4, alloc));
  check(ours(3, "x", alloc), theirs(3, "x", alloc));
  check(ours(v.begin(), v.end(), alloc), theirs(v.begin(), v.end(), alloc));
  std::istringstream in1("p q r"), in2("p q r");  // single pass
  check(ours(std::istream_iterator<std::string>(in1), std::istream_iterator<std::string>(), alloc),
        theirs(std::istream_iterator<std::string>(in2), std::istream_iterator<std::string>(), alloc));
  check(ours({"i", "j"}, alloc), theirs({"i", "j"}, alloc));

  const A other(id + 1);
  const ours source(v.begin(), v.end(), other);
  const theirs source_s(v.begin(), v.end(), other);
  check(ours(source, alloc), theirs(source_s, alloc));  // copy with an allocator
  // Copy construction: select_on_container_copy_construction decides, as for std::list.
  const ours copy(source);
  EXPECT_EQ(copy.get_allocator(), theirs(source_s).get_allocator());
  EXPECT_EQ(copy.get_allocator() == other, (!std::is_same_v<A, unequal_allocator<std::string>>));
  EXPECT_TRUE(stored_with(copy, copy.get_allocator().id()));

  // Move with an unequal allocator: element by element into alloc's arrays.
  ours moved_from = source;
  theirs moved_from_s = source_s;
  check(ours(std::move(moved_from), alloc), theirs(std::move(moved_from_s), alloc));
  EXPECT_TRUE(moved_from.empty());  // NOLINT(bugprone-use-after-move): ours is left empty
  // Move with an equal allocator: the arrays change hands.
  ours owner(v.begin(), v.end(), alloc);
  const std::string* data = owner.values().data();
  const ours taken(std::move(owner), alloc);
  EXPECT_EQ(taken.values().data(), data);
  EXPECT_EQ(contents(taken), v);
}

TEST(contiguous_list_allocator, allocator_extended_constructors_match_std_list) {
  constructors_match_std_list<counting_allocator<std::string>>(201);
  constructors_match_std_list<unequal_allocator<std::string>>(211);
  EXPECT_EQ(registry().live_blocks(201) + registry().live_blocks(211) + registry().live_blocks(212), 0u);
}

// [SECTION] Propagation on copy assignment, move assignment and swap

template <class A>
void assignments_match_std_list(int id) {
  using ours = contiguous_list<std::string, A>;
  using theirs = std::list<std::string, A>;
  const std::vector<std::string> v{"one", "two", "three", "a string longer than the small buffer"};
  const std::vector<std::string> w{"x", "y"};
  const auto pair = [&](int a_id, int b_id) {
    return std::tuple{ours(v.begin(), v.end(), A(a_id)), theirs(v.begin(), v.end(), A(a_id)),
                      ours(w.begin(), w.end(), A(b_id)), theirs(w.begin(), w.end(), A(b_id))};
  };
  {  // copy assignment
    auto [a, s, b, sb] = pair(id, id + 1);
    a = b;
    s = sb;
    EXPECT_EQ(contents(a), contents(s));
    EXPECT_EQ(a.get_allocator(), s.get_allocator());
    EXPECT_TRUE(stored_with(a, a.get_allocator().id()));
  }
  {  // move assignment: takes the arrays, or moves element by element into its own
    auto [a, s, b, sb] = pair(id, id + 1);
    a = std::move(b);
    s = std::move(sb);
    EXPECT_EQ(contents(a), contents(s));
    EXPECT_EQ(a.get_allocator(), s.get_allocator());
    EXPECT_TRUE(stored_with(a, a.get_allocator().id()));
    EXPECT_TRUE(b.empty());  // NOLINT(bugprone-use-after-move)
    b.push_back("usable");
    EXPECT_EQ(contents(b), std::vector<std::string>{"usable"});
  }
  {  // swap: with allocators that do not propagate only between equal ones (else undefined)
    const bool propagates = std::allocator_traits<A>::propagate_on_container_swap::value;
    auto [a, s, b, sb] = pair(id, propagates ? id + 1 : id);
    a.swap(b);
    s.swap(sb);
    EXPECT_EQ(contents(a), contents(s));
    EXPECT_EQ(contents(b), contents(sb));
    EXPECT_EQ(a.get_allocator(), s.get_allocator());
    EXPECT_EQ(b.get_allocator(), sb.get_allocator());
    EXPECT_TRUE(stored_with(a, a.get_allocator().id()));
    EXPECT_TRUE(stored_with(b, b.get_allocator().id()));
    swap(a, b);
    EXPECT_EQ(contents(a), v);
    EXPECT_EQ(a.get_allocator(), A(id));
  }
}

TEST(contiguous_list_allocator, assignment_and_swap_propagate_as_std_list) {
  assignments_match_std_list<counting_allocator<std::string>>(301);
  assignments_match_std_list<unequal_allocator<std::string>>(311);
  for (int id : {301, 302, 311, 312}) EXPECT_EQ(registry().live_blocks(id), 0u) << id;
}

// merge and splice from a list with an unequal allocator move the values into this
// list's arrays (for std::list it is undefined, so its side goes through a list with
// ours' allocator).
TEST(contiguous_list_allocator, transfers_between_unequal_allocators_move_the_values) {
  using A = unequal_allocator<std::string>;
  contiguous_list<std::string, A> a({"b", "d", "f"}, A(401)), b({"a", "c", "e", "g"}, A(402));
  a.merge(b);
  EXPECT_EQ(contents(a), (std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g"}));
  EXPECT_TRUE(b.empty());
  EXPECT_TRUE(stored_with(a, 401));
  b.assign({"x", "y", "z"});
  a.splice(std::next(a.begin()), b, std::next(b.begin()));
  a.splice(a.begin(), b);
  EXPECT_EQ(contents(a), (std::vector<std::string>{"x", "z", "a", "y", "b", "c", "d", "e", "f", "g"}));
  contiguous_list<std::string, A> empty(A(403));
  empty.splice(empty.end(), a, a.begin(), std::next(a.begin(), 2));  // an empty list keeps its allocator
  EXPECT_EQ(contents(empty), (std::vector<std::string>{"x", "z"}));
  EXPECT_EQ(empty.get_allocator(), A(403));
  EXPECT_TRUE(stored_with(empty, 403));
  contiguous_list<std::string, A> whole(A(404));
  whole.splice(whole.end(), empty);  // into an empty list: moved into its own arrays
  EXPECT_EQ(contents(whole), (std::vector<std::string>{"x", "z"}));
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(whole.get_allocator(), A(404));
  EXPECT_TRUE(stored_with(whole, 404));
}

}  // namespace
