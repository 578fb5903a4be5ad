#pragma once
// world_joints: the joint frames of a world scene file (issue 29) as one kinematic tree of
// core/dynamics, stepped by the file's integrator through core/ode's stepper
// (core/dynamics/tree_motion.hpp). Body i is joint frame body_frame(i); its parent body is
// the nearest joint frame above it (none: the world). Its placement relative to that body is
//   P_i(t) = L_1(t) o ... o L_k(t) o P_own
// with L_1..L_k the locals of the prescribed frames between the two (expressions of t, their
// velocities and accelerations from the hyper-duals) and P_own the joint frame's constant
// translation and rotations: so a turning or accelerating frame above a joint drives the
// subtree with no inertial term written by hand. A joint frame's local, written into the
// hierarchy after each step, is P_i o J_i(q, qd, qdd) relative to its parent frame.
// After the joint frames come the bodies on the tree (scenes/world/world_body.hpp: a body in
// a turning frame or below a joint frame), each a ball-jointed link placed in its frame the
// same way. Gravity is the world's g at each evaluation time (a gravity fixed in a turning
// frame turns with it).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/dynamics/tree_energy.hpp"
#include "scenes/world/spring_pull.hpp"
#include "scenes/world/world_body.hpp"
#include "scenes/world/world_spec.hpp"

namespace framelab {

class world_joints {
 public:
  // What the tree moves in at time t: the prescribed frames' locals and the world's g.
  struct surroundings {
    std::function<dynamic_transform<double, 3>(std::size_t frame, double t)> prescribed_local;
    std::function<glm::dvec3(double t)> gravity;
    // A particle end's world point and velocity at time t (offset in the particle's frame
    // axes), read for a spring from a particle to the tree.
    std::function<std::pair<glm::dvec3, glm::dvec3>(std::size_t particle, const glm::dvec3& offset, double t)>
        particle_end;
  };

  // Builds the tree from the file's joint frames and the bodies on the tree (`bodies`,
  // started) and starts it at the file's q0 and qd0. Returns why it cannot start (a force
  // not finite at t = 0, ...).
  std::optional<std::string> reset(const world_spec& spec, const expression_evaluator& eval,
                                   std::span<const world_body> bodies, const surroundings& around);
  bool empty() const { return model_.size() == 0; }
  // One step from t by dt with the method m; on failure why (names the joint or body).
  std::optional<std::string> step(ode::method m, double t, double dt, const surroundings& around);
  // For a caller that steps the tree inside a larger state (scenes/world/coupled_state.hpp):
  // dy/dt at (t, y), and taking y (on its configuration space) as the state at time t; on
  // failure why.
  dynamics::joint_state rate(double t, const dynamics::joint_state& y, const surroundings& around);
  std::optional<std::string> accept(dynamics::joint_state y, double t, const surroundings& around);

  int body_of_frame(std::size_t frame) const { return frame < frame_body_.size() ? frame_body_[frame] : -1; }
  std::size_t body_frame(int body) const { return body_frame_[std::size_t(body)]; }
  // Tree bodies 0 .. joint_frame_count() - 1 are the joint frames; the bodies on the tree follow.
  int joint_frame_count() const { return int(body_frame_.size()); }
  int body_count() const { return model_.size(); }
  // A spec body's link (-1: stepped by world_body itself) and that link's world motion now.
  int link_of_body(std::size_t spec_body) const {
    return spec_body < body_link_.size() ? body_link_[spec_body] : -1;
  }
  dynamic_transform<double, 3> link_world(int body) const { return dynamics::body_frame(*data_, body); }
  // The joint frame's local dynamics relative to its parent frame (P o J with q, qd, qdd):
  // now, or at a stage of a step (the stage's state y and its qdd).
  dynamic_transform<double, 3> local(int body) const;
  dynamic_transform<double, 3> local(int body, const dynamics::joint_state& y, std::span<const double> qdd) const;

  // Channels: q and qd (ball: the rotation vector and angular velocity, component k), the
  // applied force or torque, and per tree (a root body) its energy and angular momentum
  // about the root joint's origin.
  double q(int body, int k) const;
  double qd(int body, int k) const;
  double applied(int body, int k) const { return applied_[std::size_t(model_.v_index(body) + k)]; }
  int dofs(int body) const { return dynamics::velocity_size(model_[body].joint); }
  bool is_root(int body) const { return model_[body].parent < 0; }
  double tree_energy(int root) const;
  glm::dvec3 tree_angular_momentum(int root) const;
  const dynamics::tree_model& model() const { return model_; }

  // Springs (world_spec::springs) with an end on the tree, at the current state: the world end
  // points, length, tension and energy (a spring with a particle end and none on the tree is
  // the particles': world_model::spring).
  const std::vector<spring_now>& springs() const { return springs_now_; }
  // The file's spring s has an end on the tree (a body, a joint frame or a frame below one):
  // the tree computes it, a particle end included (its force then acts on both).
  bool spring_on_tree(std::size_t s) const {
    return s < spring_ends_.size() && (spring_ends_[s].first.body >= 0 || spring_ends_[s].second.body >= 0);
  }
  const dynamics::joint_state& state() const { return state_; }

 private:
  // Sets the data's placements and the applied forces for time t and state y.
  void drive(double t, const dynamics::joint_state& y, dynamics::tree_data& d, std::span<double> tau,
             const surroundings& around) const;
  // The forces and accelerations at the current state (for locals and channels).
  void evaluate_now(double t, const surroundings& around);
  const std::string& name(int body) const;  // the joint frame's or the body's
  std::optional<std::string> non_finite(double t) const;

  const world_spec* spec_ = nullptr;
  const expression_evaluator* eval_ = nullptr;
  dynamics::tree_model model_;
  std::optional<dynamics::tree_data> data_;
  dynamics::joint_state state_;
  std::vector<int> frame_body_;                 // spec frame -> body (-1: not a joint frame)
  std::vector<std::size_t> body_frame_;         // joint-frame body -> spec frame
  std::vector<int> body_link_;                  // spec body -> tree body (-1: not on the tree)
  std::vector<std::size_t> link_body_;          // tree body - joint_frame_count() -> spec body
  std::vector<std::vector<std::size_t>> chain_; // body -> prescribed frames between it and its parent body, top down
  std::vector<dynamic_transform<double, 3>> own_placement_;
  std::vector<int> root_of_;                    // body -> its tree's root body
  std::vector<double> applied_;                 // the applied generalised forces now
  // A spring's end: the tree body it acts on (-1: none, the world or a frame above every joint)
  // and the prescribed frames from that body down to the end's frame.
  struct spring_end {
    int body = -1;
    std::vector<std::size_t> chain;
    glm::dvec3 centre{0.0};  // a body end: its centre of mass in its link's coordinates
  };
  std::vector<std::pair<spring_end, spring_end>> spring_ends_;
  mutable std::vector<spring_now> springs_now_;
  spring_end end_of(int frame) const;
  // Adds the springs' forces to d.external_force (after a kinematics pass at y).
  void add_spring_forces(double t, dynamics::tree_data& d, const surroundings& around) const;
  mutable std::optional<std::string> pending_failure_;
};

}  // namespace framelab
