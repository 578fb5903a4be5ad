#pragma once
// The two arrays of framelab::contiguous_list (core/containers/contiguous_list.hpp) and the
// allocator they share.
//
// Article (docs/articles.md, contiguous-linked-list, section 2): the links and the values
// live in two separate contiguous arrays, and "the value associated with
// nodes[i] is values[i]". Here nodes[0] is the list's sentinel (its end()),
// so the value of node i, 1 <= i <= size(), is values[i - 1]:
//
//   nodes:  [ sentinel ][ n1 ][ n2 ][ n3 ] ...   n.next / n.prev are Index, 0 = end()
//   values:             [ v1 ][ v2 ][ v3 ] ...
//
// insert:  push a node and a value to the back of both arrays, link it in.
// erase i: unlink i, move the last stored node/value n into slot i, repoint
//          n's neighbours at i (nodes[prev(n)].next = i, nodes[next(n)].prev = i),
//          pop both arrays.                                       -> O(1), no free
// Memory: sizeof(T) + 2 * sizeof(Index) bytes per element plus the two
// vectors' slack, plus one sentinel node and two vectors per list.
//
// Both arrays are std::vectors with the list's allocator: values with Allocator itself,
// nodes with Allocator rebound to the node type (as std::list rebinds it to its nodes).
// The vectors construct and destroy through std::allocator_traits and carry out the
// allocator's propagation traits on copy, move and swap.
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace framelab {

// An index type of a contiguous_list: any unsigned integer type but bool.
template <class Index>
concept contiguous_list_index = std::unsigned_integral<Index> && !std::same_as<Index, bool>;

// What contiguous_list needs of T beyond std::list's needs (contiguous_list.hpp, difference 2):
// growth relocates elements and erase moves the last one into the hole.
template <class T>
concept contiguous_list_element = std::move_constructible<T> && std::is_move_assignable_v<T>;

// The smallest unsigned index type whose contiguous_list holds Capacity elements.
template <std::size_t Capacity>
using index_for_capacity_t =
    std::conditional_t<Capacity <= 0xFFu, std::uint8_t,
                       std::conditional_t<Capacity <= 0xFFFFu, std::uint16_t,
                                          std::conditional_t<Capacity <= 0xFFFF'FFFFu, std::uint32_t, std::uint64_t>>>;

namespace detail {

// What the deduction guides accept as an allocator (the standard's "qualifies as an allocator").
template <class A>
concept allocator_like = requires(A& a) {
  typename A::value_type;
  a.allocate(std::size_t{});
};

// The standard's synth-three-way: <=> when T has it, else built from <. (Asked with a
// requires-expression: emscripten's libc++ 13 has no std::three_way_comparable.)
struct synth_three_way {
  template <class U>
  constexpr auto operator()(const U& a, const U& b) const {
    if constexpr (requires { a <=> b; }) {
      return a <=> b;
    } else {
      if (a < b) return std::weak_ordering::less;
      if (b < a) return std::weak_ordering::greater;
      return std::weak_ordering::equivalent;
    }
  }
};

// std::lexicographical_compare_three_way(a, a_end, b, b_end, compare), which emscripten's
// libc++ 13 lacks: the first unequal pair decides, else the shorter range is less.
template <class ItA, class ItB, class Compare>
constexpr auto lexicographic_three_way(ItA a, ItA a_end, ItB b, ItB b_end, Compare compare) -> decltype(compare(*a, *b)) {
  for (; a != a_end && b != b_end; ++a, ++b)
    if (const auto order = compare(*a, *b); order != 0) return order;
  if (a != a_end) return std::strong_ordering::greater;
  if (b != b_end) return std::strong_ordering::less;
  return std::strong_ordering::equal;
}

template <class Index>
struct contiguous_list_node {
  Index next;  // first: forward traversal reads offset 0
  Index prev;
};

template <class T, class Allocator, class Index>
struct contiguous_list_storage {
  using value_type = T;
  using index_type = Index;
  using node = contiguous_list_node<Index>;
  using node_allocator = typename std::allocator_traits<Allocator>::template rebind_alloc<node>;

  std::vector<node, node_allocator> nodes;  // empty, or nodes[0] is the sentinel
  std::vector<T, Allocator> values;         // values[i - 1] belongs to nodes[i]

  contiguous_list_storage() = default;
  explicit contiguous_list_storage(const Allocator& alloc) noexcept : nodes(node_allocator(alloc)), values(alloc) {}
  contiguous_list_storage(const contiguous_list_storage&) = default;
  contiguous_list_storage(contiguous_list_storage&&) = default;
  // With another allocator: each vector moves its buffer if the allocators are equal, else
  // its elements (the source keeps its links and moved-from values).
  contiguous_list_storage(const contiguous_list_storage& other, const Allocator& alloc)
      : nodes(other.nodes, node_allocator(alloc)), values(other.values, alloc) {}
  contiguous_list_storage(contiguous_list_storage&& other,
                          const Allocator& alloc) noexcept(std::allocator_traits<Allocator>::is_always_equal::value)
      : nodes(std::move(other.nodes), node_allocator(alloc)), values(std::move(other.values), alloc) {}
  contiguous_list_storage& operator=(const contiguous_list_storage&) = default;
  contiguous_list_storage& operator=(contiguous_list_storage&&) = default;
  ~contiguous_list_storage() = default;
};

}  // namespace detail

}  // namespace framelab
