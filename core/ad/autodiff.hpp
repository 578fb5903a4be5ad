#pragma once
// Derivatives of functions written once as templates over the scalar, by
// forward-mode automatic differentiation. Source:
// docs/articles.md, dual-numbers-autodiff, "Automatic Differentiation".
//
// The function f is any callable that accepts the scalar it is given: a
// generic lambda, a function object with a templated operator(), or a lambda
// forwarding to a function template:
//   template <class S> glm::vec<3, S> field(const glm::vec<3, S>& x);
//   auto J = framelab::jacobian([](const auto& x) { return field(x); }, glm::dvec3(1, 2, 3));
// Inside f, call elementary functions unqualified (`using std::sin; sin(x)`).
// GLM with AD scalars (GLM 0.9.9.8; details in core/ad/dual_glm.hpp):
//   work:    vec + vec, vec - vec, -vec, S * vec, vec * S, vec / S, vec * vec,
//            mat * vec, mat * mat, conversions glm::vec<3, S>(glm::dvec3), ==
//   refuse:  glm::dot, cross, length, distance, normalize, glm::sin(vec), ...
//            (static_assert on is_iec559): use framelab::dot, cross, length,
//            distance, normalize, which work for every scalar.
// Write constants as S(2) when they multiply a glm vector of S.
//
// Points x are glm::vec<N, T, Q> or std::array<T, N> with T float or double.
// f returns a scalar (derivative, gradient, hessian) or a vector of either kind
// with M elements (derivative, directional_derivative, jacobian).
//
// Matrix convention: J has M rows and N columns, J_ij = d f_i / d x_j.
//   glm input:        glm::mat<N, M, T, Q>, GLM is column-major: J[j][i] = d f_i / d x_j
//                     (column j is the directional derivative along e_j); 2 <= N, M <= 4.
//   std::array input: std::array<std::array<T, N>, M>, row-major: J[i][j] = d f_i / d x_j.
// hessian uses the same kinds with M = N (symmetric, so the order does not matter).
//
// Cost: derivative, directional_derivative: one evaluation with dual<T>.
// jacobian_by_columns: N evaluations with dual<T> (the article's method).
// jacobian, value_and_jacobian, gradient: ONE evaluation with dual_n<T, N>.
// hessian: N (N + 1)/2 evaluations with hyper_dual<T>.
// The first four evaluate with zero_parts::ieee numbers, whose elementary functions test
// nothing, and evaluate once more with the default numbers only if f met an infinite or
// NaN derivative (sqrt or log at 0, ...); the answer is always the default numbers' one
// ("at most two evaluations" below).
// Both Jacobian forms apply the same rules to the same numbers in the same
// order, so they agree bit for bit (checked with g++ and clang++, also with
// -march=native, where a * b + c may become an fma in both alike).
#include "core/ad/dual_glm.hpp"
#include "core/ad/dual_n.hpp"
#include "core/ad/hyper_dual.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <type_traits>

namespace framelab {

namespace ad_detail {

// [SECTION] vector kinds: glm::vec<N, S, Q> and std::array<S, N>

template <class V>
struct ad_vector_traits {
  static constexpr bool is_vector = false;
};
template <glm::length_t N, class S, glm::qualifier Q>
struct ad_vector_traits<glm::vec<N, S, Q>> {
  static constexpr bool is_vector = true, is_glm = true;
  static constexpr std::size_t size = N;
  using scalar = S;
  template <class U>
  using rebind = glm::vec<N, U, Q>;
  // M rows, N columns
  template <class U, std::size_t M>
  using matrix = glm::mat<N, static_cast<glm::length_t>(M), U, Q>;
};
template <class S, std::size_t N>
struct ad_vector_traits<std::array<S, N>> {
  static constexpr bool is_vector = true, is_glm = false;
  static constexpr std::size_t size = N;
  using scalar = S;
  template <class U>
  using rebind = std::array<U, N>;
  template <class U, std::size_t M>
  using matrix = std::array<std::array<U, N>, M>;
};

template <class V>
concept ad_vector = ad_vector_traits<std::remove_cvref_t<V>>::is_vector;
template <class V>
concept real_vector = ad_vector<V> && std::floating_point<typename ad_vector_traits<V>::scalar>;

template <class V>
constexpr decltype(auto) at(V&& v, std::size_t i) {
  if constexpr (ad_vector_traits<std::remove_cvref_t<V>>::is_glm) {
    return (v[static_cast<glm::length_t>(i)]);
  } else {
    return (v[i]);
  }
}

// r_i = fn(v_i, i): a vector of the same kind and size with scalar U
template <class U, class V, class Fn>
constexpr auto map_vector(const V& v, Fn fn) {
  typename ad_vector_traits<V>::template rebind<U> r;  // every element is assigned below
  for (std::size_t i = 0; i < ad_vector_traits<V>::size; ++i) at(r, i) = fn(at(v, i), i);
  return r;
}

template <class X>
using scalar_t = typename ad_vector_traits<X>::scalar;
template <class X>
inline constexpr std::size_t size_v = ad_vector_traits<X>::size;

// x_k + eps_k for every k: dual_n<T, N> elements, one dual part per variable
template <zero_parts Z, class X>
constexpr auto seed_all(const X& x) {
  using T = scalar_t<X>;
  return map_vector<dual_n<T, size_v<X>, Z>>(x,
                                             [](T xk, std::size_t k) { return make_variable<T, size_v<X>, Z>(xk, k); });
}
// x + eps y: dual<T> elements
template <zero_parts Z, class X>
constexpr auto seed_direction(const X& x, const X& y) {
  using T = scalar_t<X>;
  return map_vector<dual<T, Z>>(x, [&y](T xk, std::size_t k) { return dual<T, Z>(xk, at(y, k)); });
}
// x + eps e_j
template <zero_parts Z, class X>
constexpr auto seed_basis(const X& x, std::size_t j) {
  using T = scalar_t<X>;
  return map_vector<dual<T, Z>>(x, [j](T xk, std::size_t k) { return dual<T, Z>(xk, T(k == j ? 1 : 0)); });
}

// fn applied to a scalar result, or to each element of a vector result
template <class T, class R, class Fn>
constexpr auto map_result(const R& r, Fn fn) {
  if constexpr (ad_vector<R>) {
    return map_vector<T>(r, [&fn](const auto& e, std::size_t) { return fn(e); });
  } else {
    static_assert(ad_scalar<R>, "framelab autodiff: f must return its scalar type or a glm::vec/std::array of it");
    return fn(r);
  }
}

// [SECTION] at most two evaluations
// Every helper evaluates f with zero_parts::ieee numbers first: their elementary functions
// multiply each dual part by f'(x) with no branch, and only raise a flag where f'(x) is
// infinite or NaN (sqrt or log at 0, any f outside its domain). Only then is f evaluated
// again with the default zero_parts::kept numbers (core/ad/dual.hpp). Nothing else differs
// between the two, so when the first evaluation is used, it is the kept answer bit for
// bit.

// Watches one evaluation for an infinite or NaN f'(x): clears the flag the ieee functions set
// and gives the caller's value back at the end (a helper may run inside another's f).
class non_finite_derivative_watch {
 public:
  non_finite_derivative_watch() : outer_(flag()) { flag() = false; }
  ~non_finite_derivative_watch() { flag() = outer_; }
  non_finite_derivative_watch(const non_finite_derivative_watch&) = delete;
  non_finite_derivative_watch& operator=(const non_finite_derivative_watch&) = delete;
  bool seen() const { return flag(); }

 private:
  static bool& flag() { return dual_detail::non_finite_derivative_seen; }
  bool outer_;
};

template <zero_parts Z>
using zeros_tag = std::integral_constant<zero_parts, Z>;

// derivatives(f(seed(ieee))), or derivatives(f(seed(kept))) when the first met an infinite or
// NaN f'(x). seed(zeros_tag<Z>) builds the argument of f with numbers of policy Z; derivatives
// reads the dual parts (and real parts) of f's result.
template <class F, class Seed, class Derivatives>
auto evaluate_at_most_twice(F& f, const Seed& seed, const Derivatives& derivatives) {
  const non_finite_derivative_watch watch;
  auto result = derivatives(f(seed(zeros_tag<zero_parts::ieee>{})));
  if (watch.seen()) [[unlikely]]
    result = derivatives(f(seed(zeros_tag<zero_parts::kept>{})));
  return result;
}

// The two arguments of evaluate_at_most_twice that several helpers share:
// seed: every variable of x seeded, x_k + eps_k (seed_all), with numbers of policy Z
template <class X>
auto all_variables_of(const X& x) {
  return [&x](auto zeros) { return seed_all<decltype(zeros)::value>(x); };
}
// derivatives: the dual parts of f's result, in its shape (a T, or a vector of T)
template <class T>
inline constexpr auto dual_parts_of =
    [](const auto& r) { return map_result<T>(r, [](const auto& e) { return e.dual_part(); }); };

// [SECTION] matrices

// the M x N matrix of the kind of X (see the convention above); the caller sets every entry
template <class X, class T, std::size_t M>
constexpr auto make_matrix() {
  using traits = ad_vector_traits<X>;
  if constexpr (traits::is_glm) {
    static_assert(traits::size >= 2 && traits::size <= 4 && M >= 2 && M <= 4,
                  "framelab autodiff: glm::mat exists for 2 to 4 rows and columns; pass a std::array point instead");
  }
  using matrix = typename traits::template matrix<T, M>;
  if constexpr (traits::is_glm) {
    return matrix(T(0));
  } else {
    matrix m;  // not zero-filled: every entry is set by the caller
    return m;
  }
}
// J_ij = v
template <class J, class T>
constexpr void set_entry(J& m, std::size_t i, std::size_t j, T v) {
  if constexpr (requires { m.length(); }) {
    m[static_cast<glm::length_t>(j)][static_cast<glm::length_t>(i)] = v;  // glm: column j, row i
  } else {
    m[i][j] = v;  // std::array: row i, column j
  }
}

}  // namespace ad_detail

// [SECTION] one direction

// f~(x, 1) = (f(x), f'(x)): the dual part of f at (x, 1). f: T -> T or T -> vector.
template <class F, std::floating_point T>
auto derivative(F&& f, T x) {
  return ad_detail::evaluate_at_most_twice(
      f, [x](auto zeros) { return dual<T, decltype(zeros)::value>(x, T(1)); }, ad_detail::dual_parts_of<T>);
}

// f'' from the eps1 eps2 part of f(x + eps1 + eps2). f: T -> T.
template <class F, std::floating_point T>
T second_derivative(F&& f, T x) {
  return f(hyper_dual<T>(x, T(1), T(1))).eps12();
}

// V~(x + eps y) = V(x) + eps (y . nabla) V|_x: the dual part of f at x + eps y.
// f: R^N -> R or R^N -> R^M; the result has the shape of f's.
template <class F, ad_detail::real_vector X>
auto directional_derivative(F&& f, const X& x, const X& y) {
  using T = ad_detail::scalar_t<X>;
  return ad_detail::evaluate_at_most_twice(
      f, [&](auto zeros) { return ad_detail::seed_direction<decltype(zeros)::value>(x, y); },
      ad_detail::dual_parts_of<T>);
}

// [SECTION] Jacobians

// The article's method, N evaluations with dual<T>:
//   V~^i(x + eps e_j) = V^i(x) + eps d_j V^i|_x,   J = [ D V~(x, e_1) ... D V~(x, e_N) ]
template <class F, ad_detail::real_vector X>
auto jacobian_by_columns(F&& f, const X& x) {
  using T = ad_detail::scalar_t<X>;
  using R = std::remove_cvref_t<decltype(f(ad_detail::seed_basis<zero_parts::kept>(x, 0)))>;
  static_assert(ad_detail::ad_vector<R>, "framelab::jacobian_by_columns: f must return a glm::vec or std::array");
  auto J = ad_detail::make_matrix<X, T, ad_detail::size_v<R>>();
  for (std::size_t j = 0; j < ad_detail::size_v<X>; ++j) {
    const auto column = ad_detail::evaluate_at_most_twice(
        f, [&](auto zeros) { return ad_detail::seed_basis<decltype(zeros)::value>(x, j); },
        ad_detail::dual_parts_of<T>);
    for (std::size_t i = 0; i < ad_detail::size_v<R>; ++i) ad_detail::set_entry(J, i, j, ad_detail::at(column, i));
  }
  return J;
}

// f(x) and its Jacobian from one evaluation.
template <class Value, class Matrix>
struct value_and_jacobian_result {
  Value value;      // f(x), a vector of T of the kind f returns
  Matrix jacobian;  // see the convention at the top
};

namespace ad_detail {
// J_ij = dual part j of out_i, for a point of kind X
template <class X, class R>
constexpr auto jacobian_of(const R& out) {
  static_assert(ad_vector<R>, "framelab::jacobian: f must return a glm::vec or std::array");
  if constexpr (ad_vector_traits<X>::is_glm) {
    auto J = make_matrix<X, scalar_t<X>, size_v<R>>();
    for (std::size_t i = 0; i < size_v<R>; ++i)
      for (std::size_t j = 0; j < size_v<X>; ++j) set_entry(J, i, j, at(out, i).dual_part()[j]);
    return J;
  } else {
    // row i is the dual part of out_i: one array copy per row
    typename ad_vector_traits<X>::template matrix<scalar_t<X>, size_v<R>> J;
    for (std::size_t i = 0; i < size_v<R>; ++i) J[i] = at(out, i).dual_part();
    return J;
  }
}
}  // namespace ad_detail

// One evaluation with dual_n<T, N>, variable j seeded as x_j + eps_j:
//   V~^i(x + sum_j eps_j e_j) = V^i(x) + sum_j eps_j d_j V^i|_x
template <class F, ad_detail::real_vector X>
auto value_and_jacobian(F&& f, const X& x) {
  using T = ad_detail::scalar_t<X>;
  return ad_detail::evaluate_at_most_twice(f, ad_detail::all_variables_of(x), [](const auto& out) {
    auto J = ad_detail::jacobian_of<X>(out);
    auto value = ad_detail::map_vector<T>(out, [](const auto& e, std::size_t) { return e.real(); });
    return value_and_jacobian_result<decltype(value), decltype(J)>{value, J};
  });
}

template <class F, ad_detail::real_vector X>
auto jacobian(F&& f, const X& x) {
  return ad_detail::evaluate_at_most_twice(f, ad_detail::all_variables_of(x),
                                           [](const auto& out) { return ad_detail::jacobian_of<X>(out); });
}

// [SECTION] gradient and Hessian of f: R^N -> R

// grad f = (d_1 f, ..., d_N f), from one evaluation with dual_n<T, N>; same kind as x.
template <class F, ad_detail::real_vector X>
X gradient(F&& f, const X& x) {
  using T = ad_detail::scalar_t<X>;
  return ad_detail::evaluate_at_most_twice(f, ad_detail::all_variables_of(x), [&x](const auto& out) {
    static_assert(ad_scalar<decltype(out)>, "framelab::gradient: f must return a scalar");
    return ad_detail::map_vector<T>(x, [&out](auto, std::size_t j) { return out.dual_part()[j]; });
  });
}

// H_ij = d2f/dx_i dx_j: the eps1 eps2 part of f with x_i + eps1 and x_j + eps2,
// one hyper_dual evaluation for each i <= j.
template <class F, ad_detail::real_vector X>
auto hessian(F&& f, const X& x) {
  using T = ad_detail::scalar_t<X>;
  constexpr std::size_t n = ad_detail::size_v<X>;
  auto H = ad_detail::make_matrix<X, T, n>();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i; j < n; ++j) {
      const auto out = f(ad_detail::map_vector<hyper_dual<T>>(
          x, [i, j](T xk, std::size_t k) { return hyper_dual<T>(xk, T(k == i ? 1 : 0), T(k == j ? 1 : 0)); }));
      static_assert(ad_scalar<decltype(out)>, "framelab::hessian: f must return a scalar");
      ad_detail::set_entry(H, i, j, out.eps12());
      ad_detail::set_entry(H, j, i, out.eps12());
    }
  }
  return H;
}

}  // namespace framelab
