#pragma once
// Pieces shared by pairs_view, distinct_pairs_view and the pair algorithms:
// what an underlying range allows (random access, bidirectional, common), the
// arrow proxy behind operator->, the element-constifying function of cpairs,
// and calling a function on a pair either as f(std::pair) or as f(a, b).
#include <concepts>
#include <functional>
#include <iterator>
#include <memory>
#include <ranges>
#include <type_traits>
#include <utility>

namespace framelab {

// operator-> of an iterator whose reference is a prvalue (a std::pair of references):
// `it->first` calls it.operator->(), which returns this proxy holding the pair by value;
// the language then applies operator-> again, reaching the pair. The proxy lives until the
// end of the full expression, so `it->first = x` writes the element.
template <class Reference>
class arrow_proxy {
 public:
  constexpr explicit arrow_proxy(Reference r) : value_(std::move(r)) {}
  constexpr Reference* operator->() noexcept { return std::addressof(value_); }
  constexpr const Reference* operator->() const noexcept { return std::addressof(value_); }

 private:
  Reference value_;
};

namespace detail {

template <bool Const, class T>
using maybe_const = std::conditional_t<Const, const T, T>;

// Random access in O(1) needs the element count n as well: (i, j) <-> k uses n.
template <class B>
inline constexpr bool pairs_indexed = std::ranges::random_access_range<B>&& std::ranges::sized_range<B>;

// Stepping back from the end needs an iterator to the end (a common range).
template <class B>
inline constexpr bool pairs_bidirectional = pairs_indexed<B> ||
                                            (std::ranges::bidirectional_range<B> && std::ranges::common_range<B>);

// The pair views are common ranges (end() is an iterator) when the underlying one is, or
// when it is random access and sized (its end iterator is begin + n).
template <class B>
inline constexpr bool pairs_common = pairs_indexed<B> || std::ranges::common_range<B>;

template <class B>
using pairs_last_t = std::conditional_t<pairs_common<B>, std::ranges::iterator_t<B>, std::ranges::sentinel_t<B>>;

// The underlying end, as an iterator whenever pairs_common<B>.
template <class B>
constexpr pairs_last_t<B> pairs_last(B& base) {
  if constexpr (pairs_indexed<B>)
    return std::ranges::next(std::ranges::begin(base),
                             static_cast<std::ranges::range_difference_t<B>>(std::ranges::size(base)));
  else
    return std::ranges::end(base);
}

// The strongest iterator category the pair iterators offer over B. It serves as both
// iterator_concept and iterator_category: like std::vector<bool>::iterator, the pair
// iterators claim their traversal category for the classic std:: algorithms although the
// reference is a proxy (a std::pair of references) rather than value_type&.
template <class B>
using pairs_iterator_tag = std::conditional_t<
    pairs_indexed<B>, std::random_access_iterator_tag,
    std::conditional_t<pairs_bidirectional<B>, std::bidirectional_iterator_tag, std::forward_iterator_tag>>;

// value_type of the pair iterators: std::pair<V, V> of the range's value type V, when the
// reference (std::pair<R, R>) and it have the common reference std::indirectly_readable asks
// for. C++20's std::pair converts both ways between std::pair<const T&, const T&> and
// std::pair<T, T>, which leaves them without one (C++23 adds pair's basic_common_reference);
// for such ranges (const elements) value_type is the reference type itself.
template <class Reference, class RvalueReference, class Value>
concept pair_value_fits =
    std::common_reference_with<Reference&&, Value&> && std::common_reference_with<Reference&&, RvalueReference&&> &&
    std::common_reference_with<RvalueReference&&, const Value&>;

template <class B>
using pairs_reference_t = std::pair<std::ranges::range_reference_t<B>, std::ranges::range_reference_t<B>>;
template <class B>
using pairs_rvalue_reference_t =
    std::pair<std::ranges::range_rvalue_reference_t<B>, std::ranges::range_rvalue_reference_t<B>>;
template <class B>
using pairs_value_t =
    std::conditional_t<pair_value_fits<pairs_reference_t<B>, pairs_rvalue_reference_t<B>,
                                       std::pair<std::ranges::range_value_t<B>, std::ranges::range_value_t<B>>>,
                       std::pair<std::ranges::range_value_t<B>, std::ranges::range_value_t<B>>, pairs_reference_t<B>>;

// const_ref<R>: R with const added to what it refers to, through std::pairs of references:
//   T& -> const T&,   std::pair<A, B> -> std::pair<const_ref<A>, const_ref<B>>,   T -> T.
template <class R>
struct const_ref {
  using type = R;
};
template <class T>
struct const_ref<T&> {
  using type = const T&;
};
template <class A, class B>
struct const_ref<std::pair<A, B>> {
  using type = std::pair<typename const_ref<A>::type, typename const_ref<B>::type>;
};

// The function cpairs / cdistinct_pairs map the elements through (with a transform_view),
// so that even the pairs of a pairs view become pairs of const references.
struct as_const_element_fn {
  template <class R>
  constexpr typename const_ref<R>::type operator()(R&& r) const {
    return static_cast<typename const_ref<R>::type>(std::forward<R>(r));
  }
};

template <class R>
constexpr auto const_elements(R&& r) {
  return std::ranges::transform_view(std::forward<R>(r), as_const_element_fn{});
}

}  // namespace detail

// F can be called on a pair of elements with reference type Ref, either with the pair
// as the views hand it out, f(std::pair<Ref, Ref>), or with the two elements, f(a, b).
template <class F, class Ref>
concept pair_invocable = std::invocable<F&, std::pair<Ref, Ref>> || std::invocable<F&, Ref, Ref>;

namespace detail {

// f(std::pair<Ref, Ref>(a, b)) when that is callable, f(a, b) otherwise.
template <class Ref, class F, class A, class B>
constexpr decltype(auto) invoke_on_pair(F& f, A& a, B&& b) {
  if constexpr (std::invocable<F&, std::pair<Ref, Ref>>)
    return std::invoke(f, std::pair<Ref, Ref>(static_cast<Ref>(a), static_cast<Ref>(b)));
  else
    return std::invoke(f, static_cast<Ref>(a), static_cast<Ref>(b));
}

}  // namespace detail
}  // namespace framelab
