#pragma once
// aligned_allocator<T, A>: a std::allocator whose storage starts on an A-byte
// boundary (e.g. 64: a cache line), for arrays written with aligned or
// streaming SIMD stores.
#include <cstddef>
#include <new>

namespace framelab {

template <class T, std::size_t A>
struct aligned_allocator {
  static_assert(A >= alignof(T) && (A & (A - 1)) == 0, "alignment must be a power of two >= alignof(T)");
  using value_type = T;
  template <class U>
  struct rebind {
    using other = aligned_allocator<U, A>;
  };

  aligned_allocator() noexcept = default;
  template <class U>
  aligned_allocator(const aligned_allocator<U, A>&) noexcept {}

  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(A))); }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t(A)); }

  template <class U>
  friend bool operator==(const aligned_allocator&, const aligned_allocator<U, A>&) noexcept {
    return true;
  }
};

}  // namespace framelab
