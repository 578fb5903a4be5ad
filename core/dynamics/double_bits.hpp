#pragma once
// A double's 64 bits as an integer and back (what std::bit_cast does; the web build's
// standard library has no std::bit_cast), for tests and sign flips done on the bits
// (sin_cos_inline in core/sin_cos.hpp, at_rest in core/dynamics/tree_kinematics.hpp). The copies
// compile to register moves.
#include <cstdint>
#include <cstring>

namespace framelab::dynamics {

[[gnu::always_inline]] inline std::uint64_t bits_of(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

[[gnu::always_inline]] inline double double_of_bits(std::uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

}  // namespace framelab::dynamics
