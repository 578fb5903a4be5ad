#pragma once
// world_body: a rigid body of a world file (scenes/world/world_spec.hpp, body_spec)
// running. Its rotation is core's (core/rotation/rigid_body.hpp) stepped by the core
// integrators (core/rotation/rotation_integrator.hpp); nothing is integrated here.
//
// A body in a frame that does not turn (nor rides a joint frame) is stepped here: its
// orientation relative to that frame is a constant turn away from its world orientation
// and no inertial torque acts on it. Free, its centre of mass rests at `position` in
// the frame. On a pivot p (body coordinates, on a principal axis) it turns about the
// point fixed in the frame where p starts, as a heavy top, with the moments about the
// pivot (parallel axes, p along principal axis k):
//   I'_j = I_j + m (|p|^2 - p_j^2)
// and gravity's torque about the pivot, the centre of mass being at -R p from it:
//   tau = (-R p) x m g_eff,   V = -m g_eff . (-R p) = m g_eff . (R p)
// where g_eff = g - a_frame (the frame's origin acceleration: in a frame that does not
// turn every point shares it), held over a step.
//
// A body in a turning frame, or below a joint frame, is the same mechanism as a ball joint:
// it becomes a ball-jointed link of the joint tree (scenes/world/world_joints.hpp, link()),
// jointed at its pivot (free: its centre of mass) in its frame, and is stepped with the
// joints by the file's integrator; the tree's kinematics carry the frame's angular velocity
// and acceleration onto it (the gyroscopic term included), and follow() copies the
// link's world motion back here for drawing and channels.
#include <optional>
#include <string>

#include "core/dynamics/tree_model.hpp"
#include "core/frames/dynamic_transform.hpp"
#include "core/rotation/rotation_integrator.hpp"
#include "scenes/world/world_spec.hpp"

namespace framelab {

class world_body {
 public:
  // The state at t = 0 from the spec (parameters bound in `eval`), or why it cannot start;
  // `gravity` the world gravity g (m/s^2).
  std::optional<std::string> start(const body_spec& spec, const expression_evaluator& eval,
                                   const dynamic_transform<double, 3>& frame_world, const glm::dvec3& gravity);
  // Advances by dt with the frame as it is now and the world gravity g (m/s^2).
  // Returns the integrator's reason when it refuses the step (the body is unchanged).
  std::optional<std::string> step(double dt, const dynamic_transform<double, 3>& frame_world,
                                  const glm::dvec3& gravity);

  // The ball-jointed link of the joint tree for a body on the tree (after start): placed at
  // the pivot (free: the centre of mass) in its frame, q0 the body's turn in the frame and
  // qd0 its omega turned into frame coordinates (omega is then relative to the turning
  // frame). A free body's link is massless: its centre moves with the frame.
  struct tree_link {
    dynamics::body body;
    glm::dquat q0{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 qd0{0.0};
  };
  tree_link link(int parent) const;
  // Takes the link's world pose and angular velocity (a body on the tree), and g for energy().
  void follow(const dynamic_transform<double, 3>& link_world, const glm::dvec3& gravity);

  const rigid_body_d& state() const { return body_; }
  // The centre of mass in the world (m), for the frame's pose now.
  glm::dvec3 centre(const dynamic_transform<double, 3>& frame_world) const;
  // The pivot in the world (pivoted bodies; the centre otherwise).
  glm::dvec3 pivot_point(const dynamic_transform<double, 3>& frame_world) const {
    return frame_world.pose.apply_point(anchor_);
  }
  // omega in body coordinates (rad/s).
  glm::dvec3 body_omega() const { return body_.body_angular_velocity(); }
  glm::dvec3 momentum() const { return body_.angular_momentum(); }  // L, world (kg m^2/s)
  // Kinetic plus gravity's potential about the pivot (J).
  double energy() const;

 private:
  glm::dvec3 torque(const rigid_body_d& b) const;

  rigid_body_d body_;
  rotation_settings settings_;
  bool pivoted_ = false;
  glm::dvec3 pivot_{0.0};   // body coordinates
  glm::dvec3 anchor_{0.0};  // frame coordinates: the centre of mass (free) or the pivot
  glm::dquat local_{1.0, 0.0, 0.0, 0.0};  // the turn in the frame at t = 0
  glm::dvec3 omega_{0.0};                 // omega at t = 0, body coordinates
  glm::dvec3 centre_inertia_{1.0};        // principal moments about the centre of mass
  double mass_ = 1.0;
  glm::dvec3 gravity_{0.0};  // g_eff over the current step, world
};

}  // namespace framelab
