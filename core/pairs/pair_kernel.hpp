#pragma once
// Which machine code runs the inner loops of the pair algorithms (core/pairs/pair_algorithms.hpp).
//
// The project builds portable x86-64 binaries (SSE2 only, no -march=native), so a loop the
// compiler vectorizes runs on 4 ints per instruction. The pair algorithms compile their
// loop twice from the same source, once for the default target and once with
// __attribute__((target("avx2"))) (8 ints per instruction), and pick one at run time:
//
//   pair_kernel::automatic  AVX2 when this build has the clone, the CPU has AVX2 and the
//                           range is random access (only such loops vectorize); else portable
//   pair_kernel::portable   the default-target loop (always available; the fallback)
//   pair_kernel::avx2       the AVX2 clone (throws if pair_kernel_available(avx2) is false)
//
// The user's predicate or function (default target) is inlined into the AVX2 clone, which
// GCC and Clang allow because the caller's instruction set is a superset of the callee's.
// Only "avx2" is enabled, not "fma": no multiply-add contraction, so floating-point results
// are the same bits as in the portable loop (same IEEE operations, same order). The order
// of the calls is the nested-loop order in both kernels.
#include <stdexcept>
#include <string>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define FRAMELAB_PAIR_AVX2 1
// The AVX2 clone of a function template (its body must inline the shared loop).
#define FRAMELAB_PAIR_AVX2_TARGET __attribute__((target("avx2")))
// Forces the shared loop into each clone, so it is compiled for that clone's target.
#define FRAMELAB_PAIR_INLINE [[gnu::always_inline]] inline
#else
#define FRAMELAB_PAIR_AVX2 0
#define FRAMELAB_PAIR_AVX2_TARGET
#define FRAMELAB_PAIR_INLINE inline
#endif

namespace framelab {

enum class pair_kernel { automatic, portable, avx2 };

inline const char* pair_kernel_name(pair_kernel k) {
  switch (k) {
    case pair_kernel::automatic:
      return "automatic";
    case pair_kernel::portable:
      return "portable";
    case pair_kernel::avx2:
      return "avx2";
  }
  return "?";
}

// true if this build has the kernel and the CPU can run it (portable and automatic: always).
inline bool pair_kernel_available(pair_kernel k) {
  if (k != pair_kernel::avx2) return true;
#if FRAMELAB_PAIR_AVX2
  static const bool ok = __builtin_cpu_supports("avx2");
  return ok;
#else
  return false;
#endif
}

// The kernel `automatic` runs on a random-access range: avx2 or portable.
inline pair_kernel automatic_pair_kernel() {
  return pair_kernel_available(pair_kernel::avx2) ? pair_kernel::avx2 : pair_kernel::portable;
}

namespace detail {

// true: run the AVX2 clone; false: the portable loop. `vectorizable`: the range is random access.
inline bool use_avx2_pair_kernel(pair_kernel k, bool vectorizable, const char* algorithm) {
  switch (k) {
    case pair_kernel::portable:
      return false;
    case pair_kernel::automatic:
      return vectorizable && pair_kernel_available(pair_kernel::avx2);
    case pair_kernel::avx2:
      if (!pair_kernel_available(pair_kernel::avx2))
        throw std::invalid_argument(std::string(algorithm) +
                                    ": pair_kernel::avx2 requested, but this build or CPU has no AVX2 "
                                    "(check pair_kernel_available first)");
      return true;
  }
  throw std::invalid_argument(std::string(algorithm) + ": unknown pair_kernel value");
}

}  // namespace detail
}  // namespace framelab
