#pragma once
// distinct_pairs_view: the n(n-1)/2 unordered pairs of different positions of a range,
// in the order of the nested loop
//   for (i = 0; i < n; ++i) for (j = i + 1; j < n; ++j) visit(X[i], X[j]);
// without storing any pair. distinct_pairs(r), cdistinct_pairs(r) make one.
// Source: docs/articles.md, distinct-pairs-iteration.
//
// - reference: std::pair<R, R> with R = the range's reference type (int& for a
//   std::vector<int>), so `p.first = x` and `*it = std::pair{a, b}` write the elements.
//   Pairs of pair views therefore are pairs of pairs of references (composition).
// - value_type: std::pair<V, V> of the range's value type (over const elements, the
//   reference type itself: C++20's std::pair leaves no common reference; pairs_support.hpp).
// - traversal: forward over a forward range; bidirectional over a bidirectional common
//   range (std::list); random access with O(1) jumps (closed-form k <-> (i, j), see
//   core/pairs/pairs_index.hpp) over a random-access sized range (std::vector, std::array,
//   std::views::iota, another random-access pair view). std::ranges::size when sized.
// - operator-> returns an arrow_proxy, so `it->first` works.
// - "distinct" means different positions: equal values at two positions still pair up.
// - Not std::indirectly_writable (C++20's std::pair has no const-qualified assignment),
//   so write through the references (for loops, std::for_each), not std::ranges::fill.
// The iterator scaffolding both views share: core/pairs/pairs_iterator_base.hpp; here only the order.
#include <cstddef>
#include <iterator>
#include <ranges>
#include <utility>

#include "core/pairs/pairs_index.hpp"
#include "core/pairs/pairs_iterator_base.hpp"
#include "core/pairs/pairs_support.hpp"

namespace framelab {

template <std::ranges::view V>
requires std::ranges::forward_range<V>
class distinct_pairs_view : public detail::pairs_view_base<distinct_pairs_view<V>, V> {
  using view_base = detail::pairs_view_base<distinct_pairs_view<V>, V>;
  friend view_base;

 public:
  template <bool Const>
  class iterator : public detail::pairs_iterator_base<iterator<Const>, detail::maybe_const<Const, V>> {
    using base = detail::pairs_iterator_base<iterator<Const>, detail::maybe_const<Const, V>>;
    friend base;

   public:
    using base::base;  // iterator(first, i, j, last): the pair (*i, *j), i < j; j == last is the end
    static constexpr bool is_distinct_pairs_iterator = true;

    // Position k of the current pair in nested-loop order; the end is P = n(n-1)/2.
    constexpr std::ptrdiff_t index() const requires base::indexed {
      const auto n = this->base_size();
      if (this->j_ == this->last_) return distinct_pair_count(n);
      return distinct_pair_index(n, this->offset(this->i_), this->offset(this->j_));
    }

    // Equal when at the same (i, j); all ends are equal whatever their i.
    friend constexpr bool operator==(const iterator& x, const iterator& y) {
      return x.j_ == y.j_ && (x.j_ == x.last_ || x.i_ == y.i_);
    }
    friend constexpr bool operator==(const iterator& x, std::default_sentinel_t) { return x.j_ == x.last_; }

   private:
    // (i, j) -> (i, j + 1); at the end of row i, -> (i + 1, i + 2). After the last pair
    // (n - 2, n - 1) this gives (n - 1, n): j == last, the end.
    constexpr void next() {
      if (++this->j_ == this->last_) {
        ++this->i_;
        this->j_ = std::ranges::next(this->i_);
      }
    }

    // The end steps back to (n - 2, n - 1); (i, i + 1) steps back to (i - 1, n - 1).
    constexpr void prev() requires base::bidirectional {
      if (this->j_ == this->last_) {
        this->j_ = std::ranges::prev(this->last_);
        this->i_ = std::ranges::prev(this->j_);
      } else if (--this->j_ == this->i_) {
        --this->i_;
        this->j_ = std::ranges::prev(this->last_);
      }
    }

    // Move to position k in [0, P] (P = the end) through the closed form (i, j) = at(n, k).
    constexpr void seek(std::ptrdiff_t k) {
      const auto n = this->base_size();
      if (k == distinct_pair_count(n)) {
        this->i_ = this->j_ = this->last_;
        return;
      }
      const auto [i, j] = distinct_pair_at(n, k);
      this->i_ = this->base_at(i);
      this->j_ = this->base_at(j);
    }
  };

  using view_base::view_base;

 private:
  // n(n-1)/2
  static constexpr std::ptrdiff_t pair_count(std::ptrdiff_t n) { return distinct_pair_count(n); }
  // The first pair is (0, 1); with fewer than two elements that is already the end.
  template <bool Const, class B>
  static constexpr iterator<Const> begin_iterator(B& base) {
    auto first = std::ranges::begin(base);
    auto last = detail::pairs_last(base);
    auto j = first == last ? first : std::ranges::next(first);
    return iterator<Const>(first, first, j, last);
  }
  // (n, n)
  template <bool Const, class B>
  static constexpr iterator<Const> end_iterator(B& base) {
    auto last = detail::pairs_last(base);
    return iterator<Const>(std::ranges::begin(base), last, last, last);
  }
};

template <class R>
distinct_pairs_view(R&&) -> distinct_pairs_view<std::views::all_t<R>>;

// distinct_pairs(r): the distinct pairs of r's elements (r outlives the view unless it is
// an rvalue container, which the view then owns, as std::views::all does).
template <std::ranges::viewable_range R>
requires std::ranges::forward_range<R>
constexpr auto distinct_pairs(R&& r) {
  return distinct_pairs_view<std::views::all_t<R>>(std::views::all(std::forward<R>(r)));
}
template <std::forward_iterator I, std::sentinel_for<I> S>
constexpr auto distinct_pairs(I first, S last) {
  return distinct_pairs(std::ranges::subrange<I, S>(std::move(first), std::move(last)));
}

// cdistinct_pairs(r): the same pairs as pairs of const references (also for the pairs of a
// pairs view: std::pair<std::pair<const T&, const T&>, ...>).
template <std::ranges::viewable_range R>
requires std::ranges::forward_range<R>
constexpr auto cdistinct_pairs(R&& r) {
  return distinct_pairs(detail::const_elements(std::forward<R>(r)));
}
template <std::forward_iterator I, std::sentinel_for<I> S>
constexpr auto cdistinct_pairs(I first, S last) {
  return cdistinct_pairs(std::ranges::subrange<I, S>(std::move(first), std::move(last)));
}

}  // namespace framelab

// The iterators hold only underlying iterators, never a pointer to the view: they stay
// valid after the view is gone whenever the underlying range's do.
template <class V>
inline constexpr bool std::ranges::enable_borrowed_range<framelab::distinct_pairs_view<V>> =
    std::ranges::enable_borrowed_range<V>;
