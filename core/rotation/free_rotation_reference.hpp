#pragma once
// Closed-form torque-free rotation, the yardsticks for the integrators.
// All body-frame quantities are in the principal frame (inertia diagonal).
//
// Euler's equations (docs/articles.md, torque-to-angular-acceleration with tau = 0, in the
// principal frame):  I~ omega' = (I~ omega) x omega
//
// [SECTION] symmetric top, I1 = I2 = I_perp, I3 = I_axis (symmetry axis = principal z)
//   body frame:  omega3 constant; (omega1, omega2) turns about z at
//                Omega_b = (I3 - I1)/I1 omega3
//   space frame: the symmetry axis (and omega) turn about the fixed L at
//                Omega_s = |L| / I1
//   orientation: R(t) = exp(t L/I1 x) R0 exp(-t Omega_b z x)
//     (check: R^T omega_world = L_b/I1 - Omega_b z = omega_b since
//      L_b/I1 = (omega1, omega2, I3/I1 omega3) and I3/I1 omega3 - Omega_b = omega3)
//
// [SECTION] asymmetric top (distinct moments), Landau & Lifshitz, Mechanics §37
// Relabel the axes (a, b, c): b the intermediate moment, c the extreme moment
// on the same side of I_b as D = L^2/(2E) (the axis the motion circles), a the
// other. With E2 = 2E:
//   omega_a = s_a A_a cn(u),  omega_b = s_b A_b sn(u),  omega_c = s_c A_c dn(u),  u = lambda t + u0
//   A_a^2 = (E2 I_c - L^2) / (I_a (I_c - I_a))
//   A_b^2 = (E2 I_c - L^2) / (I_b (I_c - I_b))
//   A_c^2 = (L^2 - E2 I_a) / (I_c (I_c - I_a))
//   lambda^2 = (I_c - I_b)(L^2 - E2 I_a) / (I_a I_b I_c)
//   m = k^2 = (I_b - I_a)(E2 I_c - L^2) / ((I_c - I_b)(L^2 - E2 I_a))
//   mc = 1 - m = (I_c - I_a)(L^2 - E2 I_b) / ((I_c - I_b)(L^2 - E2 I_a))
// Substituting into Euler's equations (sn' = cn dn, cn' = -sn dn, dn' = -m sn cn)
// fixes the signs: s_a = sign(I_c - I_b) s_b s_c; we take s_b = +1,
// s_c = sign(omega_c(0)). (The formulas hold with I_c below I_b too: every
// ratio above keeps its sign.)
// If (a, b, c) is an odd permutation of (1, 2, 3) the cross product changes
// sign; then -omega in the relabelled frame obeys the standard equations.
// u0 = F(phi0|m) with phi0 = atan2(sn(u0), cn(u0)) from the initial omega.
// Period of omega (sn, cn have period 4K(m)):  T = 4 K(m) / lambda.
// omega_b (and omega_a) change sign every T/2 = 2 K(m) / lambda: for a body
// spinning about its intermediate axis that is the time between two flips.
//
// Orientation (R: principal -> world, L_w = R L_b fixed). Let z = L_b/|L| and
// build the body-fixed-recipe frame G(t) with rows
//   x = (e_c x z)/|e_c x z|,  y = z x x,  z     (e_c: the circled axis, never || z)
// so G z = (0, 0, 1). Then R(t) = W Rz(phi(t)) G(t), W = R0 G(0)^T, and
// G omega_b = phi' z + g with [g]_x = G' G^T; the z component gives
//   phi' = 2E/|L| - g_z,   g_z = y' . x = -y . (e_c x z') / |e_c x z|,   z' = z x omega_b
// (z' from dL_b/dt = L_b x omega_b). phi' is periodic with the period T of
// omega; phi(t) is its integral by 8-point Gauss-Legendre on 512 panels per
// period, tabulated once (error ~1e-12 rad per period for the cases tested).

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/glm_config.hpp"
#include "core/rotation/jacobi_elliptic.hpp"
#include "core/rotation/quaternion_exp.hpp"

namespace framelab {

// [SECTION] symmetric top
template <class T>
class symmetric_top_reference {
 public:
  // i_perp = I1 = I2, i_axis = I3; omega0 in the principal frame at t = 0;
  // r0 the principal-to-world rotation at t = 0.
  symmetric_top_reference(T i_perp, T i_axis, const glm::vec<3, T>& omega0,
                          const glm::qua<T>& r0 = glm::qua<T>(T(1), T(0), T(0), T(0)))
      : i_perp_(i_perp), i_axis_(i_axis), omega0_(omega0), r0_(r0) {
    // L = R0 I~ omega0
    l_world_ = r0 * glm::vec<3, T>(i_perp * omega0.x, i_perp * omega0.y, i_axis * omega0.z);
  }

  // Omega_b = (I3 - I1)/I1 omega3 (signed: positive turns omega counter-clockwise about +z)
  T body_precession_rate() const { return (i_axis_ - i_perp_) / i_perp_ * omega0_.z; }
  // Omega_s = |L| / I1 (counter-clockwise about L)
  T space_precession_rate() const { return glm::length(l_world_) / i_perp_; }

  glm::vec<3, T> angular_momentum_world() const { return l_world_; }
  T kinetic_energy() const {
    return T(0.5) * (i_perp_ * (omega0_.x * omega0_.x + omega0_.y * omega0_.y) + i_axis_ * omega0_.z * omega0_.z);
  }

  // omega in the principal frame: (omega1, omega2) turned by Omega_b t about z.
  glm::vec<3, T> omega_body(T t) const {
    const T a = body_precession_rate() * t;
    const T c = std::cos(a), s = std::sin(a);
    return {c * omega0_.x - s * omega0_.y, s * omega0_.x + c * omega0_.y, omega0_.z};
  }

  // R(t) = exp(t L/I1 x) R0 exp(-t Omega_b z x)
  glm::qua<T> principal_to_world(T t) const {
    const glm::qua<T> space = rotation_quat((t / i_perp_) * l_world_);
    const glm::qua<T> body = rotation_quat(glm::vec<3, T>(T(0), T(0), -body_precession_rate() * t));
    return space * r0_ * body;
  }

  glm::vec<3, T> omega_world(T t) const { return principal_to_world(t) * omega_body(t); }

 private:
  T i_perp_, i_axis_;
  glm::vec<3, T> omega0_;
  glm::qua<T> r0_;
  glm::vec<3, T> l_world_;
};

// [SECTION] asymmetric top
template <class T>
class asymmetric_top_reference {
 public:
  // inertia: principal moments in any order (distinct for the elliptic case;
  // two equal give the symmetric top, three equal a steady spin); omega0 in the
  // principal frame at t = 0; r0 the principal-to-world rotation at t = 0.
  asymmetric_top_reference(const glm::vec<3, T>& inertia, const glm::vec<3, T>& omega0,
                           const glm::qua<T>& r0 = glm::qua<T>(T(1), T(0), T(0), T(0)))
      : inertia_(inertia), r0_(r0) {
    const glm::vec<3, T>& in = inertia;
    const glm::vec<3, T>& w = omega0;
    two_energy_ = in.x * w.x * w.x + in.y * w.y * w.y + in.z * w.z * w.z;
    l2_ = in.x * in.x * w.x * w.x + in.y * in.y * w.y * w.y + in.z * in.z * w.z * w.z;
    // b: the intermediate moment
    int lo = 0, hi = 0;
    for (int i = 1; i < 3; ++i) {
      if (in[i] < in[lo]) lo = i;
      if (in[i] > in[hi]) hi = i;
    }
    if (lo == hi) {  // a sphere: omega never changes
      steady_ = true;
      omega0_ = omega0;
      return;
    }
    // (two equal moments reduce to the symmetric top: m = 0, sn/cn = sin/cos)
    b_ = 3 - lo - hi;
    // c: the extreme moment on the side of I_b where D = L^2/E2 lies
    const bool high_side = l2_ >= two_energy_ * in[b_];
    c_ = high_side ? hi : lo;
    a_ = high_side ? lo : hi;
    // (a, b, c) even permutation of (0, 1, 2) iff b = a + 1 (mod 3)
    sign_ = ((a_ + 1) % 3 == b_) ? T(1) : T(-1);
    ia_ = in[a_];
    ib_ = in[b_];
    ic_ = in[c_];
    const glm::vec<3, T> mu0 = sign_ * glm::vec<3, T>(w[a_], w[b_], w[c_]);

    // E2 I_c - L^2 and L^2 - E2 I_a written as sums of same-sign terms
    const T e_c = ia_ * mu0.x * mu0.x * (ic_ - ia_) + ib_ * mu0.y * mu0.y * (ic_ - ib_);
    const T e_a = ib_ * mu0.y * mu0.y * (ib_ - ia_) + ic_ * mu0.z * mu0.z * (ic_ - ia_);
    const T e_b = ia_ * mu0.x * mu0.x * (ia_ - ib_) + ic_ * mu0.z * mu0.z * (ic_ - ib_);  // L^2 - E2 I_b
    amp_a_ = std::sqrt(e_c / (ia_ * (ic_ - ia_)));
    amp_b_ = std::sqrt(e_c / (ib_ * (ic_ - ib_)));
    amp_c_ = std::sqrt(e_a / (ic_ * (ic_ - ia_)));
    lambda_ = std::sqrt((ic_ - ib_) * e_a / (ia_ * ib_ * ic_));
    const T den = (ic_ - ib_) * e_a;
    m_ = std::clamp((ib_ - ia_) * e_c / den, T(0), T(1));
    mc_ = std::clamp((ic_ - ia_) * e_b / den, T(0), T(1));
    s_c_ = mu0.z < T(0) ? T(-1) : T(1);
    s_a_ = ic_ > ib_ ? s_c_ : -s_c_;  // s_a = sign(I_c - I_b) s_b s_c with s_b = +1
    // Equilibria (spin about one principal axis) have no elliptic phase.
    const int nonzero = (mu0.x != T(0)) + (mu0.y != T(0)) + (mu0.z != T(0));
    steady_ = nonzero <= 1 || !(lambda_ > T(0));
    if (!steady_) {
      // cn(u0) = mu_a / (s_a A_a), sn(u0) = mu_b / A_b
      const T phi0 = std::atan2(mu0.y / amp_b_, mu0.x / (s_a_ * amp_a_));
      u0_ = elliptic_f(phi0, m_, mc_);
    }
    omega0_ = omega0;
    if (!steady_) build_phi_table();
  }

  // omega(t) in the principal frame (original axis order).
  glm::vec<3, T> omega_body(T t) const {
    if (steady_) return omega0_;
    const jacobi_sn_cn_dn<T> j = jacobi_elliptic(lambda_ * t + u0_, m_, mc_);
    glm::vec<3, T> w;
    w[a_] = sign_ * s_a_ * amp_a_ * j.cn;
    w[b_] = sign_ * amp_b_ * j.sn;
    w[c_] = sign_ * s_c_ * amp_c_ * j.dn;
    return w;
  }

  // T = 4 K(m) / lambda: omega returns to its initial value (+inf on the separatrix).
  T period() const {
    if (steady_) return std::numeric_limits<T>::infinity();
    return T(4) * elliptic_k_mc(mc_) / lambda_;
  }
  // T/2 = 2 K(m) / lambda: time between successive sign changes of omega_b
  // (the flips of a body spinning about its intermediate axis).
  T flip_interval() const { return period() / T(2); }

  // R(t): principal frame -> world.
  glm::qua<T> principal_to_world(T t) const {
    if (steady_) return glm::normalize(rotation_quat(t * (r0_ * omega0_)) * r0_);
    return glm::normalize(w_ * rotation_quat(glm::vec<3, T>(T(0), T(0), phi(t))) * frame(omega_body(t)));
  }
  glm::vec<3, T> omega_world(T t) const { return principal_to_world(t) * omega_body(t); }
  glm::vec<3, T> angular_momentum_world() const { return r0_ * (inertia_ * omega0_); }

  // phi' = 2E/|L| - g_z (see the derivation at the top)
  T phi_rate(T t) const {
    const glm::vec<3, T> w = omega_body(t);
    const glm::vec<3, T> z = glm::normalize(inertia_ * w);
    const glm::vec<3, T> n = glm::cross(e_c_, z);
    const T n_len = glm::length(n);
    const glm::vec<3, T> x = n / n_len;
    const glm::vec<3, T> y = glm::cross(z, x);
    const glm::vec<3, T> z_dot = glm::cross(z, w);
    return two_energy_ / std::sqrt(l2_) + glm::dot(y, glm::cross(e_c_, z_dot)) / n_len;
  }

  // phi(t) = integral_0^t phi'
  T phi(T t) const {
    if (steady_) return T(0);
    if (!std::isfinite(period_))
      return integrate_phi(T(0), t, std::max(1, int(std::ceil(std::abs(t) * lambda_ * T(8)))));
    const T turns = std::floor(t / period_);
    const T tau = t - turns * period_;
    const T panel = period_ / T(phi_panels);
    const int p = std::min(phi_panels - 1, std::max(0, int(tau / panel)));
    return turns * phi_table_[phi_panels] + phi_table_[p] + integrate_phi(T(p) * panel, tau, 1);
  }

  T parameter_m() const { return m_; }    // k^2
  T parameter_mc() const { return mc_; }  // 1 - k^2
  T lambda() const { return lambda_; }
  T kinetic_energy() const { return two_energy_ / T(2); }
  T angular_momentum_magnitude() const { return std::sqrt(l2_); }
  int intermediate_axis() const { return b_; }
  // The axis omega circles (its component never changes sign).
  int circled_axis() const { return c_; }
  bool steady() const { return steady_; }

 private:
  static constexpr int phi_panels = 512;

  // G(t) as a quaternion: rows x, y, z (see the top); maps principal-frame
  // vectors to the L-aligned frame.
  glm::qua<T> frame(const glm::vec<3, T>& w) const {
    const glm::vec<3, T> z = glm::normalize(inertia_ * w);
    const glm::vec<3, T> x = glm::normalize(glm::cross(e_c_, z));
    const glm::vec<3, T> y = glm::cross(z, x);
    return glm::quat_cast(glm::transpose(glm::mat<3, 3, T>(x, y, z)));
  }

  // Composite 8-point Gauss-Legendre of phi' over [a, b] with `panels` panels.
  T integrate_phi(T a, T b, int panels) const {
    static constexpr T gx[4] = {T(0.1834346424956498049), T(0.5255324099163289858), T(0.7966664774136267396),
                                T(0.9602898564975362317)};
    static constexpr T gw[4] = {T(0.3626837833783619830), T(0.3137066458778872873), T(0.2223810344533744706),
                                T(0.1012285362903762591)};
    const T h = (b - a) / T(panels);
    T sum = 0;
    for (int p = 0; p < panels; ++p) {
      const T mid = a + (T(p) + T(0.5)) * h, half = h / T(2);
      for (int i = 0; i < 4; ++i) sum += gw[i] * half * (phi_rate(mid - half * gx[i]) + phi_rate(mid + half * gx[i]));
    }
    return sum;
  }

  void build_phi_table() {
    // e_c: the circled axis, signed so that e_c . L_b > 0 (constant in time)
    e_c_ = glm::vec<3, T>(T(0));
    e_c_[c_] = (inertia_ * omega0_)[c_] < T(0) ? T(-1) : T(1);
    w_ = r0_ * glm::conjugate(frame(omega0_));
    period_ = period();
    if (!std::isfinite(period_)) return;
    const T panel = period_ / T(phi_panels);
    phi_table_.assign(phi_panels + 1, T(0));
    for (int p = 0; p < phi_panels; ++p)
      phi_table_[p + 1] = phi_table_[p] + integrate_phi(T(p) * panel, T(p + 1) * panel, 1);
  }

  glm::vec<3, T> inertia_{T(1)};
  glm::qua<T> r0_{T(1), T(0), T(0), T(0)};
  glm::vec<3, T> e_c_{T(0)};
  glm::qua<T> w_{T(1), T(0), T(0), T(0)};
  T period_ = 0;
  std::vector<T> phi_table_;
  T two_energy_ = 0, l2_ = 0;
  int a_ = 0, b_ = 1, c_ = 2;
  T sign_ = 1, ia_ = 0, ib_ = 0, ic_ = 0;
  T amp_a_ = 0, amp_b_ = 0, amp_c_ = 0, lambda_ = 0, m_ = 0, mc_ = 1;
  T s_a_ = 1, s_c_ = 1, u0_ = 0;
  bool steady_ = false;
  glm::vec<3, T> omega0_{T(0)};
};

}  // namespace framelab
