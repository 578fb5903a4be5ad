#pragma once
// frame_motion: a frame's local motion relative to its parent, typed as expressions of
// t and the parameters: a translation [x(t), y(t), z(t)] (in the parent's coordinates)
// and a sequence of rotations (unit axis a_k, angle theta_k(t)),
//   R(t) = R_1(theta_1) R_2(theta_2) ... R_n(theta_n)      (R_k: Rodrigues, about a_k)
// so the first rotation turns about the parent's axis, the next about the axis the first
// has already turned, and so on (intrinsic rotations). The local pose maps the frame's
// coordinates to its parent's: x_parent = T(t) + R(t) x.
//
// Velocities and accelerations come from the expressions exactly by hyper-dual numbers
// (core/ad/hyper_dual.hpp), never by finite differences: with t + eps1 + eps2,
//   T, v = dT/dt, a = d2T/dt2 from each coordinate, and R, dR/dt, d2R/dt2 from the
//   product of hyper-dual rotation matrices. Then, with dR/dt = [w] R
//   (docs/articles.md, transform-hierarchy-dynamics: w the angular velocity,
//   expressed in the PARENT's frame, as core/frames/hierarchy.hpp composes it):
//     [w]     = dR/dt R^T
//   and differentiating dR/dt = [w] R once more,
//     d2R/dt2 = [alpha] R + [w] dR/dt    =>    [alpha] = (d2R/dt2 - [w] dR/dt) R^T
//   where [alpha] = d[w]/dt is skew too (alpha the angular acceleration, parent's frame).
// With one turning rotation among constant ones (the common case) this reduces to
// w = theta' C1 a, alpha = theta'' C1 a (C1: the constant rotations before it), which the
// evaluation uses directly; tests hold both against hand-derived derivatives.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/frames/dynamic_transform.hpp"
#include "scenes/world/world_expression.hpp"

namespace framelab {

struct rotation_term {
  glm::dvec3 axis{0.0, 1.0, 0.0};  // unit
  world_expression angle;          // rad
};

struct frame_motion {
  std::array<world_expression, 3> translation;  // m, parent's coordinates
  std::vector<rotation_term> rotations;          // applied in order (intrinsic)
  bool moves() const;                            // anything reads t
};

// Which of a frame's expressions became non-finite: "translation y", "rotation 2 angle".
struct motion_fault {
  std::string which;
  const world_expression* expression = nullptr;
};

// The local dynamics at time t (parameters bound in `eval`), or the first expression
// whose value or derivatives are not finite. Writes into `out` (only valid on success).
std::optional<motion_fault> evaluate_motion(const frame_motion& m, const expression_evaluator& eval, double t,
                                            dynamic_transform<double, 3>& out);

}  // namespace framelab
