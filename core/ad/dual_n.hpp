#pragma once
// dual_n<T, K>: a dual number with K dual parts, x + eps_1 y_1 + ... + eps_K y_K
// with eps_i eps_j = 0. Source: docs/articles.md, dual-numbers-autodiff.
//
// The article builds the Jacobian of V: R^n -> R^n column by column,
//   V~^i(x + eps e_j) = V^i(x) + eps d_j V^i|_x,
// one evaluation per column. Seeding variable j with the j-th dual part,
//   x_j + eps_j,
// carries all n directions through ONE evaluation: dual part k of V^i is d_k V^i.
// framelab::jacobian (core/ad/autodiff.hpp) does exactly this.
//
// dual_n is dual<T> with a std::array<T, K> as its dual part (one class,
// basic_dual, in core/ad/dual.hpp): the same constructors, operators and
// elementary functions, the same derivative rules applied to each part, so
// part k of a dual_n result is bit for bit the dual part of the dual<T>
// evaluation seeded with direction k.
//
//   framelab::dual_n<double, 2> x(1.0, {1.0, 0.0}), y(2.0, {0.0, 1.0});
//   auto f = x * sin(y);   // f.dual_part() == {sin(2), cos(2)}
#include "core/ad/dual.hpp"

#include <array>
#include <cstddef>

namespace framelab {

template <class T, std::size_t K, zero_parts Zeros = zero_parts::kept>
using dual_n = basic_dual<T, std::array<T, K>, Zeros>;

// x + eps_k: the k-th of K independent variables, with value x
template <class T, std::size_t K, zero_parts Zeros = zero_parts::kept>
constexpr dual_n<T, K, Zeros> make_variable(T x, std::size_t k) {
  // every part written once (no zero fill followed by a store: that became a rep stos per variable)
  std::array<T, K> y;
  for (std::size_t i = 0; i < K; ++i) y[i] = i == k ? T(1) : T(0);
  return {x, y};
}

}  // namespace framelab
