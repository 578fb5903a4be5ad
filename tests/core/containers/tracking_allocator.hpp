#pragma once
// Stateful test allocators for contiguous_list against std::list (tests/core/containers):
//   counting_allocator<T>  propagates on copy assignment, move assignment and swap; a
//                          copied container keeps its allocator;
//   unequal_allocator<T>   propagates on nothing, and a copied container gets an allocator
//                          of its own (select_on_container_copy_construction returns a new
//                          id), so a copy is never equal to its source.
// Two allocators are equal iff their ids are. Every block is recorded in one registry:
// a deallocation must hand back a live block, of its size, to an allocator with the id
// that allocated it (else the test fails), and tests count blocks and allocations per id.
#include <gtest/gtest.h>

#include <cstddef>
#include <map>
#include <memory>
#include <type_traits>

namespace list_test {

struct allocation_registry {
  struct block {
    int id;
    std::size_t bytes;
  };
  std::map<const void*, block> live;
  std::size_t allocations = 0;

  std::size_t live_blocks(int id) const {
    std::size_t n = 0;
    for (const auto& [p, b] : live) n += b.id == id ? 1 : 0;
    return n;
  }
  // p lies inside a live block allocated with this id.
  bool owns(int id, const void* p) const {
    for (const auto& [start, b] : live) {
      const auto* first = static_cast<const unsigned char*>(start);
      const auto* q = static_cast<const unsigned char*>(p);
      if (b.id == id && std::less_equal<>{}(first, q) && std::less<>{}(q, first + b.bytes)) return true;
    }
    return false;
  }
};
inline allocation_registry& registry() {
  static allocation_registry r;
  return r;
}

// A copied container's allocator under unequal_allocator: id + this.
constexpr int copied_id_offset = 1000;

template <class T, bool Propagate>
class tracking_allocator {
 public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::bool_constant<Propagate>;
  using propagate_on_container_move_assignment = std::bool_constant<Propagate>;
  using propagate_on_container_swap = std::bool_constant<Propagate>;
  using is_always_equal = std::false_type;
  template <class U>
  struct rebind {
    using other = tracking_allocator<U, Propagate>;
  };

  explicit tracking_allocator(int id) noexcept : id_(id) {}
  template <class U>
  tracking_allocator(const tracking_allocator<U, Propagate>& other) noexcept  // NOLINT(google-explicit-constructor)
      : id_(other.id()) {}

  T* allocate(std::size_t n) {
    T* p = std::allocator<T>().allocate(n);
    registry().live[p] = {id_, n * sizeof(T)};
    ++registry().allocations;
    return p;
  }
  void deallocate(T* p, std::size_t n) noexcept {
    auto& live = registry().live;
    const auto it = live.find(p);
    if (it == live.end()) {
      ADD_FAILURE() << "deallocate: not a live block";
    } else {
      EXPECT_EQ(it->second.id, id_) << "deallocate: the block belongs to another allocator";
      EXPECT_EQ(it->second.bytes, n * sizeof(T)) << "deallocate: wrong size";
      live.erase(it);
    }
    std::allocator<T>().deallocate(p, n);
  }
  tracking_allocator select_on_container_copy_construction() const {
    return Propagate ? *this : tracking_allocator(id_ + copied_id_offset);
  }
  int id() const noexcept { return id_; }
  friend bool operator==(const tracking_allocator& a, const tracking_allocator& b) noexcept { return a.id_ == b.id_; }

 private:
  int id_;
};

template <class T>
using counting_allocator = tracking_allocator<T, true>;
template <class A>
constexpr bool is_tracking_allocator = false;
template <class T, bool Propagate>
constexpr bool is_tracking_allocator<tracking_allocator<T, Propagate>> = true;
template <class T>
using unequal_allocator = tracking_allocator<T, false>;

}  // namespace list_test
