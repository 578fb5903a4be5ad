#pragma once
// The storage and the iterator of framelab::contiguous_list (core/containers/contiguous_list.hpp).
//
// Article (docs/articles.md, contiguous-linked-list, section 2): the links and the values
// live in two separate contiguous arrays, and "the value associated with
// nodes[i] is values[i]". Here nodes[0] is the list's sentinel (its end()),
// so the value of node i, 1 <= i <= size(), is values[i - 1]:
//
//   nodes:  [ sentinel ][ n1 ][ n2 ][ n3 ] ...   n.next / n.prev are Index, 0 = end()
//   values:             [ v1 ][ v2 ][ v3 ] ...
//
// An iterator is {storage*, i}:  ++it is  i = nodes[i].next  (one load, no
// branch),  *it is values[i - 1]. It points at the list object, not into the
// arrays, so growing the arrays (insertion, reserve) never invalidates it.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>
#include <vector>

namespace framelab {

// An index type of a contiguous_list: any unsigned integer type but bool.
template <class Index>
concept contiguous_list_index = std::unsigned_integral<Index> && !std::same_as<Index, bool>;

template <class T, contiguous_list_index Index>
class contiguous_list;

namespace detail {

template <class Index>
struct contiguous_list_node {
  Index next;  // first: forward traversal reads offset 0
  Index prev;
};

template <class T, class Index>
struct contiguous_list_storage {
  std::vector<contiguous_list_node<Index>> nodes;  // empty, or nodes[0] is the sentinel
  std::vector<T> values;                           // values[i - 1] belongs to nodes[i]
};

}  // namespace detail

template <class T, contiguous_list_index Index, bool Const>
class contiguous_list_iterator {
  using storage = std::conditional_t<Const, const detail::contiguous_list_storage<T, Index>,
                                     detail::contiguous_list_storage<T, Index>>;

 public:
  using iterator_concept = std::bidirectional_iterator_tag;
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = std::conditional_t<Const, const T*, T*>;
  using reference = std::conditional_t<Const, const T&, T&>;

  contiguous_list_iterator() noexcept = default;

  // iterator -> const_iterator
  template <bool OtherConst>
  requires(Const && !OtherConst) contiguous_list_iterator(const contiguous_list_iterator<T, Index, OtherConst>& other)
  noexcept : s_(other.s_), i_(other.i_) {}

  // *it = values[i - 1]
  reference operator*() const noexcept { return s_->values[static_cast<std::size_t>(i_) - 1]; }
  pointer operator->() const noexcept { return std::addressof(**this); }

  // ++it: i = nodes[i].next
  contiguous_list_iterator& operator++() noexcept {
    i_ = s_->nodes[i_].next;
    return *this;
  }
  contiguous_list_iterator operator++(int) noexcept {
    contiguous_list_iterator old = *this;
    i_ = s_->nodes[i_].next;
    return old;
  }
  // --it: i = nodes[i].prev
  contiguous_list_iterator& operator--() noexcept {
    i_ = s_->nodes[i_].prev;
    return *this;
  }
  contiguous_list_iterator operator--(int) noexcept {
    contiguous_list_iterator old = *this;
    i_ = s_->nodes[i_].prev;
    return old;
  }

  // Iterators into different lists are not comparable (as for std::list), so
  // only the node index is compared.
  friend bool operator==(const contiguous_list_iterator& a, const contiguous_list_iterator& b) noexcept {
    return a.i_ == b.i_;
  }

 private:
  template <class, contiguous_list_index>
  friend class contiguous_list;
  template <class, contiguous_list_index, bool>
  friend class contiguous_list_iterator;

  contiguous_list_iterator(storage* s, Index i) noexcept : s_(s), i_(i) {}

  storage* s_ = nullptr;
  Index i_ = 0;
};

static_assert(std::bidirectional_iterator<contiguous_list_iterator<int, std::uint32_t, false>>);
static_assert(std::bidirectional_iterator<contiguous_list_iterator<int, std::uint32_t, true>>);

}  // namespace framelab
