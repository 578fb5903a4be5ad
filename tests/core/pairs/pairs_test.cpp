// Tests of core/pairs/pairs.hpp: the views against the article's nested loops over the
// same container (compared by element address, so positions, not values, are checked),
// the closed-form index maps against enumeration and the successor rule, the algorithms
// and chunks against brute-force counts and the closed-form count of even-sum pairs, each
// kernel of the algorithms (AVX2 clone, portable fallback) against the nested loops, and
// composition against the article's printed list.
#include "core/pairs/pairs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <deque>
#include <forward_list>
#include <list>
#include <numeric>
#include <random>
#include <ranges>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench/cases/pairs_cases.hpp"

namespace {

using framelab::cdistinct_pairs;
using framelab::cpairs;
using framelab::distinct_pairs;
using framelab::pairs;
using address_pair = std::pair<const void*, const void*>;

// [SECTION] independent references: the article's nested loops

template <class C>
std::vector<address_pair> nested_loop_pairs(C& c) {
  std::vector<address_pair> out;
  for (auto& x : c)
    for (auto& y : c) out.emplace_back(&x, &y);
  return out;
}

template <class C>
std::vector<address_pair> nested_loop_distinct_pairs(C& c) {
  std::vector<address_pair> out;
  for (auto i = std::ranges::begin(c); i != std::ranges::end(c); ++i)
    for (auto j = std::ranges::next(i); j != std::ranges::end(c); ++j) out.emplace_back(&*i, &*j);
  return out;
}

template <class View>
std::vector<address_pair> addresses(View&& view) {
  std::vector<address_pair> out;
  for (auto p : view) out.emplace_back(&p.first, &p.second);
  return out;
}

template <class C>
C filled(std::size_t n) {
  C c(n);
  std::iota(c.begin(), c.end(), 1);
  return c;
}

// [SECTION] concepts

using vector_pairs = decltype(pairs(std::declval<std::vector<int>&>()));
using vector_distinct = decltype(distinct_pairs(std::declval<std::vector<int>&>()));
using array_distinct = decltype(distinct_pairs(std::declval<std::array<int, 4>&>()));
using list_distinct = decltype(distinct_pairs(std::declval<std::list<int>&>()));
using list_pairs = decltype(pairs(std::declval<std::list<int>&>()));
using forward_list_distinct = decltype(distinct_pairs(std::declval<std::forward_list<int>&>()));
using nested_distinct = decltype(distinct_pairs(std::declval<vector_distinct>()));

static_assert(std::ranges::view<vector_pairs> && std::ranges::view<vector_distinct>);
static_assert(std::ranges::random_access_range<vector_pairs>);
static_assert(std::ranges::random_access_range<vector_distinct>);
static_assert(std::ranges::random_access_range<array_distinct>);
static_assert(std::ranges::random_access_range<nested_distinct>);
static_assert(std::ranges::sized_range<vector_distinct> && std::ranges::common_range<vector_distinct>);
static_assert(std::ranges::borrowed_range<vector_distinct> && std::ranges::borrowed_range<nested_distinct>);
static_assert(std::ranges::bidirectional_range<list_distinct> && std::ranges::bidirectional_range<list_pairs>);
static_assert(!std::ranges::random_access_range<list_distinct> && std::ranges::sized_range<list_distinct>);
static_assert(std::ranges::forward_range<forward_list_distinct>);
static_assert(!std::ranges::bidirectional_range<forward_list_distinct>);
static_assert(!std::ranges::sized_range<forward_list_distinct>);
static_assert(std::forward_iterator<std::ranges::iterator_t<forward_list_distinct>>);
static_assert(std::random_access_iterator<std::ranges::iterator_t<const vector_distinct>>);
static_assert(std::is_same_v<std::ranges::range_reference_t<vector_distinct>, std::pair<int&, int&>>);
static_assert(std::is_same_v<std::ranges::range_value_t<vector_distinct>, std::pair<int, int>>);
static_assert(std::is_same_v<std::ranges::range_reference_t<nested_distinct>,
                             std::pair<std::pair<int&, int&>, std::pair<int&, int&>>>);
static_assert(std::is_same_v<std::ranges::range_reference_t<decltype(cpairs(std::declval<std::vector<int>&>()))>,
                             std::pair<const int&, const int&>>);
static_assert(std::is_same_v<std::ranges::range_reference_t<decltype(cdistinct_pairs(std::declval<vector_distinct>()))>,
                             std::pair<std::pair<const int&, const int&>, std::pair<const int&, const int&>>>);
// const elements, values, other views: still ranges of the same strength
static_assert(std::ranges::random_access_range<decltype(cpairs(std::declval<std::vector<int>&>()))>);
static_assert(std::ranges::random_access_range<decltype(cdistinct_pairs(std::declval<std::vector<int>&>()))>);
static_assert(std::ranges::random_access_range<decltype(distinct_pairs(std::declval<const std::vector<int>&>()))>);
static_assert(std::ranges::random_access_range<decltype(cdistinct_pairs(std::declval<vector_distinct>()))>);
static_assert(std::ranges::random_access_range<decltype(cpairs(std::declval<const std::array<int, 3>&>()))>);
static_assert(std::ranges::random_access_range<decltype(distinct_pairs(std::views::iota(0, 5)))>);
static_assert(std::ranges::bidirectional_range<decltype(cdistinct_pairs(std::declval<const std::list<int>&>()))>);
static_assert(std::ranges::forward_range<decltype(cpairs(std::declval<std::forward_list<int>&>()))>);
static_assert(std::ranges::random_access_range<const vector_distinct> &&
              std::ranges::random_access_range<const nested_distinct>);
// classic algorithms dispatch on iterator_traits
static_assert(std::is_same_v<std::iterator_traits<std::ranges::iterator_t<vector_distinct>>::iterator_category,
                             std::random_access_iterator_tag>);

// [SECTION] the views against nested loops

template <class C>
void check_against_nested_loops(C& c) {
  const auto n = static_cast<std::ptrdiff_t>(std::ranges::distance(c));
  const auto all = nested_loop_pairs(c);
  const auto distinct = nested_loop_distinct_pairs(c);
  ASSERT_EQ(static_cast<std::ptrdiff_t>(all.size()), n * n);
  ASSERT_EQ(static_cast<std::ptrdiff_t>(distinct.size()), n * (n - 1) / 2);

  auto ps = pairs(c);
  auto ds = distinct_pairs(c);
  EXPECT_EQ(addresses(ps), all);
  EXPECT_EQ(addresses(ds), distinct);
  EXPECT_EQ(addresses(cpairs(c)), all);
  EXPECT_EQ(addresses(cdistinct_pairs(c)), distinct);
  EXPECT_EQ(addresses(pairs(std::ranges::begin(c), std::ranges::end(c))), all);
  EXPECT_EQ(addresses(distinct_pairs(std::ranges::begin(c), std::ranges::end(c))), distinct);
  EXPECT_EQ(addresses(cdistinct_pairs(std::ranges::begin(c), std::ranges::end(c))), distinct);
  EXPECT_EQ(ps.empty(), all.empty());
  EXPECT_EQ(ds.empty(), distinct.empty());
  EXPECT_EQ(std::ranges::distance(ps), n * n);
  EXPECT_EQ(std::ranges::distance(ds), n * (n - 1) / 2);
  EXPECT_EQ(std::distance(ds.begin(), ds.end()), n * (n - 1) / 2);
  if constexpr (std::ranges::sized_range<C>) {
    EXPECT_EQ(std::ranges::size(ps), all.size());
    EXPECT_EQ(std::ranges::size(ds), distinct.size());
  }

  if constexpr (std::ranges::bidirectional_range<decltype(ds)>) {  // walk back from the end
    std::vector<address_pair> back_all, back_distinct;
    for (auto p : ps | std::views::reverse) back_all.emplace_back(&p.first, &p.second);
    for (auto it = ds.end(); it != ds.begin();) {
      --it;
      back_distinct.emplace_back(&it->first, &it->second);
    }
    std::ranges::reverse(back_all);
    std::ranges::reverse(back_distinct);
    EXPECT_EQ(back_all, all);
    EXPECT_EQ(back_distinct, distinct);
  }

  if constexpr (std::ranges::random_access_range<decltype(ds)>) {  // jumps agree with stepping
    auto step = ds.begin();
    for (std::ptrdiff_t k = 0; k < static_cast<std::ptrdiff_t>(distinct.size()); ++k, ++step) {
      const auto jump = ds.begin() + k;
      ASSERT_TRUE(jump == step) << "k = " << k;
      EXPECT_EQ(address_pair(&ds[k].first, &ds[k].second), distinct[static_cast<std::size_t>(k)]);
      EXPECT_EQ(jump - ds.begin(), k);
      EXPECT_EQ(ds.end() - jump, static_cast<std::ptrdiff_t>(distinct.size()) - k);
      EXPECT_TRUE(ds.end() - (static_cast<std::ptrdiff_t>(distinct.size()) - k) == jump);
      EXPECT_TRUE(jump < ds.end() && ds.begin() <= jump);
    }
    EXPECT_TRUE(step == ds.end());
    auto all_step = ps.begin();
    for (std::ptrdiff_t k = 0; k < static_cast<std::ptrdiff_t>(all.size()); ++k, ++all_step) {
      ASSERT_TRUE(ps.begin() + k == all_step) << "k = " << k;
      EXPECT_EQ(address_pair(&ps[k].first, &ps[k].second), all[static_cast<std::size_t>(k)]);
      EXPECT_EQ(all_step - ps.begin(), k);
    }
    EXPECT_TRUE(all_step == ps.end());
  }
}

TEST(pairs_view, vectors_lists_deques_match_nested_loops) {
  for (std::size_t n : {0, 1, 2, 7, 100}) {
    SCOPED_TRACE(n);
    auto v = filled<std::vector<int>>(n);
    auto l = filled<std::list<int>>(n);
    auto f = filled<std::forward_list<int>>(n);
    auto d = filled<std::deque<int>>(n);
    check_against_nested_loops(v);
    check_against_nested_loops(l);
    check_against_nested_loops(f);
    check_against_nested_loops(d);
  }
}

TEST(pairs_view, arrays_match_nested_loops) {
  std::array<int, 0> a0{};
  std::array<int, 1> a1{1};
  std::array<int, 2> a2{1, 2};
  std::array<int, 7> a7{};
  std::array<int, 100> a100{};
  std::iota(a7.begin(), a7.end(), 1);
  std::iota(a100.begin(), a100.end(), 1);
  check_against_nested_loops(a0);
  check_against_nested_loops(a1);
  check_against_nested_loops(a2);
  check_against_nested_loops(a7);
  check_against_nested_loops(a100);
}

TEST(pairs_view, other_views_as_input) {
  auto v = filled<std::vector<int>>(9);
  auto odd = v | std::views::filter([](int x) { return x % 2 == 1; });  // bidirectional, not sized
  check_against_nested_loops(odd);
  auto middle = std::views::counted(v.begin() + 2, 5);
  check_against_nested_loops(middle);

  // values of a prvalue range (std::views::iota): pairs of values
  std::vector<std::pair<int, int>> from_iota(distinct_pairs(std::views::iota(0, 4)).begin(),
                                             distinct_pairs(std::views::iota(0, 4)).end());
  const std::vector<std::pair<int, int>> expected{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  EXPECT_EQ(from_iota, expected);
  EXPECT_EQ((distinct_pairs(std::views::iota(0, 4)) | std::views::reverse).front(), std::pair(2, 3));

  // and the pair views as input to std views
  auto even_sums = distinct_pairs(v) | std::views::filter([](auto p) { return (p.first + p.second) % 2 == 0; }) |
                   std::views::transform([](auto p) { return p.first * 10 + p.second; });
  std::vector<int> got(even_sums.begin(), even_sums.end());
  std::vector<int> want;
  for (int i = 1; i <= 9; ++i)
    for (int j = i + 1; j <= 9; ++j)
      if ((i + j) % 2 == 0) want.push_back(i * 10 + j);
  EXPECT_EQ(got, want);
  EXPECT_EQ(std::ranges::distance(distinct_pairs(v) | std::views::take(5)), 5);
}

TEST(pairs_view, default_constructed_views_are_empty) {
  framelab::distinct_pairs_view<std::ranges::empty_view<int>> d;
  framelab::pairs_view<std::ranges::empty_view<int>> p;
  EXPECT_TRUE(d.empty());
  EXPECT_TRUE(p.empty());
  EXPECT_EQ(d.size(), 0u);
}

// [SECTION] closed-form index maps

TEST(pairs_index, distinct_pair_at_matches_enumeration) {
  for (std::ptrdiff_t n = 0; n <= 60; ++n) {
    std::ptrdiff_t k = 0;
    for (std::ptrdiff_t i = 0; i < n; ++i)
      for (std::ptrdiff_t j = i + 1; j < n; ++j, ++k) {
        ASSERT_EQ(framelab::distinct_pair_at(n, k), (framelab::pair_indices{i, j})) << n << " " << k;
        ASSERT_EQ(framelab::distinct_pair_index(n, i, j), k);
      }
    EXPECT_EQ(framelab::distinct_pair_count(n), k);
    k = 0;
    for (std::ptrdiff_t i = 0; i < n; ++i)
      for (std::ptrdiff_t j = 0; j < n; ++j, ++k) {
        ASSERT_EQ(framelab::ordered_pair_at(n, k), (framelab::pair_indices{i, j}));
        ASSERT_EQ(framelab::ordered_pair_index(n, i, j), k);
      }
    EXPECT_EQ(framelab::ordered_pair_count(n), k);
  }
}

// For n too large to enumerate: at(k) lies in the triangle, index(at(k)) = k, and at(k + 1)
// is the nested loop's successor of at(k): (i, j + 1), or (i + 1, i + 2) after column n - 1.
TEST(pairs_index, large_n_round_trips_and_successors) {
  std::mt19937_64 rng(7);
  for (std::ptrdiff_t n : {std::ptrdiff_t{1} << 17, std::ptrdiff_t{3'000'017}, std::ptrdiff_t{4'000'000'000}}) {
    const std::ptrdiff_t total = framelab::distinct_pair_count(n);
    std::vector<std::ptrdiff_t> ks{0, 1, total - 2, total - 1};
    for (std::ptrdiff_t i : {std::ptrdiff_t{0}, std::ptrdiff_t{1}, n / 3, n / 2, n - 4, n - 3}) {
      const auto row_end = framelab::distinct_pair_index(n, i, n - 1);  // around row boundaries
      ks.insert(ks.end(), {row_end - 1, row_end, row_end + 1});
    }
    for (int s = 0; s < 2000; ++s)
      ks.push_back(static_cast<std::ptrdiff_t>(rng() % static_cast<std::uint64_t>(total - 1)));
    EXPECT_EQ(framelab::distinct_pair_at(n, 0), (framelab::pair_indices{0, 1}));
    EXPECT_EQ(framelab::distinct_pair_at(n, total - 1), (framelab::pair_indices{n - 2, n - 1}));
    for (std::ptrdiff_t k : ks) {
      const auto p = framelab::distinct_pair_at(n, k);
      ASSERT_TRUE(0 <= p.i && p.i < p.j && p.j < n) << n << " " << k;
      ASSERT_EQ(framelab::distinct_pair_index(n, p.i, p.j), k);
      if (k + 1 < total) {
        const auto next = framelab::distinct_pair_at(n, k + 1);
        const auto expected =
            p.j + 1 < n ? framelab::pair_indices{p.i, p.j + 1} : framelab::pair_indices{p.i + 1, p.i + 2};
        ASSERT_EQ(next, expected) << n << " " << k;
      }
    }
  }
  static_assert(framelab::distinct_pair_at(5, 7) == framelab::pair_indices{2, 3});  // constexpr path
}

// [SECTION] writing through the references

TEST(pairs_view, assignment_writes_the_elements) {
  auto v = filled<std::vector<int>>(5);
  auto ds = distinct_pairs(v);
  *ds.begin() = std::pair(10, 20);  // (0, 1)
  EXPECT_EQ(v[0], 10);
  EXPECT_EQ(v[1], 20);
  (ds.begin() + 4)->second = 50;  // (1, 2)
  EXPECT_EQ(v[2], 50);
  EXPECT_EQ(ds.begin()->first, 10);  // the arrow proxy reads as well
  ds[9].first = 40;                  // (3, 4)
  EXPECT_EQ(v[3], 40);

  // order-dependent mutation follows the nested loop exactly
  auto w = filled<std::vector<int>>(30);
  auto expected = w;
  for (std::size_t i = 0; i < expected.size(); ++i)
    for (std::size_t j = i + 1; j < expected.size(); ++j) expected[j] = (expected[j] + 3 * expected[i]) % 1000;
  for (auto [a, b] : distinct_pairs(w)) b = (b + 3 * a) % 1000;
  EXPECT_EQ(w, expected);

  std::list<int> l{1, 2, 3};
  for (auto p : pairs(l)) p.first += 1;  // each element is first of n = 3 pairs
  EXPECT_EQ(l, (std::list<int>{4, 5, 6}));
  std::for_each(distinct_pairs(l).begin(), distinct_pairs(l).end(), [](auto p) { p.second = p.first; });
  EXPECT_EQ(l, (std::list<int>{4, 4, 4}));

  auto x = filled<std::vector<int>>(4);
  auto nested = distinct_pairs(distinct_pairs(x));
  nested.begin()->second.second = 99;  // ((1, 2), (1, 3)): the 3
  EXPECT_EQ(x[2], 99);
}

// [SECTION] the iterator contract both views share (core/pairs/pairs_iterator_base.hpp)

static_assert(std::is_same_v<std::ranges::range_rvalue_reference_t<vector_distinct>, std::pair<int&&, int&&>>);
static_assert(std::is_same_v<std::ranges::range_rvalue_reference_t<vector_pairs>, std::pair<int&&, int&&>>);
static_assert(std::sized_sentinel_for<std::ranges::iterator_t<vector_pairs>, std::ranges::iterator_t<vector_pairs>>);
static_assert(std::random_access_iterator<std::ranges::iterator_t<const vector_pairs>>);
static_assert(std::default_initializable<framelab::pairs_view<std::ranges::empty_view<int>>>);
static_assert(!std::default_initializable<vector_pairs> && !std::default_initializable<vector_distinct>);  // ref_view
static_assert(std::is_same_v<std::ranges::sentinel_t<decltype(distinct_pairs(std::declval<std::forward_list<int>&>()))>,
                             std::ranges::iterator_t<forward_list_distinct>>);  // forward_list: common

// usable in constant expressions: the sum of a b over the distinct pairs of {1, 2, 3, 4}, and
// of all ordered pairs walked backwards from the end
constexpr int distinct_product_sum() {
  std::array<int, 4> a = {1, 2, 3, 4};
  int sum = 0;
  for (auto [x, y] : distinct_pairs(a)) sum += x * y;
  return sum;
}
constexpr int ordered_product_sum_backwards() {
  std::array<int, 3> a = {1, 2, 3};
  const auto ps = pairs(a);
  int sum = 0;
  for (auto it = ps.end(); it != ps.begin();) {
    --it;
    sum += it->first * it->second;
  }
  return sum;
}
static_assert(distinct_product_sum() == 1 * 2 + 1 * 3 + 1 * 4 + 2 * 3 + 2 * 4 + 3 * 4);
static_assert(ordered_product_sum_backwards() == (1 + 2 + 3) * (1 + 2 + 3));

// Every jump (it + k, it - k, k + it, +=, -=, it[k], differences, ordering) and both
// postfix steps against the positions of the sequential walk, for one view.
template <class View>
void check_random_access(View view, const std::vector<address_pair>& walk) {
  const auto first = view.begin();
  const auto k_end = static_cast<std::ptrdiff_t>(walk.size());
  ASSERT_EQ(static_cast<std::ptrdiff_t>(std::ranges::size(view)), k_end);
  EXPECT_EQ(view.end() - first, k_end);
  for (std::ptrdiff_t k = 0; k <= k_end; ++k) {
    SCOPED_TRACE(k);
    const auto it = first + k;
    EXPECT_EQ(it - first, k);
    EXPECT_EQ(first - it, -k);
    EXPECT_TRUE(k + first == it);
    EXPECT_TRUE(it - k == first);
    auto moved = first;
    moved += k;
    EXPECT_TRUE(moved == it);
    moved -= k;
    EXPECT_TRUE(moved == first);
    EXPECT_EQ(k == k_end, it == view.end());
    if (k == k_end) continue;
    EXPECT_EQ(address_pair(&(*it).first, &(*it).second), walk[static_cast<std::size_t>(k)]);
    EXPECT_EQ(address_pair(&first[k].first, &first[k].second), walk[static_cast<std::size_t>(k)]);
    EXPECT_EQ(address_pair(&it->first, &it->second), walk[static_cast<std::size_t>(k)]);
    EXPECT_TRUE(it < it + 1 && it + 1 > it && it <= it && it >= it);
    EXPECT_EQ(it <=> it + 1, std::strong_ordering::less);
    auto step = it;
    EXPECT_TRUE(step++ == it);  // postfix returns the old position
    EXPECT_TRUE(step == it + 1);
    EXPECT_TRUE(step-- == it + 1);
    EXPECT_TRUE(step == it);
  }
}

TEST(pairs_iterator_base, jumps_agree_with_the_sequential_walk_in_both_views) {
  for (std::size_t n : {0, 1, 2, 5, 8}) {
    SCOPED_TRACE(n);
    auto v = filled<std::vector<int>>(n);
    check_random_access(pairs(v), nested_loop_pairs(v));
    check_random_access(distinct_pairs(v), nested_loop_distinct_pairs(v));
    check_random_access(cpairs(v), nested_loop_pairs(v));
    check_random_access(cdistinct_pairs(v), nested_loop_distinct_pairs(v));
  }
}

TEST(pairs_iterator_base, base_views_and_iter_move) {
  std::vector<std::string> words = {"alpha", "beta", "gamma"};
  auto ds = distinct_pairs(words);
  EXPECT_EQ(&ds.base().base(), &words);  // the ref_view around words
  EXPECT_EQ(&std::move(ds).base().base(), &words);
  auto ps = pairs(words);
  EXPECT_EQ(std::ranges::size(ps.base()), 3u);

  // iter_move moves both elements out of the range: (alpha, gamma) is position 1
  std::pair<std::string, std::string> moved = std::ranges::iter_move(distinct_pairs(words).begin() + 1);
  EXPECT_EQ(moved.first, "alpha");
  EXPECT_EQ(moved.second, "gamma");
  EXPECT_TRUE(words[0].empty() && words[2].empty());  // moved from (libstdc++ leaves them empty)
  EXPECT_EQ(words[1], "beta");
  auto p = std::ranges::iter_move(pairs(words).begin() + 4);  // (1, 1) in the 3 x 3 grid
  EXPECT_EQ(p.first, "beta");
  static_assert(std::is_same_v<decltype(p), std::pair<std::string&&, std::string&&>>);
}

// [SECTION] std:: and std::ranges:: algorithms

template <class C>
void check_algorithms(C& c) {
  const auto pred = [](auto p) { return (p.first + p.second) % 3 == 0; };
  std::ptrdiff_t brute = 0;
  const void* first_a = nullptr;
  const void* first_b = nullptr;
  long long brute_sum = 0;
  for (auto i = c.begin(); i != c.end(); ++i)
    for (auto j = std::next(i); j != c.end(); ++j) {
      brute_sum += *i * 7 + *j;
      if ((*i + *j) % 3 == 0) {
        if (brute++ == 0) first_a = &*i, first_b = &*j;
      }
    }
  auto ds = distinct_pairs(c);
  EXPECT_EQ(std::count_if(ds.begin(), ds.end(), pred), brute);
  EXPECT_EQ(std::ranges::count_if(ds, pred), brute);
  EXPECT_EQ(std::ranges::count_if(framelab::cdistinct_pairs(c), pred), brute);
  EXPECT_EQ(std::ranges::count_if(distinct_pairs(std::as_const(c)), pred), brute);
  EXPECT_EQ(framelab::count_if_pairs(c, pred), brute);
  EXPECT_EQ(framelab::count_if_distinct_pairs(c, [](int a, int b) { return (a + b) % 3 == 0; }), brute);

  const auto found = std::find_if(ds.begin(), ds.end(), pred);
  const auto ranges_found = std::ranges::find_if(ds, pred);
  EXPECT_TRUE(found == ranges_found);
  if (brute > 0) {
    EXPECT_EQ(&found->first, first_a);
    EXPECT_EQ(&found->second, first_b);
  } else {
    EXPECT_TRUE(found == ds.end());
  }

  long long sum = 0, ranges_sum = 0, algorithm_sum = 0;
  std::for_each(ds.begin(), ds.end(), [&](auto p) { sum += p.first * 7 + p.second; });
  std::ranges::for_each(ds, [&](auto p) { ranges_sum += p.first * 7 + p.second; });
  framelab::for_each_distinct_pair(c, [&](int a, int b) { algorithm_sum += a * 7 + b; });
  EXPECT_EQ(sum, brute_sum);
  EXPECT_EQ(ranges_sum, brute_sum);
  EXPECT_EQ(algorithm_sum, brute_sum);

  std::vector<address_pair> visited;
  framelab::for_each_distinct_pair(c, [&](auto p) { visited.emplace_back(&p.first, &p.second); });
  EXPECT_EQ(visited, nested_loop_distinct_pairs(c));
  visited.clear();
  framelab::for_each_pair(c, [&](auto& a, auto& b) { visited.emplace_back(&a, &b); });
  EXPECT_EQ(visited, nested_loop_pairs(c));
}

TEST(pair_algorithms, agree_with_brute_force) {
  std::mt19937 rng(3);
  for (std::size_t n : {0, 1, 2, 7, 100}) {
    SCOPED_TRACE(n);
    std::vector<int> v(n);
    for (auto& x : v) x = static_cast<int>(rng() % 50);
    std::list<int> l(v.begin(), v.end());
    std::forward_list<int> f(v.begin(), v.end());
    check_algorithms(v);
    check_algorithms(l);
    check_algorithms(f);
  }
}

// pairs of 1..n with an even sum: C(ceil(n/2), 2) + C(floor(n/2), 2)
TEST(pair_algorithms, count_if_pairs_matches_closed_form) {
  const auto choose2 = [](std::int64_t m) { return m * (m - 1) / 2; };
  for (int n : {0, 1, 2, 3, 1000, 2001}) {  // even and odd; 5000 (12.5 M pairs twice) added nothing but 4 s under ASan
    const auto v = filled<std::vector<int>>(static_cast<std::size_t>(n));
    const auto expected = static_cast<std::uint64_t>(choose2((n + 1) / 2) + choose2(n / 2));
    const auto even = [](auto p) { return (p.first + p.second) % 2 == 0; };
    EXPECT_EQ(static_cast<std::uint64_t>(framelab::count_if_pairs(v, even)), expected) << n;
    EXPECT_EQ(static_cast<std::uint64_t>(framelab::count_if_pairs(std::views::iota(1, n + 1), even)), expected);
  }
  for (int n : {0, 1, 2, 3, 3001}) {  // the benchmark cases
    const auto expected = static_cast<std::uint64_t>(choose2((n + 1) / 2) + choose2(n / 2));
    EXPECT_EQ(framelab::bench::count_even_sum_pairs_std_count_if(n), expected) << n;
    EXPECT_EQ(framelab::bench::count_even_sum_pairs_count_if_pairs(n), expected) << n;
    EXPECT_EQ(framelab::bench::count_even_sum_pairs_hand_loop(n), expected) << n;
    EXPECT_EQ(framelab::bench::count_even_sum_pairs_threads(n, 3), expected) << n;
    EXPECT_EQ(framelab::bench::even_sum_pairs_closed_form(n), expected) << n;
  }
  EXPECT_EQ(framelab::bench::even_sum_pairs_closed_form(1 << 17), 4'294'901'760u);  // the article's output
}

// [SECTION] kernels: the AVX2 clone and the portable fallback against brute force

std::vector<framelab::pair_kernel> kernels_here() {
  std::vector<framelab::pair_kernel> kernels = {framelab::pair_kernel::portable, framelab::pair_kernel::automatic};
  if (framelab::pair_kernel_available(framelab::pair_kernel::avx2)) kernels.push_back(framelab::pair_kernel::avx2);
  return kernels;
}

// Every algorithm, every kernel, against the nested loops over c: counts, and the pairs the
// function sees (by address: each pair exactly once, in nested-loop order).
template <class C, class Pred>
void check_kernels_on(C& c, Pred pred) {
  std::ptrdiff_t brute = 0;
  for (auto i = std::ranges::begin(c); i != std::ranges::end(c); ++i)
    for (auto j = std::ranges::next(i); j != std::ranges::end(c); ++j) brute += pred(*i, *j) ? 1 : 0;
  const auto distinct = nested_loop_distinct_pairs(c);
  const auto all = nested_loop_pairs(c);
  for (const auto kernel : kernels_here()) {
    SCOPED_TRACE(framelab::pair_kernel_name(kernel));
    EXPECT_EQ(framelab::count_if_pairs(
                  c, [&](auto p) { return pred(p.first, p.second); }, kernel),
              brute);
    EXPECT_EQ(framelab::count_if_distinct_pairs(c, pred, kernel), brute);
    EXPECT_EQ(framelab::count_if_distinct_pairs(std::as_const(c), pred, kernel), brute);

    std::vector<address_pair> seen;  // a predicate with side effects
    const auto counted = framelab::count_if_pairs(
        c,
        [&](auto& a, auto& b) {
          seen.emplace_back(&a, &b);
          return seen.size() % 2 == 1;
        },
        kernel);
    EXPECT_EQ(seen, distinct);
    EXPECT_EQ(counted, static_cast<std::ptrdiff_t>((distinct.size() + 1) / 2));
    seen.clear();
    framelab::for_each_distinct_pair(
        c, [&](auto p) { seen.emplace_back(&p.first, &p.second); }, kernel);
    EXPECT_EQ(seen, distinct);
    seen.clear();
    framelab::for_each_pair(
        c, [&](auto& a, auto& b) { seen.emplace_back(&a, &b); }, kernel);
    EXPECT_EQ(seen, all);
  }
}

TEST(pair_kernels, agree_with_brute_force_at_every_size) {
  std::mt19937 rng(11);
  // odd sizes, sizes around the vector widths (4, 8 ints) and the 4x unrolled loop (16, 32)
  for (std::size_t n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 129, 257}) {
    SCOPED_TRACE(n);
    std::vector<int> v(n);
    for (auto& x : v) x = static_cast<int>(rng() % 101) - 50;  // negative sums too: C++'s % rounds to 0
    const auto mod3 = [](int a, int b) { return (a + b) % 3 == 0; };
    std::deque<int> d(v.begin(), v.end());
    std::list<int> l(v.begin(), v.end());
    std::forward_list<int> f(v.begin(), v.end());
    check_kernels_on(v, mod3);
    check_kernels_on(d, mod3);
    check_kernels_on(l, mod3);
    check_kernels_on(f, mod3);

    std::vector<double> x(n);
    for (auto& e : x) e = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
    check_kernels_on(x, [](double a, double b) { return a * b > 0.25 * (a + b); });

    // a non-trivial element type
    std::vector<std::string> s(n);
    for (auto& e : s) e = std::string(rng() % 5, static_cast<char>('a' + rng() % 3));
    check_kernels_on(s, [](const std::string& a, const std::string& b) { return a.size() + b.size() == 4 || a == b; });
  }
}

// Ranges of prvalues: iota, and a transform view (random access, not contiguous).
TEST(pair_kernels, value_ranges_agree_with_brute_force) {
  for (int n : {0, 1, 2, 9, 33, 130}) {
    SCOPED_TRACE(n);
    const auto squares = std::views::iota(-n / 2, n - n / 2) | std::views::transform([](int i) { return i * i; });
    const auto pred = [](int a, int b) { return (a ^ b) % 5 == 1; };
    std::ptrdiff_t brute = 0;
    std::vector<std::pair<int, int>> want;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        brute += pred(squares[i], squares[j]) ? 1 : 0;
        want.emplace_back(squares[i], squares[j]);
      }
    for (const auto kernel : kernels_here()) {
      SCOPED_TRACE(framelab::pair_kernel_name(kernel));
      EXPECT_EQ(framelab::count_if_pairs(squares, pred, kernel), brute);
      EXPECT_EQ(framelab::count_if_pairs(
                    std::views::iota(0, n), [](int i, int j) { return (i + j) % 2 == 0; }, kernel),
                framelab::bench::even_sum_pairs_closed_form(n));
      std::vector<std::pair<int, int>> got;
      framelab::for_each_distinct_pair(
          squares, [&](int a, int b) { got.emplace_back(a, b); }, kernel);
      EXPECT_EQ(got, want);
    }
  }
}

// The AVX2 clone enables no FMA: a sum of products comes out in the same bits as the
// nested loops compiled with the default flags.
TEST(pair_kernels, floating_point_results_are_the_same_bits) {
  std::mt19937 rng(5);
  std::vector<double> x(301);
  for (auto& e : x) e = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
  double brute = 0.0, brute_all = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j) {
      if (j > i) brute += x[i] * x[j] + 0.1 * x[j];
      brute_all += x[i] * x[j] - 0.3 * x[i];
    }
  for (const auto kernel : kernels_here()) {
    SCOPED_TRACE(framelab::pair_kernel_name(kernel));
    double sum = 0.0, sum_all = 0.0;
    framelab::for_each_distinct_pair(
        x, [&](double a, double b) { sum += a * b + 0.1 * b; }, kernel);
    framelab::for_each_pair(
        x, [&](double a, double b) { sum_all += a * b - 0.3 * a; }, kernel);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(sum), std::bit_cast<std::uint64_t>(brute));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(sum_all), std::bit_cast<std::uint64_t>(brute_all));
  }
}

TEST(pair_kernels, kernel_choice_and_errors) {
  const bool avx2 = framelab::pair_kernel_available(framelab::pair_kernel::avx2);
  EXPECT_TRUE(framelab::pair_kernel_available(framelab::pair_kernel::portable));
  EXPECT_EQ(framelab::automatic_pair_kernel(), avx2 ? framelab::pair_kernel::avx2 : framelab::pair_kernel::portable);
  const std::vector<int> v = {1, 2, 3};
  if (!avx2) {
    EXPECT_THROW(framelab::count_if_pairs(
                     v, [](int, int) { return true; }, framelab::pair_kernel::avx2),
                 std::invalid_argument);
  }
  // constant evaluation takes the portable loop
  static_assert(framelab::count_if_pairs(std::array{1, 2, 3, 4}, [](int a, int b) { return (a + b) % 2 == 0; }) == 2);
  // the benchmark's cases, every way
  for (int n : {0, 1, 2, 3, 4, 9, 1001}) {
    const auto expected = framelab::bench::even_sum_pairs_closed_form(n);
    EXPECT_EQ(framelab::bench::count_even_sum_pairs_count_if_pairs(n, framelab::pair_kernel::portable), expected);
    EXPECT_EQ(framelab::bench::count_even_sum_pairs_count_if_pairs(n), expected);
    if (avx2) {
      EXPECT_EQ(framelab::bench::count_even_sum_pairs_hand_loop_avx2(n), expected);
    } else {
      EXPECT_THROW(framelab::bench::count_even_sum_pairs_hand_loop_avx2(n), std::invalid_argument);
    }
  }
}

// [SECTION] composition

TEST(pairs_view, distinct_pairs_of_distinct_pairs_print_the_articles_list) {
  std::vector<int> v{1, 2, 3, 4};
  std::ostringstream out;
  for (auto p : distinct_pairs(distinct_pairs(v)))
    out << "( ( " << p.first.first << ", " << p.first.second << " ), ( " << p.second.first << ", " << p.second.second
        << " ) )\n";
  // copied from the article's "Output:" block
  const std::string article =
      "( ( 1, 2 ), ( 1, 3 ) )\n( ( 1, 2 ), ( 1, 4 ) )\n( ( 1, 2 ), ( 2, 3 ) )\n( ( 1, 2 ), ( 2, 4 ) )\n"
      "( ( 1, 2 ), ( 3, 4 ) )\n( ( 1, 3 ), ( 1, 4 ) )\n( ( 1, 3 ), ( 2, 3 ) )\n( ( 1, 3 ), ( 2, 4 ) )\n"
      "( ( 1, 3 ), ( 3, 4 ) )\n( ( 1, 4 ), ( 2, 3 ) )\n( ( 1, 4 ), ( 2, 4 ) )\n( ( 1, 4 ), ( 3, 4 ) )\n"
      "( ( 2, 3 ), ( 2, 4 ) )\n( ( 2, 3 ), ( 3, 4 ) )\n( ( 2, 4 ), ( 3, 4 ) )\n";
  EXPECT_EQ(out.str(), article);
  EXPECT_EQ(std::ranges::size(distinct_pairs(distinct_pairs(v))), 15u);
  EXPECT_EQ(std::ranges::size(pairs(pairs(v))), 256u);

  // random access into the composition agrees with stepping
  auto nested = distinct_pairs(distinct_pairs(v));
  std::ostringstream jumped;
  for (std::ptrdiff_t k = 0; k < 15; ++k) {
    const auto p = nested[k];
    jumped << "( ( " << p.first.first << ", " << p.first.second << " ), ( " << p.second.first << ", " << p.second.second
           << " ) )\n";
  }
  EXPECT_EQ(jumped.str(), article);

  // over a list the composition is bidirectional: the article's list backwards
  std::list<int> l{1, 2, 3, 4};
  auto back = distinct_pairs(distinct_pairs(l)) | std::views::reverse;
  const auto last = *back.begin();
  EXPECT_EQ(std::pair(last.first.first, last.first.second), std::pair(2, 4));
  EXPECT_EQ(std::pair(last.second.first, last.second.second), std::pair(3, 4));
  EXPECT_EQ(std::ranges::distance(back), 15);

  // pairs of pairs of a 3-element vector: (x, y) over all 9 pairs, compared by address
  auto w = filled<std::vector<int>>(3);
  std::vector<std::pair<address_pair, address_pair>> got, want;
  for (auto pp : pairs(pairs(w)))
    got.emplace_back(address_pair(&pp.first.first, &pp.first.second),
                     address_pair(&pp.second.first, &pp.second.second));
  const auto all = nested_loop_pairs(w);
  for (const auto& x : all)
    for (const auto& y : all) want.emplace_back(x, y);
  EXPECT_EQ(got, want);
}

// [SECTION] chunks for threads

template <class R>
void check_chunks(R&& r) {
  const auto expected = addresses(distinct_pairs(r));
  const auto total = static_cast<std::ptrdiff_t>(expected.size());
  for (std::size_t k : {1, 2, 3, 5, 7, 64}) {
    SCOPED_TRACE(k);
    const auto chunks = framelab::chunk_distinct_pairs(r, k);
    ASSERT_EQ(chunks.size(), k);
    std::vector<address_pair> by_iteration, by_row_walk;
    std::ptrdiff_t smallest = total, largest = 0, sum = 0, counted = 0;
    for (const auto& chunk : chunks) {
      const auto size = std::ranges::distance(chunk);
      smallest = std::min(smallest, size);
      largest = std::max(largest, size);
      sum += size;
      for (auto p : chunk) by_iteration.emplace_back(&p.first, &p.second);
      framelab::for_each_in_chunk(chunk, [&](auto p) { by_row_walk.emplace_back(&p.first, &p.second); });
      counted += framelab::count_if_in_chunk(chunk, [](auto& a, auto& b) { return (a + b) % 2 == 0; });
    }
    EXPECT_EQ(sum, total);
    EXPECT_LE(largest - smallest, 1);
    EXPECT_EQ(by_iteration, expected);  // every pair exactly once, in order
    EXPECT_EQ(by_row_walk, expected);
    EXPECT_EQ(counted, framelab::count_if_pairs(r, [](auto p) { return (p.first + p.second) % 2 == 0; }));
  }
}

TEST(pairs_chunks, cover_every_pair_once_in_equal_sizes) {
  for (std::size_t n : {0, 1, 2, 7, 100}) {
    SCOPED_TRACE(n);
    auto v = filled<std::vector<int>>(n);
    auto l = filled<std::list<int>>(n);
    auto f = filled<std::forward_list<int>>(n);
    check_chunks(v);
    check_chunks(l);
    check_chunks(f);
    check_chunks(v | std::views::filter([](int x) { return x % 3 != 0; }));  // not common-sized
  }
  EXPECT_THROW(framelab::chunk_distinct_pairs(std::views::iota(0, 5), 0), std::invalid_argument);

  // index ranges: the chunks of an iota view are pairs of indices
  std::vector<std::pair<int, int>> got;
  for (const auto& chunk : framelab::chunk_distinct_pairs(std::views::iota(0, 4), 4))
    framelab::for_each_in_chunk(chunk, [&](int i, int j) { got.emplace_back(i, j); });
  EXPECT_EQ(got, (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
}

}  // namespace
