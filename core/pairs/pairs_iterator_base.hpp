#pragma once
// What the iterators of pairs_view and distinct_pairs_view share, written once (CRTP).
// A pair iterator holds four underlying iterators, first, i, j and last, and hands out the
// pair (*i, *j) of the range [first, last). The derived iterator says only how its pairs
// are ordered:
//   next(), prev()               the step to the next / previous pair
//   index()                      the position k of (i, j) in nested-loop order (random access)
//   seek(k)                      the move to position k (random access)
//   operator==                   when two positions are the same, and the end test
// and this base gives, in terms of those: the iterator types, *, ->, [], ++ and -- (both
// forms), += -= + -, the difference, the ordering, iter_move and the base_* accessors.
// pairs_view_base does the same for the two views: it holds the underlying view and hands
// out begin(), end() and size() from the derived view's begin_iterator, end_iterator, pair_count.
// Conventions (reference std::pair<R, R>, value_type, traversal): core/pairs/pairs_distinct_view.hpp.
#include <compare>
#include <cstddef>
#include <iterator>
#include <ranges>
#include <utility>

#include "core/pairs/pairs_support.hpp"

namespace framelab::detail {

template <class Derived, class BaseRange>
class pairs_iterator_base {
 protected:
  using base_range = BaseRange;
  using base_iterator = std::ranges::iterator_t<BaseRange>;
  using base_last = pairs_last_t<BaseRange>;
  static constexpr bool indexed = pairs_indexed<BaseRange>;
  static constexpr bool bidirectional = pairs_bidirectional<BaseRange>;

 public:
  using element_reference = std::ranges::range_reference_t<BaseRange>;
  using reference = pairs_reference_t<BaseRange>;  // std::pair<element_reference, element_reference>
  using value_type = pairs_value_t<BaseRange>;     // std::pair<V, V> (see pairs_support.hpp)
  using difference_type = std::ptrdiff_t;
  using iterator_concept = pairs_iterator_tag<BaseRange>;
  using iterator_category = iterator_concept;
  using pointer = arrow_proxy<reference>;

  pairs_iterator_base() = default;
  // The pair (*i, *j) of the range [first, last); the derived iterator says which (i, j) is the end.
  constexpr pairs_iterator_base(base_iterator first, base_iterator i, base_iterator j, base_last last)
      : first_(std::move(first)), i_(std::move(i)), j_(std::move(j)), last_(std::move(last)) {}

  // The underlying iterators, for algorithms that walk the pairs row by row.
  constexpr const base_iterator& base_first() const noexcept { return first_; }
  constexpr const base_iterator& base_i() const noexcept { return i_; }
  constexpr const base_iterator& base_j() const noexcept { return j_; }
  constexpr const base_last& base_end() const noexcept { return last_; }

  constexpr reference operator*() const { return reference(*i_, *j_); }
  constexpr pointer operator->() const { return pointer(**this); }
  constexpr reference operator[](difference_type d) const requires indexed { return *(derived() + d); }

  constexpr Derived& operator++() {
    derived().next();
    return derived();
  }
  constexpr Derived operator++(int) {
    auto old = derived();
    ++derived();
    return old;
  }
  constexpr Derived& operator--() requires bidirectional {
    derived().prev();
    return derived();
  }
  constexpr Derived operator--(int) requires bidirectional {
    auto old = derived();
    --derived();
    return old;
  }

  constexpr Derived& operator+=(difference_type d) requires indexed {
    derived().seek(derived().index() + d);
    return derived();
  }
  constexpr Derived& operator-=(difference_type d) requires indexed { return *this += -d; }
  friend constexpr Derived operator+(Derived it, difference_type d) requires indexed { return it += d; }
  friend constexpr Derived operator+(difference_type d, Derived it) requires indexed { return it += d; }
  friend constexpr Derived operator-(Derived it, difference_type d) requires indexed { return it -= d; }
  friend constexpr difference_type operator-(const Derived& x, const Derived& y) requires indexed {
    return x.index() - y.index();
  }
  friend constexpr std::strong_ordering operator<=>(const Derived& x, const Derived& y) requires indexed {
    return x.index() <=> y.index();
  }

  friend constexpr pairs_rvalue_reference_t<BaseRange> iter_move(const Derived& it) {
    return {std::ranges::iter_move(it.base_i()), std::ranges::iter_move(it.base_j())};
  }

 protected:
  constexpr Derived& derived() noexcept { return static_cast<Derived&>(*this); }
  constexpr const Derived& derived() const noexcept { return static_cast<const Derived&>(*this); }

  // n, the number of elements (random access)
  constexpr std::ptrdiff_t base_size() const requires indexed { return static_cast<std::ptrdiff_t>(last_ - first_); }
  // it - first (random access)
  constexpr std::ptrdiff_t offset(const base_iterator& it) const requires indexed {
    return static_cast<std::ptrdiff_t>(it - first_);
  }
  // first + k (random access)
  constexpr base_iterator base_at(std::ptrdiff_t k) const requires indexed {
    return first_ + static_cast<std::iter_difference_t<base_iterator>>(k);
  }

  base_iterator first_{};
  base_iterator i_{};
  base_iterator j_{};
  base_last last_{};
};

// The view: the underlying view V and begin / end / size for the derived view, which gives
//   template <bool Const, class B> static iterator<Const> begin_iterator(B& base)
//   template <bool Const, class B> static iterator<Const> end_iterator(B& base)
//   static std::ptrdiff_t pair_count(std::ptrdiff_t n)
// (B = V or const V). end() is end_iterator over a common range (pairs_common), else the
// default sentinel, which the iterators compare equal to at the end.
template <class Derived, std::ranges::view V>
class pairs_view_base : public std::ranges::view_interface<Derived> {
 public:
  pairs_view_base() requires std::default_initializable<V>
  = default;
  constexpr explicit pairs_view_base(V base) : base_(std::move(base)) {}

  constexpr V base() const& requires std::copy_constructible<V> { return base_; }
  constexpr V base() && { return std::move(base_); }

  constexpr auto begin() { return Derived::template begin_iterator<false>(base_); }
  constexpr auto begin() const requires std::ranges::forward_range<const V> {
    return Derived::template begin_iterator<true>(base_);
  }
  constexpr auto end() { return make_end<false>(base_); }
  constexpr auto end() const requires std::ranges::forward_range<const V> { return make_end<true>(base_); }

  constexpr std::size_t size() requires std::ranges::sized_range<V> {
    return static_cast<std::size_t>(Derived::pair_count(static_cast<std::ptrdiff_t>(std::ranges::size(base_))));
  }
  constexpr std::size_t size() const requires std::ranges::sized_range<const V> {
    return static_cast<std::size_t>(Derived::pair_count(static_cast<std::ptrdiff_t>(std::ranges::size(base_))));
  }

 private:
  template <bool Const, class B>
  static constexpr auto make_end(B& base) {
    if constexpr (pairs_common<B>)
      return Derived::template end_iterator<Const>(base);
    else
      return std::default_sentinel;
  }

  V base_ = V();
};

}  // namespace framelab::detail
