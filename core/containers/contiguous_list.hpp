#pragma once
// framelab::contiguous_list<T, Allocator, Index>: a drop-in std::list whose links and
// values live in two contiguous arrays (article: docs/articles.md, contiguous-linked-list).
//
// Parameters: contiguous_list<T, Allocator = std::allocator<T>, Index = std::uint32_t>. The
// first two are std::list's, so std::list<T> and std::list<T, MyAlloc> become
// contiguous_list<T> and contiguous_list<T, MyAlloc> unchanged. The index type (the width
// of a link, hence max_size()) comes third; indexed_contiguous_list<T, Index> and
// small_contiguous_list<T, Capacity> name a list by its index type. An index type in the
// allocator's place is refused with a message naming indexed_contiguous_list.
//
// Differences from std::list, all from the design (everything else is std::list's):
//  1. Elements live in growing arrays: growth relocates them, so pointers and references
//     to elements are invalidated when size() would exceed capacity() (reserve() first to
//     keep them), and erasure moves the element stored last into the hole (see below).
//     Iterators survive growth: they hold the list and a node index.
//  2. T must be move-constructible and move-assignable (as for std::vector::erase);
//     std::list also holds types that are neither (built with emplace).
//  3. An iterator refers to its list object: swap, move, and merge/splice from another
//     list invalidate iterators to the elements moved (std::list's follow the elements).
//  4. merge/splice from another list move the values into this list's arrays, so they
//     may allocate and throw (std::list's splice is noexcept); the other list's allocator
//     need not equal ours (std::list: undefined).
//  5. sort() takes temporary memory (the node order, std::stable_sort's buffer) from the
//     global heap; the arrays always use the list's allocator.
//  6. erase and pop_* are noexcept only if T's move assignment is (they move the last
//     element into the hole); std::list's always are.
//
// Allocator: as std::list's: get_allocator(), the allocator-extended constructors, copy
// construction through select_on_container_copy_construction, and propagation on copy
// assignment, move assignment and swap as the allocator's traits say. Move assignment
// between unequal allocators that do not propagate moves element by element; swap between
// them is undefined, as for std::list. noexcept of the default constructor, destructor,
// move constructor, move assignment and swap is libstdc++ std::list's for the same
// allocator (static_asserts side by side: tests/core/containers/*allocator_test.cpp).
//
// Limits: max_size() = numeric_limits<Index>::max() (node 0 is the sentinel, so
// a uint8_t list holds 255 elements, uint16_t 65535, ...), or less if the
// vectors' max_size() is smaller. Growing past it throws std::length_error
// and leaves the list unchanged.
//
// Scheme: core/containers/contiguous_list_storage.hpp (arrays), _modifiers.hpp (erase).
// Iterator invalidation (differs from std::list where marked *):
//  - Insertion (insert, emplace, push_*, growing resize, merge/splice INTO
//    this list): no iterator is invalidated. *References to elements are
//    invalidated when the arrays grow (difference 1).
//  - *Erasure (erase, pop_*, shrinking resize, remove, remove_if, unique,
//    erase/erase_if, and the source of merge/splice from another list):
//    invalidates iterators and references to the erased elements AND to the
//    elements whose position in values() before the call is >= size() after
//    it (they are moved into the holes); all others stay valid. So erasing
//    the element stored last (values().back(), e.g. the latest push when
//    nothing was erased since) moves nothing. end() stays valid.
//  - *merge/splice from another list: iterators to the transferred elements
//    are invalidated (difference 3).
//  - sort, reverse, splice within one list: nothing is invalidated (links only).
//  - *swap, move construction/assignment: all iterators of both lists are
//    invalidated; end() of each list object stays its end(). clear, assign,
//    copy assignment, linearize: all invalidated but end().
//  - reserve, shrink_to_fit: iterators stay valid, references may not.
// Exceptions: single-element insert, emplace and push are strong, as are ranged insert
// and resize, also when the arrays grow (a T whose move constructor may throw is copied
// then, as by std::vector; if it cannot be copied, growth is only basic). If T's move
// assignment throws, erase leaves the list valid; in remove/remove_if/unique it
// terminates (noexcept compaction).
// Ranges given to insert/assign must not point into this list (its
// iterators or values()), as for std::list.
// Order: values() is in storage order, not list order. remove/remove_if call
// the predicate in storage order (std::list: list order); comparators and
// predicates get T& as with std::list.
#include <algorithm>
#include <compare>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/containers/contiguous_list_iterator.hpp"

namespace framelab {

template <class T, class Allocator = std::allocator<T>, contiguous_list_index Index = std::uint32_t>
class contiguous_list {
  static_assert(!std::is_integral_v<Allocator>,
                "contiguous_list<T, Allocator, Index>: the second parameter is the allocator, as for std::list; "
                "name a list by its index type with indexed_contiguous_list<T, Index>");
  static_assert(std::is_same_v<typename std::allocator_traits<Allocator>::value_type, T>,
                "contiguous_list<T, Allocator, Index>: Allocator::value_type must be T, as for std::list");
  using storage = detail::contiguous_list_storage<T, Allocator, Index>;
  using node = typename storage::node;
  using alloc_traits = std::allocator_traits<Allocator>;
  static constexpr bool nothrow_move_assign =
      alloc_traits::propagate_on_container_move_assignment::value || alloc_traits::is_always_equal::value;
  static constexpr bool nothrow_move_construct = std::is_nothrow_move_constructible_v<Allocator> &&
                                                 std::is_nothrow_move_constructible_v<typename storage::node_allocator>;

 public:
  using value_type = T;
  using allocator_type = Allocator;
  using index_type = Index;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = typename alloc_traits::pointer;
  using const_pointer = typename alloc_traits::const_pointer;
  using iterator = contiguous_list_iterator<storage, false>;
  using const_iterator = contiguous_list_iterator<storage, true>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  // [SECTION] Construction and assignment (the allocator as in std::list's)
  contiguous_list() = default;  // noexcept if Allocator's default constructor is, as std::list's
  explicit contiguous_list(const Allocator& alloc) noexcept : s_(alloc) {}
  explicit contiguous_list(size_type count, const Allocator& alloc = Allocator()) : s_(alloc) {
    check_new_size(count);
    s_.values.resize(count);
    link_in_storage_order();
  }
  contiguous_list(size_type count, const T& value, const Allocator& alloc = Allocator()) : s_(alloc) {
    assign(count, value);
  }
  template <std::input_iterator It>
  contiguous_list(It first, It last, const Allocator& alloc = Allocator()) : s_(alloc) {
    assign(first, last);
  }
  contiguous_list(std::initializer_list<T> init, const Allocator& alloc = Allocator()) : s_(alloc) {
    assign(init.begin(), init.end());
  }
  // From a vector of values, by copy or by move; list order = vector order.
  explicit contiguous_list(const std::vector<T, Allocator>& values)
      : s_(alloc_traits::select_on_container_copy_construction(values.get_allocator())) {
    check_new_size(values.size());
    s_.values.assign(values.begin(), values.end());
    link_in_storage_order();
  }
  explicit contiguous_list(std::vector<T, Allocator>&& values) : s_(values.get_allocator()) {
    check_new_size(values.size());
    s_.values = std::move(values);  // the same allocator: takes the buffer
    link_in_storage_order();
  }
  // Copies both arrays as they are: links are indexes, so nothing is relinked.
  contiguous_list(const contiguous_list& other) = default;
  contiguous_list(const contiguous_list& other, const std::type_identity_t<Allocator>& alloc) : s_(other.s_, alloc) {}
  contiguous_list(contiguous_list&& other) noexcept(nothrow_move_construct) : s_(std::move(other.s_)) {
    other.release();
  }
  // Unequal allocators: the values are moved one by one; `other` is left empty either way.
  contiguous_list(contiguous_list&& other,
                  const std::type_identity_t<Allocator>& alloc) noexcept(alloc_traits::is_always_equal::value)
      : s_(std::move(other.s_), alloc) {
    other.release();
  }
  ~contiguous_list() = default;

  contiguous_list& operator=(const contiguous_list& other) {
    if (this != std::addressof(other)) assign_arrays(other.s_);
    return *this;
  }
  // Takes other's arrays if the allocator propagates or is equal; else moves the values
  // one by one into this list's arrays. `other` is left empty, also if that throws.
  contiguous_list& operator=(contiguous_list&& other) noexcept(nothrow_move_assign) {
    if (this == std::addressof(other)) return *this;
    const release_on_exit emptied{other};
    assign_arrays(std::move(other.s_));
    return *this;
  }
  contiguous_list& operator=(std::initializer_list<T> init) {
    assign(init.begin(), init.end());
    return *this;
  }
  void assign(size_type count, const T& value);
  template <std::input_iterator It>
  void assign(It first, It last);
  void assign(std::initializer_list<T> init) { assign(init.begin(), init.end()); }
  allocator_type get_allocator() const noexcept { return s_.values.get_allocator(); }

  // [SECTION] Element access
  reference front() { return value_of(s_.nodes[0].next); }
  const_reference front() const { return value_of(s_.nodes[0].next); }
  reference back() { return value_of(s_.nodes[0].prev); }
  const_reference back() const { return value_of(s_.nodes[0].prev); }
  // The value array in storage order (not list order), for order-independent
  // algorithms (accumulate, count, any_of, fill, replace) run straight over it.
  std::span<const T> values() const noexcept { return s_.values; }
  std::span<T> values() noexcept { return s_.values; }

  // [SECTION] Iterators
  iterator begin() noexcept { return at(head()); }
  const_iterator begin() const noexcept { return at(head()); }
  const_iterator cbegin() const noexcept { return begin(); }
  iterator end() noexcept { return at(0); }
  const_iterator end() const noexcept { return at(0); }
  const_iterator cend() const noexcept { return end(); }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator crbegin() const noexcept { return rbegin(); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }
  const_reverse_iterator crend() const noexcept { return rend(); }

  // [SECTION] Capacity
  [[nodiscard]] bool empty() const noexcept { return s_.values.empty(); }
  size_type size() const noexcept { return s_.values.size(); }
  // Node 0 is the sentinel, so nodes 1..Index max hold elements.
  size_type max_size() const noexcept {
    constexpr auto index_max = std::numeric_limits<Index>::max();
    const size_type vectors = std::min(s_.values.max_size(), s_.nodes.max_size() - 1);
    return index_max < vectors ? static_cast<size_type>(index_max) : vectors;
  }
  void reserve(size_type count) {
    check_new_size(count);
    s_.nodes.reserve(count + 1);
    s_.values.reserve(count);
  }
  // Elements that fit before either array reallocates.
  size_type capacity() const noexcept {
    const size_type nodes = s_.nodes.capacity();
    return std::min(s_.values.capacity(), nodes == 0 ? 0 : nodes - 1);
  }
  void shrink_to_fit() {
    if (empty()) s_.nodes.clear();
    s_.nodes.shrink_to_fit();
    s_.values.shrink_to_fit();
  }

  // [SECTION] Modifiers
  void clear() noexcept {
    s_.values.clear();
    if (!s_.nodes.empty()) {
      s_.nodes.erase(s_.nodes.begin() + 1, s_.nodes.end());  // (resize(1) trips GCC 12's -Warray-bounds)
      s_.nodes[0] = {0, 0};
    }
  }
  iterator insert(const_iterator pos, const T& value) { return at(emplace_node(pos.i_, value)); }
  iterator insert(const_iterator pos, T&& value) { return at(emplace_node(pos.i_, std::move(value))); }
  iterator insert(const_iterator pos, size_type count, const T& value);
  template <std::input_iterator It>
  iterator insert(const_iterator pos, It first, It last);
  iterator insert(const_iterator pos, std::initializer_list<T> init) { return insert(pos, init.begin(), init.end()); }
  template <class... Args>
  iterator emplace(const_iterator pos, Args&&... args) {
    return at(emplace_node(pos.i_, std::forward<Args>(args)...));
  }
  iterator erase(const_iterator pos) noexcept(std::is_nothrow_move_assignable_v<T>) {
    Index untracked = 0;
    return at(erase_node(pos.i_, untracked));
  }
  iterator erase(const_iterator first, const_iterator last) noexcept(std::is_nothrow_move_assignable_v<T>);
  void push_back(const T& value) { emplace_node(0, value); }
  void push_back(T&& value) { emplace_node(0, std::move(value)); }
  template <class... Args>
  reference emplace_back(Args&&... args) {
    return value_of(emplace_node(0, std::forward<Args>(args)...));
  }
  void pop_back() noexcept(std::is_nothrow_move_assignable_v<T>) { erase(at(s_.nodes[0].prev)); }
  void push_front(const T& value) { emplace_node(head(), value); }
  void push_front(T&& value) { emplace_node(head(), std::move(value)); }
  template <class... Args>
  reference emplace_front(Args&&... args) {
    return value_of(emplace_node(head(), std::forward<Args>(args)...));
  }
  void pop_front() noexcept(std::is_nothrow_move_assignable_v<T>) { erase(begin()); }
  void resize(size_type count) { resize_with(count); }
  void resize(size_type count, const T& value) {
    if (count > size() && in_storage(std::addressof(value))) {
      const T copy(value);
      return resize_with(count, copy);
    }
    resize_with(count, value);
  }
  // Swaps the arrays (and the allocators if they propagate on swap; if they do not, they
  // must be equal, as for std::list): all iterators of both lists are invalidated.
  void swap(contiguous_list& other) noexcept {
    s_.nodes.swap(other.s_.nodes);
    s_.values.swap(other.s_.values);
  }
  friend void swap(contiguous_list& a, contiguous_list& b) noexcept { a.swap(b); }

  // [SECTION] Operations (core/containers/contiguous_list_operations.hpp)
  void merge(contiguous_list& other) { merge(other, std::less<>{}); }
  void merge(contiguous_list&& other) { merge(other, std::less<>{}); }
  template <class Compare>
  void merge(contiguous_list& other, Compare comp);
  template <class Compare>
  void merge(contiguous_list&& other, Compare comp) {
    merge(other, std::move(comp));
  }
  void splice(const_iterator pos, contiguous_list& other);
  void splice(const_iterator pos, contiguous_list&& other) { splice(pos, other); }
  void splice(const_iterator pos, contiguous_list& other, const_iterator it);
  void splice(const_iterator pos, contiguous_list&& other, const_iterator it) { splice(pos, other, it); }
  void splice(const_iterator pos, contiguous_list& other, const_iterator first, const_iterator last);
  void splice(const_iterator pos, contiguous_list&& other, const_iterator first, const_iterator last) {
    splice(pos, other, first, last);
  }
  size_type remove(const T& value) {
    return remove_if([&value](const T& x) { return x == value; });
  }
  template <class UnaryPredicate>
  size_type remove_if(UnaryPredicate pred);
  void reverse() noexcept {
    for (node& n : s_.nodes) std::swap(n.next, n.prev);
  }
  size_type unique() { return unique(std::equal_to<>{}); }
  template <class BinaryPredicate>
  size_type unique(BinaryPredicate pred);
  void sort() { sort(std::less<>{}); }
  template <class Compare>
  void sort(Compare comp);
  // Moves the values into list order (then traversal walks both arrays
  // linearly). Invalidates all iterators except end().
  void linearize();

  // [SECTION] Comparisons
  friend bool operator==(const contiguous_list& a, const contiguous_list& b) requires requires(const T& v) { v == v; }
  { return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin()); }
  friend auto operator<=>(const contiguous_list& a, const contiguous_list& b) requires requires(const T& v) { v < v; }
  { return detail::lexicographic_three_way(a.begin(), a.end(), b.begin(), b.end(), detail::synth_three_way{}); }

 private:
  // [SECTION] Node-level primitives
  Index head() const noexcept { return s_.nodes.empty() ? Index{0} : s_.nodes[0].next; }
  iterator at(Index i) noexcept { return {std::addressof(s_), i}; }
  const_iterator at(Index i) const noexcept { return {std::addressof(s_), i}; }
  T& value_of(Index i) noexcept { return s_.values[static_cast<size_type>(i) - 1]; }
  const T& value_of(Index i) const noexcept { return s_.values[static_cast<size_type>(i) - 1]; }
  bool in_storage(const T* p) const noexcept {
    const T* first = s_.values.data();
    return std::less_equal<const T*>{}(first, p) && std::less<const T*>{}(p, first + size());
  }
  void release() noexcept {  // a moved-from list: empty, no sentinel
    s_.nodes.clear();
    s_.values.clear();
  }
  struct release_on_exit {
    contiguous_list& list;
    ~release_on_exit() { list.release(); }
  };
  // Copy or move assignment of both arrays, each vector propagating the allocator as its
  // traits say. If one throws, this list is left empty (basic guarantee, as std::list).
  template <class Storage>
  void assign_arrays(Storage&& from);

  [[noreturn]] void throw_length_error(size_type requested) const {
    throw std::length_error("framelab::contiguous_list: " + std::to_string(requested) +
                            " elements requested, but max_size() of this index type is " + std::to_string(max_size()));
  }
  void check_new_size(size_type count) const {
    if (count > max_size()) throw_length_error(count);
  }
  void check_growth(size_type extra) const {
    if (extra > max_size() - size()) throw_length_error(size() + extra);
  }
  // Reserves room for `extra` more elements, growing geometrically.
  void grow_for(size_type extra) {
    const size_type need = size() + extra;
    if (need > capacity()) reserve(std::max(need, std::min(max_size(), 2 * capacity())));
  }

  // nodes[i] goes in before pos: prev(pos) <-> i <-> pos
  void link_before(Index pos, Index i) noexcept {
    const Index p = s_.nodes[pos].prev;
    s_.nodes[i] = {pos, p};
    s_.nodes[p].next = i;
    s_.nodes[pos].prev = i;
  }
  void unlink(Index i) noexcept {
    const node n = s_.nodes[i];
    s_.nodes[n.prev].next = n.next;
    s_.nodes[n.next].prev = n.prev;
  }

  // Appends a value and a node to the arrays and links it before pos.
  // Strong guarantee. Returns the new node's index (= size()).
  template <class... Args>
  Index emplace_node(Index pos, Args&&... args);

  // Erases node i: unlink it, move the last stored element n into slot i.
  // Returns i's successor; if `tracked` was n it becomes i.
  Index erase_node(Index i, Index& tracked);

  // Erases the elements stored after the first old_size (appended by a
  // failed insertion); nothing else moves.
  void rollback_to(size_type old_size) noexcept;

  // Fills the (empty) values with `fill`, then links them in storage order.
  template <class Fill>
  void fill_values(Fill fill);
  void link_in_storage_order();

  template <class... Value>
  void resize_with(size_type count, const Value&... value);
  void compact_marked(size_type removed) noexcept;
  void relink_in_order(const std::vector<Index>& order) noexcept;

  storage s_;
};

// Deduction from an iterator range, as std::list's (the other forms deduce from the constructors).
template <std::input_iterator It, detail::allocator_like Allocator = std::allocator<std::iter_value_t<It>>>
contiguous_list(It, It, Allocator = Allocator()) -> contiguous_list<std::iter_value_t<It>, Allocator>;

// A list named by its index type (the allocator third, defaulted).
template <class T, contiguous_list_index Index, class Allocator = std::allocator<T>>
using indexed_contiguous_list = contiguous_list<T, Allocator, Index>;

// A list sized for at most Capacity elements, with the smallest index type.
template <class T, std::size_t Capacity, class Allocator = std::allocator<T>>
using small_contiguous_list = contiguous_list<T, Allocator, index_for_capacity_t<Capacity>>;

}  // namespace framelab

#include "core/containers/contiguous_list_modifiers.hpp"
#include "core/containers/contiguous_list_operations.hpp"
