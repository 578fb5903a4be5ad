#pragma once
// distinct_pairs_view: the n(n-1)/2 unordered pairs of different positions of a range,
// in the order of the nested loop
//   for (i = 0; i < n; ++i) for (j = i + 1; j < n; ++j) visit(X[i], X[j]);
// without storing any pair. distinct_pairs(r), cdistinct_pairs(r) make one.
// Source: ../shared/articles/distinct-pairs-iteration.txt.
//
// - reference: std::pair<R, R> with R = the range's reference type (int& for a
//   std::vector<int>), so `p.first = x` and `*it = std::pair{a, b}` write the elements.
//   Pairs of pair views therefore are pairs of pairs of references (composition).
// - value_type: std::pair<V, V> of the range's value type (over const elements, the
//   reference type itself: C++20's std::pair leaves no common reference; pairs_support.hpp).
// - traversal: forward over a forward range; bidirectional over a bidirectional common
//   range (std::list); random access with O(1) jumps (closed-form k <-> (i, j), see
//   core/pairs_index.hpp) over a random-access sized range (std::vector, std::array,
//   std::views::iota, another random-access pair view). std::ranges::size when sized.
// - operator-> returns an arrow_proxy, so `it->first` works.
// - "distinct" means different positions: equal values at two positions still pair up.
// - Not std::indirectly_writable (C++20's std::pair has no const-qualified assignment),
//   so write through the references (for loops, std::for_each), not std::ranges::fill.
#include <compare>
#include <cstddef>
#include <iterator>
#include <ranges>
#include <utility>

#include "core/pairs_index.hpp"
#include "core/pairs_support.hpp"

namespace framelab {

template <std::ranges::view V>
requires std::ranges::forward_range<V>
class distinct_pairs_view : public std::ranges::view_interface<distinct_pairs_view<V>> {
 public:
  template <bool Const>
  class iterator {
    using base_range = detail::maybe_const<Const, V>;
    using base_iterator = std::ranges::iterator_t<base_range>;
    using base_last = detail::pairs_last_t<base_range>;
    static constexpr bool indexed = detail::pairs_indexed<base_range>;
    static constexpr bool bidirectional = detail::pairs_bidirectional<base_range>;

   public:
    using element_reference = std::ranges::range_reference_t<base_range>;
    using reference = detail::pairs_reference_t<base_range>;  // std::pair<element_reference, element_reference>
    using value_type = detail::pairs_value_t<base_range>;     // std::pair<V, V> (see pairs_support.hpp)
    using difference_type = std::ptrdiff_t;
    using iterator_concept = detail::pairs_iterator_tag<base_range>;
    using iterator_category = iterator_concept;
    using pointer = arrow_proxy<reference>;
    static constexpr bool is_distinct_pairs_iterator = true;

    iterator() = default;
    // The pair (*i, *j) of the range [first, last), i < j; j == last is the end.
    constexpr iterator(base_iterator first, base_iterator i, base_iterator j, base_last last)
        : first_(std::move(first)), i_(std::move(i)), j_(std::move(j)), last_(std::move(last)) {}

    // The underlying iterators, for algorithms that walk the pair triangle row by row.
    constexpr const base_iterator& base_first() const noexcept { return first_; }
    constexpr const base_iterator& base_i() const noexcept { return i_; }
    constexpr const base_iterator& base_j() const noexcept { return j_; }
    constexpr const base_last& base_end() const noexcept { return last_; }

    constexpr reference operator*() const { return reference(*i_, *j_); }
    constexpr pointer operator->() const { return pointer(**this); }
    constexpr reference operator[](difference_type d) const requires indexed { return *(*this + d); }

    // (i, j) -> (i, j + 1); at the end of row i, -> (i + 1, i + 2). After the last pair
    // (n - 2, n - 1) this gives (n - 1, n): j == last, the end.
    constexpr iterator& operator++() {
      if (++j_ == last_) {
        ++i_;
        j_ = std::ranges::next(i_);
      }
      return *this;
    }
    constexpr iterator operator++(int) {
      auto old = *this;
      ++*this;
      return old;
    }

    // The end steps back to (n - 2, n - 1); (i, i + 1) steps back to (i - 1, n - 1).
    constexpr iterator& operator--() requires bidirectional {
      if (j_ == last_) {
        j_ = std::ranges::prev(last_);
        i_ = std::ranges::prev(j_);
      } else if (--j_ == i_) {
        --i_;
        j_ = std::ranges::prev(last_);
      }
      return *this;
    }
    constexpr iterator operator--(int) requires bidirectional {
      auto old = *this;
      --*this;
      return old;
    }

    // Position k of the current pair in nested-loop order; the end is P = n(n-1)/2.
    constexpr difference_type index() const requires indexed {
      const auto n = static_cast<std::ptrdiff_t>(last_ - first_);
      if (j_ == last_) return distinct_pair_count(n);
      return distinct_pair_index(n, static_cast<std::ptrdiff_t>(i_ - first_), static_cast<std::ptrdiff_t>(j_ - first_));
    }

    constexpr iterator& operator+=(difference_type d) requires indexed {
      seek(index() + d);
      return *this;
    }
    constexpr iterator& operator-=(difference_type d) requires indexed { return *this += -d; }
    friend constexpr iterator operator+(iterator it, difference_type d) requires indexed { return it += d; }
    friend constexpr iterator operator+(difference_type d, iterator it) requires indexed { return it += d; }
    friend constexpr iterator operator-(iterator it, difference_type d) requires indexed { return it -= d; }
    friend constexpr difference_type operator-(const iterator& x, const iterator& y) requires indexed {
      return x.index() - y.index();
    }

    // Equal when at the same (i, j); all ends are equal whatever their i.
    friend constexpr bool operator==(const iterator& x, const iterator& y) {
      return x.j_ == y.j_ && (x.j_ == x.last_ || x.i_ == y.i_);
    }
    friend constexpr bool operator==(const iterator& x, std::default_sentinel_t) { return x.j_ == x.last_; }
    friend constexpr std::strong_ordering operator<=>(const iterator& x, const iterator& y) requires indexed {
      return x.index() <=> y.index();
    }

    friend constexpr detail::pairs_rvalue_reference_t<base_range> iter_move(const iterator& it) {
      return {std::ranges::iter_move(it.i_), std::ranges::iter_move(it.j_)};
    }

   private:
    // Move to position k in [0, P] (P = the end) through the closed form (i, j) = at(n, k).
    constexpr void seek(difference_type k) {
      using base_difference = std::iter_difference_t<base_iterator>;
      const auto n = static_cast<std::ptrdiff_t>(last_ - first_);
      if (k == distinct_pair_count(n)) {
        i_ = j_ = last_;
        return;
      }
      const auto [i, j] = distinct_pair_at(n, k);
      i_ = first_ + static_cast<base_difference>(i);
      j_ = first_ + static_cast<base_difference>(j);
    }

    base_iterator first_{};
    base_iterator i_{};
    base_iterator j_{};
    base_last last_{};
  };

  distinct_pairs_view() requires std::default_initializable<V>
  = default;
  constexpr explicit distinct_pairs_view(V base) : base_(std::move(base)) {}

  constexpr V base() const& requires std::copy_constructible<V> { return base_; }
  constexpr V base() && { return std::move(base_); }

  constexpr auto begin() { return make_begin<false>(base_); }
  constexpr auto begin() const requires std::ranges::forward_range<const V> { return make_begin<true>(base_); }
  constexpr auto end() { return make_end<false>(base_); }
  constexpr auto end() const requires std::ranges::forward_range<const V> { return make_end<true>(base_); }

  // n(n-1)/2
  constexpr std::size_t size() requires std::ranges::sized_range<V> {
    return static_cast<std::size_t>(distinct_pair_count(static_cast<std::ptrdiff_t>(std::ranges::size(base_))));
  }
  constexpr std::size_t size() const requires std::ranges::sized_range<const V> {
    return static_cast<std::size_t>(distinct_pair_count(static_cast<std::ptrdiff_t>(std::ranges::size(base_))));
  }

 private:
  // The first pair is (0, 1); with fewer than two elements that is already the end.
  template <bool Const, class B>
  static constexpr iterator<Const> make_begin(B& base) {
    auto first = std::ranges::begin(base);
    auto last = detail::pairs_last(base);
    auto j = first == last ? first : std::ranges::next(first);
    return iterator<Const>(first, first, j, last);
  }
  template <bool Const, class B>
  static constexpr auto make_end(B& base) {
    if constexpr (detail::pairs_common<B>) {
      auto last = detail::pairs_last(base);
      return iterator<Const>(std::ranges::begin(base), last, last, last);
    } else {
      return std::default_sentinel;
    }
  }

  V base_ = V();
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
