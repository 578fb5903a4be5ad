#pragma once
// The memory bandwidth bound of `framelab bench hierarchy` (issue 17): the time to copy
// as many bytes as a sweep moves, between two buffers allocated like the hierarchy's
// arrays (2 MiB aligned, huge pages where the kernel gives them, filled beforehand so
// no page is first touched while timed), on as many threads as the sweep uses.
// The copy is the fastest plain one found on the issue-17 host: a loop that prefetches
// 1 KiB ahead and writes with non-temporal stores, as the sweep kernel does. It moves
// 38 GB/s (read + written) on one core, 43 on two, where glibc's memcpy of the same
// 162 MB moved 18.7 (29 on two threads): a memcpy bound would flatter the sweep 2x.
#include <cstddef>
#include <cstring>
#include <vector>

#include "core/frames/hierarchy_allocator.hpp"
#include "core/parallel_parts.hpp"
#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

namespace framelab::bench {

struct copy_workload {
  std::vector<unsigned char, hierarchy_allocator<unsigned char>> source, target;
  std::size_t moved_bytes() const { return source.size() + target.size(); }
};

// Two buffers of moved_bytes / 2 each (rounded up to whole 64-byte lines).
inline copy_workload make_copy_workload(std::size_t moved_bytes) {
  copy_workload w;
  const std::size_t half = (moved_bytes / 2 + 63) / 64 * 64;
  w.source.assign(half, 0x5a);
  w.target.assign(half, 0);
  return w;
}

// Copies whole 64-byte lines, aligned: 1 KiB prefetched ahead, stored around the caches.
inline void stream_copy_lines(unsigned char* dst, const unsigned char* src, std::size_t bytes) {
#if defined(__SSE2__)
  for (std::size_t i = 0; i + 64 <= bytes; i += 64) {
    _mm_prefetch(reinterpret_cast<const char*>(src + i + 1024), _MM_HINT_T0);
    const auto* in = reinterpret_cast<const __m128i*>(src + i);
    auto* out = reinterpret_cast<__m128i*>(dst + i);
    const __m128i a = _mm_load_si128(in), b = _mm_load_si128(in + 1), c = _mm_load_si128(in + 2),
                  d = _mm_load_si128(in + 3);
    _mm_stream_si128(out, a);
    _mm_stream_si128(out + 1, b);
    _mm_stream_si128(out + 2, c);
    _mm_stream_si128(out + 3, d);
  }
  _mm_sfence();
#else
  std::memcpy(dst, src, bytes);
#endif
}

// One copy of the whole source, cut into `threads` runs of whole lines, one per thread
// (core/parallel_parts.hpp: the first on the caller's).
inline void run_copy(copy_workload& w, std::size_t threads = 1) {
  const std::size_t lines = w.source.size() / 64;
  run_parts(threads, [&w, lines, threads](std::size_t k) {
    const std::size_t first = lines * k / threads * 64, last = lines * (k + 1) / threads * 64;
    stream_copy_lines(w.target.data() + first, w.source.data() + first, last - first);
  });
}

}  // namespace framelab::bench
