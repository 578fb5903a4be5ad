// Exception safety of framelab::contiguous_list with a value type whose k-th
// copy (or default construction, or comparison) throws, for every k that
// lands inside the operation. Where std::list gives the strong guarantee
// (insert, emplace, push, resize) the list must be unchanged; where it gives
// the basic one (assign, copy assignment, merge, sort, unique, remove_if)
// the list must be valid: traversals agree with size() and visit every
// stored value once. Leaks are left to LeakSanitizer in the ASan build.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <list>
#include <sstream>
#include <vector>

#include "core/containers/contiguous_list.hpp"

namespace {

using framelab::contiguous_list;
using framelab::indexed_contiguous_list;

struct injected_error {};

// Copies and default constructions count down; the one that reaches zero throws.
struct throwing {
  static inline int countdown = 0;  // 0: never throw
  static void tick() {
    if (countdown > 0 && --countdown == 0) throw injected_error{};
  }
  int v = 0;
  throwing() { tick(); }
  throwing(int value) : v(value) {}  // NOLINT(google-explicit-constructor)
  throwing(const throwing& o) : v(o.v) { tick(); }
  throwing& operator=(const throwing& o) {
    tick();
    v = o.v;
    return *this;
  }
  throwing(throwing&&) noexcept = default;
  throwing& operator=(throwing&&) noexcept = default;
  friend bool operator<(const throwing& a, const throwing& b) { return a.v < b.v; }
};

template <class T, class A, class I>
::testing::AssertionResult is_valid(const contiguous_list<T, A, I>& l) {
  if (l.values().size() != l.size()) return ::testing::AssertionFailure() << "values().size() != size()";
  std::vector<bool> seen(l.size(), false);
  std::size_t n = 0;
  for (auto it = l.begin(); it != l.end(); ++it, ++n) {
    const auto k = static_cast<std::size_t>(std::addressof(*it) - l.values().data());
    if (n >= l.size() || k >= l.size() || seen[k]) return ::testing::AssertionFailure() << "broken links";
  }
  if (n != l.size()) return ::testing::AssertionFailure() << "forward traversal " << n << " != size()";
  n = 0;
  for (auto it = l.rbegin(); it != l.rend() && n <= l.size(); ++it) ++n;
  if (n != l.size()) return ::testing::AssertionFailure() << "backward traversal " << n << " != size()";
  return ::testing::AssertionSuccess();
}

using list = indexed_contiguous_list<throwing, std::uint16_t>;

list sample() {  // storage order differs from list order
  throwing::countdown = 0;
  list l;
  for (int k = 0; k < 8; ++k) (k % 2 ? l.push_back(k) : l.push_front(k));
  l.erase(std::next(l.begin(), 3));
  return l;
}
template <class L>
std::vector<int> keys(const L& l) {
  std::vector<int> v;
  for (const auto& x : l) v.push_back(x.v);
  return v;
}
std::vector<int> contents(const list& l) {
  return keys(l);
}

// Runs op on a fresh sample with the k-th copy throwing, for k = 1, 2, ...
// until op completes without throwing; `check` sees the list after each throw.
template <class Op, class Check>
int for_each_failure_point(Op op, Check check) {
  int throws = 0;
  for (int k = 1; k < 100; ++k) {
    list l = sample();
    const std::vector<int> before = contents(l);
    throwing::countdown = k;
    try {
      op(l);
    } catch (const injected_error&) {
      throwing::countdown = 0;
      ++throws;
      check(l, before);
      continue;
    }
    throwing::countdown = 0;
    EXPECT_TRUE(is_valid(l));
    return throws;
  }
  ADD_FAILURE() << "operation never completed";
  return throws;
}

const auto unchanged = [](const list& l, const std::vector<int>& before) {
  EXPECT_TRUE(is_valid(l));
  EXPECT_EQ(contents(l), before);
};
const auto valid = [](const list& l, const std::vector<int>&) { EXPECT_TRUE(is_valid(l)); };

TEST(contiguous_list_exceptions, strong_guarantee_for_insertions) {
  const throwing value(42);
  const std::vector<throwing> range{1, 2, 3, 4, 5};
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.push_back(value); }, unchanged), 1);
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.push_front(value); }, unchanged), 1);
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.insert(std::next(l.begin(), 2), value); }, unchanged), 1);
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.emplace(std::next(l.begin(), 2), value); }, unchanged), 1);
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.insert(std::next(l.begin(), 2), 5, value); }, unchanged), 5);
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.insert(std::next(l.begin(), 2), 5, l.front()); }, unchanged),
            6);  // one more: the copy of the aliased value
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.insert(l.end(), range.begin(), range.end()); }, unchanged), 5);
  EXPECT_EQ(for_each_failure_point(
                [&](list& l) {
                  std::istringstream in("1 2 3 4");
                  l.insert(l.begin(), std::istream_iterator<int>(in), std::istream_iterator<int>());
                },
                unchanged),
            0);  // from int: no copy of a throwing is made
  EXPECT_EQ(for_each_failure_point([&](list& l) { l.insert(l.begin(), {7, 8, 9}); }, unchanged), 3);
}

// A copy that throws as throwing's does, and a move that is not noexcept: growth then
// copies the elements (std::move_if_noexcept), and those copies may throw too.
struct copied_on_growth {
  int v = 0;
  copied_on_growth(int value) : v(value) {}  // NOLINT(google-explicit-constructor)
  copied_on_growth(const copied_on_growth& o) : v(o.v) { throwing::tick(); }
  copied_on_growth(copied_on_growth&& o) noexcept(false) : v(o.v) {}
  copied_on_growth& operator=(const copied_on_growth& o) = default;
  copied_on_growth& operator=(copied_on_growth&& o) noexcept(false) = default;
};

// Single-element insert / push / emplace stay strong when the arrays must grow, for every
// copy that can throw (each old element's and the new one's), as std::list's.
TEST(contiguous_list_exceptions, single_insertions_are_strong_when_the_arrays_grow) {
  using grow_list = contiguous_list<copied_on_growth>;
  const copied_on_growth value(42);
  const auto mid = [](auto& l) { return std::next(l.begin(), 3); };
  const auto run = [&](auto op) {
    int throws = 0;
    for (int k = 1; k < 100; ++k) {
      throwing::countdown = 0;
      grow_list l;
      std::list<copied_on_growth> s;
      for (int i = 0; i < 7; ++i) {
        i % 2 ? l.push_back(i) : l.push_front(i);
        i % 2 ? s.push_back(i) : s.push_front(i);
      }
      l.shrink_to_fit();  // full: the insertion reallocates both arrays
      const std::vector<int> before = keys(l);
      throwing::countdown = k;
      try {
        op(l);
      } catch (const injected_error&) {
        ++throws;
        throwing::countdown = 0;
        EXPECT_TRUE(is_valid(l));
        EXPECT_EQ(keys(l), before) << "copy " << k;
        continue;
      }
      throwing::countdown = 0;
      op(s);
      EXPECT_EQ(keys(l), keys(s));
      return throws;
    }
    ADD_FAILURE() << "never completed";
    return throws;
  };
  // 7 elements copied by the growth and the new one: 8 copies that can throw.
  EXPECT_GE(run([&](auto& l) { l.push_back(value); }), 8);
  EXPECT_GE(run([&](auto& l) { l.push_front(value); }), 8);
  EXPECT_GE(run([&](auto& l) { l.insert(mid(l), value); }), 8);
  EXPECT_GE(run([&](auto& l) { l.emplace(mid(l), value); }), 8);
  EXPECT_GE(run([&](auto& l) { l.emplace_back(value); }), 8);
}

TEST(contiguous_list_exceptions, resize_is_strong_too) {
  EXPECT_EQ(for_each_failure_point([](list& l) { l.resize(12); }, unchanged), 5);
  EXPECT_EQ(for_each_failure_point([](list& l) { l.resize(12, throwing(5)); }, unchanged), 5);
  EXPECT_EQ(for_each_failure_point([](list& l) { l.resize(3); }, unchanged), 0);
}

TEST(contiguous_list_exceptions, basic_guarantee_for_assignment) {
  const std::vector<throwing> range{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const list other = [] {
    list o;
    for (int k = 0; k < 10; ++k) o.push_front(k);
    return o;
  }();
  EXPECT_GT(for_each_failure_point([](list& l) { l.assign(10, throwing(3)); }, valid), 0);
  EXPECT_GT(for_each_failure_point([&](list& l) { l.assign(range.begin(), range.end()); }, valid), 0);
  EXPECT_GT(for_each_failure_point([](list& l) { l.assign({1, 2, 3}); }, valid), 0);
  EXPECT_GT(for_each_failure_point([&](list& l) { l = other; }, valid), 0);
  EXPECT_GT(for_each_failure_point([&](list& l) { l = list(other); }, unchanged), 0);
  EXPECT_GT(for_each_failure_point([&](list& l) { l = list(range); }, unchanged), 0);
  EXPECT_GT(for_each_failure_point([&](list& l) { l = list(20, throwing(1)); }, unchanged), 0);
}

// A comparison or predicate that throws on its k-th call.
struct throwing_call {
  int* countdown;
  void tick() const {
    if (*countdown > 0 && --*countdown == 0) throw injected_error{};
  }
  bool operator()(const throwing& a, const throwing& b) const {
    tick();
    return a.v < b.v;
  }
  bool operator()(const throwing& a) const {
    tick();
    return a.v % 2 == 0;
  }
};

std::vector<int> sorted(std::vector<int> v) {
  std::ranges::sort(v);
  return v;
}

TEST(contiguous_list_exceptions, throwing_comparisons_and_predicates_leave_valid_lists) {
  for (int k = 1; k < 200; ++k) {
    int countdown = k;
    const throwing_call call{&countdown};
    list a = sample(), b = sample();
    const auto all_before = [&] {
      auto v = contents(a);
      const auto w = contents(b);
      v.insert(v.end(), w.begin(), w.end());
      return sorted(v);
    }();
    const auto a_before = sorted(contents(a));
    try {
      a.sort(call);
    } catch (const injected_error&) {
    }
    EXPECT_TRUE(is_valid(a));
    EXPECT_EQ(sorted(contents(a)), a_before);  // nothing lost, nothing duplicated
    countdown = 0;
    a.sort();
    b.sort();
    countdown = k;
    try {
      a.merge(b, call);
    } catch (const injected_error&) {
    }
    EXPECT_TRUE(is_valid(a));
    EXPECT_TRUE(is_valid(b));
    auto merged = contents(a);
    const auto rest = contents(b);
    merged.insert(merged.end(), rest.begin(), rest.end());
    EXPECT_EQ(sorted(merged), all_before) << "k = " << k;
    countdown = k;
    try {
      a.remove_if(call);
    } catch (const injected_error&) {
    }
    EXPECT_TRUE(is_valid(a));
    countdown = k;
    try {
      a.unique(call);
    } catch (const injected_error&) {
    }
    EXPECT_TRUE(is_valid(a));
  }
}

}  // namespace
