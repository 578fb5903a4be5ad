#pragma once
// Spheres colliding through linear impulses: the narrowphase on a broadphase's candidate
// pairs, the impulse along the normal with restitution, a positional correction that adds
// no energy, and the walls of a box that may turn (a drum). core/collision/sphere_world.hpp puts
// these together into one time step; the collisions scene and the broadphase bench use it.
//
// [SECTION] Two spheres (centres x, radii r, inverse masses w = 1/m)
//   d = |x_j - x_i|,  they touch when d <= r_i + r_j;  normal n = (x_j - x_i) / d (from i to j),
//   overlap delta = r_i + r_j - d.
// Relative normal velocity v_n = (v_j - v_i) . n; they approach when v_n < 0. The impulse
//   J = -(1 + e) v_n / (w_i + w_j),   v_i -= w_i J n,   v_j += w_j J n
// leaves them separating at v_n' = -e v_n (Newton's law of restitution, 0 <= e <= 1) and
// keeps the momentum m_i v_i + m_j v_j. It changes the kinetic energy by
//   dK = -(1 - e^2) mu v_n^2 / 2,   mu = 1 / (w_i + w_j) (the reduced mass):
// none at e = 1, all of the normal part in the centre-of-mass frame at e = 0.
//
// [SECTION] Positional correction
// Overlapping spheres are pushed apart along n, each by its share of inverse mass:
//   x_i -= delta w_i / (w_i + w_j) n,   x_j += delta w_j / (w_i + w_j) n.
// Only positions move: no velocity is added (a Baumgarte bias velocity would add kinetic
// energy), and the centre of mass m_i x_i + m_j x_j stays put, so neither does the
// potential energy sum m (-g . x) in uniform gravity g. The correction adds no energy.
//
// [SECTION] Walls (infinite mass: w_wall = 0), moving with velocity u at the contact
//   v_n = (v - u) . n (n the wall's inward normal); if v_n < 0:  v -= (1 + e) v_n n;
// then the sphere is moved out of the wall along n by
//   lift = delta + e max(0, d - delta),   d = -v_n dt,
// d being the distance it closed on the wall during this step (dt), so d - delta is how far from
// the wall it was when the step began: at e = 0 it ends on the wall, at e = 1 back at that
// distance, as if it had been reflected (and at e < 1 a ball left hovering above the floor comes
// down by the factor e every step).
// Why not lift by delta alone: the stepping (symplectic Euler, v += g dt; x += v dt) does not keep
// K + U in flight (it falls by m |g|^2 dt^2 / 2 every step) but keeps, exactly, for uniform g
//   H = K + U + (dt / 2) sum m g . v.
// A wall bounce at e = 1 changes it by dH = -m (g . n) (lift + v_n dt) = -m (g . n) (lift - d):
// lifting by delta <= d alone would take up to m |g| |v_n| dt from every bounce (a ball bouncing on
// the floor would sink a few percent per bounce); lifting by d keeps H: it bounces back to its height.
// Pairs keep H already: the impulse keeps K (e = 1) and the momentum (hence sum m g . v), and the
// correction keeps the centre of mass (hence U). So at e = 1 nothing here adds or removes energy,
// but for one case: a sphere pushed into a wall by a neighbour's correction (delta > d) is lifted
// out unpaid, so dense piles at e = 1 under gravity gain a little (about 1 % a minute, 2000 balls).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"
#include "core/glm_config.hpp"

namespace framelab {

// [SECTION] The spheres, as parallel arrays (structure of arrays).
struct sphere_set {
  std::vector<glm::dvec3> position;  // m
  std::vector<glm::dvec3> velocity;  // m/s
  std::vector<double> radius;        // m, > 0
  std::vector<double> inverse_mass;  // 1/kg, > 0

  std::size_t size() const { return position.size(); }
  void clear() {
    position.clear();
    velocity.clear();
    radius.clear();
    inverse_mass.clear();
  }
  // Appends a sphere; throws std::invalid_argument (naming the field) for a non-finite
  // position or velocity, or a radius or mass that is not finite and positive.
  void add(const glm::dvec3& x, const glm::dvec3& v, double r, double mass) {
    const auto finite = [](const glm::dvec3& a) {
      return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
    };
    const std::string who = "sphere " + std::to_string(size()) + ": ";
    if (!finite(x)) throw std::invalid_argument(who + "position is not finite");
    if (!finite(v)) throw std::invalid_argument(who + "velocity is not finite");
    if (!(r > 0.0) || !std::isfinite(r)) throw std::invalid_argument(who + "radius must be finite and > 0");
    if (!(mass > 0.0) || !std::isfinite(mass)) throw std::invalid_argument(who + "mass must be finite and > 0");
    position.push_back(x);
    velocity.push_back(v);
    radius.push_back(r);
    inverse_mass.push_back(1.0 / mass);
  }
};

// Throws std::invalid_argument unless 0 <= e <= 1 (NaN included).
inline void check_restitution(double e) {
  if (!(e >= 0.0 && e <= 1.0)) {
    throw std::invalid_argument("restitution must be in [0, 1] (got " + std::to_string(e) + ")");
  }
}

// [SECTION] Narrowphase: the candidate pairs whose spheres touch, |x_j - x_i| <= r_i + r_j
// (compared squared, no square root), in the candidates' order.
inline void touching_pairs(const sphere_set& s, std::span<const index_pair> candidates, std::vector<index_pair>& out) {
  out.clear();
  for (const index_pair& p : candidates) {
    const glm::dvec3 d = s.position[p.j] - s.position[p.i];
    const double reach = s.radius[p.i] + s.radius[p.j];
    if (glm::dot(d, d) <= reach * reach) out.push_back(p);
  }
}

// The axis-aligned box of sphere k: [x - r, x + r]; of each sphere.
inline aabb3d sphere_box(const sphere_set& s, std::size_t k) {
  const glm::dvec3 r(s.radius[k]);
  return {s.position[k] - r, s.position[k] + r};
}
inline void sphere_boxes(const sphere_set& s, std::vector<aabb3d>& out) {
  out.resize(s.size());
  for (std::size_t k = 0; k < s.size(); ++k) out[k] = sphere_box(s, k);
}

// What resolving one contact did (for tests and statistics).
struct contact_result {
  double impulse = 0.0;  // J >= 0, kg m/s (0 when the pair was not approaching)
  double overlap = 0.0;  // delta removed by the positional correction, m (0 when apart)
};

// [SECTION] One pair: impulse if approaching, then positional correction if overlapping.
// Coincident centres (d = 0) have no normal; +x is taken, so the result stays deterministic.
inline contact_result resolve_sphere_pair(sphere_set& s, std::uint32_t i, std::uint32_t j, double e) {
  contact_result result;
  const glm::dvec3 between = s.position[j] - s.position[i];
  const double d = glm::length(between);
  const double reach = s.radius[i] + s.radius[j];
  if (d > reach) return result;
  const glm::dvec3 n = d > 0.0 ? between / d : glm::dvec3(1.0, 0.0, 0.0);
  const double wi = s.inverse_mass[i], wj = s.inverse_mass[j], w = wi + wj;

  // v_n = (v_j - v_i) . n;  J = -(1 + e) v_n / (w_i + w_j)
  const double vn = glm::dot(s.velocity[j] - s.velocity[i], n);
  if (vn < 0.0) {
    const double J = -(1.0 + e) * vn / w;
    s.velocity[i] -= (wi * J) * n;
    s.velocity[j] += (wj * J) * n;
    result.impulse = J;
  }
  // x_i -= delta w_i / w n,  x_j += delta w_j / w n
  const double delta = reach - d;
  if (delta > 0.0) {
    s.position[i] -= (delta * wi / w) * n;
    s.position[j] += (delta * wj / w) * n;
    result.overlap = delta;
  }
  return result;
}

// [SECTION] A box of half extents h centred at c, turned by `angle` about the z axis through c,
// turning at `rate` (rad/s, about +z). rate = 0: a plain box. Spheres live inside it.
struct turning_box {
  glm::dvec3 center{0.0};
  glm::dvec3 half_extent{1.0};  // m, > 0
  double angle = 0.0;           // rad
  double rate = 0.0;            // rad/s

  // The rotation R(angle) about z, as its cosine and sine (computed once per pass of the walls).
  struct turn {
    double c = 1.0, s = 0.0;
    glm::dvec3 to_world(const glm::dvec3& a) const { return {c * a.x - s * a.y, s * a.x + c * a.y, a.z}; }   // R a
    glm::dvec3 to_local(const glm::dvec3& a) const { return {c * a.x + s * a.y, -s * a.x + c * a.y, a.z}; }  // R^T a
  };
  turn rotation() const { return {std::cos(angle), std::sin(angle)}; }

  glm::dvec3 to_world_vector(const glm::dvec3& a) const { return rotation().to_world(a); }
  glm::dvec3 to_local_point(const glm::dvec3& p) const { return rotation().to_local(p - center); }
  glm::dvec3 to_world_point(const glm::dvec3& q) const { return center + rotation().to_world(q); }
  // The velocity of the box's material at world point p: u = omega x (p - c), omega = rate z.
  glm::dvec3 velocity_at(const glm::dvec3& p) const {
    const glm::dvec3 a = p - center;
    return {-rate * a.y, rate * a.x, 0.0};
  }
};

// Sphere k against the six walls of the box, within a step of dt (see [SECTION] Walls), with
// the box's rotation R given. Works in the box frame, where the walls' normals are the axes and
// the walls' velocity is u = omega x q (omega = rate z is the same in both frames). Returns the
// normal velocity change the walls gave the sphere (m/s), for statistics.
inline double collide_with_box(sphere_set& s, std::size_t k, const turning_box& box, const turning_box::turn& R,
                               double e, double dt) {
  const double r = s.radius[k];
  glm::dvec3 q = R.to_local(s.position[k] - box.center);
  const glm::dvec3 room = box.half_extent - r;
  if (std::abs(q.x) <= room.x && std::abs(q.y) <= room.y && std::abs(q.z) <= room.z) return 0.0;  // touches none
  glm::dvec3 v = R.to_local(s.velocity[k]);
  double kick = 0.0;
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = -1; side <= 1; side += 2) {
      // Wall at q[axis] = side h[axis], inward normal n = -side along the axis: delta = side q + r - h
      const double delta = side * q[axis] - room[axis];
      if (!(delta > 0.0)) continue;
      const glm::dvec3 u(-box.rate * q.y, box.rate * q.x, 0.0);
      // v_n = (v - u) . n;  v -= (1 + e) v_n n when approaching
      const double vn = -side * (v[axis] - u[axis]);
      double lift = delta;
      if (vn < 0.0) {
        v[axis] -= (1.0 + e) * vn * -side;
        kick += -(1.0 + e) * vn;
        lift = delta + e * std::max(0.0, -vn * dt - delta);  // lift = delta + e max(0, d - delta)
      }
      // x += lift n: on the wall when lift = delta
      q[axis] = side * room[axis] - side * (lift - delta);
    }
  }
  s.position[k] = box.center + R.to_world(q);
  s.velocity[k] = R.to_world(v);
  return kick;
}

inline double collide_with_box(sphere_set& s, std::size_t k, const turning_box& box, double e, double dt) {
  return collide_with_box(s, k, box, box.rotation(), e, dt);
}

// [SECTION] Totals: K = sum m |v|^2 / 2,  U = sum m (-g . x),  p = sum m v (one pass over the
// spheres for all three),  H (see Walls).
struct sphere_totals {
  double kinetic = 0.0;       // J
  double potential = 0.0;     // J
  glm::dvec3 momentum{0.0};  // kg m/s
};
inline sphere_totals totals(const sphere_set& s, const glm::dvec3& g) {
  sphere_totals t;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double w = s.inverse_mass[i];
    t.kinetic += 0.5 * glm::dot(s.velocity[i], s.velocity[i]) / w;
    t.potential -= glm::dot(g, s.position[i]) / w;
    t.momentum += s.velocity[i] / w;
  }
  return t;
}
inline double kinetic_energy(const sphere_set& s) { return totals(s, glm::dvec3(0.0)).kinetic; }
inline double potential_energy(const sphere_set& s, const glm::dvec3& g) { return totals(s, g).potential; }
inline glm::dvec3 momentum(const sphere_set& s) { return totals(s, glm::dvec3(0.0)).momentum; }
// The quantity the stepping keeps at e = 1 (see [SECTION] Walls): H = K + U + (dt / 2) sum m g . v.
inline double stepping_energy(const sphere_set& s, const glm::dvec3& g, double dt) {
  const sphere_totals t = totals(s, g);
  return t.kinetic + t.potential + 0.5 * dt * glm::dot(g, t.momentum);
}

}  // namespace framelab
