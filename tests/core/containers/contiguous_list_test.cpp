// Unit tests of framelab::contiguous_list, one group per operation, each
// checked against std::list doing the same thing.
#include "core/containers/contiguous_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <list>
#include <memory>
#include <numeric>
#include <random>
#include <ranges>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using framelab::contiguous_list;
using framelab::indexed_contiguous_list;

static_assert(std::bidirectional_iterator<contiguous_list<int>::iterator>);
static_assert(std::bidirectional_iterator<contiguous_list<int>::const_iterator>);
static_assert(std::bidirectional_iterator<indexed_contiguous_list<std::string, std::uint8_t>::iterator>);
static_assert(std::ranges::bidirectional_range<contiguous_list<int>>);
static_assert(std::ranges::common_range<contiguous_list<int>>);
static_assert(std::is_same_v<std::iter_reference_t<contiguous_list<int>::const_iterator>, const int&>);
static_assert(std::is_nothrow_move_constructible_v<contiguous_list<std::string>>);
static_assert(std::is_nothrow_move_assignable_v<contiguous_list<std::string>>);
static_assert(std::is_nothrow_default_constructible_v<contiguous_list<std::string>>);
static_assert(std::equality_comparable<contiguous_list<int>> && std::three_way_comparable<contiguous_list<int>>);
struct no_comparisons {};
static_assert(!std::equality_comparable<contiguous_list<no_comparisons>>);
static_assert(!std::three_way_comparable<contiguous_list<no_comparisons>>);

static_assert(std::is_same_v<framelab::index_for_capacity_t<0>, std::uint8_t>);
static_assert(std::is_same_v<framelab::index_for_capacity_t<255>, std::uint8_t>);
static_assert(std::is_same_v<framelab::index_for_capacity_t<256>, std::uint16_t>);
static_assert(std::is_same_v<framelab::index_for_capacity_t<65535>, std::uint16_t>);
static_assert(std::is_same_v<framelab::index_for_capacity_t<65536>, std::uint32_t>);
static_assert(std::is_same_v<framelab::index_for_capacity_t<0xFFFF'FFFFu>, std::uint32_t>);
static_assert(std::is_same_v<framelab::index_for_capacity_t<0x1'0000'0000u>, std::uint64_t>);
static_assert(std::is_same_v<framelab::small_contiguous_list<int, 1000>, indexed_contiguous_list<int, std::uint16_t>>);

// Memory per element: the value plus two indexes.
static_assert(sizeof(framelab::detail::contiguous_list_node<std::uint8_t>) == 2);
static_assert(sizeof(framelab::detail::contiguous_list_node<std::uint16_t>) == 4);
static_assert(sizeof(framelab::detail::contiguous_list_node<std::uint32_t>) == 8);

// The list is valid: forward and backward traversals agree with size(), and
// visit every stored value exactly once.
template <class T, class A, class I>
::testing::AssertionResult is_valid(const contiguous_list<T, A, I>& l) {
  const auto values = l.values();
  if (values.size() != l.size()) return ::testing::AssertionFailure() << "values().size() != size()";
  std::vector<bool> seen(l.size(), false);
  std::size_t n = 0;
  for (auto it = l.begin(); it != l.end(); ++it, ++n) {
    if (n >= l.size()) return ::testing::AssertionFailure() << "forward traversal longer than size()";
    const auto k = static_cast<std::size_t>(std::addressof(*it) - values.data());
    if (k >= l.size() || seen[k]) return ::testing::AssertionFailure() << "node visited twice";
    seen[k] = true;
  }
  if (n != l.size()) return ::testing::AssertionFailure() << "forward traversal " << n << " != " << l.size();
  n = 0;
  for (auto it = l.rbegin(); it != l.rend(); ++it, ++n) {
    if (n >= l.size()) return ::testing::AssertionFailure() << "backward traversal longer than size()";
  }
  if (n != l.size()) return ::testing::AssertionFailure() << "backward traversal " << n << " != " << l.size();
  return ::testing::AssertionSuccess();
}

template <class T, class A, class I>
std::vector<T> forward(const contiguous_list<T, A, I>& l) {
  return {l.begin(), l.end()};
}
template <class T, class A, class I>
std::vector<T> backward(const contiguous_list<T, A, I>& l) {
  return {l.rbegin(), l.rend()};
}

// Same contents as `expected` (a std::list or vector), read forward and backward.
template <class T, class A, class I, class Expected>
::testing::AssertionResult same(const contiguous_list<T, A, I>& l, const Expected& expected) {
  if (auto valid = is_valid(l); !valid) return valid;
  const std::vector<T> want(expected.begin(), expected.end());
  const std::vector<T> want_backward(expected.rbegin(), expected.rend());
  if (forward(l) != want || backward(l) != want_backward) {
    return ::testing::AssertionFailure() << "forward " << ::testing::PrintToString(forward(l)) << ", backward "
                                         << ::testing::PrintToString(backward(l)) << ", expected "
                                         << ::testing::PrintToString(want);
  }
  return ::testing::AssertionSuccess();
}
#define EXPECT_SAME(...) EXPECT_TRUE(same(__VA_ARGS__))

// --- construction and assignment ------------------------------------------

TEST(contiguous_list, constructors_match_std_list) {
  EXPECT_TRUE(contiguous_list<int>().empty());
  EXPECT_SAME(contiguous_list<int>(5), std::list<int>(5));
  EXPECT_SAME(contiguous_list<std::string>(3, "abc"), std::list<std::string>(3, "abc"));
  const std::vector<int> v{4, 1, 3, 1};
  EXPECT_SAME(contiguous_list<int>(v.begin(), v.end()), std::list<int>(v.begin(), v.end()));
  std::istringstream in1("7 8 9"), in2("7 8 9");  // single-pass input iterators
  EXPECT_SAME((contiguous_list<int>(std::istream_iterator<int>(in1), std::istream_iterator<int>())),
              (std::list<int>(std::istream_iterator<int>(in2), std::istream_iterator<int>())));
  EXPECT_SAME((contiguous_list<int>{1, 2, 3}), (std::list<int>{1, 2, 3}));
  // (count, value) with two ints is not the iterator-range constructor
  EXPECT_SAME((contiguous_list<int>(3, 7)), (std::list<int>(3, 7)));
}

TEST(contiguous_list, constructs_from_vector_by_copy_and_by_move) {
  std::vector<std::string> v{"a", "bb", "ccc"};
  const contiguous_list<std::string> copied(v);
  EXPECT_SAME(copied, v);
  EXPECT_EQ(v.size(), 3u);
  const std::string* data = v.data();
  const contiguous_list<std::string> moved(std::move(v));
  EXPECT_SAME(moved, (std::vector<std::string>{"a", "bb", "ccc"}));
  EXPECT_EQ(moved.values().data(), data);  // the buffer was taken, not copied
}

TEST(contiguous_list, copy_and_move) {
  contiguous_list<std::string> a{"x", "y", "z"};
  a.push_front("w");
  a.erase(std::next(a.begin()));  // storage order now differs from list order
  const std::list<std::string> expected{"w", "y", "z"};
  contiguous_list<std::string> b(a);
  EXPECT_SAME(b, expected);
  contiguous_list<std::string> c(std::move(a));
  EXPECT_SAME(c, expected);
  EXPECT_TRUE(a.empty());  // NOLINT: moved-from is empty and usable
  EXPECT_TRUE(is_valid(a));
  a.push_back("again");
  EXPECT_SAME(a, (std::list<std::string>{"again"}));

  contiguous_list<std::string> d{"1", "2", "3", "4", "5", "6"};
  d = b;  // to a larger list
  EXPECT_SAME(d, expected);
  contiguous_list<std::string> e{"1"};
  e = b;  // to a smaller one
  EXPECT_SAME(e, expected);
  const auto& self = e;
  e = self;  // self-assignment
  EXPECT_SAME(e, expected);
  e = std::move(c);
  EXPECT_SAME(e, expected);
  EXPECT_TRUE(c.empty());  // NOLINT
  e = {"p", "q"};
  EXPECT_SAME(e, (std::list<std::string>{"p", "q"}));
  contiguous_list<std::string> empty_source;
  e = empty_source;
  EXPECT_TRUE(e.empty());
  EXPECT_TRUE(is_valid(e));
}

TEST(contiguous_list, assign_overloads) {
  contiguous_list<int> l{1, 2, 3};
  std::list<int> s{1, 2, 3};
  l.assign(5, 9);
  s.assign(5, 9);
  EXPECT_SAME(l, s);
  l.assign({4, 5});
  s.assign({4, 5});
  EXPECT_SAME(l, s);
  const std::vector<int> v{6, 7, 8};
  l.assign(v.begin(), v.end());
  s.assign(v.begin(), v.end());
  EXPECT_SAME(l, s);
  std::istringstream in1("1 2"), in2("1 2");
  l.assign(std::istream_iterator<int>(in1), std::istream_iterator<int>());
  s.assign(std::istream_iterator<int>(in2), std::istream_iterator<int>());
  EXPECT_SAME(l, s);
  // the value may be an element of the list itself
  contiguous_list<std::string> t{"long string that is not small", "b"};
  t.assign(40, t.front());
  EXPECT_SAME(t, std::list<std::string>(40, "long string that is not small"));
}

// --- iterators, access, capacity -------------------------------------------

TEST(contiguous_list, iterators) {
  contiguous_list<std::string> l{"a", "b", "c"};
  auto it = l.begin();
  EXPECT_EQ(*it++, "a");
  EXPECT_EQ(it->size(), 1u);
  EXPECT_EQ(*++it, "c");
  EXPECT_EQ(*it--, "c");
  EXPECT_EQ(*--it, "a");
  EXPECT_EQ(std::prev(l.end())->front(), 'c');
  contiguous_list<std::string>::const_iterator cit = it;  // iterator -> const_iterator
  EXPECT_TRUE(cit == it);
  EXPECT_TRUE(it == cit);
  EXPECT_EQ((std::vector<std::string>(l.rbegin(), l.rend())), (std::vector<std::string>{"c", "b", "a"}));
  EXPECT_EQ((std::vector<std::string>(l.crbegin(), l.crend())), (std::vector<std::string>{"c", "b", "a"}));
  EXPECT_EQ(std::distance(l.cbegin(), l.cend()), 3);
  EXPECT_EQ(std::ranges::find(l, "b"), std::next(l.begin()));
  EXPECT_EQ(contiguous_list<int>::iterator(), contiguous_list<int>::iterator());
  *l.begin() = "z";
  EXPECT_EQ(l.front(), "z");
  l.back() = "y";
  EXPECT_EQ(std::as_const(l).back(), "y");
  EXPECT_EQ(std::as_const(l).front(), "z");
}

TEST(contiguous_list, iterators_survive_growth_of_the_arrays) {
  contiguous_list<std::string> l{"a", "b", "c"};
  l.shrink_to_fit();
  const auto b = std::next(l.begin());
  const auto end = l.end();
  for (int k = 0; k < 1000; ++k) l.push_front(std::to_string(k));  // many reallocations
  EXPECT_EQ(*b, "b");
  EXPECT_EQ(*std::next(b), "c");
  EXPECT_EQ(std::next(b, 2), end);
}

TEST(contiguous_list, max_size_is_bounded_by_the_index_type) {
  EXPECT_EQ((indexed_contiguous_list<int, std::uint8_t>().max_size()), 255u);
  EXPECT_EQ((indexed_contiguous_list<int, std::uint16_t>().max_size()), 65535u);
  EXPECT_EQ((indexed_contiguous_list<int, std::uint32_t>().max_size()), 0xFFFF'FFFFu);
  // uint64_t indexes: the node vector's max_size() (16-byte nodes) is the bound
  EXPECT_EQ((indexed_contiguous_list<int, std::uint64_t>().max_size()),
            std::vector<framelab::detail::contiguous_list_node<std::uint64_t>>().max_size() - 1);
  indexed_contiguous_list<int, std::uint8_t> full(255);
  EXPECT_TRUE(is_valid(full));
  EXPECT_THROW(full.push_back(1), std::length_error);
  EXPECT_EQ(full.size(), 255u);
}

TEST(contiguous_list, reserve_capacity_shrink_to_fit) {
  contiguous_list<int> l;
  EXPECT_EQ(l.capacity(), 0u);
  l.reserve(100);
  EXPECT_GE(l.capacity(), 100u);
  const int* data = l.values().data();
  for (int k = 0; k < 100; ++k) l.push_back(k);
  EXPECT_EQ(l.values().data(), data);  // no reallocation after reserve
  l.resize(10);
  l.shrink_to_fit();
  EXPECT_EQ(l.capacity(), 10u);
  EXPECT_SAME(l, (std::list<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  l.clear();
  l.shrink_to_fit();
  EXPECT_EQ(l.capacity(), 0u);
  EXPECT_TRUE(is_valid(l));
  EXPECT_THROW((indexed_contiguous_list<int, std::uint8_t>().reserve(256)), std::length_error);
}

TEST(contiguous_list, values_span_for_order_independent_algorithms) {
  contiguous_list<int> l;
  std::list<int> s;
  for (int k = 0; k < 50; ++k) {
    (k % 2 ? l.push_back(k) : l.push_front(k));
    (k % 2 ? s.push_back(k) : s.push_front(k));
  }
  l.erase(std::next(l.begin(), 10));
  s.erase(std::next(s.begin(), 10));
  const auto v = l.values();
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0), std::accumulate(s.begin(), s.end(), 0));
  EXPECT_EQ(std::ranges::count_if(v, [](int x) { return x % 3 == 0; }),
            std::ranges::count_if(s, [](int x) { return x % 3 == 0; }));
  std::ranges::replace(l.values(), 7, 700);
  std::ranges::replace(s, 7, 700);
  EXPECT_SAME(l, s);
  std::ranges::fill(l.values(), 1);
  std::ranges::fill(s, 1);
  EXPECT_SAME(l, s);
}

// --- modifiers ----------------------------------------------------------------

TEST(contiguous_list, insert_overloads_and_their_results) {
  contiguous_list<std::string> l{"a", "e"};
  std::list<std::string> s{"a", "e"};
  const std::string d = "d";
  EXPECT_EQ(*l.insert(std::next(l.begin()), d), "d");
  s.insert(std::next(s.begin()), d);
  EXPECT_EQ(*l.insert(std::next(l.begin()), std::string("c")), "c");
  s.insert(std::next(s.begin()), std::string("c"));
  auto it = l.insert(std::next(l.begin()), 2, "b");
  EXPECT_EQ(std::distance(l.begin(), it), 1);
  s.insert(std::next(s.begin()), 2, "b");
  EXPECT_SAME(l, s);
  const std::vector<std::string> v{"x", "y"};
  it = l.insert(l.end(), v.begin(), v.end());
  EXPECT_EQ(std::distance(l.begin(), it), 6);
  s.insert(s.end(), v.begin(), v.end());
  it = l.insert(l.begin(), {"0", "1"});
  EXPECT_EQ(it, l.begin());
  s.insert(s.begin(), {"0", "1"});
  EXPECT_SAME(l, s);
  // empty insertions return pos
  const auto pos = std::next(l.begin(), 3);
  EXPECT_EQ(l.insert(pos, 0, "q"), pos);
  EXPECT_EQ(l.insert(pos, v.end(), v.end()), pos);
  EXPECT_EQ(l.insert(pos, {}), pos);
  // inserting copies of an element of the list, with reallocation
  l.shrink_to_fit();
  l.insert(l.begin(), 100, l.back());
  s.insert(s.begin(), 100, s.back());
  l.insert(l.end(), l.front());
  s.insert(s.end(), s.front());
  EXPECT_SAME(l, s);
}

TEST(contiguous_list, emplace_push_pop_at_both_ends) {
  contiguous_list<std::pair<int, std::string>> l;
  std::list<std::pair<int, std::string>> s;
  EXPECT_EQ(l.emplace_back(1, "one").second, "one");
  s.emplace_back(1, "one");
  EXPECT_EQ(l.emplace_front(0, "zero").first, 0);
  s.emplace_front(0, "zero");
  EXPECT_EQ(l.emplace(std::next(l.begin()), 5, "five")->first, 5);
  s.emplace(std::next(s.begin()), 5, "five");
  l.push_back({2, "two"});
  s.push_back({2, "two"});
  const std::pair<int, std::string> m{-1, "minus"};
  l.push_front(m);
  s.push_front(m);
  EXPECT_SAME(l, s);
  l.pop_back();
  s.pop_back();
  l.pop_front();
  s.pop_front();
  EXPECT_SAME(l, s);
  l.pop_front();
  l.pop_front();
  l.pop_back();
  EXPECT_TRUE(l.empty());
  EXPECT_TRUE(is_valid(l));
}

TEST(contiguous_list, erase_single_and_ranges) {
  contiguous_list<int> l;
  std::list<int> s;
  for (int k = 0; k < 20; ++k) {
    (k % 3 ? l.push_back(k) : l.push_front(k));
    (k % 3 ? s.push_back(k) : s.push_front(k));
  }
  auto it = l.erase(std::next(l.begin(), 4));
  auto st = s.erase(std::next(s.begin(), 4));
  EXPECT_EQ(*it, *st);
  EXPECT_SAME(l, s);
  it = l.erase(std::next(l.begin(), 2), std::next(l.begin(), 9));
  st = s.erase(std::next(s.begin(), 2), std::next(s.begin(), 9));
  EXPECT_EQ(*it, *st);
  EXPECT_EQ(std::distance(l.begin(), it), 2);
  EXPECT_SAME(l, s);
  it = l.erase(std::next(l.begin(), 5), l.end());  // a tail
  s.erase(std::next(s.begin(), 5), s.end());
  EXPECT_EQ(it, l.end());
  EXPECT_SAME(l, s);
  EXPECT_EQ(l.erase(l.begin(), l.begin()), l.begin());  // empty range
  EXPECT_EQ(l.erase(l.begin(), l.end()), l.end());
  EXPECT_TRUE(l.empty());
  EXPECT_TRUE(is_valid(l));
}

// The documented rule: erasing invalidates only the erased elements and those
// stored at values()[size()] and beyond after the call.
TEST(contiguous_list, erase_keeps_iterators_stored_below_the_new_size) {
  contiguous_list<int> l;
  for (int k = 0; k < 40; ++k) (k % 2 ? l.push_back(k) : l.push_front(k));
  std::vector<std::pair<contiguous_list<int>::iterator, int>> kept;
  for (auto it = l.begin(); it != l.end(); ++it) kept.emplace_back(it, *it);
  // erase elements 5..14 (list order) and remember which iterators stay valid
  const auto first = std::next(l.begin(), 5), last = std::next(l.begin(), 15);
  std::set<const int*> erased;
  for (auto it = first; it != last; ++it) erased.insert(std::addressof(*it));
  std::vector<std::ptrdiff_t> slot;
  for (auto& [it, value] : kept) slot.push_back(std::addressof(*it) - l.values().data());
  l.erase(first, last);
  std::size_t checked = 0;
  for (std::size_t k = 0; k < kept.size(); ++k) {
    if (k >= 5 && k < 15) continue;
    if (slot[k] >= static_cast<std::ptrdiff_t>(l.size())) continue;
    EXPECT_EQ(*kept[k].first, kept[k].second);
    ++checked;
  }
  EXPECT_GT(checked, 10u);
}

TEST(contiguous_list, resize_grows_with_linked_nodes_and_shrinks_from_the_back) {
  contiguous_list<std::string> l{"a", "b"};
  std::list<std::string> s{"a", "b"};
  l.push_front("z");
  s.push_front("z");
  l.resize(6);
  s.resize(6);
  EXPECT_SAME(l, s);
  l.resize(9, "v");
  s.resize(9, "v");
  EXPECT_SAME(l, s);
  l.resize(2);
  s.resize(2);
  EXPECT_SAME(l, s);
  l.resize(30, l.front());  // value aliases an element, arrays reallocate
  s.resize(30, s.front());
  EXPECT_SAME(l, s);
  l.resize(0);
  EXPECT_TRUE(l.empty());
  EXPECT_TRUE(is_valid(l));
}

TEST(contiguous_list, clear_then_reuse) {
  contiguous_list<int> l{1, 2, 3};
  l.clear();
  EXPECT_TRUE(l.empty());
  EXPECT_EQ(l.begin(), l.end());
  l.push_front(4);
  l.push_back(5);
  EXPECT_SAME(l, (std::list<int>{4, 5}));
}

TEST(contiguous_list, swap_member_and_free) {
  contiguous_list<int> a{1, 2}, b{3};
  a.swap(b);
  EXPECT_SAME(a, (std::list<int>{3}));
  EXPECT_SAME(b, (std::list<int>{1, 2}));
  swap(a, b);
  EXPECT_SAME(a, (std::list<int>{1, 2}));
  std::ranges::swap(a, b);
  EXPECT_SAME(a, (std::list<int>{3}));
}

// --- operations -------------------------------------------------------------

struct keyed {  // ordered by key only, so stability is visible in `tag`
  int key;
  int tag;
  friend bool operator==(const keyed&, const keyed&) = default;
};
constexpr auto by_key = [](const keyed& a, const keyed& b) { return a.key < b.key; };

TEST(contiguous_list, merge_is_stable_and_empties_the_other) {
  const std::vector<keyed> x{{1, 0}, {2, 1}, {2, 2}, {5, 3}}, y{{0, 10}, {2, 11}, {5, 12}, {9, 13}};
  contiguous_list<keyed> a(x), b(y);
  std::list<keyed> sa(x.begin(), x.end()), sb(y.begin(), y.end());
  a.merge(b, by_key);
  sa.merge(sb, by_key);
  EXPECT_SAME(a, sa);
  EXPECT_TRUE(b.empty());
  EXPECT_TRUE(is_valid(b));
  a.merge(a, by_key);  // self: no effect
  EXPECT_SAME(a, sa);
  contiguous_list<int> c{1, 4}, d{2, 3, 5};
  c.merge(d);
  EXPECT_SAME(c, (std::list<int>{1, 2, 3, 4, 5}));
  c.merge(contiguous_list<int>{0, 6});
  EXPECT_SAME(c, (std::list<int>{0, 1, 2, 3, 4, 5, 6}));
  c.merge(contiguous_list<int>{7}, std::less<>{});
  EXPECT_EQ(c.back(), 7);
}

TEST(contiguous_list, splice_whole_list_honours_position) {
  for (std::size_t p = 0; p <= 3; ++p) {
    contiguous_list<std::string> a{"a", "b", "c"}, b{"x", "y"};
    b.push_front("w");
    std::list<std::string> sa{"a", "b", "c"}, sb{"w", "x", "y"};
    a.splice(std::next(a.begin(), static_cast<std::ptrdiff_t>(p)), b);
    sa.splice(std::next(sa.begin(), static_cast<std::ptrdiff_t>(p)), sb);
    EXPECT_SAME(a, sa);
    EXPECT_TRUE(b.empty());
    EXPECT_TRUE(is_valid(b));
  }
  contiguous_list<int> empty;
  empty.splice(empty.end(), contiguous_list<int>{1, 2});  // rvalue, into an empty list
  EXPECT_SAME(empty, (std::list<int>{1, 2}));
}

TEST(contiguous_list, splice_one_element) {
  contiguous_list<int> a{1, 2, 3}, b{7, 8, 9};
  std::list<int> sa{1, 2, 3}, sb{7, 8, 9};
  a.splice(std::next(a.begin()), b, std::next(b.begin()));
  sa.splice(std::next(sa.begin()), sb, std::next(sb.begin()));
  EXPECT_SAME(a, sa);
  EXPECT_SAME(b, sb);
  a.splice(a.begin(), a, std::prev(a.end()));  // within the list
  sa.splice(sa.begin(), sa, std::prev(sa.end()));
  EXPECT_SAME(a, sa);
  a.splice(a.begin(), a, a.begin());  // onto itself
  a.splice(std::next(a.begin()), a, a.begin());
  sa.splice(std::next(sa.begin()), sa, sa.begin());
  EXPECT_SAME(a, sa);
  a.splice(a.end(), std::move(b), b.begin());
  sa.splice(sa.end(), std::move(sb), sb.begin());
  EXPECT_SAME(a, sa);
  EXPECT_SAME(b, sb);
}

TEST(contiguous_list, splice_range_honours_position) {
  contiguous_list<int> a{1, 2, 3}, b{5, 6, 7, 8, 9};
  std::list<int> sa{1, 2, 3}, sb{5, 6, 7, 8, 9};
  a.splice(std::next(a.begin()), b, std::next(b.begin()), std::prev(b.end()));
  sa.splice(std::next(sa.begin()), sb, std::next(sb.begin()), std::prev(sb.end()));
  EXPECT_SAME(a, sa);
  EXPECT_SAME(b, sb);
  // within one list, before and after the range
  a.splice(a.begin(), a, std::next(a.begin(), 3), a.end());
  sa.splice(sa.begin(), sa, std::next(sa.begin(), 3), sa.end());
  EXPECT_SAME(a, sa);
  a.splice(a.end(), a, a.begin(), std::next(a.begin(), 2));
  sa.splice(sa.end(), sa, sa.begin(), std::next(sa.begin(), 2));
  EXPECT_SAME(a, sa);
  a.splice(std::next(a.begin(), 2), a, std::next(a.begin(), 2),
           std::next(a.begin(), 4));  // pos == first: UB for std::list, a no-op here
  a.splice(std::next(a.begin(), 4), a, std::next(a.begin(), 2), std::next(a.begin(), 4));  // pos == last
  EXPECT_SAME(a, sa);
  a.splice(a.begin(), std::move(b), b.begin(), b.end());
  sa.splice(sa.begin(), std::move(sb), sb.begin(), sb.end());
  EXPECT_SAME(a, sa);
  EXPECT_TRUE(b.empty());
}

TEST(contiguous_list, remove_and_remove_if_return_counts) {
  contiguous_list<std::string> l{"a", "b", "a", "c", "a"};
  std::list<std::string> s{"a", "b", "a", "c", "a"};
  EXPECT_EQ(l.remove("a"), s.remove("a"));
  EXPECT_SAME(l, s);
  contiguous_list<int> m;
  std::list<int> sm;
  for (int k = 0; k < 100; ++k) {
    m.push_front(k % 7);
    sm.push_front(k % 7);
  }
  EXPECT_EQ(m.remove(m.front()), sm.remove(sm.front()));  // value aliases an element
  EXPECT_SAME(m, sm);
  const auto odd = [](int x) { return x % 2 == 1; };
  EXPECT_EQ(m.remove_if(odd), sm.remove_if(odd));
  EXPECT_SAME(m, sm);
  EXPECT_EQ(m.remove(42), 0u);
  EXPECT_EQ(erase(m, 2), std::erase(sm, 2));
  EXPECT_EQ(erase_if(m, [](int x) { return x == 4; }), std::erase_if(sm, [](int x) { return x == 4; }));
  EXPECT_SAME(m, sm);
}

TEST(contiguous_list, unique_removes_adjacent_duplicates_only) {
  contiguous_list<int> l{1, 2, 1, 1, 3, 1, 1, 1};
  EXPECT_EQ(l.unique(), 3u);
  EXPECT_SAME(l, (std::list<int>{1, 2, 1, 3, 1}));
  // a predicate that is not an equivalence: each is compared with the kept one
  const std::vector<int> v{1, 2, 3, 4, 7, 8, 8, 10, 9};
  contiguous_list<int> a(v);
  std::list<int> s(v.begin(), v.end());
  const auto near = [](int x, int y) { return std::abs(x - y) <= 1; };
  EXPECT_EQ(a.unique(near), s.unique(near));
  EXPECT_SAME(a, s);
  contiguous_list<int> single{4};
  EXPECT_EQ(single.unique(), 0u);
}

TEST(contiguous_list, reverse_touches_links_only) {
  contiguous_list<int> l{1, 2, 3, 4};
  const auto third = std::next(l.begin(), 2);
  const int* storage = l.values().data();
  const std::vector<int> stored(l.values().begin(), l.values().end());
  l.reverse();
  EXPECT_SAME(l, (std::list<int>{4, 3, 2, 1}));
  EXPECT_EQ(*third, 3);
  EXPECT_EQ(l.values().data(), storage);
  EXPECT_TRUE(std::ranges::equal(l.values(), stored));
  contiguous_list<int> empty;
  empty.reverse();
  EXPECT_TRUE(is_valid(empty));
}

TEST(contiguous_list, sort_is_stable_and_keeps_iterators) {
  std::mt19937 rng(7);
  std::vector<keyed> v;
  for (int k = 0; k < 500; ++k) v.push_back({static_cast<int>(rng() % 20), k});
  contiguous_list<keyed> l(v);
  std::list<keyed> s(v.begin(), v.end());
  l.reverse();
  s.reverse();
  const auto some = std::next(l.begin(), 100);
  const keyed value = *some;
  l.sort(by_key);
  s.sort(by_key);
  EXPECT_SAME(l, s);
  EXPECT_EQ(*some, value);
  contiguous_list<int> ints{3, 1, 2};
  ints.sort();
  EXPECT_SAME(ints, (std::list<int>{1, 2, 3}));
  ints.sort(std::greater<>{});
  EXPECT_SAME(ints, (std::list<int>{3, 2, 1}));
}

// O(n log n): count comparisons; a quadratic sort would need ~n^2/4.
TEST(contiguous_list, sort_needs_n_log_n_comparisons) {
  constexpr std::size_t n = 1 << 14;
  std::mt19937 rng(11);
  contiguous_list<int> l;
  for (std::size_t k = 0; k < n; ++k) l.push_back(static_cast<int>(rng()));
  std::size_t comparisons = 0;
  l.sort([&](int a, int b) {
    ++comparisons;
    return a < b;
  });
  EXPECT_TRUE(std::ranges::is_sorted(l));
  EXPECT_LE(comparisons, 2 * n * 14);
}

TEST(contiguous_list, linearize_puts_values_in_list_order) {
  contiguous_list<int> l;
  std::list<int> s;
  for (int k = 0; k < 30; ++k) {
    (k % 2 ? l.push_front(k) : l.push_back(k));
    (k % 2 ? s.push_front(k) : s.push_back(k));
  }
  l.linearize();
  EXPECT_SAME(l, s);
  EXPECT_TRUE(std::ranges::equal(l.values(), s));
}

struct only_less {  // no <=>: comparisons use the synthesized three-way
  int v;
  friend bool operator==(const only_less&, const only_less&) = default;
  friend bool operator<(const only_less& a, const only_less& b) { return a.v < b.v; }
};

TEST(contiguous_list, comparisons_match_std_list) {
  const std::vector<std::vector<int>> cases{{}, {1}, {1, 2}, {1, 3}, {2}, {1, 2, 0}};
  for (const auto& x : cases) {
    for (const auto& y : cases) {
      const contiguous_list<int> a(x), b(y);
      const std::list<int> sa(x.begin(), x.end()), sb(y.begin(), y.end());
      EXPECT_EQ(a == b, sa == sb);
      EXPECT_EQ(a != b, sa != sb);
      EXPECT_EQ(a < b, sa < sb);
      EXPECT_EQ(a <= b, sa <= sb);
      EXPECT_EQ(a > b, sa > sb);
      EXPECT_EQ(a >= b, sa >= sb);
      EXPECT_EQ(a <=> b, sa <=> sb);
      const contiguous_list<only_less> c{only_less{x.empty() ? 0 : x[0]}}, d{only_less{y.empty() ? 0 : y[0]}};
      const std::list<only_less> sc{only_less{x.empty() ? 0 : x[0]}}, sd{only_less{y.empty() ? 0 : y[0]}};
      EXPECT_EQ(c <=> d, sc <=> sd);
      EXPECT_EQ(c == d, sc == sd);
    }
  }
}

TEST(contiguous_list, length_error_leaves_the_list_unchanged) {
  using small = indexed_contiguous_list<int, std::uint8_t>;
  small l(250, 1);
  l.push_front(0);
  const std::vector<int> before(l.begin(), l.end());
  const std::vector<int> six(6, 2);
  const auto unchanged = [&] { return is_valid(l) && std::ranges::equal(l, before); };
  EXPECT_THROW(l.insert(l.begin(), 5, 3), std::length_error);
  EXPECT_TRUE(unchanged());
  EXPECT_THROW(l.insert(l.begin(), six.begin(), six.end()), std::length_error);
  EXPECT_TRUE(unchanged());
  std::istringstream in("1 2 3 4 5 6");
  EXPECT_THROW(l.insert(l.begin(), std::istream_iterator<int>(in), std::istream_iterator<int>()), std::length_error);
  EXPECT_TRUE(unchanged());
  EXPECT_THROW(l.resize(256), std::length_error);
  EXPECT_THROW(l.resize(300, 4), std::length_error);
  EXPECT_THROW(l.assign(256, 4), std::length_error);
  const std::vector<int> too_many(256, 4);
  EXPECT_THROW(l.assign(too_many.begin(), too_many.end()), std::length_error);
  EXPECT_THROW(l = small(too_many.begin(), too_many.end()), std::length_error);
  EXPECT_TRUE(unchanged());
  small other(6, 9);
  EXPECT_THROW(l.merge(other), std::length_error);
  EXPECT_THROW(l.splice(l.begin(), other), std::length_error);
  EXPECT_THROW(l.splice(l.begin(), other, other.begin(), other.end()), std::length_error);
  EXPECT_TRUE(unchanged());
  EXPECT_EQ(other.size(), 6u);
  l.resize(255);
  EXPECT_THROW(l.emplace(l.begin(), 1), std::length_error);
  EXPECT_THROW(l.splice(l.begin(), other, other.begin()), std::length_error);
  EXPECT_EQ(l.size(), 255u);
  EXPECT_TRUE(is_valid(l));
  EXPECT_THROW(small(std::vector<int>(256)), std::length_error);
  EXPECT_THROW(small(256), std::length_error);
  EXPECT_THROW(small(256, 1), std::length_error);
  try {
    l.push_back(1);
    FAIL() << "no length_error";
  } catch (const std::length_error& e) {
    EXPECT_NE(std::string(e.what()).find("max_size"), std::string::npos) << e.what();
  }
}

TEST(contiguous_list, move_only_values) {
  indexed_contiguous_list<std::unique_ptr<int>, std::uint16_t> a, b;
  for (int k = 0; k < 10; ++k) a.push_back(std::make_unique<int>(k));
  b.emplace_back(std::make_unique<int>(100));
  b.splice(b.begin(), a, std::next(a.begin(), 3), std::next(a.begin(), 6));
  EXPECT_EQ(a.size(), 7u);
  EXPECT_EQ(b.size(), 4u);
  EXPECT_EQ(**b.begin(), 3);
  b.sort([](const auto& x, const auto& y) { return *x > *y; });
  EXPECT_EQ(*b.front(), 100);
  b.sort([](const auto& x, const auto& y) { return *x < *y; });
  a.merge(b, [](const auto& x, const auto& y) { return *x < *y; });
  EXPECT_EQ(a.size(), 11u);
  a.erase(a.begin());
  a.remove_if([](const auto& p) { return *p % 2 == 0; });
  EXPECT_TRUE(is_valid(a));
}

}  // namespace
