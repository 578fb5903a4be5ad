#pragma once
// The iterator of framelab::contiguous_list (core/containers/contiguous_list.hpp).
//
// An iterator is {storage*, i} (storage: core/containers/contiguous_list_storage.hpp):
// ++it is  i = nodes[i].next  (one load, no branch),  *it is values[i - 1]. It points at
// the list object, not into the arrays, so growing the arrays (insertion, reserve)
// never invalidates it.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>

#include "core/containers/contiguous_list_storage.hpp"

namespace framelab {

template <class T, class Allocator, contiguous_list_index Index>
class contiguous_list;

template <class Storage, bool Const>
class contiguous_list_iterator {
  using storage = std::conditional_t<Const, const Storage, Storage>;
  using index = typename Storage::index_type;

 public:
  using iterator_concept = std::bidirectional_iterator_tag;
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = typename Storage::value_type;
  using difference_type = std::ptrdiff_t;
  using pointer = std::conditional_t<Const, const value_type*, value_type*>;
  using reference = std::conditional_t<Const, const value_type&, value_type&>;

  contiguous_list_iterator() noexcept = default;

  // iterator -> const_iterator
  template <bool OtherConst>
  requires(Const && !OtherConst) contiguous_list_iterator(const contiguous_list_iterator<Storage, OtherConst>& other)
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
  template <class, class, contiguous_list_index>
  friend class contiguous_list;
  template <class, bool>
  friend class contiguous_list_iterator;

  contiguous_list_iterator(storage* s, index i) noexcept : s_(s), i_(i) {}

  storage* s_ = nullptr;
  index i_ = 0;
};

static_assert(
    std::bidirectional_iterator<
        contiguous_list_iterator<detail::contiguous_list_storage<int, std::allocator<int>, std::uint32_t>, false>>);
static_assert(
    std::bidirectional_iterator<
        contiguous_list_iterator<detail::contiguous_list_storage<int, std::allocator<int>, std::uint32_t>, true>>);

}  // namespace framelab
