#pragma once
// The out-of-line list operations of framelab::contiguous_list: remove_if,
// unique, merge, splice, sort, linearize. Included at the end of
// core/containers/contiguous_list.hpp; see the scheme and the invalidation rules there.
#include "core/containers/contiguous_list.hpp"

namespace framelab {

// [SECTION] Removal: mark, then fill holes from the back
//
// remove_if / unique first unlink every erased node i and mark it with
// nodes[i].next = i (a linked node never points at itself); the predicate
// sees unmoved values throughout, so `value` may alias an element. Then
// compact_marked moves the survivors stored beyond the new size s = n - removed
// into the holes at 1..s, one at a time, fixing the neighbours' links.
template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::compact_marked(size_type removed) noexcept {
  if (removed == 0) return;
  auto& nodes = s_.nodes;
  const auto marked = [&nodes](size_type i) { return nodes[i].next == i; };
  const size_type s = size() - removed;
  size_type src = size();
  for (size_type hole = 1; hole <= s; ++hole) {
    if (!marked(hole)) continue;
    while (marked(src)) --src;  // holes in 1..s = survivors in s+1..n, so src > s
    const auto h = static_cast<Index>(hole);
    value_of(h) = std::move(value_of(static_cast<Index>(src)));
    nodes[hole] = nodes[src];
    nodes[nodes[hole].prev].next = h;
    nodes[nodes[hole].next].prev = h;
    --src;
  }
  s_.values.erase(s_.values.begin() + static_cast<difference_type>(s), s_.values.end());
  nodes.erase(nodes.begin() + static_cast<difference_type>(s + 1), nodes.end());
}

template <class T, class Allocator, contiguous_list_index Index>
template <class UnaryPredicate>
auto contiguous_list<T, Allocator, Index>::remove_if(UnaryPredicate pred) -> size_type {
  size_type removed = 0;
  try {
    for (size_type k = 1, n = size(); k <= n; ++k) {  // storage order: a linear scan
      const auto i = static_cast<Index>(k);
      if (pred(value_of(i))) {
        unlink(i);
        s_.nodes[k].next = i;
        ++removed;
      }
    }
  } catch (...) {
    compact_marked(removed);
    throw;
  }
  compact_marked(removed);
  return removed;
}

// As std::list: of each run of adjacent elements for which
// pred(kept, current) holds, only the first (kept) stays.
template <class T, class Allocator, contiguous_list_index Index>
template <class BinaryPredicate>
auto contiguous_list<T, Allocator, Index>::unique(BinaryPredicate pred) -> size_type {
  if (size() < 2) return 0;
  size_type removed = 0;
  try {
    Index kept = head();
    for (Index i = s_.nodes[kept].next; i != 0;) {
      const Index next = s_.nodes[i].next;
      if (pred(value_of(kept), value_of(i))) {
        unlink(i);
        s_.nodes[i].next = i;
        ++removed;
      } else {
        kept = i;
      }
      i = next;
    }
  } catch (...) {
    compact_marked(removed);
    throw;
  }
  compact_marked(removed);
  return removed;
}

// C++20 std::erase / std::erase_if for the list.
template <class T, class A, class Index, class U>
typename contiguous_list<T, A, Index>::size_type erase(contiguous_list<T, A, Index>& list, const U& value) {
  return list.remove_if([&value](const T& x) { return x == value; });
}
template <class T, class A, class Index, class Pred>
typename contiguous_list<T, A, Index>::size_type erase_if(contiguous_list<T, A, Index>& list, Pred pred) {
  return list.remove_if(pred);
}

// [SECTION] Transfers between lists
//
// Another list's values are moved into this list's arrays (appended, then
// linked), then erased from it. If a comparison or a move throws, what was
// transferred stays here and is erased there; both lists stay valid.

template <class T, class Allocator, contiguous_list_index Index>
template <class Compare>
void contiguous_list<T, Allocator, Index>::merge(contiguous_list& other, Compare comp) {
  if (std::addressof(other) == this || other.empty()) return;
  check_growth(other.size());
  grow_for(other.size());
  Index i = head();
  Index j = other.head();
  size_type moved = 0;
  try {
    while (j != 0) {
      // stable: other's element goes before i only if it is less than *i
      while (i != 0 && !comp(other.value_of(j), value_of(i))) i = s_.nodes[i].next;
      emplace_node(i, std::move(other.value_of(j)));
      j = other.s_.nodes[j].next;
      ++moved;
    }
  } catch (...) {
    other.erase(other.begin(), std::next(other.begin(), static_cast<difference_type>(moved)));
    throw;
  }
  other.clear();
}

// Whole list: append other's arrays as they are, shifting its indexes by
// n = size() (node k -> n + k), then hook its first..last chain in before pos.
template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::splice(const_iterator pos, contiguous_list& other) {
  if (std::addressof(other) == this || other.empty()) return;
  check_growth(other.size());
  if (empty() && get_allocator() == other.get_allocator()) {  // pos == end(): take other's arrays
    s_ = std::move(other.s_);
    other.release();
    return;
  }
  grow_for(other.size());
  if (s_.nodes.empty()) s_.nodes.push_back({0, 0});  // an empty list may have no sentinel yet
  const size_type n = size();
  s_.values.insert(s_.values.end(), std::make_move_iterator(other.s_.values.begin()),
                   std::make_move_iterator(other.s_.values.end()));
  const auto shift = static_cast<Index>(n);
  for (size_type k = 1; k < other.s_.nodes.size(); ++k) {
    const node o = other.s_.nodes[k];
    s_.nodes.push_back({static_cast<Index>(o.next + shift), static_cast<Index>(o.prev + shift)});
  }
  const auto first = static_cast<Index>(other.s_.nodes[0].next + shift);
  const auto last = static_cast<Index>(other.s_.nodes[0].prev + shift);
  const Index p = s_.nodes[pos.i_].prev;
  s_.nodes[p].next = first;
  s_.nodes[first].prev = p;
  s_.nodes[last].next = pos.i_;
  s_.nodes[pos.i_].prev = last;
  other.clear();
}

template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::splice(const_iterator pos, contiguous_list& other, const_iterator it) {
  const Index i = it.i_;
  if (std::addressof(other) == this) {
    if (pos.i_ == i || pos.i_ == s_.nodes[i].next) return;
    unlink(i);
    link_before(pos.i_, i);
    return;
  }
  emplace_node(pos.i_, std::move(other.value_of(i)));
  other.erase(it);
}

template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::splice(const_iterator pos, contiguous_list& other, const_iterator first,
                                                  const_iterator last) {
  if (first == last) return;
  if (std::addressof(other) == this) {  // relink [f, b] (b = prev(l)) between prev(pos) and pos
    const Index f = first.i_, l = last.i_, p = pos.i_;
    if (p == l || p == f) return;  // already in place (p == f: undefined for std::list)
    const Index b = s_.nodes[l].prev;
    const Index before_f = s_.nodes[f].prev;
    s_.nodes[before_f].next = l;
    s_.nodes[l].prev = before_f;
    const Index before_p = s_.nodes[p].prev;
    s_.nodes[before_p].next = f;
    s_.nodes[f].prev = before_p;
    s_.nodes[b].next = p;
    s_.nodes[p].prev = b;
    return;
  }
  const auto count = static_cast<size_type>(std::distance(first, last));
  check_growth(count);
  grow_for(count);
  Index i = first.i_;
  try {
    for (; i != last.i_; i = other.s_.nodes[i].next) emplace_node(pos.i_, std::move(other.value_of(i)));
  } catch (...) {
    other.erase(first, other.at(i));
    throw;
  }
  other.erase(first, last);
}

// [SECTION] Ordering

// Stable O(n log n): std::stable_sort of the node indexes in list order, by
// their values; then relink. Values do not move, so iterators stay valid.
template <class T, class Allocator, contiguous_list_index Index>
template <class Compare>
void contiguous_list<T, Allocator, Index>::sort(Compare comp) {
  if (size() < 2) return;
  std::vector<Index> order;
  order.reserve(size());
  for (Index i = head(); i != 0; i = s_.nodes[i].next) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [this, &comp](Index a, Index b) -> bool { return comp(value_of(a), value_of(b)); });
  relink_in_order(order);
}

template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::relink_in_order(const std::vector<Index>& order) noexcept {
  Index prev = 0;
  for (const Index i : order) {
    s_.nodes[prev].next = i;
    s_.nodes[i].prev = prev;
    prev = i;
  }
  s_.nodes[prev].next = 0;
  s_.nodes[0].prev = prev;
}

template <class T, class Allocator, contiguous_list_index Index>
void contiguous_list<T, Allocator, Index>::linearize() {
  std::vector<T, Allocator> in_order(get_allocator());
  in_order.reserve(size());
  for (Index i = head(); i != 0; i = s_.nodes[i].next) in_order.push_back(std::move(value_of(i)));
  s_.values.swap(in_order);
  link_in_storage_order();
}

}  // namespace framelab
