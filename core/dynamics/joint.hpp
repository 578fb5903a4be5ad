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
#include <cstddef>
#include <span>
#include <variant>

#include "core/dynamics/spatial.hpp"
#include "core/frames/dynamic_transform.hpp"

namespace framelab::dynamics {

using dynamic_transform3 = dynamic_transform<double, 3>;
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

// S in world coordinates (see the top of this file): r_p the placement frame's world
// rotation, o the joint frame's world origin; writes velocity_size(j) columns.
inline void world_subspace(const joint_type& j, const quat& r_p, const vec3& o, spatial_motion* s) {
  const auto turning = [&](const vec3& axis_p) {
    const vec3 u = rotate(r_p, axis_p);
    return spatial_motion{u, glm::cross(o, u)};
  };
  if (const auto* h = std::get_if<hinge>(&j)) {
    s[0] = turning(h->axis);
  } else if (const auto* sl = std::get_if<slider>(&j)) {
    s[0] = spatial_motion{vec3(0.0), rotate(r_p, sl->axis)};
  } else {
    for (int k = 0; k < 3; ++k) {
      vec3 e(0.0);
      e[k] = 1.0;
      s[k] = turning(e);
    }
  }
}

// G_J = G_P o J(q, qd, qdd = 0) and S in world coordinates at once: the article's composition
// (docs/articles.md, transform-hierarchy-dynamics, "Dynamics of the Composition")
//   T3 = A2(T1), R3 = R2 R1, v3 = v2 + J2 v1 + w2 x J2 T1,
//   a3 = a2 + J2 a1 + alpha2 x J2 T1 + w2 x (w2 x J2 T1) + 2 w2 x J2 v1,
//   w3 = w2 + R2 w1,  alpha3 = alpha2 + R2 alpha1 + w2 x w3
// written out for each joint's local motion (a1 = alpha1 = 0 with qdd = 0):
//   hinge   T1 = 0, v1 = 0, w1 = u qd:       T3 = T2, v3 = v2, a3 = a2, w3 = w2 + u_w qd,
//                                             alpha3 = alpha2 + w2 x w3   (u_w = R2 u)
//   slider  T1 = u q, v1 = u qd, w1 = 0:     the translation terms above, w3 = w2, alpha3 = alpha2
//   ball    the general composition (dynamic_transform::operator*)
// s receives S's velocity_size(j) columns. r is G_J's rotation as a matrix (its columns are the joint frame's axes in the world): the
// joint's world axis u_w = R2 u is r u (a hinge turns about u, so R2 u = R2 R1 u).
inline void compose_joint(const joint_type& j, const dynamic_transform3& p, const double* q, const double* qd,
                          dynamic_transform3& g, mat3& r, spatial_motion* s) {
  if (const auto* h = std::get_if<hinge>(&j)) {
    g.pose.translation = p.pose.translation;
    g.pose.rotation = p.pose.rotation * glm::angleAxis(q[0], h->axis);
    g.pose.scale = p.pose.scale;
    r = glm::mat3_cast(g.pose.rotation);
    const vec3 u = r * h->axis;
    g.velocity = p.velocity;
    g.accel = p.accel;
    g.angular_velocity = p.angular_velocity + u * qd[0];
    g.angular_accel = p.angular_accel + glm::cross(p.angular_velocity, g.angular_velocity);
    s[0] = spatial_motion{u, glm::cross(g.pose.translation, u)};
    return;
  }
  if (const auto* sl = std::get_if<slider>(&j)) {
    r = glm::mat3_cast(p.pose.rotation);
    const vec3 u = r * sl->axis;
    const vec3 t1 = u * q[0], v1 = u * qd[0];  // J2 T1, J2 v1
    const vec3 w2_t1 = glm::cross(p.angular_velocity, t1);
    g.pose.translation = p.pose.translation + t1;
    g.pose.rotation = p.pose.rotation;
    g.pose.scale = p.pose.scale;
    g.velocity = p.velocity + v1 + w2_t1;
    g.accel = p.accel + glm::cross(p.angular_accel, t1) + glm::cross(p.angular_velocity, w2_t1) +
              2.0 * glm::cross(p.angular_velocity, v1);
    g.angular_velocity = p.angular_velocity;
    g.angular_accel = p.angular_accel;
    s[0] = spatial_motion{vec3(0.0), u};
    return;
  }
  static constexpr double zero_qdd[3] = {0.0, 0.0, 0.0};
  g = p * joint_motion(j, q, qd, zero_qdd);
  r = glm::mat3_cast(g.pose.rotation);
  world_subspace(j, p.pose.rotation, g.pose.translation, s);
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
