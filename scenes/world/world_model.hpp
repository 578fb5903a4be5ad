#pragma once
// world_model: a world scene file (scenes/world/world_spec.hpp) running. Its frames are
// nodes of the core hierarchy (core/frames/hierarchy.hpp): each step evaluates every
// moving frame's local motion from its expressions (value, velocity and acceleration
// exactly by hyper-duals, scenes/world/frame_motion.hpp), writes the locals in place
// (hierarchy::locals_in_place: checked here, once, not per node by the hierarchy) and
// composes the world dynamics in one sweep at the acceleration level.
//
// Particles are integrated IN their frame with the article's local acceleration
// (docs/articles.md, transform-hierarchy-dynamics, "Force to Acceleration"):
//   a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1
// (F: applied force plus m g; core/frames/inertial_accelerations.hpp), by the project's
// ODE stepper. A particle tied to a pivot p (fixed in its frame) by a rod of length L
// gets the constraint acceleration lambda d (d = T1 - p) that keeps |d| = L: from
//   d/dt^2 (d . d) = 2 (v1 . v1 + d . a) = 0   =>   lambda = -(v1 . v1 + d . a_free) / (d . d),
// and after each step is projected back onto the sphere (|d| = L, v1 . d = 0) against drift.
// A spring (stiffness k, rest length L0) adds -(k/m) (|d| - L0) d/|d|. A spring of the file's
// "springs" with a particle end adds its force F (scenes/world/spring_pull.hpp) as F~ / m; when
// it joins two particles, or a particle to the joint tree (a body, a joint frame or a frame
// below one), all the particles and the tree are stepped as one state (their forces couple;
// scenes/world/coupled_state.hpp), and the tree takes -F through its joints' Jacobian. So are
// they when a particle lives in a joint frame (or a frame below one): at each stage the frame's
// motion is the tree's at that stage (q, qd and the stage's qdd), so the particle is integrated
// at the stepper's order (with the motion carried on from the step's start it was first order).
//
// A step that crosses one of the file's breaks (a time where a motion changes formula,
// e.g. a spin-up that ends) is cut there; stages at the break read the one-sided motion.
//
// A C++ scene can own a world_model loaded from a file and add what is special to it
// (a Fire button, a relaunch) on top: frames and particles are read by index or name.
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/frames/hierarchy.hpp"
#include "core/frames/inertial_accelerations.hpp"
#include "core/ode/ode_stepper.hpp"
#include "scenes/scene.hpp"
#include "scenes/world/coupled_state.hpp"
#include "scenes/world/particle_state.hpp"
#include "scenes/world/world_body.hpp"
#include "scenes/world/world_joints.hpp"
#include "scenes/world/world_spec.hpp"

namespace framelab {

// What acts on a particle now, in its frame's coordinates.
struct particle_forces {
  inertial_accelerations<double, 3> inertial;
  glm::dvec3 gravity{0.0};     // g~
  glm::dvec3 applied{0.0};     // F~ / m
  glm::dvec3 constraint{0.0};  // lambda d (rod) or the spring's pull
  glm::dvec3 springs{0.0};     // F~ / m of the file's springs on this particle
  glm::dvec3 total() const { return inertial.total() + gravity + applied + springs + constraint; }
};

class world_model {
 public:
  explicit world_model(std::shared_ptr<const world_spec> spec);

  // Starts at t = 0 with the file's parameters' values (declaration order).
  // Returns why it cannot (an expression not finite at t = 0, a rod of length 0, ...).
  std::optional<std::string> reset(std::span<const double> parameters, ode::method method);
  void step(double dt);
  // Why the model stopped (an expression became non-finite: names the frame or particle
  // and the expression). step() does nothing while it is set.
  const std::optional<std::string>& failure() const { return failure_; }

  const world_spec& spec() const { return *spec_; }
  double time() const { return time_; }
  const hierarchy3d& frames() const { return frames_; }
  const dynamic_transform<double, 3>& frame_local(std::size_t i) const { return frames_.locals()[i]; }
  const dynamic_transform<double, 3>& frame_world(std::size_t i) const { return frames_.globals()[i]; }
  // A frame's local dynamics at time t of the current step (its expressions, or its
  // coasting after an edit); for a top-level frame, its world dynamics.
  dynamic_transform<double, 3> frame_motion_at(std::size_t f, double t) const;
  // An expression of the file at time t (a break read as the motion after it).
  double expression_at(const world_expression& e, double t) const { return eval_.value(e, motion_time(t)); }
  // A frame's world dynamics (identity for -1, the world).
  dynamic_transform<double, 3> world_of(int frame) const;
  // Edits a frame from the Scene tree (scenes/scene.hpp's node_edit: its local or world
  // dynamics, or a velocity change dv). The edited frame (and a counteracted child) leaves
  // its expressions and coasts freely from the edited state (core/frames/local_motion.hpp)
  // until the next reset. Refused with a message, nothing changed, on a bad value.
  std::optional<std::string> edit_frame(std::size_t f, const node_edit& edit);
  // False once the frame was edited: it coasts instead of following its expressions.
  bool follows_expressions(std::size_t f) const { return !released_[f]; }

  std::size_t particle_count() const { return particles_.size(); }
  const particle_state& particle(std::size_t i) const { return particles_[i]; }
  double particle_mass(std::size_t i) const { return masses_[i]; }
  // The particle's local dynamics (position, velocity, acceleration in its frame) and world ones.
  dynamic_transform<double, 3> particle_local(std::size_t i) const;
  dynamic_transform<double, 3> particle_world(std::size_t i) const;
  particle_forces forces_on(std::size_t i) const;  // now
  glm::dvec3 particle_pivot(std::size_t i) const { return pivots_[i]; }
  // Sets a particle's state in its frame (e.g. a relaunch); no check of a rod here.
  void set_particle(std::size_t i, const particle_state& s) { particles_[i] = s; }

  // Rigid bodies (scenes/world/world_body.hpp), stepped after the particles each step (those
  // in a turning frame or below a joint frame with the joint tree).
  std::size_t body_count() const { return bodies_.size(); }
  const world_body& body(std::size_t i) const { return bodies_[i]; }
  // The world gravity g now (m/s^2).
  glm::dvec3 world_gravity() const { return world_of(spec_->gravity_frame).pose.apply_vector(gravity_); }

  // A joint frame's centre of mass now: the inertial accelerations its parent frame's motion
  // gives it (core/frames/inertial_accelerations.hpp, as a particle's: in the parent's
  // coordinates), the parent's world dynamics and the centre's world position.
  struct link_inertial {
    inertial_accelerations<double, 3> inertial;
    dynamic_transform<double, 3> parent;
    glm::dvec3 centre{0.0};
  };
  link_inertial link_inertial_now(std::size_t joint_frame) const;

  // The joint frames' tree (scenes/world/world_joints.hpp), stepped after the particles.
  const world_joints& joints() const { return joints_; }
  // The file's spring s now (world_spec::springs): its ends, length, tension and energy.
  const spring_now& spring(std::size_t s) const;

  // The file's channel i now; `read(k)` gives channel slot k's value (channel_spec::reads)
  // for a channel that reads other channels of the same step.
  double channel_value(std::size_t i, const std::function<double(std::size_t)>& read) const;
  const expression_evaluator& evaluator() const { return eval_; }

 private:
  // The world dynamics of every needed frame at time tau (cached: an RK4 step asks for
  // three times, each several times).
  const std::vector<dynamic_transform<double, 3>>& needed_world_at(double tau) const;
  // The particles' states at a stage: particle `own` at *own_state, the others in `all`.
  struct particle_stage {
    std::span<const particle_state> all;
    std::size_t own = std::size_t(-1);
    const particle_state* own_state = nullptr;
    const particle_state& operator[](std::size_t p) const { return p == own ? *own_state : all[p]; }
  };
  // `all`: every particle's state at this stage (the other ends of its springs); s is particle i's.
  particle_forces forces_at(std::size_t i, double tau, const particle_state& s,
                            std::span<const particle_state> all) const;
  // The world point and velocity of a spring's end at time tau (a particle end at its stage state).
  std::pair<glm::dvec3, glm::dvec3> spring_end_at(int frame, int particle, const glm::dvec3& offset, double tau,
                                                  const particle_stage& stage) const;
  spring_now particle_spring_at(std::size_t spring, double tau, const particle_stage& stage) const;
  // Every particle and the joint tree one step of dt from t as one state
  // (scenes/world/coupled_state.hpp: the springs between particles, or from a particle to the
  // tree, couple them); the tree's new state in `tree`; on failure why.
  std::optional<std::string> step_together(double t, double dt, std::vector<particle_state>& next,
                                           dynamics::joint_state& tree);
  // The locals at time t in place (a coasting frame advanced by dt) + one sweep.
  std::optional<std::string> evaluate_frames(double t, double dt);
  void step_piece(double dt, double end_time);  // a step that crosses no break
  // A particle's floor, for both stepping paths (one by one, or every particle as one state):
  // resting: landed on it, at rest in its frame (not stepped); after_step: the step's end, or
  // where the step's chord meets the floor when it ends below it.
  bool resting(std::size_t i) const;
  particle_state after_step(std::size_t i, const particle_state& next) const;
  double step_end_time(double dt);              // the time after one more step of dt
  double motion_time(double tau) const;         // when the motions are read for a stage at tau
  // A frame's local dynamics at time tau of the current step: its expressions, or its coasting.
  std::optional<motion_fault> local_at(std::size_t f, double tau, dynamic_transform<double, 3>& out) const;
  void release(std::size_t f);
  std::optional<std::string> motion_failure(std::size_t frame, const motion_fault& fault, double t) const;
  void project_on_constraint(std::size_t i);

  std::shared_ptr<const world_spec> spec_;
  std::vector<frame_motion> motion_;  // bound copies of the spec's motions
  std::vector<std::size_t> moving_;   // frames whose motion reads t
  std::vector<double> breaks_;        // sorted, > 0 (world_spec::breaks)
  std::pair<double, double> window_;  // the piece being stepped, open at a break
  std::vector<bool> released_;        // per frame: edited, coasting
  std::vector<std::size_t> coasting_;  // the released frames
  hierarchy3d frames_;
  expression_evaluator eval_;
  ode::method method_ = ode::method::rk4;
  double time_ = 0.0;
  struct step_clock {
    double start = 0.0;  // the time the current dt began
    double dt = 0.0;
    long long steps = 0;  // steps of dt since then
  } clock_;
  std::optional<std::string> failure_;
  std::vector<double> parameters_;              // the values of the last reset
  mutable std::vector<double> channel_inputs_;  // t, the parameters, every channel slot (channel_value)

  // particles
  std::vector<particle_state> particles_;
  std::vector<double> masses_, lengths_, stiffness_;
  std::vector<glm::dvec3> pivots_;
  std::vector<std::size_t> particle_springs_;  // the file's springs with a particle end
  bool particles_coupled_ = false;             // a spring joins two particles, or a particle to the tree,
                                               // or a particle lives in a joint frame or below one
  // The particles' states at the stage being evaluated (null: particles_), read by the tree
  // for a spring from a particle to it.
  mutable const std::vector<particle_state>* stage_particles_ = nullptr;
  // The tree's state and qdd at the stage being evaluated (null: between steps), read by the
  // joint frames a particle lives in (local_at), so that such a particle is integrated with
  // its frame's motion at each stage, at the stepper's order.
  struct stage_tree {
    const dynamics::joint_state* y = nullptr;
    const std::vector<double>* qdd = nullptr;
  };
  mutable stage_tree stage_tree_;
  bool particles_in_joint_frames_ = false;  // a particle's frame is a joint frame or below one
  mutable std::vector<spring_now> particle_springs_now_;  // per file spring (those with a particle end)
  std::vector<std::array<world_expression, 3>> forces_;  // bound
  glm::dvec3 gravity_{0.0};                             // in the gravity frame's coordinates
  std::vector<world_body> bodies_;
  world_joints joints_;
  world_joints::surroundings surroundings() const;
  glm::dvec3 gravity_at(double tau) const;  // the world's g at a stage time
  void write_joint_locals(std::span<dynamic_transform<double, 3>> locals) const;
  void follow_tree_bodies();

  // frames the particles (and gravity) read between sweeps: ancestors included, preorder
  std::vector<int> needed_;
  std::vector<int> needed_slot_;  // frame -> index in needed_ (-1 if not needed)
  struct cached_world {
    double tau = -1.0;
    bool valid = false;
    std::vector<dynamic_transform<double, 3>> world;
  };
  mutable std::array<cached_world, 4> cache_;
  mutable std::size_t cache_next_ = 0;
  mutable std::optional<std::string> pending_failure_;  // found while the stepper evaluates
};

}  // namespace framelab
