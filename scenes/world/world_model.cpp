#include "scenes/world/world_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/frames/local_motion.hpp"
#include "scenes/world/not_converged.hpp"

namespace framelab {

world_model::world_model(std::shared_ptr<const world_spec> spec) : spec_(std::move(spec)) {
  const auto& frames = spec_->frames;
  needed_slot_.assign(frames.size(), -1);
  std::vector<bool> needed(frames.size(), false);
  const auto need = [&](int f) {
    for (; f >= 0 && !needed[std::size_t(f)]; f = frames[std::size_t(f)].parent) needed[std::size_t(f)] = true;
  };
  for (const auto& p : spec_->particles) need(p.frame);
  for (std::size_t k = 0; k < spec_->springs.size(); ++k) {
    const spring_spec& sp = spec_->springs[k];
    if (sp.from_particle < 0 && sp.to_particle < 0) continue;
    particle_springs_.push_back(k);
    need(sp.from);  // a frame end (-1: a particle or the world)
    need(sp.to);
  }
  need(spec_->gravity_frame);
  for (std::size_t f = 0; f < frames.size(); ++f)
    if (needed[f]) {
      needed_slot_[f] = int(needed_.size());
      needed_.push_back(int(f));
    }
}

dynamic_transform<double, 3> world_model::world_of(int frame) const {
  return frame < 0 ? dynamic_transform<double, 3>::identity() : frame_world(std::size_t(frame));
}

std::optional<std::string> world_model::motion_failure(std::size_t frame, const motion_fault& fault, double t) const {
  return "frame '" + spec_->frames[frame].name + "': " + fault.which + " = '" + fault.expression->text +
         "' is not finite (or its derivatives are not) at " + time_text(t);
}

std::optional<std::string> world_model::reset(std::span<const double> parameters, ode::method method) {
  const world_spec& s = *spec_;
  eval_.set_parameters(parameters);
  parameters_.assign(parameters.begin(), parameters.end());
  channel_inputs_.assign(1 + parameters_.size() + s.channel_slots, 0.0);
  method_ = method;
  time_ = 0.0;
  clock_ = {};
  failure_.reset();
  pending_failure_.reset();
  for (auto& c : cache_) c.valid = false;

  breaks_.clear();
  for (const auto& b : s.breaks) {
    const double at = eval_.value(b, 0.0);
    if (!std::isfinite(at)) return "breaks: '" + b.text + "' is not a finite time";
    if (at >= 0.0) breaks_.push_back(at);
  }
  std::sort(breaks_.begin(), breaks_.end());
  window_ = {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  motion_.clear();
  moving_.clear();
  released_.assign(s.frames.size(), false);
  coasting_.clear();
  frames_.clear();
  frames_.reserve(s.frames.size());
  std::vector<node_id> ids;
  ids.reserve(s.frames.size());
  for (std::size_t f = 0; f < s.frames.size(); ++f) {
    frame_motion m = s.frames[f].motion;
    for (auto& e : m.translation) eval_.bind(e);
    for (auto& r : m.rotations) eval_.bind(r.angle);
    if (m.moves()) moving_.push_back(f);
    dynamic_transform<double, 3> local;
    if (auto fault = evaluate_motion(m, eval_, motion_time(0.0), local)) return motion_failure(f, *fault, 0.0);
    const int p = s.frames[f].parent;
    ids.push_back(frames_.add(p < 0 ? world_node : ids[std::size_t(p)], local, s.frames[f].name));
    motion_.push_back(std::move(m));
  }
  frames_.update_world();

  const auto vec = [&](const std::array<world_expression, 3>& e) {
    return glm::dvec3(eval_.value(e[0], 0.0), eval_.value(e[1], 0.0), eval_.value(e[2], 0.0));
  };
  gravity_ = vec(s.gravity);
  if (!finite(gravity_)) return "gravity is not finite";
  const std::size_t n = s.particles.size();
  particles_.assign(n, {});
  masses_.assign(n, 1.0);
  lengths_.assign(n, 0.0);
  stiffness_.assign(n, 0.0);
  pivots_.assign(n, glm::dvec3(0.0));
  particle_springs_now_.assign(s.springs.size(), {});
  forces_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const particle_spec& p = s.particles[i];
    const std::string who = "particle '" + p.name + "': ";
    particles_[i] = {vec(p.position), vec(p.velocity)};
    masses_[i] = eval_.value(p.mass, 0.0);
    if (!particles_[i].is_finite()) return who + "position or velocity is not finite";
    if (!(masses_[i] > 0.0) || !std::isfinite(masses_[i])) return who + "mass must be a positive finite number (kg)";
    auto force = p.force;
    for (auto& e : force) eval_.bind(e);
    forces_.push_back(std::move(force));
    if (p.tie != tie_kind::none) {
      pivots_[i] = vec(p.pivot);
      lengths_[i] = eval_.value(p.length, 0.0);
      if (!finite(pivots_[i])) return who + "pivot is not finite";
      if (p.tie == tie_kind::rod && !(lengths_[i] > 0.0 && std::isfinite(lengths_[i])))
        return who + "rod length must be a positive finite number (m)";
      if (p.tie == tie_kind::rod && !(glm::length(particles_[i].r - pivots_[i]) > 0.0))
        return who + "the particle starts on its pivot: a rod needs a direction";
      if (p.tie == tie_kind::spring) {
        stiffness_[i] = eval_.value(p.stiffness, 0.0);
        if (!(stiffness_[i] >= 0.0) || !std::isfinite(stiffness_[i]) || !(lengths_[i] >= 0.0))
          return who + "spring stiffness and rest length must be finite numbers >= 0";
      }
      if (p.tie == tie_kind::rod) project_on_constraint(i);  // starts on the sphere, moving along it
    }
  }
  bodies_.assign(s.bodies.size(), world_body{});
  for (std::size_t i = 0; i < s.bodies.size(); ++i)
    if (auto error = bodies_[i].start(s.bodies[i], eval_, world_of(s.bodies[i].frame), world_gravity())) return error;
  if (auto error = joints_.reset(s, eval_, bodies_, surroundings())) return error;
  particles_in_joint_frames_ = false;
  for (const particle_spec& p : s.particles)
    for (int f = p.frame; f >= 0 && !particles_in_joint_frames_; f = s.frames[std::size_t(f)].parent)
      particles_in_joint_frames_ = joints_.body_of_frame(std::size_t(f)) >= 0;
  particles_coupled_ = particles_in_joint_frames_;
  for (const std::size_t k : particle_springs_) {
    const spring_spec& sp = spec_->springs[k];
    particles_coupled_ = particles_coupled_ || (sp.from_particle >= 0 && sp.to_particle >= 0) || joints_.spring_on_tree(k);
  }
  if (!joints_.empty()) {
    write_joint_locals(frames_.locals_in_place());
    frames_.locals_written();
    frames_.update_world();
  }
  follow_tree_bodies();
  for (auto& c : cache_) c.valid = false;  // the joint frames' locals changed
  for (std::size_t i = 0; i < n; ++i) {
    const glm::dvec3 a = forces_at(i, 0.0, particles_[i], particles_).total();
    if (pending_failure_ || !finite(a)) return pending_failure_.value_or("particle '" + s.particles[i].name +
                                                                         "': its acceleration is not finite at t = 0");
  }
  return std::nullopt;
}

const std::vector<dynamic_transform<double, 3>>& world_model::needed_world_at(double stage_time) const {
  const double tau = motion_time(stage_time);  // the key: stages clamped to one time share it
  for (auto& c : cache_)
    if (c.valid && c.tau == tau) return c.world;
  cached_world& c = cache_[cache_next_];
  cache_next_ = (cache_next_ + 1) % cache_.size();
  c.tau = tau;
  c.valid = true;
  c.world.resize(needed_.size());
  const auto& frames = spec_->frames;
  for (std::size_t k = 0; k < needed_.size(); ++k) {
    const std::size_t f = std::size_t(needed_[k]);
    dynamic_transform<double, 3> local;
    if (auto fault = local_at(f, tau, local)) {
      if (!pending_failure_) pending_failure_ = motion_failure(f, *fault, tau);
      local = frame_local(f);
    }
    const int p = frames[f].parent;
    // A3 = A2 o A1: the parent (needed too, earlier in preorder) composed with the local
    c.world[k] = p < 0 ? local : c.world[std::size_t(needed_slot_[std::size_t(p)])] * local;
  }
  return c.world;
}

std::pair<glm::dvec3, glm::dvec3> world_model::spring_end_at(int frame, int particle, const glm::dvec3& offset,
                                                             double tau, const particle_stage& stage) const {
  const auto& world = needed_world_at(tau);
  const auto frame_at = [&](int f) {
    return f < 0 ? dynamic_transform<double, 3>::identity() : world[std::size_t(needed_slot_[std::size_t(f)])];
  };
  // A3 = A2 o A1: the end's point (and its velocity in the frame) composed with its frame's motion
  dynamic_transform<double, 3> end = dynamic_transform<double, 3>::identity();
  end.pose.translation = offset;
  if (particle >= 0) {
    const particle_state& p = stage[std::size_t(particle)];
    end.pose.translation += p.r;
    end.velocity = p.v;
    frame = spec_->particles[std::size_t(particle)].frame;
  }
  const dynamic_transform<double, 3> w = frame_at(frame) * end;
  return {w.pose.translation, w.velocity};
}

spring_now world_model::particle_spring_at(std::size_t k, double tau, const particle_stage& stage) const {
  const spring_spec& sp = spec_->springs[k];
  const auto [pa, va] = spring_end_at(sp.from, sp.from_particle, sp.from_offset, tau, stage);
  const auto [pb, vb] = spring_end_at(sp.to, sp.to_particle, sp.to_offset, tau, stage);
  return spring_between(sp, pa, va, pb, vb);
}

const spring_now& world_model::spring(std::size_t s) const {
  const spring_spec& sp = spec_->springs[s];
  if ((sp.from_particle < 0 && sp.to_particle < 0) || joints_.spring_on_tree(s)) return joints_.springs()[s];
  particle_springs_now_[s] = particle_spring_at(s, time_, {particles_});
  return particle_springs_now_[s];
}

particle_forces world_model::forces_at(std::size_t i, double tau, const particle_state& s,
                                       std::span<const particle_state> all) const {
  const particle_spec& p = spec_->particles[i];
  const auto& world = needed_world_at(tau);
  const auto frame_at = [&](int f) {
    return f < 0 ? dynamic_transform<double, 3>::identity() : world[std::size_t(needed_slot_[std::size_t(f)])];
  };
  const dynamic_transform<double, 3> a2 = frame_at(p.frame);
  const double m = masses_[i];
  particle_forces r;
  // a~ = J2^{-1} a for the world vectors: g (given in the gravity frame) and F / m
  const glm::dvec3 g_world = gravity_at(tau);
  glm::dvec3 f_world;
  for (int k = 0; k < 3; ++k) f_world[k] = eval_.value(forces_[i][std::size_t(k)], motion_time(tau));
  r.gravity = a2.pose.inverse_apply_vector(g_world);
  r.applied = a2.pose.inverse_apply_vector(f_world) / m;
  r.inertial = compute_inertial_accelerations(a2, s.r, s.v);
  if (!particle_springs_.empty()) {
    const particle_stage stage{all, i, &s};
    glm::dvec3 pull(0.0);  // world, N
    for (const std::size_t k : particle_springs_) {
      const spring_spec& sp = spec_->springs[k];
      if (sp.from_particle != int(i) && sp.to_particle != int(i)) continue;
      // a spring to the tree: the tree's, computed at this stage before the particles' rates
      const spring_now now = joints_.spring_on_tree(k) ? joints_.springs()[k] : particle_spring_at(k, tau, stage);
      if (sp.to_particle == int(i)) pull += now.force_on_to();
      if (sp.from_particle == int(i)) pull -= now.force_on_to();
    }
    r.springs = a2.pose.inverse_apply_vector(pull) / m;
  }
  const glm::dvec3 d = s.r - pivots_[i];
  if (p.tie == tie_kind::rod) {
    // lambda = -(v1 . v1 + d . a_free) / (d . d)
    const glm::dvec3 a_free = r.total();
    r.constraint = -(glm::dot(s.v, s.v) + glm::dot(d, a_free)) / glm::dot(d, d) * d;
  } else if (p.tie == tie_kind::spring) {
    // -(k/m) (|d| - L0) d/|d|
    const double len = glm::length(d);
    if (len > 0.0) r.constraint = -(stiffness_[i] / m) * (len - lengths_[i]) / len * d;
  }
  if (!finite(r.total()) && !pending_failure_) {
    for (int k = 0; k < 3; ++k)
      if (!std::isfinite(f_world[k]))
        pending_failure_ = "particle '" + p.name + "': force " + "xyz"[k] + " = '" + forces_[i][std::size_t(k)].text +
                           "' is not finite at " + time_text(tau);
    if (!pending_failure_) pending_failure_ = "particle '" + p.name + "': acceleration not finite at " + time_text(tau);
  }
  return r;
}

// The centre c (joint frame coordinates) relative to the parent: T1 = L(c) and
// v1 = v_L + w_L x (T1 - T_L), with L the joint frame's local (P o J) in the parent's basis.
world_model::link_inertial world_model::link_inertial_now(std::size_t f) const {
  const dynamic_transform<double, 3>& local = frame_local(f);
  const glm::dvec3 t1 = local.pose.apply_point(spec_->frames[f].joint->center_of_mass);
  const glm::dvec3 v1 = local.velocity + glm::cross(local.angular_velocity, t1 - local.pose.translation);
  link_inertial r;
  r.parent = world_of(spec_->frames[f].parent);
  r.inertial = compute_inertial_accelerations(r.parent, t1, v1);
  r.centre = r.parent.pose.apply_point(t1);
  return r;
}

particle_forces world_model::forces_on(std::size_t i) const { return forces_at(i, time_, particles_[i], particles_); }

void world_model::project_on_constraint(std::size_t i) {
  particle_state& s = particles_[i];
  const glm::dvec3 d = s.r - pivots_[i];
  const double len = glm::length(d);
  if (!(len > 0.0)) return;
  const glm::dvec3 n = d / len;
  s.r = pivots_[i] + lengths_[i] * n;  // |d| = L
  s.v -= glm::dot(s.v, n) * n;         // v1 . d = 0
}

// The prescribed frames' locals and the world's g at a stage time, for the joint tree.
world_joints::surroundings world_model::surroundings() const {
  return {[this](std::size_t f, double tau) { return frame_motion_at(f, tau); },
          [this](double tau) { return gravity_at(tau); },
          [this](std::size_t particle, const glm::dvec3& offset, double tau) {
            return spring_end_at(-1, int(particle), offset, tau, {stage_particles_ ? *stage_particles_ : particles_});
          }};
}

glm::dvec3 world_model::gravity_at(double tau) const {
  const int f = spec_->gravity_frame;
  if (f < 0) return gravity_;
  return needed_world_at(tau)[std::size_t(needed_slot_[std::size_t(f)])].pose.apply_vector(gravity_);
}

// A joint frame's local from its joint (P o J).
void world_model::write_joint_locals(std::span<dynamic_transform<double, 3>> locals) const {
  for (int b = 0; b < joints_.joint_frame_count(); ++b) locals[joints_.body_frame(b)] = joints_.local(b);
}

// The bodies on the joint tree take their links' world motion.
void world_model::follow_tree_bodies() {
  for (std::size_t i = 0; i < bodies_.size(); ++i)
    if (const int link = joints_.link_of_body(i); link >= 0) bodies_[i].follow(joints_.link_world(link), world_gravity());
}

std::optional<motion_fault> world_model::local_at(std::size_t f, double tau, dynamic_transform<double, 3>& out) const {
  if (const int body = joints_.body_of_frame(f); body >= 0) {
    if (stage_tree_.y != nullptr) {  // at a stage of the coupled step: the tree's stage state
      out = joints_.local(body, *stage_tree_.y, *stage_tree_.qdd);
      return std::nullopt;
    }
    out = frame_local(f);  // a joint frame between steps: its motion carried on freely
    advance_free_motion(out, tau - time_);
    return std::nullopt;
  }
  if (!released_[f]) return evaluate_motion(motion_[f], eval_, motion_time(tau), out);
  out = frame_local(f);
  advance_free_motion(out, tau - time_);
  return std::nullopt;
}

std::optional<std::string> world_model::evaluate_frames(double t, double dt) {
  // Write the moving frames' locals in place: evaluate_motion checked each value it
  // wrote (finite; a unit quaternion by construction), so the hierarchy need not.
  const std::span<dynamic_transform<double, 3>> locals = frames_.locals_in_place();
  for (const std::size_t f : moving_) {
    if (released_[f]) continue;
    if (auto fault = evaluate_motion(motion_[f], eval_, motion_time(t), locals[f])) {
      frames_.locals_written();
      return motion_failure(f, *fault, t);
    }
  }
  for (const std::size_t f : coasting_) advance_free_motion(locals[f], dt);
  write_joint_locals(locals);
  frames_.locals_written();
  frames_.update_world();
  return std::nullopt;
}

// A step that crosses a break (world_spec::breaks) is cut there: the piece before it ends
// exactly at the break, the piece after starts there, so no stage of a step straddles a kink.
void world_model::step(double dt) {
  const double end = step_end_time(dt);
  while (!failure_ && time_ < end) {
    const auto next = std::upper_bound(breaks_.begin(), breaks_.end(), time_);
    const double piece_end = next != breaks_.end() && *next < end ? *next : end;
    step_piece(piece_end - time_, piece_end);
  }
}

// t = t0 + n dt: the time after n steps of one dt is a product, not a running sum, so that
// the model reads t as the simulation's clock and the CSV print it (600 steps of 1/120 s
// end at 5 s, where a sum reaches 5.000000000000038). t0 is where the current dt began.
double world_model::step_end_time(double dt) {
  if (dt != clock_.dt) clock_ = {time_, dt, 0};
  ++clock_.steps;
  return clock_.start + static_cast<double>(clock_.steps) * dt;
}

// Inside a piece [a, b] the motions are read at times clamped to (a, b) when a or b is a
// break: a stage at the break sees the one-sided value (a kink's derivative from inside).
// At rest on a break (between steps) they show the motion after it.
double world_model::motion_time(double tau) const {
  if (tau < window_.first) return window_.first;
  if (tau > window_.second) return window_.second;
  if (std::binary_search(breaks_.begin(), breaks_.end(), tau))
    return std::nextafter(tau, std::numeric_limits<double>::infinity());
  return tau;
}

// A particle on its floor (spec: particle_spec::floor) at rest stays there.
bool world_model::resting(std::size_t i) const {
  const std::optional<double> floor = spec_->particles[i].floor;
  return floor && particles_[i].r.y <= *floor && particles_[i].v == glm::dvec3(0.0);
}

// A step that ends below the floor lands where the step's chord meets it, a fraction
// (y0 - floor) / (y0 - y1) along, and stops: a perfectly inelastic landing.
particle_state world_model::after_step(std::size_t i, const particle_state& next) const {
  const std::optional<double> floor = spec_->particles[i].floor;
  if (!floor || resting(i) || !(next.r.y < *floor)) return next;
  const particle_state& before = particles_[i];
  const double drop = before.r.y - next.r.y;
  const double along = drop > 0.0 ? std::clamp((before.r.y - *floor) / drop, 0.0, 1.0) : 0.0;
  particle_state stopped{before.r + along * (next.r - before.r), glm::dvec3(0.0)};
  stopped.r.y = *floor;
  return stopped;
}

void world_model::step_piece(double dt, double end_time) {
  const double t = time_;
  constexpr double inf = std::numeric_limits<double>::infinity();
  const bool starts_on_break = std::binary_search(breaks_.begin(), breaks_.end(), t);
  const bool ends_on_break = std::binary_search(breaks_.begin(), breaks_.end(), end_time);
  window_ = {starts_on_break ? std::nextafter(t, inf) : -inf, ends_on_break ? std::nextafter(end_time, -inf) : inf};
  const auto refuse = [&](std::string why) {
    window_ = {-inf, inf};
    failure_ = std::move(why);
  };
  std::vector<particle_state> next(particles_.size());
  std::vector<world_body> next_bodies = bodies_;
  dynamics::joint_state next_tree;
  if (particles_coupled_) {
    if (auto why = step_together(t, dt, next, next_tree)) return refuse(*why);
  }
  for (std::size_t i = 0; i < particles_.size() && !particles_coupled_; ++i) {
    if (resting(i)) {
      next[i] = particles_[i];
      continue;
    }
    // dT1/dt = v1, dv1/dt = a1
    const auto f = [&](double tau, const particle_state& y) {
      return particle_state{y.v, forces_at(i, tau, y, particles_).total()};
    };
    const auto result = ode::step_checked(method_, f, t, particles_[i], dt);
    next[i] = result.y;
    if (!result.converged && !pending_failure_ && next[i].is_finite()) {
      return refuse("particle '" + spec_->particles[i].name + "': " +
                    not_converged_text(method_, result.iterations, t, dt));
    }
    if (!next[i].is_finite())
      return refuse(pending_failure_.value_or("particle '" + spec_->particles[i].name +
                                              "': its state is not finite at " + time_text(t + dt)));
    next[i] = after_step(i, next[i]);
  }
  if (pending_failure_) return refuse(*pending_failure_);
  // the bodies with the frames as they are at the start of the step
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (joints_.link_of_body(i) >= 0) continue;  // stepped with the joints
    world_body trial = bodies_[i];
    if (auto error = trial.step(dt, world_of(spec_->bodies[i].frame), world_gravity()))
      return refuse("body '" + spec_->bodies[i].name + "': step refused at " + time_text(t) + ": " + *error);
    next_bodies[i] = std::move(trial);
  }
  if (particles_coupled_ && !joints_.empty()) {  // stepped with the particles
    stage_particles_ = &next;  // the tree's springs at t + dt read the particles there
    auto error = joints_.accept(std::move(next_tree), t + dt, surroundings());
    stage_particles_ = nullptr;
    if (error) return refuse(*error);
  } else if (auto error = joints_.step(method_, t, dt, surroundings())) {
    return refuse(*error);
  }
  bodies_ = std::move(next_bodies);
  follow_tree_bodies();
  particles_ = std::move(next);
  for (std::size_t i = 0; i < particles_.size(); ++i)
    if (spec_->particles[i].tie == tie_kind::rod) project_on_constraint(i);
  time_ = end_time;
  window_ = {-inf, inf};
  if (auto fault = evaluate_frames(time_, dt)) failure_ = std::move(fault);
  for (auto& c : cache_)
    if (c.valid && c.tau < time_) c.valid = false;
}

std::optional<std::string> world_model::step_together(double t, double dt, std::vector<particle_state>& next,
                                                       dynamics::joint_state& tree) {
  std::vector<bool> resting_now(particles_.size(), false);  // landed: at rest in its frame
  for (std::size_t i = 0; i < particles_.size(); ++i) resting_now[i] = resting(i);
  const world_joints::surroundings around = surroundings();
  // the tree's rate first (it computes the springs from particles to it at this stage), then
  // dT1/dt = v1, dv1/dt = a1 for every particle, its springs reading the others at the same stage
  const auto f = [&](double tau, const coupled_state& y) {
    coupled_state rate{y.particles, {}};
    stage_particles_ = &y.particles.items;
    if (!joints_.empty()) rate.joints = joints_.rate(tau, y.joints, around);
    // the particles in joint frames read those frames at this stage (the cached world frames
    // are keyed by time only, and two stages may share a time)
    if (particles_in_joint_frames_) {
      stage_tree_ = {&y.joints, &rate.joints.qd};
      for (auto& c : cache_) c.valid = false;
    }
    for (std::size_t i = 0; i < y.particles.items.size(); ++i)
      rate.particles.items[i] =
          resting_now[i] ? particle_state{}
                     : particle_state{y.particles.items[i].v,
                                      forces_at(i, tau, y.particles.items[i], y.particles.items).total()};
    stage_particles_ = nullptr;
    if (particles_in_joint_frames_) {
      stage_tree_ = {};
      for (auto& c : cache_) c.valid = false;
    }
    return rate;
  };
  auto result = ode::step_checked(method_, f, t, coupled_state{{particles_}, joints_.state()}, dt);
  next = result.y.particles.items;
  if (!joints_.empty()) dynamics::project_state(joints_.model(), result.y.joints);
  tree = std::move(result.y.joints);
  bool finite_state = true;
  for (const auto& p : next) finite_state = finite_state && p.is_finite();
  if (!result.converged && !pending_failure_ && finite_state) {
    return (joints_.empty() ? "particles: " : "particles and joints: ") +
           not_converged_text(method_, result.iterations, t, dt);
  }
  for (std::size_t i = 0; i < next.size(); ++i) {
    if (!next[i].is_finite())
      return pending_failure_.value_or("particle '" + spec_->particles[i].name + "': its state is not finite at " +
                                       time_text(t + dt));
    next[i] = after_step(i, next[i]);
  }
  return std::nullopt;
}

dynamic_transform<double, 3> world_model::frame_motion_at(std::size_t f, double t) const {
  dynamic_transform<double, 3> local = frame_local(f);
  (void)local_at(f, t, local);  // a fault keeps the current local (the model stops on it at its step)
  return local;
}

void world_model::release(std::size_t f) {
  if (released_[f]) return;
  released_[f] = true;
  coasting_.push_back(f);
}

std::optional<std::string> world_model::edit_frame(std::size_t f, const node_edit& edit) {
  if (f >= frames_.size()) return "there is no frame " + std::to_string(f);
  if (joints_.body_of_frame(f) >= 0)
    return "frame '" + spec_->frames[f].name + "' moves by its joint: change the joint's position and velocity instead";
  const node_id id = frames_.id_at(f);
  try {
    switch (edit.what) {
      case node_edit::kind::set_local:
        frames_.set_local(id, edit.dynamics);
        break;
      case node_edit::kind::set_global:  // A1 = A2^-1 o A3 through the parent
        frames_.set_global(id, edit.dynamics);
        break;
      case node_edit::kind::velocity_change:
        frames_.apply_velocity_change(id, edit.delta_velocity, edit.counteract_children);
        // The counteracted children changed too: they leave their expressions as well.
        if (edit.counteract_children)
          for (const node_id child : frames_.children(id)) release(frames_.slot_of(child));
        break;
    }
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();  // "hierarchy::set_local: scale must be ..."
    const auto colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
  }
  release(f);
  frames_.update_world();
  for (auto& c : cache_) c.valid = false;
  return std::nullopt;
}

// The variables of a channel's expression: t, the parameters, then the channels it reads
// (their slots; a channel read through another writes the same values: one instant).
double world_model::channel_value(std::size_t i, const std::function<double(std::size_t)>& read) const {
  const channel_spec& c = spec_->channels[i];
  if (c.reads.empty()) return expression_at(c.expr, time_);
  const std::size_t first_slot = 1 + parameters_.size();
  if (channel_inputs_.size() != first_slot + spec_->channel_slots) return std::numeric_limits<double>::quiet_NaN();  // no reset yet
  for (const std::size_t slot : c.reads) {
    const double value = read(slot);
    channel_inputs_[first_slot + slot] = value;
  }
  channel_inputs_[0] = motion_time(time_);
  std::copy(parameters_.begin(), parameters_.end(), channel_inputs_.begin() + 1);
  return evaluate<double>(c.expr.program, std::span<const double>(channel_inputs_));
}

dynamic_transform<double, 3> world_model::particle_local(std::size_t i) const {
  dynamic_transform<double, 3> d;
  d.pose.translation = particles_[i].r;
  d.velocity = particles_[i].v;
  d.accel = forces_on(i).total();
  return d;
}

dynamic_transform<double, 3> world_model::particle_world(std::size_t i) const {
  return world_of(spec_->particles[i].frame) * particle_local(i);
}

}  // namespace framelab
