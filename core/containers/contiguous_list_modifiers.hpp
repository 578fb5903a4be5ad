#pragma once
// The out-of-line modifiers of framelab::contiguous_list: the node
// primitives (append-and-link, erase-by-moving-the-last), assignment, ranged
// insert/erase and resize. Included at the end of core/containers/contiguous_list.hpp;
// see the scheme and the invalidation rules there.
#include "core/containers/contiguous_list.hpp"

namespace framelab {

// [SECTION] Node primitives

// Appends a value and a node to the back of both arrays and links the node
// in before pos: prev(pos) <-> i <-> pos, with i = size().
template <class T, class Allocator, contiguous_list_index Index>
template <class... Args>
Index contiguous_list<T, Allocator, Index>::emplace_node(Index pos, Args&&... args) {
  static_assert(contiguous_list_element<T>, "contiguous_list: T must be move-constructible and move-assignable");
  if (size() >= max_size()) throw_length_error(size() + 1);
  if (s_.nodes.empty()) s_.nodes.push_back({0, 0});  // the sentinel, on first use
  s_.nodes.emplace_back();
  try {
    s_.values.emplace_back(std::forward<Args>(args)...);  // args may alias an element
  } catch (...) {
    s_.nodes.pop_back();
    throw;
  }
  const auto i = static_cast<Index>(size());
  link_before(pos, i);
  return i;
}

// Erase (article, section 2): unlink i, move the last stored node/value n
// into slot i, point n's neighbours at i, pop both arrays.
template <class T, class Allocator, contiguous_list_index Index>
Index contiguous_list<T, Allocator, Index>::erase_node(Index i, Index& tracked) {
  static_assert(contiguous_list_element<T>, "contiguous_list: T must be move-constructible and move-assignable");
  const auto n = static_cast<Index>(size());
  Index next = s_.nodes[i].next;
  if (i != n) {
    value_of(i) = std::move(value_of(n));  // first: if it throws, nothing is relinked
    unlink(i);
    s_.nodes[i] = s_.nodes[n];
    s_.nodes[s_.nodes[i].prev].next = i;  // nodes[prev(n)].next = i
    s_.nodes[s_.nodes[i].next].prev = i;  // nodes[next(n)].prev = i
    if (next == n) next = i;
    if (tracked == n) tracked = i;
  } else {
    unlink(i);
  }
  s_.values.pop_back();
  s_.nodes.pop_back();
  return next;
}

template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::rollback_to(size_type old_size) noexcept {
  while (size() > old_size) {
    unlink(static_cast<Index>(size()));
    s_.values.pop_back();
    s_.nodes.pop_back();
  }
}

// Links nodes 1..n in storage order: next(k) = k + 1, prev(k) = k - 1,
// next(n) = 0, prev(0) = n.
template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::link_in_storage_order() {
  const size_type n = size();
  try {
    s_.nodes.resize(n + 1);
  } catch (...) {
    clear();
    throw;
  }
  for (size_type k = 0; k <= n; ++k) s_.nodes[k] = {static_cast<Index>(k + 1), static_cast<Index>(k - 1)};
  s_.nodes[n].next = 0;
  s_.nodes[0].prev = static_cast<Index>(n);
}

template <class T, class Allocator, contiguous_list_index Index>
template <class Fill>
void contiguous_list<T, Allocator, Index>::fill_values(Fill fill) {
  try {
    fill();
  } catch (...) {
    clear();
    throw;
  }
  link_in_storage_order();
}

// [SECTION] Assignment (basic guarantee, as std::list; length_error changes nothing)

// Nodes first, then values: if either throws, clear() leaves a valid empty list (an
// empty node array with any values, or a full one with partial values, is repaired by it).
template <class T, class Allocator, contiguous_list_index Index>
template <class Storage>
void contiguous_list<T, Allocator, Index>::assign_arrays(Storage&& from) {
  try {
    s_.nodes = std::forward<Storage>(from).nodes;
    s_.values = std::forward<Storage>(from).values;
  } catch (...) {
    clear();
    throw;
  }
}

template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::assign(size_type count, const T& value) {
  check_new_size(count);
  if (in_storage(std::addressof(value))) {
    const T copy(value);
    return assign(count, copy);
  }
  clear();
  fill_values([&] { s_.values.assign(count, value); });
}

template <class T, class Allocator, contiguous_list_index Index>
template <std::input_iterator It>
void contiguous_list<T, Allocator, Index>::assign(It first, It last) {
  if constexpr (std::forward_iterator<It>) {
    check_new_size(static_cast<size_type>(std::distance(first, last)));
    clear();
    fill_values([&] { s_.values.assign(first, last); });
  } else {  // single pass: build aside so that length_error changes nothing
    contiguous_list built(get_allocator());
    for (; first != last; ++first) built.emplace_node(0, *first);
    swap(built);
  }
}

// [SECTION] Ranged insert / erase, resize

// All copies are appended to the arrays, so the first inserted one is node
// old_size + 1; on an exception the appended tail is unlinked and dropped.
template <class T, class Allocator, contiguous_list_index Index>
auto contiguous_list<T, Allocator, Index>::insert(const_iterator pos, size_type count, const T& value) -> iterator {
  if (count == 0) return at(pos.i_);
  check_growth(count);
  if (in_storage(std::addressof(value))) {  // grow_for may move it
    const T copy(value);
    return insert(pos, count, copy);
  }
  grow_for(count);
  const size_type old_size = size();
  try {
    for (size_type k = 0; k < count; ++k) emplace_node(pos.i_, value);
  } catch (...) {
    rollback_to(old_size);
    throw;
  }
  return at(static_cast<Index>(old_size + 1));
}

template <class T, class Allocator, contiguous_list_index Index>
template <std::input_iterator It>
auto contiguous_list<T, Allocator, Index>::insert(const_iterator pos, It first, It last) -> iterator {
  if constexpr (std::forward_iterator<It>) {
    const auto count = static_cast<size_type>(std::distance(first, last));
    check_growth(count);
    grow_for(count);
  }
  const size_type old_size = size();
  try {
    for (; first != last; ++first) emplace_node(pos.i_, *first);
  } catch (...) {
    rollback_to(old_size);  // strong guarantee, also for length_error
    throw;
  }
  return at(old_size == size() ? pos.i_ : static_cast<Index>(old_size + 1));
}

// Each erase moves the last stored element into the hole; `l` follows it
// if it is the one moved.
template <class T, class Allocator, contiguous_list_index Index>
auto contiguous_list<T, Allocator, Index>::erase(const_iterator first,
                                                 const_iterator last) noexcept(std::is_nothrow_move_assignable_v<T>)
    -> iterator {
  Index f = first.i_;
  Index l = last.i_;
  if (f == head() && l == 0) {
    clear();
    return end();
  }
  while (f != l) f = erase_node(f, l);
  return at(l);
}

template <class T, class Allocator, contiguous_list_index Index>
template <class... Value>
void contiguous_list<T, Allocator, Index>::resize_with(size_type count, const Value&... value) {
  check_new_size(count);
  if (count == 0) return clear();
  while (size() > count) pop_back();
  if (size() == count) return;
  const size_type old_size = size();
  grow_for(count - old_size);
  try {
    while (size() < count) emplace_node(0, value...);  // value-initialized without a value
  } catch (...) {
    rollback_to(old_size);
    throw;
  }
}

}  // namespace framelab
