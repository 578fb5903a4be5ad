#pragma once
// The joint types of a kinematic tree, a closed std::variant visited in each pass (no virtual
// calls in the loops). A joint moves its frame J relative to the joint's placement frame P (the
// parent body's frame carried along by the placement); q and qd are its coordinates:
//
//   hinge   1 dof: turns by q (rad) about the unit axis u (P coordinates) through P's origin:
//           R = exp(q [u]x), w = u qd, alpha = u qdd
//   slider  1 dof: moves by q (m) along the unit axis u:  T = u q, v = u qd, a = u qdd
//   ball    3 dof: q a unit quaternion (4 numbers, w x y z), qd the angular velocity w in P
//           coordinates (3 numbers):  R = q, alpha = qdd, dq/dt = 1/2 w q
//           (docs/articles.md, rotational-integration: "dq/dt = 1/2 w q")
//
// In world coordinates (core/dynamics/spatial.hpp) the joint's motion subspace S, the
// spatial velocities the joint allows per unit qd, is, with R_P the placement frame's world
// rotation and o the joint frame's world origin:
//   hinge  S = (R_P u, o x R_P u)      slider  S = (0, R_P u)
//   ball   S_k = (R_P e_k, o x R_P e_k), k = 0, 1, 2
// Featherstone, Rigid Body Dynamics Algorithms (2008), section 4.4 (joint models).
#include <array>
#include <cmath>
#include <cstddef>
#include <span>
#include <variant>

#include "core/dynamics/spatial.hpp"
#include "core/frames/dynamic_transform.hpp"
#include "core/sin_cos.hpp"

namespace framelab::dynamics {

using dynamic_transform3 = dynamic_transform<double, 3>;
using transform3 = transform<double, 3>;
using quat = glm::dquat;

struct hinge {
  vec3 axis{0.0, 0.0, 1.0};  // unit, placement-frame coordinates
};
struct slider {
  vec3 axis{1.0, 0.0, 0.0};  // unit, placement-frame coordinates
};
struct ball {};

using joint_type = std::variant<hinge, slider, ball>;

// Numbers in q (1, 1, 4) and in qd (1, 1, 3).
inline int position_size(const joint_type& j) {
  return std::holds_alternative<ball>(j) ? 4 : 1;
}
inline int velocity_size(const joint_type& j) {
  return std::holds_alternative<ball>(j) ? 3 : 1;
}

// The quaternion stored at q[0..3] (w, x, y, z).
inline quat ball_rotation(const double* q) {
  return quat(q[0], q[1], q[2], q[3]);
}

// J relative to P, with its velocity and acceleration for the given q, qd, qdd (the
// article's dynamic transform: pose, v, a, w, alpha).
inline dynamic_transform3 joint_motion(const joint_type& j, const double* q, const double* qd, const double* qdd) {
  dynamic_transform3 m;
  if (const auto* h = std::get_if<hinge>(&j)) {
    m.pose.rotation = glm::angleAxis(q[0], h->axis);
    m.angular_velocity = h->axis * qd[0];
    m.angular_accel = h->axis * qdd[0];
  } else if (const auto* s = std::get_if<slider>(&j)) {
    m.pose.translation = s->axis * q[0];
    m.velocity = s->axis * qd[0];
    m.accel = s->axis * qdd[0];
  } else {
    m.pose.rotation = ball_rotation(q);
    m.angular_velocity = vec3(qd[0], qd[1], qd[2]);
    m.angular_accel = vec3(qdd[0], qdd[1], qdd[2]);
  }
  return m;
}

// A hinge's turn exp(q [u]x) is the unit quaternion (cos(q/2), sin(q/2) u) (glm::angleAxis);
// its cosine and sine (sin_cos_inline, core/sin_cos.hpp). The passes find them for every hinge in one
// loop before the bodies' (hinge_half_angles, core/dynamics/tree_kinematics.hpp).
using half_angle = sine_cosine<double>;
inline half_angle hinge_half_angle(double q) {
  return sin_cos_inline(q * 0.5);
}

// The rotation matrix of a unit quaternion and the product of two quaternions: glm::mat3_cast
// and glm's quaternion product, the same arithmetic, always inlined (in the large translation
// units that include the tree passes, the compiler's inlining budget ran out and called glm's
// out of line, compiled for plain x86-64, from the AVX2 build of the passes).
[[gnu::always_inline]] inline mat3 rotation_matrix(const quat& q) {
  const double qxx = q.x * q.x, qyy = q.y * q.y, qzz = q.z * q.z;
  const double qxz = q.x * q.z, qxy = q.x * q.y, qyz = q.y * q.z;
  const double qwx = q.w * q.x, qwy = q.w * q.y, qwz = q.w * q.z;
  return mat3(1.0 - 2.0 * (qyy + qzz), 2.0 * (qxy + qwz), 2.0 * (qxz - qwy),   // column 0
              2.0 * (qxy - qwz), 1.0 - 2.0 * (qxx + qzz), 2.0 * (qyz + qwx),   // column 1
              2.0 * (qxz + qwy), 2.0 * (qyz - qwx), 1.0 - 2.0 * (qxx + qyy));  // column 2
}
[[gnu::always_inline]] inline quat quat_product(const quat& p, const quat& q) {
  return quat(p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z, p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y,
              p.w * q.y + p.y * q.w + p.z * q.x - p.x * q.z, p.w * q.z + p.z * q.w + p.x * q.y - p.y * q.x);
}

// The joint frame's world pose J = P o J(q) from the placement frame's world pose P, its
// rotation matrix r (of G_J: its columns are the joint frame's axes in the world) and S in
// world coordinates (see the top of this file; velocity_size(j) columns into s):
//   hinge   R = R_P exp(q [u]x), T = T_P;        S = (u_w, o x u_w), u_w = R_P u = R u
//           (exp(q [u]x) from its half angle h: hinge_half_angle(q))
//           (a hinge turns about u, so R_P u = R_P R1 u)
//   slider  R = R_P, T = T_P + u_w q;            S = (0, u_w), u_w = R_P u
//   ball    R = R_P q, T = T_P;                  S_k = (R_P e_k, o x R_P e_k)
// (the slider's translation is not scaled by P's scale, as its S is not).
// (Always inlined: the AVX2 build of forward dynamics, core/dynamics/articulated_body.cpp,
// compiles it with its passes.)
[[gnu::always_inline]] inline void place_joint(const joint_type& j, const transform3& p, const double* q,
                                               const half_angle& h_angle, transform3& g, mat3& r,
                                               spatial_motion* s) {
  g = p;
  if (const auto* h = std::get_if<hinge>(&j)) {
    g.rotation = quat_product(p.rotation, quat(h_angle.cos, h->axis * h_angle.sin));
    r = rotation_matrix(g.rotation);
    const vec3 u = times(r, h->axis);
    s[0] = spatial_motion{u, glm::cross(g.translation, u)};
    return;
  }
  if (const auto* sl = std::get_if<slider>(&j)) {
    r = rotation_matrix(p.rotation);
    const vec3 u = times(r, sl->axis);
    g.translation = p.translation + u * q[0];
    s[0] = spatial_motion{vec3(0.0), u};
    return;
  }
  g.rotation = quat_product(p.rotation, ball_rotation(q));
  r = rotation_matrix(g.rotation);
  const mat3 r_p = rotation_matrix(p.rotation);
  for (int k = 0; k < 3; ++k) s[k] = spatial_motion{r_p[k], glm::cross(g.translation, r_p[k])};
}

// dq/dt from qd: hinge, slider dq/dt = qd; ball dq/dt = 1/2 (0, w) q (w in P coordinates,
// so the product is on the left). Writes position_size(j) numbers.
inline void position_rate(const joint_type& j, const double* q, const double* qd, double* q_rate) {
  if (!std::holds_alternative<ball>(j)) {
    q_rate[0] = qd[0];
    return;
  }
  const quat rate = 0.5 * (quat(0.0, qd[0], qd[1], qd[2]) * ball_rotation(q));
  q_rate[0] = rate.w, q_rate[1] = rate.x, q_rate[2] = rate.y, q_rate[3] = rate.z;
}

// Back onto the joint's configuration space after a step (the ball's quaternion to unit length).
inline void project_position(const joint_type& j, double* q) {
  if (!std::holds_alternative<ball>(j)) return;
  const quat n = glm::normalize(ball_rotation(q));
  q[0] = n.w, q[1] = n.x, q[2] = n.y, q[3] = n.z;
}

// The deviation from the rest position that a joint spring pulls back: hinge, slider q - rest;
// ball the rotation vector of q (its rest is the identity). Writes velocity_size(j) numbers.
inline void spring_deviation(const joint_type& j, const double* q, double rest, double* out) {
  if (!std::holds_alternative<ball>(j)) {
    out[0] = q[0] - rest;
    return;
  }
  const vec3 r = rotation_vector(ball_rotation(q));
  out[0] = r.x, out[1] = r.y, out[2] = r.z;
}

}  // namespace framelab::dynamics
