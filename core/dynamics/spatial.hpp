#pragma once
// Spatial (6D) vectors and inertias of Featherstone, Rigid Body Dynamics Algorithms (2008),
// chapter 2, expressed in WORLD coordinates about the world origin O. With every quantity
// about one point, the coordinate transforms X between bodies are the identity, so the
// articulated-body and Newton-Euler passes (core/dynamics/articulated_body.hpp,
// newton_euler.hpp) add and subtract with no change of basis.
//
//   motion  m = (w, v_O):  w the angular velocity, v_O the velocity of the body point at O
//   force   f = (n_O, F):  n_O the moment about O, F the resultant force
//
//   m1 x m2  = (w1 x w2,              w1 x v2 + v1 x w2)   (crm, "motion cross")
//   m  x* f  = (w x n + v x F,        w x F)               (crf, "force cross")
//   f . m    = n . w + F . v                               (power)
//
// A rigid body of mass m, centre of mass c (world) and rotational inertia I_c about c
// (world axes) has the spatial inertia about O
//   I = [[I_c + m [c]x [c]x^T,  m [c]x],
//        [m [c]x^T,             m 1   ]]
// (the momentum I V: F = m (v_O + w x c), n_O = I_c w + c x F).
#include <array>

#include "core/dynamics/symmetric3.hpp"

namespace framelab::dynamics {

// Assigned number by number: a result built in registers is stored as its six numbers
// (GCC copied whole records through a stack temporary, whose two-number reads of numbers
// written one at a time stall on store forwarding: perf showed ~5 % of forward dynamics on
// such copies; docs/performance.md).
#define FRAMELAB_SPATIAL_ASSIGN(type)                                                        \
  type() = default;                                                                          \
  type(const vec3& a, const vec3& l) : angular(a), linear(l) {}                              \
  type(const type&) = default;                                                               \
  [[gnu::always_inline]] type& operator=(const type& o) {                                    \
    angular.x = o.angular.x, angular.y = o.angular.y, angular.z = o.angular.z;               \
    linear.x = o.linear.x, linear.y = o.linear.y, linear.z = o.linear.z;                     \
    return *this;                                                                            \
  }

struct spatial_motion {
  vec3 angular{0.0};  // w (or alpha)
  vec3 linear{0.0};   // v_O (or the spatial acceleration's linear part)
  FRAMELAB_SPATIAL_ASSIGN(spatial_motion)

  friend spatial_motion operator+(const spatial_motion& a, const spatial_motion& b) {
    return {a.angular + b.angular, a.linear + b.linear};
  }
  friend spatial_motion operator-(const spatial_motion& a, const spatial_motion& b) {
    return {a.angular - b.angular, a.linear - b.linear};
  }
  friend spatial_motion operator*(double s, const spatial_motion& a) { return {s * a.angular, s * a.linear}; }
};

struct spatial_force {
  vec3 angular{0.0};  // n_O
  vec3 linear{0.0};   // F
  FRAMELAB_SPATIAL_ASSIGN(spatial_force)

  friend spatial_force operator+(const spatial_force& a, const spatial_force& b) {
    return {a.angular + b.angular, a.linear + b.linear};
  }
  friend spatial_force operator-(const spatial_force& a, const spatial_force& b) {
    return {a.angular - b.angular, a.linear - b.linear};
  }
  friend spatial_force operator*(double s, const spatial_force& a) { return {s * a.angular, s * a.linear}; }
};

// f . m = n . w + F . v
inline double dot(const spatial_force& f, const spatial_motion& m) {
  return glm::dot(f.angular, m.angular) + glm::dot(f.linear, m.linear);
}

// m1 x m2 = (w1 x w2, w1 x v2 + v1 x w2)
inline spatial_motion cross_motion(const spatial_motion& m1, const spatial_motion& m2) {
  return {glm::cross(m1.angular, m2.angular),
          glm::cross(m1.angular, m2.linear) + glm::cross(m1.linear, m2.angular)};
}

// m x* f = (w x n + v x F, w x F)
inline spatial_force cross_force(const spatial_motion& m, const spatial_force& f) {
  return {glm::cross(m.angular, f.angular) + glm::cross(m.linear, f.linear), glm::cross(m.angular, f.linear)};
}

// The spatial motion of a frame whose origin o moves with velocity v_o and which turns at w:
// the velocity of the frame's point at O is v_O = v_o + w x (O - o) = v_o + o x w.
inline spatial_motion motion_about_origin(const vec3& o, const vec3& v_o, const vec3& w) {
  return {w, v_o + glm::cross(o, w)};
}

// The same frame's spatial acceleration from the classical one (a_o, alpha):
//   d/dt (v_o + o x w) = a_o + v_o x w + o x alpha.
inline spatial_motion acceleration_about_origin(const vec3& o, const vec3& v_o, const vec3& w, const vec3& a_o,
                                                const vec3& alpha) {
  return {alpha, a_o + glm::cross(v_o, w) + glm::cross(o, alpha)};
}

// The classical acceleration of the point p of a body with spatial velocity V and spatial
// acceleration A (both about O): a_p = (A.linear + alpha x p) + w x v_p, v_p = V.linear + w x p.
inline vec3 point_acceleration(const spatial_motion& v, const spatial_motion& a, const vec3& p) {
  const vec3 v_p = v.linear + glm::cross(v.angular, p);
  return a.linear + glm::cross(a.angular, p) + glm::cross(v.angular, v_p);
}
inline vec3 point_velocity(const spatial_motion& v, const vec3& p) {
  return v.linear + glm::cross(v.angular, p);
}

// A symmetric 6 x 6 inertia in 3 x 3 blocks [[A, B], [B^T, C]] with A and C symmetric and
// stored once (core/dynamics/symmetric3.hpp): 21 numbers, a rigid body's or an articulated
// body's.
struct spatial_inertia {
  symmetric3 a{};  // angular-angular
  mat3 b{0.0};     // angular-linear
  symmetric3 c{};  // linear-linear

  // I m = (A w + B v, B^T w + C v)   (w B = B^T w in glm's row-vector product)
  [[gnu::always_inline]] spatial_force operator*(const spatial_motion& m) const {
    return {a * m.angular + b * m.linear, m.angular * b + c * m.linear};
  }
  friend spatial_inertia operator+(const spatial_inertia& x, const spatial_inertia& y) {
    return {x.a + y.a, x.b + y.b, x.c + y.c};
  }
  [[gnu::always_inline]] spatial_inertia& operator+=(const spatial_inertia& y) {
    a += y.a, b += y.b, c += y.c;
    return *this;
  }
  // this -= s f g^T with f, g forces read as 6-columns: f g^T = [[fn gn^T, fn gF^T], [fF gn^T, fF gF^T]]
  // (the lower-left block is B^T's; a sum of such terms must be symmetric, as U D^-1 U^T is).
  [[gnu::always_inline]] void subtract_outer(double s, const spatial_force& f, const spatial_force& g) {
    a.subtract_outer(s, f.angular, g.angular);
    const vec3 sf = s * f.angular;  // column k of s fn gF^T is (s fn) gF_k
    for (int k = 0; k < 3; ++k) b[k] -= sf * g.linear[k];
    c.subtract_outer(s, f.linear, g.linear);
  }
};

// [c]x: the cross-product matrix, [c]x v = c x v
inline mat3 cross_matrix3(const vec3& c) {
  return mat3(0.0, c.z, -c.y,   // column 0
              -c.z, 0.0, c.x,   // column 1
              c.y, -c.x, 0.0);  // column 2
}

// A rigid body in world coordinates: its mass, centre of mass c and rotational inertia I_c
// about c (world axes).
struct rigid_body_world {
  double mass = 0.0;
  vec3 center{0.0};
  symmetric3 inertia_about_center{};
};

// The rigid body's spatial inertia about O (see the top of this file), with
// [c]x [c]x^T = |c|^2 1 - c c^T.
// (Written into i field by field: a whole spatial_inertia built on the stack and copied cost
// store-forwarding stalls.)
[[gnu::always_inline]] inline void set_rigid_inertia(const rigid_body_world& r, spatial_inertia& i) {
  i.a = r.inertia_about_center + symmetric3::scalar(r.mass * glm::dot(r.center, r.center));
  i.a.subtract_outer(r.mass, r.center, r.center);
  i.b = r.mass * cross_matrix3(r.center);
  i.c = symmetric3::scalar(r.mass);
}

// I A + V x* I V for the rigid body's I without forming it (the force that gives the body
// the spatial acceleration A at the velocity V; core/dynamics/articulated_body.cpp's p_i):
//   v_c = v + w x c,  a_c = a + alpha x c + w x v_c   (the centre's velocity and acceleration)
//   F = m a_c,  n_O = I_c alpha + w x I_c w + c x F     (Newton and Euler about the centre)
// (the top of this file's blocks multiplied out, with [c]x^T w = w x c and the Jacobi
// identity; for V = (w, v) and A = (alpha, a)).
[[gnu::always_inline]] inline spatial_force rigid_bias_force(const rigid_body_world& r, const spatial_motion& v, const spatial_motion& a) {
  const vec3 v_c = v.linear + glm::cross(v.angular, r.center);
  const vec3 f = r.mass * (a.linear + glm::cross(a.angular, r.center) + glm::cross(v.angular, v_c));
  const symmetric3& i_c = r.inertia_about_center;
  return {i_c * a.angular + glm::cross(v.angular, i_c * v.angular) + glm::cross(r.center, f), f};
}

}  // namespace framelab::dynamics
