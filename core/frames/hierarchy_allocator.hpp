#pragma once
// hierarchy_allocator<T>: the allocator of a hierarchy's per-node arrays. Storage
// starts on a 64-byte boundary (cache line: aligned and streaming SIMD stores);
// arrays of 4 MiB and more start on a 2 MiB boundary and, on Linux, are offered
// to the kernel as transparent huge pages (madvise), so a sweep over 10^6 nodes
// does not miss the TLB every 4 KiB and the hardware prefetchers' streams are not
// cut at every small page. Only a hint: without huge pages it is a plain aligned
// allocation.
#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace framelab {

inline constexpr std::size_t hierarchy_huge_page = std::size_t(2) << 20;
inline constexpr std::size_t hierarchy_huge_min_bytes = std::size_t(4) << 20;

template <class T>
struct hierarchy_allocator {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = hierarchy_allocator<U>;
  };

  hierarchy_allocator() noexcept = default;
  template <class U>
  hierarchy_allocator(const hierarchy_allocator<U>&) noexcept {}

  static std::size_t alignment(std::size_t bytes) {
    return bytes >= hierarchy_huge_min_bytes ? hierarchy_huge_page : 64;
  }

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T), a = alignment(bytes);
    void* p = ::operator new(bytes, std::align_val_t(a));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (a == hierarchy_huge_page) (void)madvise(p, bytes & ~(hierarchy_huge_page - 1), MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    ::operator delete(p, std::align_val_t(alignment(n * sizeof(T))));
  }

  template <class U>
  friend bool operator==(const hierarchy_allocator&, const hierarchy_allocator<U>&) noexcept {
    return true;
  }
};

}  // namespace framelab
