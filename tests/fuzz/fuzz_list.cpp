// fuzz_list: the bytes are a program of list operations, run on two
// framelab::indexed_contiguous_list<std::string, Index> and two std::list<std::string> side by
// side (two of each, so merge, splice, swap and comparisons have a partner). After every
// operation both pairs must hold the same sequence, forward and backward, with the
// same size, front and back; an operation's result (a count, a comparison) must match.
// Any difference aborts.
//
// Program: byte 0 picks the index type (even: uint32_t, soft-capped at 320 elements;
// odd: uint8_t, whose max_size() is 255: an operation that would go past it must throw
// std::length_error and change nothing, in both lists it touches, while std::list skips
// it). Then each operation is an opcode byte followed by its argument bytes; a missing
// byte reads as 0. Values are decimal strings of a byte ("0".."255", "" from resize),
// so moved-from strings show up as differences. Two orders: the full one (<) and a
// coarse one (the first character only), under which "1", "12", "199" are equivalent:
// stability of sort and merge, and unique/remove_if with predicates, are checked.
// The documented iterator rules are checked too: an iterator taken before an insertion,
// sort, reverse or a splice within the list still points at the same value after it.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/containers/contiguous_list.hpp"

namespace {

using framelab::contiguous_list;
using framelab::indexed_contiguous_list;
using value = std::string;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_list: contiguous_list differs from std::list: %s\n", what.c_str());
  std::abort();
}

// The message is only built when the check fails (this runs after every operation).
#define FUZZ_CHECK(ok, what) \
  do {                       \
    if (!(ok)) fail(what);   \
  } while (false)

class reader {
 public:
  reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool done() const { return at_ >= size_; }
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : byte() % n; }  // in [0, n)

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// The coarse order: only the first character counts ("" first).
int coarse_key(const value& s) { return s.empty() ? -1 : static_cast<unsigned char>(s[0]); }
struct coarse_less {
  bool operator()(const value& a, const value& b) const { return coarse_key(a) < coarse_key(b); }
};
struct coarse_equal {
  bool operator()(const value& a, const value& b) const { return coarse_key(a) == coarse_key(b); }
};

template <class Index>
class harness {
  using ours_list = indexed_contiguous_list<value, Index>;
  using theirs_list = std::list<value>;
  // uint8_t: run into max_size() (255); wider: stay small enough to be fast.
  static constexpr std::size_t cap = std::numeric_limits<Index>::max() <= 255 ? 255 : 320;
  static constexpr bool capped_by_type = std::numeric_limits<Index>::max() <= 255;

 public:
  explicit harness(reader& in) : in_(in) {}

  void run() {
    for (int op = 0; !in_.done() && op < 2000; ++op) {
      step(in_.byte());
      // The operations that touch both lists; the others only list_.
      const bool both = op_ == 9 || op_ == 10 || op_ == 11 || op_ == 12 || op_ == 20 || op_ == 23 || op_ == 24;
      compare(list_);
      if (both) compare(1 - list_);
    }
    check_storage(0);
    check_storage(1);
  }

 private:
  reader& in_;
  std::array<ours_list, 2> ours_;
  std::array<theirs_list, 2> theirs_;
  int op_ = 0, list_ = 0;
  std::size_t size_ = 0;
  std::string last_op() const {
    return "op " + std::to_string(op_) + " on list " + std::to_string(list_) + " (size " + std::to_string(size_) + ")";
  }

  value next_value() { return std::to_string(in_.byte()); }
  std::vector<value> next_values(std::size_t max_count) {
    std::vector<value> v(in_.below(max_count + 1));
    for (auto& x : v) x = next_value();
    return v;
  }
  std::size_t next_count(std::size_t max_count) { return in_.below(max_count + 1); }

  template <class List>
  static auto at(List& l, std::size_t k) {
    return std::next(l.begin(), static_cast<std::ptrdiff_t>(k));
  }
  static std::vector<value> contents(const ours_list& l) { return {l.begin(), l.end()}; }

  // Grows list a (and maybe empties b) to `new_size`: true when both sides should run it.
  // Past max_size(), ours must throw length_error and leave both lists as they were.
  template <class F>
  bool growth_allowed(std::size_t new_size, int a, int b, F&& ours_op) {
    if (new_size <= cap) return true;
    if (!capped_by_type || new_size <= ours_[a].max_size()) return false;  // soft cap: skip
    const auto before_a = contents(ours_[a]);
    const auto before_b = contents(ours_[b]);
    try {
      ours_op();
    } catch (const std::length_error&) {
      FUZZ_CHECK(contents(ours_[a]) == before_a && contents(ours_[b]) == before_b,
            last_op() + ": a length_error changed a list");
      return false;
    }
    fail(last_op() + ": growing to " + std::to_string(new_size) + " elements did not throw length_error");
  }

  // An iterator to element k of list a on both sides, with the value it should keep.
  struct tracked {
    typename ours_list::iterator ours;
    typename theirs_list::iterator theirs;
    bool valid = false;
  };
  tracked track(int a) {
    tracked t;
    if (ours_[a].empty()) return t;
    const std::size_t k = in_.below(ours_[a].size());
    t.ours = at(ours_[a], k);
    t.theirs = at(theirs_[a], k);
    t.valid = true;
    return t;
  }
  void check_tracked(const tracked& t) {
    if (t.valid) FUZZ_CHECK(*t.ours == *t.theirs, last_op() + ": an iterator that must stay valid changed its value");
  }

  void step(std::uint8_t opcode) {
    const int a = in_.byte() & 1;
    const int b = 1 - a;
    ours_list& o = ours_[a];
    theirs_list& t = theirs_[a];
    const std::size_t n = o.size();
    op_ = opcode % 32;
    list_ = a;
    size_ = n;
    switch (opcode % 32) {
      case 0: {  // push_back
        const value v = next_value();
        const tracked keep = track(a);
        if (!growth_allowed(n + 1, a, b, [&] { o.push_back(v); })) break;
        o.push_back(v);
        t.push_back(v);
        check_tracked(keep);
        break;
      }
      case 1: {  // push_front
        const value v = next_value();
        const tracked keep = track(a);
        if (!growth_allowed(n + 1, a, b, [&] { o.push_front(v); })) break;
        o.push_front(v);
        t.push_front(v);
        check_tracked(keep);
        break;
      }
      case 2:  // pop_back
        if (n == 0) break;
        o.pop_back();
        t.pop_back();
        break;
      case 3:  // pop_front
        if (n == 0) break;
        o.pop_front();
        t.pop_front();
        break;
      case 4: {  // insert(pos, value): the returned iterator points at the new value
        const std::size_t k = in_.below(n + 1);
        const value v = next_value();
        const tracked keep = track(a);
        if (!growth_allowed(n + 1, a, b, [&] { o.insert(at(o, k), v); })) break;
        const auto i = o.insert(at(o, k), v);
        const auto j = t.insert(at(t, k), v);
        FUZZ_CHECK(*i == *j && std::distance(o.begin(), i) == std::distance(t.begin(), j), last_op() + ": insert's result");
        check_tracked(keep);
        break;
      }
      case 5: {  // insert(pos, count, value), value possibly an element of the list itself
        const std::size_t k = in_.below(n + 1);
        const std::size_t count = next_count(capped_by_type ? 300 : 16);
        const bool alias = (in_.byte() & 1) != 0 && n > 0;
        const std::size_t from = alias ? in_.below(n) : 0;
        const value v = alias ? *at(o, from) : next_value();
        const tracked keep = track(a);
        if (!growth_allowed(n + count, a, b, [&] { o.insert(at(o, k), count, alias ? *at(o, from) : v); })) break;
        const auto i = o.insert(at(o, k), count, alias ? *at(o, from) : v);
        const auto j = t.insert(at(t, k), count, alias ? *at(t, from) : v);
        FUZZ_CHECK(std::distance(o.begin(), i) == std::distance(t.begin(), j), last_op() + ": insert(count)'s result");
        check_tracked(keep);
        break;
      }
      case 6: {  // insert(pos, first, last): forward or single-pass (istream) range
        const std::size_t k = in_.below(n + 1);
        const auto values = next_values(capped_by_type ? 300 : 16);
        const bool single_pass = (in_.byte() & 1) != 0;
        const tracked keep = track(a);
        if (single_pass) {
          std::string words;
          for (const auto& v : values) words += v + " ";
          const auto insert_words = [&](auto& list) {
            std::istringstream in(words);
            return list.insert(at(list, k), std::istream_iterator<value>(in), std::istream_iterator<value>());
          };
          if (!growth_allowed(n + values.size(), a, b, [&] { insert_words(o); })) break;
          const auto i = insert_words(o);
          const auto j = insert_words(t);
          FUZZ_CHECK(std::distance(o.begin(), i) == std::distance(t.begin(), j), last_op() + ": insert(range)'s result");
        } else {
          if (!growth_allowed(n + values.size(), a, b, [&] { o.insert(at(o, k), values.begin(), values.end()); })) break;
          const auto i = o.insert(at(o, k), values.begin(), values.end());
          const auto j = t.insert(at(t, k), values.begin(), values.end());
          FUZZ_CHECK(std::distance(o.begin(), i) == std::distance(t.begin(), j), last_op() + ": insert(range)'s result");
        }
        check_tracked(keep);
        break;
      }
      case 7: {  // erase(pos): the returned iterator is the next element
        if (n == 0) break;
        const std::size_t k = in_.below(n);
        const auto i = o.erase(at(o, k));
        const auto j = t.erase(at(t, k));
        FUZZ_CHECK(std::distance(o.begin(), i) == std::distance(t.begin(), j), last_op() + ": erase's result");
        break;
      }
      case 8: {  // erase(first, last)
        std::size_t k1 = in_.below(n + 1);
        std::size_t k2 = in_.below(n + 1);
        if (k1 > k2) std::swap(k1, k2);
        const auto i = o.erase(at(o, k1), at(o, k2));
        const auto j = t.erase(at(t, k1), at(t, k2));
        FUZZ_CHECK(std::distance(o.begin(), i) == std::distance(t.begin(), j), last_op() + ": erase(range)'s result");
        break;
      }
      case 9: {  // splice(pos, other): all of b into a
        const std::size_t k = in_.below(n + 1);
        if (!growth_allowed(n + ours_[b].size(), a, b, [&] { o.splice(at(o, k), ours_[b]); })) break;
        o.splice(at(o, k), ours_[b]);
        t.splice(at(t, k), theirs_[b]);
        break;
      }
      case 10: {  // splice(pos, other, it): one element, from b or from a itself
        const int from = in_.byte() & 1 ? a : b;
        if (ours_[from].empty()) break;
        const std::size_t k = in_.below(n + 1);
        const std::size_t e = in_.below(ours_[from].size());
        if (from == a) {
          const tracked keep = track(a);
          o.splice(at(o, k), o, at(o, e));
          t.splice(at(t, k), t, at(t, e));
          check_tracked(keep);
        } else {
          if (!growth_allowed(n + 1, a, b, [&] { o.splice(at(o, k), ours_[b], at(ours_[b], e)); })) break;
          o.splice(at(o, k), ours_[b], at(ours_[b], e));
          t.splice(at(t, k), theirs_[b], at(theirs_[b], e));
        }
        break;
      }
      case 11: {  // splice(pos, other, first, last): a range, from b or from a itself
        const int from = in_.byte() & 1 ? a : b;
        const std::size_t m = ours_[from].size();
        std::size_t f = in_.below(m + 1);
        std::size_t l = in_.below(m + 1);
        if (f > l) std::swap(f, l);
        if (from == a) {
          // pos must lie outside [first, last): in [0, f) or [l, n].
          const std::size_t outside = f + (n - l + 1);
          std::size_t k = in_.below(outside);
          if (k >= f) k = l + (k - f);
          const tracked keep = track(a);
          o.splice(at(o, k), o, at(o, f), at(o, l));
          t.splice(at(t, k), t, at(t, f), at(t, l));
          check_tracked(keep);
        } else {
          const std::size_t k = in_.below(n + 1);
          auto& ob = ours_[b];
          if (!growth_allowed(n + (l - f), a, b, [&] { o.splice(at(o, k), ob, at(ob, f), at(ob, l)); })) break;
          o.splice(at(o, k), ob, at(ob, f), at(ob, l));
          t.splice(at(t, k), theirs_[b], at(theirs_[b], f), at(theirs_[b], l));
        }
        break;
      }
      case 12: {  // merge(other[, comp]) after sorting both; or a.merge(a), a no-op
        const bool coarse = (in_.byte() & 1) != 0;
        const int from = (in_.byte() % 8) == 0 ? a : b;
        if (coarse) {
          for (int s = 0; s < 2; ++s) ours_[s].sort(coarse_less{}), theirs_[s].sort(coarse_less{});
        } else {
          for (int s = 0; s < 2; ++s) ours_[s].sort(), theirs_[s].sort();
        }
        if (from == b &&
            !growth_allowed(n + ours_[b].size(), a, b, [&] { coarse ? o.merge(ours_[b], coarse_less{}) : o.merge(ours_[b]); }))
          break;
        if (coarse) {
          o.merge(ours_[from], coarse_less{});
          t.merge(theirs_[from], coarse_less{});
        } else {
          o.merge(ours_[from]);
          t.merge(theirs_[from]);
        }
        break;
      }
      case 13: {  // sort: stable; iterators stay valid
        const bool coarse = (in_.byte() & 1) != 0;
        const tracked keep = track(a);
        if (coarse) {
          o.sort(coarse_less{});
          t.sort(coarse_less{});
        } else {
          o.sort();
          t.sort();
        }
        check_tracked(keep);
        break;
      }
      case 14: {  // unique, returning the count removed
        const bool coarse = (in_.byte() & 1) != 0;
        const auto removed_ours = coarse ? o.unique(coarse_equal{}) : o.unique();
        const auto removed_theirs = coarse ? t.unique(coarse_equal{}) : t.unique();
        FUZZ_CHECK(removed_ours == removed_theirs, last_op() + ": unique's count");
        break;
      }
      case 15: {  // remove(value), the value possibly an element of the list itself
        const bool alias = (in_.byte() & 1) != 0 && n > 0;
        const std::size_t k = alias ? in_.below(n) : 0;
        const value v = next_value();
        const auto removed_ours = alias ? o.remove(*at(o, k)) : o.remove(v);
        const auto removed_theirs = alias ? t.remove(*at(t, k)) : t.remove(v);
        FUZZ_CHECK(removed_ours == removed_theirs, last_op() + ": remove's count");
        break;
      }
      case 16: {  // remove_if / std::erase_if on the first character
        const int key = coarse_key(next_value());
        const auto pred = [key](const value& s) { return coarse_key(s) <= key; };
        const bool free_function = (in_.byte() & 1) != 0;
        const auto removed_ours = free_function ? framelab::erase_if(o, pred) : o.remove_if(pred);
        const auto removed_theirs = free_function ? std::erase_if(t, pred) : t.remove_if(pred);
        FUZZ_CHECK(removed_ours == removed_theirs, last_op() + ": remove_if's count");
        break;
      }
      case 17: {  // reverse: iterators stay valid
        const tracked keep = track(a);
        o.reverse();
        t.reverse();
        check_tracked(keep);
        break;
      }
      case 18: {  // resize(count) / resize(count, value), the value possibly an element
        const std::size_t count = next_count(capped_by_type ? 300 : 64);
        const int form = in_.byte() % 3;
        const std::size_t k = n > 0 ? in_.below(n) : 0;
        const value v = next_value();
        const auto resize = [&](auto& list) {
          if (form == 0) {
            list.resize(count);
          } else if (form == 1 || list.empty()) {
            list.resize(count, v);
          } else {
            list.resize(count, *at(list, k));
          }
        };
        if (!growth_allowed(count, a, b, [&] { resize(o); })) break;
        resize(o);
        resize(t);
        break;
      }
      case 19: {  // assign(count, value) / assign(first, last) / assign(init) / = init
        const int form = in_.byte() % 4;
        if (form == 0) {
          const std::size_t count = next_count(capped_by_type ? 300 : 64);
          const value v = next_value();
          if (!growth_allowed(count, a, b, [&] { o.assign(count, v); })) break;
          o.assign(count, v);
          t.assign(count, v);
        } else if (form == 1) {
          const auto values = next_values(capped_by_type ? 300 : 64);
          if (!growth_allowed(values.size(), a, b, [&] { o.assign(values.begin(), values.end()); })) break;
          o.assign(values.begin(), values.end());
          t.assign(values.begin(), values.end());
        } else if (form == 2) {
          const value x = next_value(), y = next_value();
          o.assign({x, y});
          t.assign({x, y});
        } else {
          const value x = next_value();
          o = {x};
          t = {x};
        }
        break;
      }
      case 20:  // swap (member or free)
        if (in_.byte() & 1) {
          ours_[0].swap(ours_[1]);
        } else {
          swap(ours_[0], ours_[1]);
        }
        theirs_[0].swap(theirs_[1]);
        break;
      case 21:  // clear
        o.clear();
        t.clear();
        break;
      case 22: {  // compare the two lists: ==, <=>, <
        FUZZ_CHECK((ours_[0] == ours_[1]) == (theirs_[0] == theirs_[1]), "operator==");
        FUZZ_CHECK((ours_[0] <=> ours_[1]) == (theirs_[0] <=> theirs_[1]), "operator<=>");
        FUZZ_CHECK((ours_[0] < ours_[1]) == (theirs_[0] < theirs_[1]), "operator<");
        break;
      }
      case 23: {  // copy assignment (self-assignment included)
        const int from = in_.byte() & 1;
        o = ours_[from];
        t = theirs_[from];
        break;
      }
      case 24:  // move assignment from the other list: the source is left empty
        o = std::move(ours_[b]);
        t = std::move(theirs_[b]);
        theirs_[b].clear();
        FUZZ_CHECK(ours_[b].empty() && ours_[b].size() == 0 && ours_[b].begin() == ours_[b].end(),
              last_op() + ": a moved-from list is not empty");
        break;
      case 25: {  // copy / move construction, then back
        if (in_.byte() & 1) {
          ours_list copy(o);
          o.clear();
          o = copy;
        } else {
          ours_list moved(std::move(o));
          FUZZ_CHECK(o.empty(), last_op() + ": a moved-from list is not empty");
          o = std::move(moved);
        }
        break;
      }
      case 26: {  // construct from a vector (copy or move), count, (count, value), range
        const auto values = next_values(capped_by_type ? 300 : 64);
        const int form = in_.byte() % 4;
        const value v = next_value();
        if (values.size() > cap) {
          if (capped_by_type) {
            bool threw = false;
            try {
              if (form == 0) (void)ours_list(values).size();
              if (form == 1) (void)ours_list(values.size()).size();
              if (form == 2) (void)ours_list(values.size(), v).size();
              if (form == 3) (void)ours_list(values.begin(), values.end()).size();
            } catch (const std::length_error&) {
              threw = true;
            }
            FUZZ_CHECK(threw, last_op() + ": constructing past max_size() did not throw length_error");
          }
          break;
        }
        if (form == 0) {
          o = (in_.byte() & 1) ? ours_list(values) : ours_list(std::vector<value>(values));
          t.assign(values.begin(), values.end());
        } else if (form == 1) {
          o = ours_list(values.size());
          t = theirs_list(values.size());
        } else if (form == 2) {
          o = ours_list(values.size(), v);
          t = theirs_list(values.size(), v);
        } else {
          o = ours_list(values.begin(), values.end());
          t.assign(values.begin(), values.end());
        }
        break;
      }
      case 27: {  // linearize (list order unchanged), reserve, shrink_to_fit
        const int form = in_.byte() % 3;
        if (form == 0) o.linearize();
        if (form == 1) o.reserve(std::min<std::size_t>(o.max_size(), n + next_count(64)));
        if (form == 2) o.shrink_to_fit();
        FUZZ_CHECK(o.capacity() >= o.size(), last_op() + ": capacity() < size()");
        break;
      }
      case 28: {  // emplace / emplace_back / emplace_front, returning the new element
        const value v = next_value();
        const int form = in_.byte() % 3;
        const std::size_t k = in_.below(n + 1);
        if (!growth_allowed(n + 1, a, b, [&] { o.emplace_back(v); })) break;
        if (form == 0) {
          FUZZ_CHECK(o.emplace_back(v) == t.emplace_back(v), last_op() + ": emplace_back's result");
        } else if (form == 1) {
          FUZZ_CHECK(o.emplace_front(v) == t.emplace_front(v), last_op() + ": emplace_front's result");
        } else {
          FUZZ_CHECK(*o.emplace(at(o, k), v) == *t.emplace(at(t, k), v), last_op() + ": emplace's result");
        }
        break;
      }
      case 29: {  // std::erase(list, value)
        const value v = next_value();
        FUZZ_CHECK(framelab::erase(o, v) == std::erase(t, v), last_op() + ": erase(list, value)'s count");
        break;
      }
      case 30: {  // walk: forward and backward traversal with iterators (also const ones)
        const ours_list& co = o;
        FUZZ_CHECK(std::equal(co.cbegin(), co.cend(), t.cbegin(), t.cend()), last_op() + ": const traversal");
        FUZZ_CHECK(std::equal(co.crbegin(), co.crend(), t.crbegin(), t.crend()), last_op() + ": reverse traversal");
        if (n > 0) {
          // Walk forward k steps and back again: the same element on both sides.
          const std::size_t k = in_.below(n);
          auto i = at(o, k);
          auto j = at(t, k);
          for (std::size_t s = 0; s < k; ++s) --i, --j;
          FUZZ_CHECK(i == o.begin() && j == t.begin(), last_op() + ": walking back does not reach begin()");
        }
        break;
      }
      default:  // write through an iterator: the value of element k becomes v
        if (n > 0) {
          const std::size_t k = in_.below(n);
          const value v = next_value();
          *at(o, k) = v;
          *at(t, k) = v;
        }
        break;
    }
  }

  void compare(int s) {
    const ours_list& o = ours_[s];
    const theirs_list& t = theirs_[s];
    const auto where = [&] { return last_op() + ", list " + std::to_string(s); };
    FUZZ_CHECK(o.size() == t.size(), where() + ": size " + std::to_string(o.size()) + " vs " + std::to_string(t.size()));
    FUZZ_CHECK(o.empty() == t.empty(), where() + ": empty()");
    FUZZ_CHECK(std::equal(o.begin(), o.end(), t.begin(), t.end()), where() + ": forward contents");
    FUZZ_CHECK(std::equal(o.rbegin(), o.rend(), t.rbegin(), t.rend()), where() + ": backward contents");
    if (!t.empty()) FUZZ_CHECK(o.front() == t.front() && o.back() == t.back(), where() + ": front/back");
  }
  // The value array holds the same multiset (storage order is not list order).
  void check_storage(int s) {
    const auto where = [&] { return last_op() + ", list " + std::to_string(s); };
    std::vector<value> stored(ours_[s].values().begin(), ours_[s].values().end());
    const theirs_list& t = theirs_[s];
    std::vector<value> listed(t.begin(), t.end());
    std::sort(stored.begin(), stored.end());
    std::sort(listed.begin(), listed.end());
    FUZZ_CHECK(stored == listed, where() + ": values() does not hold the list's elements");
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  reader in(data + 1, size - 1);
  if (data[0] & 1) {
    harness<std::uint8_t>(in).run();
  } else {
    harness<std::uint32_t>(in).run();
  }
  return 0;
}
