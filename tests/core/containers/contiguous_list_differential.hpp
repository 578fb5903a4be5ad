// The differential test of framelab::contiguous_list against std::list (the test files
// contiguous_list_differential*_test.cpp each run a share of the combinations, so the
// two cores compile them side by side): long random sequences of every operation
// applied to both side by side, the contents compared forward and backward after every operation.
//
// Two pairs of lists (ours[0..1], theirs[0..1]) so that merge, splice, swap
// and comparisons have a partner. Value types: int, a 64-byte struct, a
// move-only type, std::string; index types uint8_t .. uint64_t. uint8_t
// lists run up to their max_size() (255), and every operation that would go
// past it must throw std::length_error and change nothing.
// Allocators: std::allocator, and the stateful ones of tracking_allocator.hpp, with the
// two lists of a pair on unequal allocators, so that copy/move assignment and swap
// propagate (or move element by element) and the allocator-extended constructors run;
// after every operation each list's allocator must equal its std::list's.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/containers/contiguous_list.hpp"
#include "tests/core/containers/tracking_allocator.hpp"

namespace list_test {

using framelab::contiguous_list;
using framelab::indexed_contiguous_list;

// --- value types: each made from an integer key ---------------------------

struct big64 {
  int key = 0;
  std::array<unsigned char, 60> pad{};
  big64() = default;
  explicit big64(int k) : key(k) { pad.fill(static_cast<unsigned char>(k * 7 + 1)); }
  friend bool operator==(const big64&, const big64&) = default;
  friend auto operator<=>(const big64&, const big64&) = default;
};
static_assert(sizeof(big64) == 64);

struct move_only {  // unique_ptr-like; only == and < (no <=>)
  std::unique_ptr<int> p;
  move_only() = default;
  explicit move_only(int k) : p(std::make_unique<int>(k)) {}
  int key() const { return p ? *p : -1; }
  friend bool operator==(const move_only& a, const move_only& b) { return a.key() == b.key(); }
  friend bool operator<(const move_only& a, const move_only& b) { return a.key() < b.key(); }
};
static_assert(!std::is_copy_constructible_v<move_only>);

inline int key_of(int v) {
  return v;
}
inline int key_of(const big64& v) {
  return v.key;
}
inline int key_of(const move_only& v) {
  return v.key();
}
inline int key_of(const std::string& s) {
  return s.empty() ? -1 : std::stoi(s.substr(s.find_first_of("0123456789")));
}

template <class T>
T make(int k) {
  if constexpr (std::is_same_v<T, std::string>) {  // every fourth one is too long for SSO
    return (k % 4 == 0 ? std::string(24, 's') : std::string()) + std::to_string(k);
  } else {
    return T(k);
  }
}

template <class T>
std::vector<T> make_all(const std::vector<int>& keys) {
  std::vector<T> v;
  for (int k : keys) v.push_back(make<T>(k));
  return v;
}

// A single-pass iterator over a vector (exercises the input-iterator paths).
template <class T>
class input_only {
 public:
  using iterator_concept = std::input_iterator_tag;
  using iterator_category = std::input_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using reference = const T&;
  using pointer = const T*;
  input_only() = default;
  explicit input_only(typename std::vector<T>::const_iterator it) : it_(it) {}
  const T& operator*() const { return *it_; }
  input_only& operator++() {
    ++it_;
    return *this;
  }
  void operator++(int) { ++it_; }
  friend bool operator==(const input_only&, const input_only&) = default;

 private:
  typename std::vector<T>::const_iterator it_;
};
static_assert(std::input_iterator<input_only<int>> && !std::forward_iterator<input_only<int>>);

// Comparators with ties (stability is visible) and a predicate that is not an
// equivalence (unique must compare with the kept element, as std::list).
inline constexpr auto by_key4 = [](const auto& a, const auto& b) { return key_of(a) / 4 < key_of(b) / 4; };
inline constexpr auto near = [](const auto& a, const auto& b) { return std::abs(key_of(a) - key_of(b)) <= 1; };

// clang-format off
enum op : int {
  push_back, push_front, emplace_back, emplace_front, pop_back, pop_front,
  insert_copy, insert_move, insert_count, insert_range, insert_input_range, insert_ilist, emplace_at,
  erase_one, erase_range, resize, resize_value, clear,
  assign_count, assign_range, assign_input_range, assign_ilist, copy_assign, move_assign, ilist_assign,
  copy_construct, move_construct, construct_count, construct_range, construct_from_vector,
  swap_member, swap_free, merge, merge_comp, merge_rvalue,
  splice_all, splice_all_rvalue, splice_one, splice_one_self, splice_range, splice_range_self,
  remove, remove_alias, remove_if, free_erase_if, unique, unique_pred, reverse, sort, sort_comp,
  compare, reserve_shrink, linearize, replace_in_values, iterator_stability,
  construct_with_allocator, copy_construct_with_allocator, move_construct_with_allocator,
  op_count
};
inline constexpr std::array<const char*, op_count> op_names{
  "push_back", "push_front", "emplace_back", "emplace_front", "pop_back", "pop_front",
  "insert_copy", "insert_move", "insert_count", "insert_range", "insert_input_range", "insert_ilist", "emplace_at",
  "erase_one", "erase_range", "resize", "resize_value", "clear",
  "assign_count", "assign_range", "assign_input_range", "assign_ilist", "copy_assign", "move_assign", "ilist_assign",
  "copy_construct", "move_construct", "construct_count", "construct_range", "construct_from_vector",
  "swap_member", "swap_free", "merge", "merge_comp", "merge_rvalue",
  "splice_all", "splice_all_rvalue", "splice_one", "splice_one_self", "splice_range", "splice_range_self",
  "remove", "remove_alias", "remove_if", "free_erase_if", "unique", "unique_pred", "reverse", "sort", "sort_comp",
  "compare", "reserve_shrink", "linearize", "replace_in_values", "iterator_stability",
  "construct_with_allocator", "copy_construct_with_allocator", "move_construct_with_allocator"};
// clang-format on

template <class T, class Index, class Alloc>
class differential {
 public:
  using ours_t = contiguous_list<T, Alloc, Index>;
  using theirs_t = std::list<T, Alloc>;
  static constexpr bool copyable = std::is_copy_constructible_v<T>;
  static constexpr bool tracked = list_test::is_tracking_allocator<Alloc>;
  // Swapping lists whose unequal allocators do not propagate is undefined (as for std::list).
  static constexpr bool swaps_unequal = std::allocator_traits<Alloc>::propagate_on_container_swap::value;

  differential(std::uint64_t seed, std::size_t cap) : rng_(seed), cap_(cap) {}

  std::size_t executed = 0;       // operations applied to both lists
  std::size_t length_errors = 0;  // operations that had to throw length_error
  std::size_t size_sum = 0;       // of the list operated on, for the mean size
  std::size_t size_max = 0;
  std::array<std::size_t, op_count> per_op{};

  // Runs `steps` random operations; stops at the first mismatch.
  void run(std::size_t steps) {
    for (std::size_t step = 0; step < steps; ++step) {
      const int o = static_cast<int>(uniform(op_count - 1));
      x_ = uniform(3) == 0 ? 1 : 0;
      if (!apply(static_cast<op>(o))) continue;
      ++executed;
      size_sum += ours_[x_].size();
      size_max = std::max(size_max, ours_[x_].size());
      ++per_op[static_cast<std::size_t>(o)];
      for (int l = 0; l < 2; ++l) {
        const auto r = same(ours_[l], theirs_[l]);
        ASSERT_TRUE(r) << "after step " << step << " (" << op_names[static_cast<std::size_t>(o)] << ") on list " << l;
        ASSERT_TRUE(ours_[l].get_allocator() == theirs_[l].get_allocator())
            << "allocator after step " << step << " (" << op_names[static_cast<std::size_t>(o)] << ") on list " << l;
      }
    }
  }

 private:
  std::size_t uniform(std::size_t hi) {  // [0, hi]
    return std::uniform_int_distribution<std::size_t>(0, hi)(rng_);
  }
  int key() { return static_cast<int>(uniform(39)); }
  std::vector<int> keys(std::size_t n) {
    std::vector<int> k(n);
    for (int& v : k) v = key();
    return k;
  }
  static auto at(ours_t& l, std::size_t p) { return std::next(l.begin(), static_cast<std::ptrdiff_t>(p)); }
  static auto at(theirs_t& l, std::size_t p) { return std::next(l.begin(), static_cast<std::ptrdiff_t>(p)); }

  // Contents equal forward and backward; every stored value is visited once.
  static ::testing::AssertionResult same(const ours_t& a, const theirs_t& b) {
    if (a.size() != b.size() || a.empty() != b.empty() || a.values().size() != a.size())
      return ::testing::AssertionFailure() << "size " << a.size() << " != " << b.size();
    std::vector<bool> seen(a.size(), false);
    auto i = a.begin();
    for (const T& v : b) {
      const auto k = static_cast<std::size_t>(std::addressof(*i) - a.values().data());
      if (k >= a.size() || seen[k]) return ::testing::AssertionFailure() << "node visited twice";
      seen[k] = true;
      if (!(*i == v)) return ::testing::AssertionFailure() << "forward contents differ";
      ++i;
    }
    if (i != a.end()) return ::testing::AssertionFailure() << "forward traversal too long";
    auto r = a.rbegin();
    for (auto it = b.rbegin(); it != b.rend(); ++it, ++r)
      if (!(*r == *it)) return ::testing::AssertionFailure() << "backward contents differ";
    if (r != a.rend()) return ::testing::AssertionFailure() << "backward traversal too long";
    if (!a.empty() && (!(a.front() == b.front()) || !(a.back() == b.back())))
      return ::testing::AssertionFailure() << "front/back differ";
    return ::testing::AssertionSuccess();
  }

  // Whether an operation that leaves list l with `new_size` elements may run.
  // Past max_size() it must throw length_error and change nothing (the caller
  // then compares with the untouched std::list); past the soft cap it is skipped.
  template <class F>
  bool admit(std::size_t new_size, const ours_t& l, F&& ours_only) {
    if (new_size <= cap_) return true;
    if (new_size > l.max_size()) {
      EXPECT_THROW(ours_only(), std::length_error);
      ++length_errors;
    }
    return false;
  }

  bool apply(op o);

  // The allocator list l starts with: unequal for the two lists of a pair.
  static Alloc allocator_for(int l) {
    if constexpr (tracked) {
      return Alloc(10 + l);
    } else {
      return Alloc();
    }
  }
  // std::list splices and merges only between equal allocators (libstdc++ aborts
  // otherwise); with unequal ones its side first moves [f, l) of `from` into a list with
  // to's allocator, then transfers from that list. Ours transfers directly.
  template <class Transfer>
  static void transfer(theirs_t& to, theirs_t& from, typename theirs_t::iterator f, typename theirs_t::iterator l,
                       Transfer op) {
    if (to.get_allocator() == from.get_allocator()) return op(from, f, l);
    theirs_t moved(std::make_move_iterator(f), std::make_move_iterator(l), to.get_allocator());
    from.erase(f, l);
    op(moved, moved.begin(), moved.end());
  }

  std::mt19937_64 rng_;
  std::size_t cap_;
  int x_ = 0;  // the list operated on; 1 - x_ is the partner
  ours_t ours_[2] = {ours_t(allocator_for(0)), ours_t(allocator_for(1))};
  theirs_t theirs_[2] = {theirs_t(allocator_for(0)), theirs_t(allocator_for(1))};
};

template <class T, class Index, class Alloc>
bool differential<T, Index, Alloc>::apply(op o) {
  ours_t& a = ours_[x_];
  theirs_t& s = theirs_[x_];
  ours_t& oa = ours_[1 - x_];
  theirs_t& os = theirs_[1 - x_];
  const std::size_t n = a.size();
  const std::size_t p = uniform(n);                   // a position in [0, n]
  const std::size_t e = n == 0 ? 0 : uniform(n - 1);  // an element
  const std::size_t c = uniform(6);                   // a small count
  const int k = key();
  // Operations that need copies fall back to a move-only equivalent.
  if constexpr (!copyable) {
    switch (o) {
      case insert_copy:
        o = insert_move;
        break;
      case insert_count:
      case insert_ilist:
        o = insert_input_range;
        break;
      case resize_value:
        o = resize;
        break;
      case assign_count:
      case assign_range:
      case assign_ilist:
        o = assign_input_range;
        break;
      case copy_assign:
      case ilist_assign:
        o = move_assign;
        break;
      case copy_construct:
      case construct_count:
      case construct_range:
      case copy_construct_with_allocator:
        o = move_construct;
        break;
      case remove_alias:
        o = remove;
        break;
      default:
        break;
    }
  }
  switch (o) {
    case push_back:
      if (!admit(n + 1, a, [&] { a.push_back(make<T>(k)); })) return false;
      a.push_back(make<T>(k));
      s.push_back(make<T>(k));
      return true;
    case push_front:
      if (!admit(n + 1, a, [&] { a.push_front(make<T>(k)); })) return false;
      a.push_front(make<T>(k));
      s.push_front(make<T>(k));
      return true;
    case emplace_back: {
      if (!admit(n + 1, a, [&] { a.emplace_back(make<T>(k)); })) return false;
      const T& r = a.emplace_back(make<T>(k));
      EXPECT_TRUE(r == s.emplace_back(make<T>(k)));
      return true;
    }
    case emplace_front: {
      if (!admit(n + 1, a, [&] { a.emplace_front(make<T>(k)); })) return false;
      const T& r = a.emplace_front(make<T>(k));
      EXPECT_TRUE(r == s.emplace_front(make<T>(k)));
      return true;
    }
    case pop_back:
      if (n == 0) return false;
      a.pop_back();
      s.pop_back();
      return true;
    case pop_front:
      if (n == 0) return false;
      a.pop_front();
      s.pop_front();
      return true;
    case insert_copy:
      if constexpr (copyable) {
        const T v = make<T>(k);
        if (!admit(n + 1, a, [&] { a.insert(at(a, p), v); })) return false;
        const auto inserted = a.insert(at(a, p), v);
        EXPECT_EQ(std::distance(a.begin(), inserted), static_cast<std::ptrdiff_t>(p));
        s.insert(at(s, p), v);
      }
      return true;
    case insert_move:
    case emplace_at: {
      if (!admit(n + 1, a, [&] { a.insert(at(a, p), make<T>(k)); })) return false;
      const auto it = o == emplace_at ? a.emplace(at(a, p), make<T>(k)) : a.insert(at(a, p), make<T>(k));
      EXPECT_EQ(std::distance(a.begin(), it), static_cast<std::ptrdiff_t>(p));
      s.insert(at(s, p), make<T>(k));
      return true;
    }
    case insert_count:
      if constexpr (copyable) {
        if (!admit(n + c, a, [&] { a.insert(at(a, p), c, make<T>(k)); })) return false;
        const auto inserted = a.insert(at(a, p), c, make<T>(k));
        EXPECT_EQ(std::distance(a.begin(), inserted), static_cast<std::ptrdiff_t>(p));
        s.insert(at(s, p), c, make<T>(k));
      }
      return true;
    case insert_range: {
      const auto ks = keys(c);
      auto v = make_all<T>(ks);
      if (!admit(n + c, a,
                 [&] { a.insert(at(a, p), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end())); }))
        return false;
      auto w = make_all<T>(ks);
      if constexpr (copyable) {  // forward iterators
        const auto inserted = a.insert(at(a, p), v.begin(), v.end());
        EXPECT_EQ(std::distance(a.begin(), inserted), static_cast<std::ptrdiff_t>(p));
      } else {  // move_iterator is an input iterator in C++20
        a.insert(at(a, p), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
      }
      s.insert(at(s, p), std::make_move_iterator(w.begin()), std::make_move_iterator(w.end()));
      return true;
    }
    case insert_input_range: {
      const auto ks = keys(c);
      if constexpr (copyable) {
        const auto v = make_all<T>(ks);
        if (!admit(n + c, a, [&] { a.insert(at(a, p), input_only<T>(v.begin()), input_only<T>(v.end())); }))
          return false;
        a.insert(at(a, p), input_only<T>(v.begin()), input_only<T>(v.end()));
        s.insert(at(s, p), v.begin(), v.end());
      } else {
        auto v = make_all<T>(ks), w = make_all<T>(ks);
        if (!admit(n + c, a,
                   [&] { a.insert(at(a, p), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end())); }))
          return false;
        a.insert(at(a, p), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
        s.insert(at(s, p), std::make_move_iterator(w.begin()), std::make_move_iterator(w.end()));
      }
      return true;
    }
    case insert_ilist:
      if constexpr (copyable) {
        if (!admit(n + 3, a, [&] { a.insert(at(a, p), {make<T>(k), make<T>(k + 1), make<T>(k)}); })) return false;
        a.insert(at(a, p), {make<T>(k), make<T>(k + 1), make<T>(k)});
        s.insert(at(s, p), {make<T>(k), make<T>(k + 1), make<T>(k)});
      }
      return true;
    case erase_one: {
      if (n == 0) return false;
      const auto it = a.erase(at(a, e));
      EXPECT_EQ(std::distance(a.begin(), it), static_cast<std::ptrdiff_t>(e));
      s.erase(at(s, e));
      return true;
    }
    case erase_range: {
      const std::size_t f = uniform(n), l = f + uniform(n - f);
      const auto it = a.erase(at(a, f), at(a, l));
      EXPECT_EQ(std::distance(a.begin(), it), static_cast<std::ptrdiff_t>(f));
      s.erase(at(s, f), at(s, l));
      return true;
    }
    case resize:
    case resize_value: {
      const std::size_t m = uniform(1) ? n + c : n - std::min(n, c);
      if constexpr (copyable) {
        if (o == resize_value) {
          if (!admit(m, a, [&] { a.resize(m, make<T>(k)); })) return false;
          a.resize(m, make<T>(k));
          s.resize(m, make<T>(k));
          return true;
        }
      }
      if (!admit(m, a, [&] { a.resize(m); })) return false;
      a.resize(m);
      s.resize(m);
      return true;
    }
    case clear:
      if (uniform(3) != 0) return false;  // rarely: keep the lists long
      a.clear();
      s.clear();
      return true;
    case assign_count:
    case assign_range:
    case assign_ilist:
    case ilist_assign:
      if constexpr (copyable) {
        const std::size_t m = uniform(cap_ + 20);
        const auto v = make_all<T>(keys(m));
        if (!admit(m, a, [&] { a.assign(v.begin(), v.end()); })) return false;
        if (o == assign_count) {
          a.assign(m, make<T>(k));
          s.assign(m, make<T>(k));
        } else if (o == assign_range) {
          a.assign(v.begin(), v.end());
          s.assign(v.begin(), v.end());
        } else if (o == assign_ilist) {
          a.assign({make<T>(k), make<T>(k + 2)});
          s.assign({make<T>(k), make<T>(k + 2)});
        } else {
          a = {make<T>(k + 3)};
          s = {make<T>(k + 3)};
        }
      }
      return true;
    case assign_input_range: {
      const std::size_t m = uniform(cap_ + 20);
      const auto ks = keys(m);
      if constexpr (copyable) {
        const auto v = make_all<T>(ks);
        if (!admit(m, a, [&] { a.assign(input_only<T>(v.begin()), input_only<T>(v.end())); })) return false;
        a.assign(input_only<T>(v.begin()), input_only<T>(v.end()));
        s.assign(v.begin(), v.end());
      } else {
        auto v = make_all<T>(ks), w = make_all<T>(ks);
        if (!admit(m, a, [&] { a.assign(std::make_move_iterator(v.begin()), std::make_move_iterator(v.end())); }))
          return false;
        a.assign(std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
        s.assign(std::make_move_iterator(w.begin()), std::make_move_iterator(w.end()));
      }
      return true;
    }
    case copy_assign:
      if constexpr (copyable) {
        a = oa;
        s = os;
      }
      return true;
    case move_assign:  // the partner is moved from, and must be empty and usable
      a = std::move(oa);
      s = std::move(os);
      EXPECT_TRUE(oa.empty());  // NOLINT(bugprone-use-after-move)
      os.clear();
      oa.push_back(make<T>(k));
      os.push_back(make<T>(k));
      return true;
    case copy_construct:
      if constexpr (copyable) {
        ours_t copy(a);
        EXPECT_TRUE(same(copy, s));
        oa = std::move(copy);
        os = s;
      }
      return true;
    case move_construct: {
      ours_t moved(std::move(a));
      EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move)
      a = std::move(moved);
      return true;
    }
    case construct_count:
      if constexpr (copyable) {
        const std::size_t m = std::min(c * 10, cap_);
        if (uniform(1)) {
          a = ours_t(m, a.get_allocator());
          s = theirs_t(m, s.get_allocator());
        } else {
          a = ours_t(m, make<T>(k), a.get_allocator());
          s = theirs_t(m, make<T>(k), s.get_allocator());
        }
      }
      return true;
    case construct_range:
      if constexpr (copyable) {
        const auto v = make_all<T>(keys(std::min(c * 10, cap_)));
        a = ours_t(v.begin(), v.end(), a.get_allocator());
        s = theirs_t(v.begin(), v.end(), s.get_allocator());
      }
      return true;
    case construct_from_vector: {
      const auto ks = keys(std::min(c * 10, cap_));
      std::vector<T, Alloc> v(a.get_allocator());
      for (int kk : ks) v.push_back(make<T>(kk));
      if constexpr (copyable) {
        a = uniform(1) ? ours_t(v) : ours_t(std::move(v));
      } else {
        a = ours_t(std::move(v));
      }
      s.clear();
      for (int kk : ks) s.push_back(make<T>(kk));
      return true;
    }
    case swap_member:
      if (!swaps_unequal && !(a.get_allocator() == oa.get_allocator())) return false;
      a.swap(oa);
      s.swap(os);
      return true;
    case swap_free:
      if (!swaps_unequal && !(a.get_allocator() == oa.get_allocator())) return false;
      swap(a, oa);
      std::swap(s, os);
      return true;
    case merge:
    case merge_comp:
    case merge_rvalue:
      if (!admit(n + oa.size(), a, [&] { a.merge(oa); })) return false;
      if (o == merge_comp) {
        a.sort(by_key4);
        oa.sort(by_key4);
        s.sort(by_key4);
        os.sort(by_key4);
        a.merge(oa, by_key4);
        transfer(s, os, os.begin(), os.end(), [&](theirs_t& from, auto, auto) { s.merge(from, by_key4); });
      } else {
        a.sort();
        oa.sort();
        s.sort();
        os.sort();
        if (o == merge) {
          a.merge(oa);
        } else {
          a.merge(std::move(oa));
        }
        transfer(s, os, os.begin(), os.end(), [&](theirs_t& from, auto, auto) { s.merge(from); });
      }
      EXPECT_TRUE(oa.empty());
      return true;
    case splice_all:
    case splice_all_rvalue:
      if (!admit(n + oa.size(), a, [&] { a.splice(at(a, p), oa); })) return false;
      if (o == splice_all) {
        a.splice(at(a, p), oa);
      } else {
        a.splice(at(a, p), std::move(oa));
      }
      transfer(s, os, os.begin(), os.end(), [&](theirs_t& from, auto, auto) { s.splice(at(s, p), from); });
      return true;
    case splice_one: {
      if (oa.empty()) return false;
      const std::size_t i = uniform(oa.size() - 1);
      if (!admit(n + 1, a, [&] { a.splice(at(a, p), oa, at(oa, i)); })) return false;
      if (uniform(1)) {
        a.splice(at(a, p), oa, at(oa, i));
      } else {
        a.splice(at(a, p), std::move(oa), at(oa, i));
      }
      transfer(s, os, at(os, i), std::next(at(os, i)),
               [&](theirs_t& from, auto f, auto) { s.splice(at(s, p), from, f); });
      return true;
    }
    case splice_one_self:
      if (n == 0) return false;
      a.splice(at(a, p), a, at(a, e));
      s.splice(at(s, p), s, at(s, e));
      return true;
    case splice_range: {
      const std::size_t m = oa.size(), f = uniform(m), l = f + uniform(m - f);
      if (!admit(n + (l - f), a, [&] { a.splice(at(a, p), oa, at(oa, f), at(oa, l)); })) return false;
      if (uniform(1)) {
        a.splice(at(a, p), oa, at(oa, f), at(oa, l));
      } else {
        a.splice(at(a, p), std::move(oa), at(oa, f), at(oa, l));
      }
      transfer(s, os, at(os, f), at(os, l), [&](theirs_t& from, auto b, auto e) { s.splice(at(s, p), from, b, e); });
      return true;
    }
    case splice_range_self: {  // pos outside [f, l)
      const std::size_t f = uniform(n), l = f + uniform(n - f);
      const std::size_t q = uniform(1) && f > 0 ? uniform(f - 1) : l + uniform(n - l);
      a.splice(at(a, q), a, at(a, f), at(a, l));
      s.splice(at(s, q), s, at(s, f), at(s, l));
      return true;
    }
    case remove:
      EXPECT_EQ(a.remove(make<T>(k)), s.remove(make<T>(k)));
      return true;
    case remove_alias:  // the value is an element of the list
      if constexpr (copyable) {
        if (n == 0) return false;
        EXPECT_EQ(a.remove(*at(a, e)), s.remove(*at(s, e)));
      }
      return true;
    case remove_if: {
      const auto pred = [r = k % 3](const T& v) { return key_of(v) % 3 == r; };
      EXPECT_EQ(a.remove_if(pred), s.remove_if(pred));
      return true;
    }
    case free_erase_if: {
      const auto pred = [k](const T& v) { return key_of(v) == k || key_of(v) == k + 1; };
      EXPECT_EQ(erase_if(a, pred), std::erase_if(s, pred));
      return true;
    }
    case unique:
      EXPECT_EQ(a.unique(), s.unique());
      return true;
    case unique_pred:
      EXPECT_EQ(a.unique(near), s.unique(near));
      return true;
    case reverse:
      a.reverse();
      s.reverse();
      return true;
    case sort:
      a.sort();
      s.sort();
      return true;
    case sort_comp:
      a.sort(by_key4);
      s.sort(by_key4);
      return true;
    case compare:
      EXPECT_EQ(a == oa, s == os);
      EXPECT_EQ(a != oa, s != os);
      EXPECT_EQ(a < oa, s < os);
      EXPECT_EQ(a >= oa, s >= os);
      EXPECT_EQ(a <=> oa, s <=> os);
      return true;
    case reserve_shrink:
      if (uniform(1)) {
        a.reserve(std::min(a.max_size(), n + c * 10));
        EXPECT_GE(a.capacity(), std::min(a.max_size(), n + c * 10));
      } else {
        a.shrink_to_fit();
        EXPECT_EQ(a.capacity(), n);
      }
      return true;
    case linearize:
      a.linearize();
      return true;
    case replace_in_values: {  // order-independent algorithms over the value array
      for (T& v : a.values())
        if (key_of(v) == k) v = make<T>(k + 100);
      for (T& v : s)
        if (key_of(v) == k) v = make<T>(k + 100);
      return true;
    }
    case iterator_stability: {  // insertion with reallocation keeps iterators
      if (n == 0 || !admit(n + 1, a, [&] { a.push_front(make<T>(k)); })) return false;
      const auto it = at(a, e);
      const auto st = at(s, e);
      a.shrink_to_fit();
      a.push_front(make<T>(k));
      s.push_front(make<T>(k));
      EXPECT_TRUE(*it == *st);
      return true;
    }
    case construct_with_allocator: {  // the (count), (count, value), range and list forms, with the partner's allocator
      const auto alloc = oa.get_allocator();
      const std::size_t m = std::min(c * 10, cap_);
      if constexpr (copyable) {
        const auto v = make_all<T>(keys(m));
        switch (uniform(3)) {
          case 0:
            a = ours_t(m, alloc);
            s = theirs_t(m, alloc);
            break;
          case 1:
            a = ours_t(m, make<T>(k), alloc);
            s = theirs_t(m, make<T>(k), alloc);
            break;
          case 2:
            a = ours_t(input_only<T>(v.begin()), input_only<T>(v.end()), alloc);
            s = theirs_t(v.begin(), v.end(), alloc);
            break;
          default:
            a = ours_t({make<T>(k), make<T>(k + 1)}, alloc);
            s = theirs_t({make<T>(k), make<T>(k + 1)}, alloc);
            break;
        }
      } else {
        a = ours_t(m, alloc);
        s = theirs_t(m, alloc);
      }
      return true;
    }
    case copy_construct_with_allocator:  // a copy of the partner with this list's allocator
      if constexpr (copyable) {
        ours_t copy(oa, a.get_allocator());
        theirs_t copy_s(os, s.get_allocator());
        EXPECT_TRUE(copy.get_allocator() == a.get_allocator());
        a = std::move(copy);
        s = std::move(copy_s);
      }
      return true;
    case move_construct_with_allocator: {  // unequal allocators: moved element by element
      ours_t moved(std::move(oa), a.get_allocator());
      theirs_t moved_s(std::move(os), s.get_allocator());
      EXPECT_TRUE(moved.get_allocator() == a.get_allocator());
      EXPECT_TRUE(oa.empty());  // NOLINT(bugprone-use-after-move)
      os.clear();
      a = std::move(moved);
      s = std::move(moved_s);
      return true;
    }
    case op_count:
      break;
  }
  return false;
}
// --- one test per (value type, index type) ----------------------------------

template <class T, class Index, std::uint64_t Seed, class Alloc = std::allocator<T>>
struct combo {
  using value_type = T;
  using index_type = Index;
  using allocator_type = Alloc;
  static constexpr std::uint64_t seed = Seed;
};

struct combo_names {
  template <class C>
  static std::string GetName(int) {
    using T = typename C::value_type;
    std::string t = std::is_same_v<T, int>         ? "int"
                    : std::is_same_v<T, big64>     ? "big64"
                    : std::is_same_v<T, move_only> ? "move_only"
                                                   : "string";
    using A = typename C::allocator_type;
    const std::string a = std::is_same_v<A, std::allocator<T>>       ? ""
                          : std::is_same_v<A, counting_allocator<T>> ? "_counting"
                                                                     : "_unequal";
    return t + "_u" + std::to_string(8 * sizeof(typename C::index_type)) + a;
  }
};

// Each combination on std::allocator x 20,000 steps (each of the 58 operations ~340 times; a
// uint8_t list meets max_size() ~200 times); on tracking allocators (every allocation goes
// through a map) x 12,000. The ASan build compiles these tests at -O0 like every other: at
// -O1 their two files took 86 CPU s to compile for 4x the steps in the same run time.
// fuzz_list (tests/fuzz) keeps exploring operation sequences beyond these.
template <class Alloc>
inline constexpr std::size_t steps_per_combination = is_tracking_allocator<Alloc> ? 12'000 : 20'000;

// The body of each file's typed test: `steps_per_combination` random operations on one combination.
template <class TypeParam>
void check_random_operations_match_std_list() {
  using T = typename TypeParam::value_type;
  using Index = typename TypeParam::index_type;
  // uint8_t lists run up to max_size() = 255; the others up to 200 elements
  const std::size_t cap = std::is_same_v<Index, std::uint8_t> ? 255 : 200;
  using Alloc = typename TypeParam::allocator_type;
  differential<T, Index, Alloc> d(TypeParam::seed, cap);
  std::printf("[ seed     ] %s: seed 0x%" PRIx64 "\n", combo_names::GetName<TypeParam>(0).c_str(), TypeParam::seed);
  const std::size_t steps = steps_per_combination<Alloc>;
  d.run(steps);
  std::printf("[ ops      ] %zu operations applied, %zu length_error checks, list size mean %zu max %zu\n", d.executed,
              d.length_errors, d.size_sum / std::max<std::size_t>(d.executed, 1), d.size_max);
  for (std::size_t o = 0; o < op_count; ++o) {
    const bool skipped = (o == swap_member || o == swap_free) && !decltype(d)::swaps_unequal;
    if (!skipped) {
      EXPECT_GT(d.per_op[o], 0u) << op_names[o] << " never ran";
    }
  }
  EXPECT_GT(d.executed, steps * 3 / 4);
  if (std::is_same_v<Index, std::uint8_t>) {
    EXPECT_GT(d.length_errors, 100u);
  }
}

}  // namespace list_test
