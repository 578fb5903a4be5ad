#pragma once
// pairs_view: all n^2 ordered pairs (x, y) of a range's elements, including (x, x),
// in the order of the nested loop
//   for (i = 0; i < n; ++i) for (j = 0; j < n; ++j) visit(X[i], X[j]);
// without storing any pair. pairs(r), cpairs(r) make one.
// Source: docs/articles.md, distinct-pairs-iteration.
//
// Same conventions as distinct_pairs_view (core/pairs/pairs_distinct_view.hpp): reference
// std::pair<R, R> of the range's references, forward / bidirectional / random access
// following the underlying range, std::ranges::size, an arrow proxy, composition.
// The iterator scaffolding both share: core/pairs/pairs_iterator_base.hpp; here only the order.
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
class pairs_view : public detail::pairs_view_base<pairs_view<V>, V> {
  using view_base = detail::pairs_view_base<pairs_view<V>, V>;
  friend view_base;

 public:
  template <bool Const>
  class iterator : public detail::pairs_iterator_base<iterator<Const>, detail::maybe_const<Const, V>> {
    using base = detail::pairs_iterator_base<iterator<Const>, detail::maybe_const<Const, V>>;
    friend base;

   public:
    using base::base;  // iterator(first, i, j, last): the pair (*i, *j); i == last (with j == first) is the end

    // Position k = i n + j of the current pair; the end (n, 0) gives n^2.
    constexpr std::ptrdiff_t index() const requires base::indexed {
      return ordered_pair_index(this->base_size(), this->offset(this->i_), this->offset(this->j_));
    }

    friend constexpr bool operator==(const iterator& x, const iterator& y) { return x.i_ == y.i_ && x.j_ == y.j_; }
    friend constexpr bool operator==(const iterator& x, std::default_sentinel_t) { return x.i_ == x.last_; }

   private:
    // (i, j) -> (i, j + 1); after (i, n - 1) comes (i + 1, 0). After (n - 1, n - 1): (n, 0), the end.
    constexpr void next() {
      if (++this->j_ == this->last_) {
        ++this->i_;
        this->j_ = this->first_;
      }
    }

    // (i, 0) steps back to (i - 1, n - 1); the end (n, 0) to (n - 1, n - 1).
    constexpr void prev() requires base::bidirectional {
      if (this->j_ == this->first_) {
        --this->i_;
        this->j_ = this->last_;
      }
      --this->j_;
    }

    // Move to position k in [0, n^2] through (i, j) = (k / n, k mod n); k = n^2 gives the end (n, 0).
    constexpr void seek(std::ptrdiff_t k) {
      const auto n = this->base_size();
      if (n == 0) return;  // the only position is the end, (first, first)
      const auto [i, j] = ordered_pair_at(n, k);
      this->i_ = this->base_at(i);
      this->j_ = this->base_at(j);
    }
  };

  using view_base::view_base;

 private:
  // n^2
  static constexpr std::ptrdiff_t pair_count(std::ptrdiff_t n) { return ordered_pair_count(n); }
  template <bool Const, class B>
  static constexpr iterator<Const> begin_iterator(B& base) {
    auto first = std::ranges::begin(base);
    return iterator<Const>(first, first, first, detail::pairs_last(base));
  }
  // (n, 0)
  template <bool Const, class B>
  static constexpr iterator<Const> end_iterator(B& base) {
    auto first = std::ranges::begin(base);
    return iterator<Const>(first, detail::pairs_last(base), first, detail::pairs_last(base));
  }
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
