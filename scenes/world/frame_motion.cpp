#include "scenes/world/frame_motion.hpp"

#include <cmath>

#include "core/ad/dual_glm.hpp"
#include "core/sin_cos.hpp"

namespace framelab {

namespace {

using hd = hyper_dual<double>;
using hd_mat3 = glm::mat<3, 3, hd>;

bool finite(const jet& j) { return std::isfinite(j.value) && std::isfinite(j.rate) && std::isfinite(j.accel); }

// R(theta) = I + sin(theta) [a] + (1 - cos(theta)) [a]^2, [a]^2 = a a^T - I (Rodrigues), in any scalar S.
template <class S>
glm::mat<3, 3, S> rodrigues(const glm::dvec3& a, const S& theta) {
  using std::cos, std::sin;
  const S s = sin(theta), c1 = S(1.0) - cos(theta);
  glm::mat<3, 3, S> r;
  const double k[3][3] = {{0.0, a.z, -a.y}, {-a.z, 0.0, a.x}, {a.y, -a.x, 0.0}};  // [a], glm [column][row]
  for (int col = 0; col < 3; ++col)
    for (int row = 0; row < 3; ++row) {
      const double aa = a[col] * a[row] - (col == row ? 1.0 : 0.0);
      r[col][row] = (col == row ? S(1.0) : S(0.0)) + s * k[col][row] + c1 * aa;
    }
  return r;
}

// w from the skew-symmetric W = [w] (its antisymmetric part, glm [column][row]).
glm::dvec3 unskew(const glm::dmat3& w) {
  return {0.5 * (w[1][2] - w[2][1]), 0.5 * (w[2][0] - w[0][2]), 0.5 * (w[0][1] - w[1][0])};
}

template <class F>
glm::dmat3 part(const hd_mat3& m, F f) {
  glm::dmat3 r;
  for (int c = 0; c < 3; ++c)
    for (int k = 0; k < 3; ++k) r[c][k] = f(m[c][k]);
  return r;
}

}  // namespace

bool frame_motion::moves() const {
  for (const auto& e : translation)
    if (e.uses_time) return true;
  for (const auto& r : rotations)
    if (r.angle.uses_time) return true;
  return false;
}

std::optional<motion_fault> evaluate_motion(const frame_motion& m, const expression_evaluator& eval, double t,
                                            dynamic_transform<double, 3>& out) {
  static constexpr const char* axis_names[3] = {"translation x", "translation y", "translation z"};
  for (int i = 0; i < 3; ++i) {
    const jet j = eval.derivatives(m.translation[std::size_t(i)], t);
    if (!finite(j)) return motion_fault{axis_names[i], &m.translation[std::size_t(i)]};
    out.pose.translation[i] = j.value;
    out.velocity[i] = j.rate;
    out.accel[i] = j.accel;
  }
  // The pose's quaternion, q = q_1 q_2 ... q_n.
  glm::dquat q(1.0, 0.0, 0.0, 0.0), before_turning(1.0, 0.0, 0.0, 0.0);
  std::size_t turning = 0;  // rotations whose angle reads t
  jet turning_jet;
  glm::dvec3 turning_axis(0.0);
  for (std::size_t k = 0; k < m.rotations.size(); ++k) {
    const rotation_term& term = m.rotations[k];
    const jet j = eval.derivatives(term.angle, t);
    if (!finite(j)) return motion_fault{"rotation " + std::to_string(k + 1) + " angle", &term.angle};
    if (term.angle.uses_time && turning++ == 0) before_turning = q, turning_jet = j, turning_axis = term.axis;
    q = q * turn_about(j.value, term.axis);
  }
  out.pose.rotation = glm::normalize(q);
  out.pose.scale = 1.0;
  if (turning == 0) {
    out.angular_velocity = out.angular_accel = glm::dvec3(0.0);
    return std::nullopt;
  }
  if (turning == 1) {
    // One turning rotation between constant ones, R = C1 R_a(theta) C2: dR/dt = C1 [a] theta' R_a C2,
    // so [w] = dR/dt R^T = C1 [a] C1^T theta', i.e. w = theta' C1 a, and alpha = dw/dt = theta'' C1 a.
    const glm::dvec3 axis = before_turning * turning_axis;
    out.angular_velocity = turning_jet.rate * axis;
    out.angular_accel = turning_jet.accel * axis;
    return std::nullopt;
  }
  // Several: R, dR/dt, d2R/dt2 from the product of hyper-dual rotation matrices.
  hd_mat3 r(hd(1.0));
  for (const rotation_term& term : m.rotations) {
    const jet j = eval.derivatives(term.angle, t);
    r = r * rodrigues(term.axis, hd(j.value, j.rate, j.rate, j.accel));  // theta + eps1 theta' + eps2 theta' + eps12 theta''
  }
  const glm::dmat3 r0 = part(r, [](const hd& x) { return x.real(); });
  const glm::dmat3 r1 = part(r, [](const hd& x) { return x.eps1(); });
  const glm::dmat3 r2 = part(r, [](const hd& x) { return x.eps12(); });
  const glm::dmat3 rt = glm::transpose(r0);
  // [w] = dR/dt R^T
  const glm::dmat3 w = r1 * rt;
  // [alpha] = (d2R/dt2 - [w] dR/dt) R^T
  const glm::dmat3 alpha = (r2 - w * r1) * rt;
  out.angular_velocity = unskew(w);
  out.angular_accel = unskew(alpha);
  return std::nullopt;
}

}  // namespace framelab
