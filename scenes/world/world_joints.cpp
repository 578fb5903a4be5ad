#include "scenes/world/world_joints.hpp"

#include <cmath>

#include "scenes/world/not_converged.hpp"

namespace framelab {

namespace {

dynamics::joint_type core_joint(const joint_spec& j) {
  switch (j.kind) {
    case joint_kind::hinge:
      return dynamics::hinge{j.axis};
    case joint_kind::slider:
      return dynamics::slider{j.axis};
    case joint_kind::ball:
      return dynamics::ball{};
  }
  return dynamics::ball{};
}

}  // namespace

std::optional<std::string> world_joints::reset(const world_spec& spec, const expression_evaluator& eval,
                                               std::span<const world_body> spec_bodies, const surroundings& around) {
  spec_ = &spec;
  eval_ = &eval;
  pending_failure_.reset();
  frame_body_.assign(spec.frames.size(), -1);
  body_frame_.clear();
  body_link_.assign(spec.bodies.size(), -1);
  link_body_.clear();
  chain_.clear();
  own_placement_.clear();
  root_of_.clear();
  std::vector<dynamics::body> bodies;
  // Body i below the nearest joint frame above `frame` (the world if none), through the
  // prescribed frames between.
  const auto add = [&](dynamics::body b, int frame, const dynamic_transform<double, 3>& placement) {
    spring_end above = end_of(frame);
    b.parent = above.body;
    root_of_.push_back(b.parent < 0 ? int(bodies.size()) : root_of_[std::size_t(b.parent)]);
    chain_.push_back(std::move(above.chain));
    own_placement_.push_back(placement);
    bodies.push_back(b);
  };
  for (std::size_t f = 0; f < spec.frames.size(); ++f) {
    const frame_spec& frame = spec.frames[f];
    if (!frame.joint) continue;
    const joint_spec& j = *frame.joint;
    dynamics::body b;
    b.joint = core_joint(j);
    b.passive = {j.damping, j.stiffness, j.rest};
    b.mass = j.mass;
    b.center_of_mass = j.center_of_mass;
    b.principal_inertia = j.inertia;
    dynamic_transform<double, 3> placement;
    frame_motion motion = frame.motion;  // bound to the parameters' values (constants: no t)
    for (auto& e : motion.translation) eval.bind(e);
    for (auto& r : motion.rotations) eval.bind(r.angle);
    if (auto fault = evaluate_motion(motion, eval, 0.0, placement))
      return "joint '" + frame.name + "': " + fault->which + " is not finite";
    b.placement = placement.pose;
    frame_body_[f] = int(bodies.size());
    body_frame_.push_back(f);
    add(b, frame.parent, placement);
  }
  std::vector<world_body::tree_link> links;
  for (std::size_t k = 0; k < spec.bodies.size() && k < spec_bodies.size(); ++k) {
    if (!body_on_tree(spec, k)) continue;
    world_body::tree_link l = spec_bodies[k].link(-1);
    dynamic_transform<double, 3> placement = dynamic_transform<double, 3>::identity();
    placement.pose = l.body.placement;
    body_link_[k] = int(bodies.size());
    link_body_.push_back(k);
    add(l.body, spec.bodies[k].frame, placement);
    links.push_back(l);
  }
  model_ = dynamics::tree_model(std::move(bodies), around.gravity(0.0));
  if (auto why = model_.invalid_reason()) return "joints: " + *why;
  data_.emplace(model_);
  state_ = dynamics::rest_state(model_);
  for (std::size_t k = 0; k < links.size(); ++k) {
    const int i = joint_frame_count() + int(k);
    double* q = state_.q.data() + model_.q_index(i);
    double* qd = state_.qd.data() + model_.v_index(i);
    q[0] = links[k].q0.w, q[1] = links[k].q0.x, q[2] = links[k].q0.y, q[3] = links[k].q0.z;
    qd[0] = links[k].qd0.x, qd[1] = links[k].qd0.y, qd[2] = links[k].qd0.z;
  }
  for (int i = 0; i < joint_frame_count(); ++i) {
    const joint_spec& j = *spec.frames[body_frame_[std::size_t(i)]].joint;
    double* q = state_.q.data() + model_.q_index(i);
    double* qd = state_.qd.data() + model_.v_index(i);
    const auto at_start = [&](const std::array<world_expression, 3>& e) {
      return glm::dvec3(eval.value(e[0], 0.0), eval.value(e[1], 0.0), eval.value(e[2], 0.0));
    };
    const glm::dvec3 position = at_start(j.position), velocity = at_start(j.velocity);
    if (!std::isfinite(glm::dot(position, position) + glm::dot(velocity, velocity)))
      return "joint '" + spec.frames[body_frame_[std::size_t(i)]].name + "': position or velocity is not finite";
    if (j.kind == joint_kind::ball) {
      const glm::dquat r = rotation_quat(position);
      q[0] = r.w, q[1] = r.x, q[2] = r.y, q[3] = r.z;
      qd[0] = velocity.x, qd[1] = velocity.y, qd[2] = velocity.z;
    } else {
      q[0] = position.x;
      qd[0] = velocity.x;
    }
  }
  spring_ends_.clear();
  // a body end: its link, the offset moved from the centre of mass to the link's origin
  const auto end_at = [&](int frame, int body) {
    if (body < 0) return end_of(frame);
    spring_end e;
    e.body = body_link_[std::size_t(body)];
    e.centre = model_[e.body].center_of_mass;
    return e;
  };
  for (const spring_spec& s : spec.springs)
    spring_ends_.emplace_back(end_at(s.from, s.from_body), end_at(s.to, s.to_body));
  springs_now_.assign(spec.springs.size(), {});
  applied_.assign(std::size_t(model_.v_size()), 0.0);
  evaluate_now(0.0, around);
  if (pending_failure_) return pending_failure_;
  return non_finite(0.0);
}

const std::string& world_joints::name(int body) const {
  if (body < joint_frame_count()) return spec_->frames[body_frame_[std::size_t(body)]].name;
  return spec_->bodies[link_body_[std::size_t(body - joint_frame_count())]].name;
}

void world_joints::drive(double t, const dynamics::joint_state& y, dynamics::tree_data& d, std::span<double> tau,
                         const surroundings& around) const {
  d.gravity = around.gravity(t);
  for (int i = 0; i < model_.size(); ++i) {
    const std::size_t s = std::size_t(i);
    // P_i = L_1 o ... o L_k o P_own
    dynamic_transform<double, 3> placement = dynamic_transform<double, 3>::identity();
    for (const std::size_t f : chain_[s]) placement = placement * around.prescribed_local(f, t);
    d.placement_motion[s] = placement * own_placement_[s];
    if (i >= joint_frame_count()) continue;  // a body on the tree: no applied torque
    const joint_spec& j = *spec_->frames[body_frame_[s]].joint;
    const int v = model_.v_index(i);
    const double state[2] = {y.q[std::size_t(model_.q_index(i))], y.qd[std::size_t(v)]};
    for (int k = 0; k < dofs(i); ++k) {
      const double f = eval_->value_with(j.force[std::size_t(k)], t, std::span<const double>(state, 2));
      if (!std::isfinite(f) && !pending_failure_)
        pending_failure_ = "joint '" + spec_->frames[body_frame_[s]].name + "': force = '" +
                           j.force[std::size_t(k)].text + "' is not finite at " + time_text(t);
      tau[std::size_t(v + k)] = f;
    }
  }
  if (spring_ends_.empty()) return;
  for (auto& f : d.external_force) f = {};
  dynamics::tree_kinematics(model_, d, y.q.data(), y.qd.data());
  add_spring_forces(t, d, around);
}

world_joints::spring_end world_joints::end_of(int frame) const {
  spring_end e;
  for (int f = frame; f >= 0; f = spec_->frames[std::size_t(f)].parent) {
    if (frame_body_[std::size_t(f)] >= 0) {
      e.body = frame_body_[std::size_t(f)];
      break;
    }
    e.chain.insert(e.chain.begin(), std::size_t(f));
  }
  return e;
}

// Each spring pulls its ends together (scenes/world/spring_pull.hpp): the force on the "to"
// end F = -T u acts on its body at p_to as the spatial force (p_to x F, F) (world, about O;
// core/dynamics/spatial.hpp), and -F on the "from" end. A particle end's share is the
// particle's (world_model reads springs()). Through the articulated-body algorithm these become the generalised
// forces J^T F of every joint between the end and the root.
void world_joints::add_spring_forces(double t, dynamics::tree_data& d, const surroundings& around) const {
  const auto end_frame = [&](const spring_end& e) {
    dynamic_transform<double, 3> g =
        e.body >= 0 ? dynamics::body_frame(d, e.body) : dynamic_transform<double, 3>::identity();
    for (const std::size_t f : e.chain) g = g * around.prescribed_local(f, t);  // A3 = A2 o A1
    return g;
  };
  // the world point and velocity of an end: a particle's from the caller, else its frame's
  const auto end_point = [&](const spring_end& e, int particle, const glm::dvec3& offset) {
    if (particle >= 0) return around.particle_end(std::size_t(particle), offset, t);
    const dynamic_transform<double, 3> g = end_frame(e);
    const glm::dvec3 p = g.pose.apply_point(e.centre + offset);
    return std::pair{p, g.velocity + glm::cross(g.angular_velocity, p - g.pose.translation)};
  };
  for (std::size_t s = 0; s < spring_ends_.size(); ++s) {
    const spring_spec& spec = spec_->springs[s];
    const bool particle_end = spec.from_particle >= 0 || spec.to_particle >= 0;
    if (particle_end && !spring_on_tree(s)) continue;  // the particles' alone (world_model)
    const auto& [from, to] = spring_ends_[s];
    const auto [pa, va] = end_point(from, spec.from_particle, spec.from_offset);
    const auto [pb, vb] = end_point(to, spec.to_particle, spec.to_offset);
    spring_now& now = springs_now_[s];
    now = spring_between(spec, pa, va, pb, vb);
    const glm::dvec3 force = now.force_on_to();
    if (to.body >= 0)
      d.external_force[std::size_t(to.body)] =
          d.external_force[std::size_t(to.body)] + dynamics::spatial_force{glm::cross(pb, force), force};
    if (from.body >= 0)
      d.external_force[std::size_t(from.body)] =
          d.external_force[std::size_t(from.body)] - dynamics::spatial_force{glm::cross(pa, force), force};
  }
}

void world_joints::evaluate_now(double t, const surroundings& around) {
  std::vector<double> tau(std::size_t(model_.v_size()), 0.0);
  const auto drive_now = [&](double time, const dynamics::joint_state& y, dynamics::tree_data& d, std::span<double> f) {
    drive(time, y, d, f, around);
    std::copy(f.begin(), f.end(), tau.begin());
  };
  (void)dynamics::tree_rate(model_, *data_, t, state_, drive_now);
  applied_ = std::move(tau);
}

std::optional<std::string> world_joints::non_finite(double t) const {
  for (int i = 0; i < model_.size(); ++i) {
    bool finite = true;
    for (int k = 0; k < dynamics::position_size(model_[i].joint); ++k)
      finite = finite && std::isfinite(state_.q[std::size_t(model_.q_index(i) + k)]);
    for (int k = 0; k < dofs(i); ++k) {
      finite = finite && std::isfinite(state_.qd[std::size_t(model_.v_index(i) + k)]) &&
               std::isfinite(data_->qdd[std::size_t(model_.v_index(i) + k)]);
    }
    if (!finite)
      return (i < joint_frame_count() ? "joint '" : "body '") + name(i) + "': its state is not finite at " +
             time_text(t) + " (a force too large for the step, or a massless link)";
  }
  return std::nullopt;
}

std::optional<std::string> world_joints::step(ode::method m, double t, double dt, const surroundings& around) {
  if (empty()) {  // springs between prescribed frames only: measured, nothing to move
    if (!spring_ends_.empty()) add_spring_forces(t + dt, *data_, around);
    return std::nullopt;
  }
  const auto drive_fn = [&](double time, const dynamics::joint_state& y, dynamics::tree_data& d, std::span<double> f) {
    drive(time, y, d, f, around);
  };
  const auto result = dynamics::step_tree(m, model_, *data_, t, state_, dt, drive_fn);
  if (pending_failure_) return pending_failure_;
  if (!result.converged && max_norm(result.y) < 1e300) {
    return "joints: " + not_converged_text(m, result.iterations, t, dt);
  }
  return accept(result.y, t + dt, around);
}

dynamics::joint_state world_joints::rate(double t, const dynamics::joint_state& y, const surroundings& around) {
  const auto drive_fn = [&](double time, const dynamics::joint_state& state, dynamics::tree_data& d,
                            std::span<double> f) { drive(time, state, d, f, around); };
  return dynamics::tree_rate(model_, *data_, t, y, drive_fn);
}

std::optional<std::string> world_joints::accept(dynamics::joint_state y, double t, const surroundings& around) {
  if (pending_failure_) return pending_failure_;
  state_ = std::move(y);
  evaluate_now(t, around);
  if (pending_failure_) return pending_failure_;
  return non_finite(t);
}

dynamic_transform<double, 3> world_joints::local(int body) const { return local(body, state_, data_->qdd); }

dynamic_transform<double, 3> world_joints::local(int body, const dynamics::joint_state& y,
                                                 std::span<const double> qdd) const {
  const std::size_t s = std::size_t(body);
  const double* q = y.q.data() + model_.q_index(body);
  const double* qd = y.qd.data() + model_.v_index(body);
  // relative to the parent frame: the own placement (constant) o J
  return own_placement_[s] * dynamics::joint_motion(model_[body].joint, q, qd, qdd.data() + model_.v_index(body));
}

double world_joints::q(int body, int k) const {
  const double* q = state_.q.data() + model_.q_index(body);
  if (!std::holds_alternative<dynamics::ball>(model_[body].joint)) return q[0];
  return rotation_vector(dynamics::ball_rotation(q))[k];
}

double world_joints::qd(int body, int k) const { return state_.qd[std::size_t(model_.v_index(body) + k)]; }

double world_joints::tree_energy(int root) const {
  double e = 0.0;
  for (int i = 0; i < model_.size(); ++i)
    if (root_of_[std::size_t(i)] == root)
      e += dynamics::body_kinetic_energy(*data_, i) + dynamics::body_potential_energy(model_, *data_, state_, i);
  return e;
}

glm::dvec3 world_joints::tree_angular_momentum(int root) const {
  const glm::dvec3 about = data_->pose[std::size_t(root)].translation;
  glm::dvec3 l(0.0);
  for (int i = 0; i < model_.size(); ++i)
    if (root_of_[std::size_t(i)] == root) l += dynamics::body_angular_momentum(*data_, i, about);
  return l;
}

}  // namespace framelab
