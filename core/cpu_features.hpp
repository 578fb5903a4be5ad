#pragma once
// Which instruction sets the CPU running the program has, for the kernels that the default
// x86-64 build (no -march) also compiles for AVX2 + FMA and chooses at run time
// (core/frames/hierarchy_sweep_simd.hpp, core/dynamics/articulated_body.cpp).
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__EMSCRIPTEN__)
#define FRAMELAB_X86_DISPATCH 1
#else
#define FRAMELAB_X86_DISPATCH 0
#endif

namespace framelab {

// AVX2 and FMA both present (asked once).
inline bool cpu_has_avx2_fma() {
#if FRAMELAB_X86_DISPATCH
  static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return ok;
#else
  return false;
#endif
}

}  // namespace framelab
