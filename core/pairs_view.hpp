#pragma once
// pairs_view: all n^2 ordered pairs (x, y) of a range's elements, including (x, x),
// in the order of the nested loop
//   for (i = 0; i < n; ++i) for (j = 0; j < n; ++j) visit(X[i], X[j]);
// without storing any pair. pairs(r), cpairs(r) make one.
// Source: ../shared/articles/distinct-pairs-iteration.txt.
//
// Same conventions as distinct_pairs_view (core/pairs_distinct_view.hpp): reference
// std::pair<R, R> of the range's references, forward / bidirectional / random access
// following the underlying range, std::ranges::size, an arrow proxy, composition.
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
class pairs_view : public std::ranges::view_interface<pairs_view<V>> {
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

    iterator() = default;
    // The pair (*i, *j) of the range [first, last); i == last (with j == first) is the end.
    constexpr iterator(base_iterator first, base_iterator i, base_iterator j, base_last last)
        : first_(std::move(first)), i_(std::move(i)), j_(std::move(j)), last_(std::move(last)) {}

    constexpr const base_iterator& base_first() const noexcept { return first_; }
    constexpr const base_iterator& base_i() const noexcept { return i_; }
    constexpr const base_iterator& base_j() const noexcept { return j_; }
    constexpr const base_last& base_end() const noexcept { return last_; }

    constexpr reference operator*() const { return reference(*i_, *j_); }
    constexpr pointer operator->() const { return pointer(**this); }
    constexpr reference operator[](difference_type d) const requires indexed { return *(*this + d); }

    // (i, j) -> (i, j + 1); after (i, n - 1) comes (i + 1, 0). After (n - 1, n - 1): (n, 0), the end.
    constexpr iterator& operator++() {
      if (++j_ == last_) {
        ++i_;
        j_ = first_;
      }
      return *this;
    }
    constexpr iterator operator++(int) {
      auto old = *this;
      ++*this;
      return old;
    }

    // (i, 0) steps back to (i - 1, n - 1); the end (n, 0) to (n - 1, n - 1).
    constexpr iterator& operator--() requires bidirectional {
      if (j_ == first_) {
        --i_;
        j_ = last_;
      }
      --j_;
      return *this;
    }
    constexpr iterator operator--(int) requires bidirectional {
      auto old = *this;
      --*this;
      return old;
    }

    // Position k = i n + j of the current pair; the end (n, 0) gives n^2.
    constexpr difference_type index() const requires indexed {
      return ordered_pair_index(static_cast<std::ptrdiff_t>(last_ - first_), static_cast<std::ptrdiff_t>(i_ - first_),
                                static_cast<std::ptrdiff_t>(j_ - first_));
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

    friend constexpr bool operator==(const iterator& x, const iterator& y) { return x.i_ == y.i_ && x.j_ == y.j_; }
    friend constexpr bool operator==(const iterator& x, std::default_sentinel_t) { return x.i_ == x.last_; }
    friend constexpr std::strong_ordering operator<=>(const iterator& x, const iterator& y) requires indexed {
      return x.index() <=> y.index();
    }

    friend constexpr detail::pairs_rvalue_reference_t<base_range> iter_move(const iterator& it) {
      return {std::ranges::iter_move(it.i_), std::ranges::iter_move(it.j_)};
    }

   private:
    // Move to position k in [0, n^2] through (i, j) = (k / n, k mod n); k = n^2 gives the end (n, 0).
    constexpr void seek(difference_type k) {
      using base_difference = std::iter_difference_t<base_iterator>;
      const auto n = static_cast<std::ptrdiff_t>(last_ - first_);
      if (n == 0) return;  // the only position is the end, (first, first)
      const auto [i, j] = ordered_pair_at(n, k);
      i_ = first_ + static_cast<base_difference>(i);
      j_ = first_ + static_cast<base_difference>(j);
    }

    base_iterator first_{};
    base_iterator i_{};
    base_iterator j_{};
    base_last last_{};
  };

  pairs_view() requires std::default_initializable<V>
  = default;
  constexpr explicit pairs_view(V base) : base_(std::move(base)) {}

  constexpr V base() const& requires std::copy_constructible<V> { return base_; }
  constexpr V base() && { return std::move(base_); }

  constexpr auto begin() { return make_begin<false>(base_); }
  constexpr auto begin() const requires std::ranges::forward_range<const V> { return make_begin<true>(base_); }
  constexpr auto end() { return make_end<false>(base_); }
  constexpr auto end() const requires std::ranges::forward_range<const V> { return make_end<true>(base_); }

  // n^2
  constexpr std::size_t size() requires std::ranges::sized_range<V> {
    return static_cast<std::size_t>(ordered_pair_count(static_cast<std::ptrdiff_t>(std::ranges::size(base_))));
  }
  constexpr std::size_t size() const requires std::ranges::sized_range<const V> {
    return static_cast<std::size_t>(ordered_pair_count(static_cast<std::ptrdiff_t>(std::ranges::size(base_))));
  }

 private:
  template <bool Const, class B>
  static constexpr iterator<Const> make_begin(B& base) {
    auto first = std::ranges::begin(base);
    return iterator<Const>(first, first, first, detail::pairs_last(base));
  }
  template <bool Const, class B>
  static constexpr auto make_end(B& base) {
    if constexpr (detail::pairs_common<B>) {
      auto first = std::ranges::begin(base);
      return iterator<Const>(first, detail::pairs_last(base), first, detail::pairs_last(base));
    } else {
      return std::default_sentinel;
    }
  }

  V base_ = V();
};

template <class R>
pairs_view(R&&) -> pairs_view<std::views::all_t<R>>;

// pairs(r): all ordered pairs of r's elements.
template <std::ranges::viewable_range R>
requires std::ranges::forward_range<R>
constexpr auto pairs(R&& r) {
  return pairs_view<std::views::all_t<R>>(std::views::all(std::forward<R>(r)));
}
template <std::forward_iterator I, std::sentinel_for<I> S>
constexpr auto pairs(I first, S last) {
  return pairs(std::ranges::subrange<I, S>(std::move(first), std::move(last)));
}

// cpairs(r): the same pairs as pairs of const references.
template <std::ranges::viewable_range R>
requires std::ranges::forward_range<R>
constexpr auto cpairs(R&& r) {
  return pairs(detail::const_elements(std::forward<R>(r)));
}
template <std::forward_iterator I, std::sentinel_for<I> S>
constexpr auto cpairs(I first, S last) {
  return cpairs(std::ranges::subrange<I, S>(std::move(first), std::move(last)));
}

}  // namespace framelab

template <class V>
inline constexpr bool std::ranges::enable_borrowed_range<framelab::pairs_view<V>> =
    std::ranges::enable_borrowed_range<V>;
