#pragma once
// A kinematic tree of rigid bodies joined by joints: the const model (what the mechanism is)
// apart from the data the algorithms write (core/dynamics/tree_data.hpp), as RBDL, Pinocchio
// and spatial_v2 split them. Bodies are indexed so that parent[i] < i (-1: the base), the
// order of a hierarchy stored level by level (core/frames/), so every root-to-leaf pass is a
// forward loop and every leaf-to-root pass a backward one.
//
// Body i's frame is G_i = G_parent o P_i o J_i(q_i): the parent's frame (the base's for a
// root), the placement P_i (fixed here; the data may give it a prescribed motion), and the
// joint's motion (core/dynamics/joint.hpp). Mass properties are in body i's frame: the
// centre of mass and the principal moments about it along the frame's axes.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/dynamics/joint.hpp"

namespace framelab::dynamics {

struct joint_passive {
  double damping = 0.0;    // c: tau = -c qd   (N m s/rad or N s/m)
  double stiffness = 0.0;  // k: tau = -k (q - rest)   (N m/rad or N/m)
  double rest = 0.0;       // hinge, slider (rad or m); a ball rests at the identity
};

struct body {
  int parent = -1;  // < own index; -1: the base
  joint_type joint = hinge{};
  joint_passive passive{};
  transform<double, 3> placement{};  // P_i relative to the parent's frame (scale 1)
  double mass = 0.0;                 // kg, >= 0 (a massless link is allowed if the tree stays solvable)
  vec3 center_of_mass{0.0};          // m, body frame
  vec3 principal_inertia{0.0};       // kg m^2 about the centre of mass along the body axes
};

class tree_model {
 public:
  tree_model() = default;
  explicit tree_model(std::vector<body> bodies, vec3 gravity = vec3(0.0, -9.81, 0.0))
      : bodies_(std::move(bodies)), gravity_(gravity) {
    for (int i = 0; i < size(); ++i) {
      const body& b = bodies_[static_cast<std::size_t>(i)];
      if (std::holds_alternative<hinge>(b.joint)) hinges_.push_back(i);
      parents_.push_back(b.parent);
      dofs_.push_back(static_cast<std::int8_t>(velocity_size(b.joint)));
      gathers_.push_back(0);
      if (b.parent >= 0 && b.parent < i - 1) gathers_[static_cast<std::size_t>(b.parent)] = 1;  // (a parent >= i: invalid_reason)
      q_index_.push_back(q_size_);
      v_index_.push_back(v_size_);
      q_size_ += position_size(b.joint);
      v_size_ += velocity_size(b.joint);
    }
  }

  int size() const { return static_cast<int>(bodies_.size()); }
  const body& operator[](int i) const { return bodies_[static_cast<std::size_t>(i)]; }
  const std::vector<body>& bodies() const { return bodies_; }
  int q_size() const { return q_size_; }
  int v_size() const { return v_size_; }
  int q_index(int i) const { return q_index_[static_cast<std::size_t>(i)]; }
  int v_index(int i) const { return v_index_[static_cast<std::size_t>(i)]; }
  // Body i's parent and velocity_size from arrays of their own: the leaf-to-root and
  // root-to-leaf passes of core/dynamics/articulated_body.cpp read these and no other field
  // of a body (a pass over 10,000 bodies reads 50 kB of them, not a cache line of each
  // ~200-byte body).
  int parent(int i) const { return parents_[static_cast<std::size_t>(i)]; }
  int dofs(int i) const { return dofs_[static_cast<std::size_t>(i)]; }
  // Body i has a child other than body i + 1: the passes hand a body's numbers to the next
  // body of their loop in registers when it is the child (every link of a chain), and through
  // the data only to such children (core/dynamics/articulated_body.cpp).
  bool gathers_children(int i) const { return gathers_[static_cast<std::size_t>(i)] != 0; }
  // The hinges' body indices, in order.
  const std::vector<int>& hinges() const { return hinges_; }
  const vec3& gravity() const { return gravity_; }

  // Why the model cannot be used (parent order, zero axes, negative mass, moments that break
  // the triangle inequality), or nullopt.
  std::optional<std::string> invalid_reason() const {
    for (int i = 0; i < size(); ++i) {
      const body& b = (*this)[i];
      const std::string at = "body " + std::to_string(i) + ": ";
      if (b.parent < -1 || b.parent >= i) return at + "parent must come before the body";
      if (const auto* h = std::get_if<hinge>(&b.joint); h && std::abs(glm::length(h->axis) - 1.0) > 1e-9)
        return at + "the hinge axis must be a unit vector";
      if (const auto* s = std::get_if<slider>(&b.joint); s && std::abs(glm::length(s->axis) - 1.0) > 1e-9)
        return at + "the slider axis must be a unit vector";
      if (!(b.mass >= 0.0) || !std::isfinite(b.mass)) return at + "mass must be >= 0";
      const vec3& m = b.principal_inertia;
      if (!(m.x >= 0.0 && m.y >= 0.0 && m.z >= 0.0)) return at + "principal moments must be >= 0";
      if (m.x > m.y + m.z || m.y > m.z + m.x || m.z > m.x + m.y)
        return at + "principal moments must satisfy the triangle inequality";
    }
    return std::nullopt;
  }

 private:
  std::vector<body> bodies_;
  vec3 gravity_{0.0, -9.81, 0.0};
  std::vector<int> q_index_, v_index_, parents_, hinges_;
  std::vector<std::int8_t> dofs_, gathers_;
  int q_size_ = 0, v_size_ = 0;
};

}  // namespace framelab::dynamics
