#include "scenes/world/world_scene.hpp"

#include <algorithm>
#include <cmath>
#include <typeinfo>
#include <utility>

#include "core/frames/frame_conversion.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_writer.hpp"

namespace framelab {

namespace {

constexpr const char* xyz[3] = {"x", "y", "z"};

glm::vec4 arrow_color(arrow_kind k) {
  switch (k) {
    case arrow_kind::velocity: return {0.3f, 0.7f, 1.0f, 1.0f};
    case arrow_kind::acceleration: return {1.0f, 0.3f, 0.6f, 1.0f};
    case arrow_kind::angular_velocity: return {0.95f, 0.85f, 0.3f, 1.0f};
    case arrow_kind::coriolis: return {1.0f, 0.62f, 0.1f, 1.0f};
    case arrow_kind::centrifugal: return {1.0f, 0.25f, 0.3f, 1.0f};
    case arrow_kind::euler: return {0.75f, 0.5f, 1.0f, 1.0f};
    case arrow_kind::frame: return {0.3f, 0.95f, 0.45f, 1.0f};
    case arrow_kind::gravity: return {0.6f, 0.6f, 0.65f, 1.0f};
    case arrow_kind::applied: return {1.0f, 1.0f, 1.0f, 1.0f};
    case arrow_kind::constraint: return {0.4f, 0.9f, 0.9f, 1.0f};
  }
  return {1, 1, 1, 1};
}

// The labels of today's scenes: carousel's for the inertial terms, tank-turret's
// "<name> velocity" for the motion.
std::string arrow_label(arrow_kind k, const std::string& owner) {
  switch (k) {
    case arrow_kind::velocity: return owner + " velocity";
    case arrow_kind::acceleration: return owner + " acceleration";
    case arrow_kind::angular_velocity: return owner + " omega";
    case arrow_kind::coriolis: return "Coriolis";
    case arrow_kind::centrifugal: return "centrifugal";
    case arrow_kind::euler: return "Euler";
    case arrow_kind::frame: return "frame";
    case arrow_kind::gravity: return "gravity";
    case arrow_kind::applied: return "applied F/m";
    case arrow_kind::constraint: return "rod tension / m";
  }
  return owner;
}

const char* arrow_unit(arrow_kind k) {
  return k == arrow_kind::velocity ? "m/s" : k == arrow_kind::angular_velocity ? "rad/s" : "m/s^2";
}

}  // namespace

std::vector<std::string> world_channel_names(const world_spec& w) {
  std::vector<std::string> names;
  for (const auto& c : world_scene::channel_list(w, nullptr)) names.push_back(c.name);
  return names;
}

world_scene::world_scene(std::shared_ptr<const world_spec> spec) : spec_(spec), model_(std::move(spec)) {
  for (auto& c : channel_list(*spec_, this)) channel_readers_.push_back(std::move(c.read));
}

// A file channel may read the others of the same step (channel_spec::reads): each by its
// getter, in channel_list's order.
double world_scene::file_channel_value(std::size_t c) const {
  return model_.channel_value(c, [this](std::size_t slot) { return channel_readers_[slot](); });
}

std::vector<param_def> world_scene::parameters() const {
  std::vector<param_def> defs = spec_->parameters;
  const bool joints = std::any_of(spec_->frames.begin(), spec_->frames.end(), [](const frame_spec& f) { return f.joint.has_value(); });
  if (!spec_->particles.empty() || joints)
    defs.push_back(choice_param(world_integrator_param, spec_->integrator, ode::method_names_by_order(),
                                "How the particles and the joints are integrated (orders 4, 2, 1)"));
  std::vector<std::string> frames{"world"};
  for (const auto& f : spec_->frames) frames.push_back(f.name);
  const std::string view = spec_->view_frame < 0 ? "world" : spec_->frames[std::size_t(spec_->view_frame)].name;
  // How the run is shown, not what runs: changed without a restart (apply_view_settings).
  defs.push_back(view_only(choice_param(world_view_frame_param, view, frames,
                                        "Draw the scene as seen from this frame (ride it); 'world' for the fixed "
                                        "ground. Changes the observer without restarting the run")));
  defs.push_back(view_only(number_param(world_arrow_scale_param, spec_->arrow_scale, 1e-4, 1e4, "m per unit",
                                        "Arrow length per m/s, m/s^2 or rad/s")));
  return defs;
}

// A joint frame's channels: NAME_q, NAME_qd (ball: NAME_qx.. the rotation vector, NAME_qdx.. the
// angular velocity), NAME_force (ball: NAME_forcex..); a tree's root joint also NAME_energy
// and NAME_Lx, NAME_Ly, NAME_Lz about its origin. Bodies count in the spec's preorder of
// joint frames, as scenes/world/world_joints.cpp numbers them.
template <class Getter>
void world_scene::joint_channels(const world_spec& spec, const Getter& getter, std::vector<channel_def>& out) {
  int body = 0;
  for (const frame_spec& f : spec.frames) {
    if (!f.joint) continue;
    const int b = body++;
    if (!f.channels) continue;
    const std::string& n = f.name;
    const bool ball = f.joint->kind == joint_kind::ball;
    const bool slider = f.joint->kind == joint_kind::slider;
    const char* q_unit = slider ? "m" : "rad";
    const char* qd_unit = slider ? "m/s" : "rad/s";
    const char* force_unit = slider ? "N" : "N m";
    for (int k = 0; k < (ball ? 3 : 1); ++k) {
      const std::string c = ball ? std::string(xyz[k]) : std::string();
      out.push_back({n + "_q" + c, q_unit, n + (ball ? " rotation vector, " + c : std::string(" joint position q")),
                     getter([b, k](const world_scene& s) { return s.model_.joints().q(b, k); })});
      out.push_back({n + "_qd" + c, qd_unit,
                     n + (ball ? " angular velocity in the parent, " + c : std::string(" joint velocity qd")),
                     getter([b, k](const world_scene& s) { return s.model_.joints().qd(b, k); })});
      out.push_back({n + "_force" + c, force_unit, n + (slider ? " applied force" : " applied torque") + (ball ? ", " + c : ""),
                     getter([b, k](const world_scene& s) { return s.model_.joints().applied(b, k); })});
    }
    bool root = true;
    for (int p = f.parent; p >= 0; p = spec.frames[std::size_t(p)].parent)
      if (spec.frames[std::size_t(p)].joint) root = false;
    if (!root) continue;
    out.push_back({n + "_energy", "J", n + "'s tree: kinetic plus potential energy (gravity, joint springs)",
                   getter([b](const world_scene& s) { return s.model_.joints().tree_energy(b); })});
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_L" + xyz[k], "kg m^2/s", n + "'s tree: angular momentum about its origin, " + xyz[k],
                     getter([b, k](const world_scene& s) { return s.model_.joints().tree_angular_momentum(b)[k]; })});
  }
}

std::vector<channel_def> world_scene::channel_list(const world_spec& spec, const world_scene* self) {
  std::vector<channel_def> out;
  const auto getter = [self](auto f) -> std::function<double()> {
    if (self == nullptr) return {};
    return [self, f] { return f(*self); };
  };
  for (std::size_t c = 0; c < spec.channels.size(); ++c)
    out.push_back({spec.channels[c].name, spec.channels[c].unit,
                   spec.channels[c].description.empty() ? spec.channels[c].expr.text : spec.channels[c].description,
                   getter([c](const world_scene& s) { return s.file_channel_value(c); })});
  for (std::size_t i = 0; i < spec.particles.size(); ++i) {
    const particle_spec& p = spec.particles[i];
    if (!p.channels) continue;
    const std::string& n = p.name;
    const std::string frame = p.frame < 0 ? "the world" : spec.frames[std::size_t(p.frame)].name;
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_local_" + xyz[k], "m", n + " position in " + frame + ", " + xyz[k],
                     getter([i, k](const world_scene& s) { return s.model_.particle(i).r[k]; })});
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_local_v" + xyz[k], "m/s", n + " velocity relative to " + frame + ", " + xyz[k],
                     getter([i, k](const world_scene& s) { return s.model_.particle(i).v[k]; })});
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_world_" + xyz[k], "m", n + " world position, " + xyz[k],
                     getter([i, k](const world_scene& s) { return s.particle_world_point(i)[k]; })});
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_world_v" + xyz[k], "m/s", n + " world velocity, " + xyz[k],
                     getter([i, k](const world_scene& s) { return s.particle_world_motion(i).velocity[k]; })});
    out.push_back({n + "_kinetic", "J", n + " kinetic energy in the world, m |v|^2 / 2", getter([i](const world_scene& s) {
                     const glm::dvec3 v = s.particle_world_motion(i).velocity;
                     return 0.5 * s.model_.particle_mass(i) * glm::dot(v, v);
                   })});
    if (p.tie == tie_kind::rod)
      out.push_back({n + "_tension", "N", n + " rod tension |m lambda d|", getter([i](const world_scene& s) {
                       return s.model_.particle_mass(i) * glm::length(s.model_.forces_on(i).constraint);
                     })});
  }
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) {
    if (!spec.bodies[b].channels) continue;
    const std::string& n = spec.bodies[b].name;
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_wb" + xyz[k], "rad/s", n + " angular velocity in body coordinates, " + xyz[k],
                     getter([b, k](const world_scene& s) { return s.model_.body(b).body_omega()[k]; })});
    out.push_back({n + "_L", "kg m^2/s", n + " angular momentum |L| (about the pivot if it has one)",
                   getter([b](const world_scene& s) { return glm::length(s.model_.body(b).momentum()); })});
    out.push_back({n + "_energy", "J", n + " energy: rotational kinetic plus gravity's potential about the pivot",
                   getter([b](const world_scene& s) { return s.model_.body(b).energy(); })});
  }
  joint_channels(spec, getter, out);
  for (std::size_t i = 0; i < spec.springs.size(); ++i) {
    if (!spec.springs[i].channels) continue;
    const std::string& n = spec.springs[i].name;
    out.push_back({n + "_length", "m", n + " length between its ends",
                   getter([i](const world_scene& s) { return s.model_.spring(i).length; })});
    out.push_back({n + "_tension", "N", n + " tension k (length - rest) + c d(length)/dt (positive: pulls its ends together)",
                   getter([i](const world_scene& s) { return s.model_.spring(i).tension; })});
    out.push_back({n + "_energy", "J", n + " stored energy k (length - rest)^2 / 2",
                   getter([i](const world_scene& s) { return s.model_.spring(i).energy; })});
  }
  for (std::size_t f = 0; f < spec.frames.size(); ++f) {
    if (!spec.frames[f].channels) continue;
    const std::string& n = spec.frames[f].name;
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_" + xyz[k], "m", n + " world position, " + xyz[k],
                     getter([f, k](const world_scene& s) { return s.model_.frame_world(f).pose.translation[k]; })});
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_v" + xyz[k], "m/s", n + " world velocity, " + xyz[k],
                     getter([f, k](const world_scene& s) { return s.model_.frame_world(f).velocity[k]; })});
    for (int k = 0; k < 3; ++k)
      out.push_back({n + "_w" + xyz[k], "rad/s", n + " world angular velocity, " + xyz[k],
                     getter([f, k](const world_scene& s) { return s.model_.frame_world(f).angular_velocity[k]; })});
  }
  return out;
}

// The readouts first (in their order), so that Plots opens on what the file points at.
std::vector<channel_def> world_scene::channels() const {
  std::vector<channel_def> all = channel_list(*spec_, this), out;
  for (const auto& readout : spec_->readouts)
    for (auto& c : all)
      if (c.name == readout.channel && c.read) out.push_back(std::exchange(c, channel_def{}));
  for (auto& c : all)
    if (c.read) out.push_back(std::move(c));
  return out;
}

namespace {
std::vector<double> file_parameter_values(const world_spec& spec, const param_values& values) {
  std::vector<double> v;
  for (const auto& def : spec.parameters) v.push_back(values.number(def.name));
  return v;
}

// The integrator parameter (only a file with particles has one), else the file's.
ode::method integrator(const world_spec& spec, const param_values& values) {
  const std::string& name =
      values.contains(world_integrator_param) ? values.choice(world_integrator_param) : spec.integrator;
  return ode::parse_method(name).value_or(ode::method::rk4);
}
}  // namespace

std::optional<std::string> world_scene::check(const param_values& values) const {
  world_model trial(spec_);
  return trial.reset(file_parameter_values(*spec_, values), integrator(*spec_, values));
}

void world_scene::reset(const param_values& values) {
  reset_failure_ = model_.reset(file_parameter_values(*spec_, values), integrator(*spec_, values));
  view_frame_ = frame_named(values.choice(world_view_frame_param));
  arrow_scale_ = values.number(world_arrow_scale_param);
  build_view();
  momentum_arrow_ratio_.assign(spec_->bodies.size(), 1.0);
  if (!reset_failure_)
    for (std::size_t b = 0; b < model_.body_count(); ++b) {
      const double l = glm::length(model_.body(b).momentum());
      if (l > 0.0) momentum_arrow_ratio_[b] = glm::length(model_.body(b).state().angular_velocity) / l;
    }
  if (!reset_failure_) record_trails();
  view_current_ = false;
}

// An owner's own arrow_scale against the file's: the arrow_scale parameter scales every
// arrow, and at the file's value each owner's arrows are as long as the file asks.
double world_scene::arrow_scale_factor(std::optional<double> own_scale) const {
  return own_scale ? *own_scale / spec_->arrow_scale : 1.0;
}

int world_scene::frame_named(const std::string& name) const {
  for (std::size_t f = 0; f < spec_->frames.size(); ++f)
    if (spec_->frames[f].name == name) return int(f);
  return -1;  // "world"
}

// A new observer (view_frame) or arrow scale while the run goes on: the state, the time and
// the trails stay.
void world_scene::apply_view_settings(const param_values& values) {
  if (values.contains(world_view_frame_param)) set_view_frame(frame_named(values.choice(world_view_frame_param)));
  if (values.contains(world_arrow_scale_param)) set_arrow_scale(values.number(world_arrow_scale_param));
}

// A trail kept in the view frame lives in the view itself (trail_points): it goes back to
// its own store when the observer changes, and the new view frame's trails move in.
void world_scene::set_view_frame(int frame) {
  if (frame == view_frame_) return;
  for (trail_state& t : trails_)
    if (t.frame == view_frame_) t.points = std::exchange(view_.trails[t.view_index].points, {});
  view_frame_ = frame;
  for (trail_state& t : trails_)
    if (t.frame == view_frame_) view_.trails[t.view_index].points = std::exchange(t.points, {});
  view_current_ = false;
}

void world_scene::step(double dt) {
  if (reset_failure_) return;
  model_.step(dt);
  if (!model_.failure()) record_trails();
  view_current_ = false;
}

std::optional<std::string> world_scene::failure() const {
  if (reset_failure_) return reset_failure_;
  return model_.failure();
}

void world_scene::build_view() {
  view_ = {};
  frame_node_.assign(spec_->frames.size(), -1);
  frame_node_end_.assign(spec_->frames.size(), -1);
  particle_node_.assign(spec_->particles.size(), -1);
  arrows_.clear();
  trails_.clear();
  trail_owner_.clear();
  ties_.clear();
  const auto add_arrows = [&](const std::vector<arrow_kind>& kinds, bool particle, std::size_t index,
                              const std::string& owner, std::optional<double> own_scale) {
    for (const arrow_kind k : kinds) {
      arrows_.push_back({particle, index, k, arrow_scale_factor(own_scale)});
      view_.vectors.push_back(
          {arrow_label(k, owner), arrow_unit(k), {}, {}, arrow_scale_, arrow_color(k), true, arrow_name(k)});
    }
  };
  // The world path blue, a path seen in a frame pink (carousel's colours).
  const auto add_trails = [&](const std::vector<trail_spec>& ts, bool particle, std::size_t index,
                              const std::string& owner) {
    for (const trail_spec& t : ts) {
      if (!t.on) continue;
      trails_.push_back({t.frame, t.length, {}, view_.trails.size()});
      trail_owner_.emplace_back(particle, index);
      const std::string where = t.frame < 0 ? "world" : spec_->frames[std::size_t(t.frame)].name + " frame";
      const glm::vec4 color =
          t.color.value_or(t.frame < 0 ? glm::vec4{0.45f, 0.8f, 1.0f, 1.0f} : glm::vec4{1.0f, 0.45f, 0.75f, 1.0f});
      view_.trails.push_back({owner + " path (" + where + ")", {}, color, true, true, t.width_px});
    }
  };
  const auto add_node = [&](std::string name, int parent, shape_kind kind, glm::dvec3 size, glm::vec4 color) {
    view_node n;
    n.name = std::move(name);
    n.parent = parent;
    n.shape = kind;
    n.size = size;
    n.color = color;
    view_.nodes.push_back(std::move(n));
    return int(view_.nodes.size()) - 1;
  };
  // A frame's or body's shapes: children of its node, posed by their constant offset and turn.
  const auto add_shapes = [&](const std::vector<shape_spec>& shapes, const std::string& owner, int node) {
    for (std::size_t k = 0; k < shapes.size(); ++k) {
      const shape_spec& s = shapes[k];
      const std::string name = owner + " / " + (s.name.empty() ? "shape " + std::to_string(k + 1) : s.name);
      view_node& shape = view_.nodes[std::size_t(add_node(name, node, s.kind, s.size, s.color))];
      shape.local.translation = s.offset;
      shape.local.rotation = s.rotation;
    }
  };
  // A frame whose first shape sits at its origin, unturned, is drawn as that shape (one
  // node in the Scene tree); its other shapes are its children.
  const auto drawn_as_frame = [](const std::vector<shape_spec>& shapes) {
    return !shapes.empty() && shapes[0].offset == glm::dvec3(0.0) && shapes[0].rotation == glm::dquat(1, 0, 0, 0);
  };
  for (std::size_t f = 0; f < spec_->frames.size(); ++f) {
    const frame_spec& fs = spec_->frames[f];
    const int parent = fs.parent < 0 ? -1 : frame_node_[std::size_t(fs.parent)];
    if (drawn_as_frame(fs.shapes)) {
      frame_node_[f] = add_node(fs.name, parent, fs.shapes[0].kind, fs.shapes[0].size, fs.shapes[0].color);
      add_shapes(std::vector<shape_spec>(fs.shapes.begin() + 1, fs.shapes.end()), fs.name, frame_node_[f]);
    } else {
      frame_node_[f] = add_node(fs.name, parent, shape_kind::none, glm::dvec3(1.0), glm::vec4(1.0f));
      add_shapes(fs.shapes, fs.name, frame_node_[f]);
    }
    frame_node_end_[f] = int(view_.nodes.size());
    add_arrows(fs.arrows, false, f, fs.name, fs.arrow_scale);
    add_trails(fs.trails, false, f, fs.name);
  }
  for (std::size_t i = 0; i < spec_->particles.size(); ++i) {
    const particle_spec& p = spec_->particles[i];
    const int parent = p.frame < 0 ? -1 : frame_node_[std::size_t(p.frame)];
    particle_node_[i] = add_node(p.name, parent, shape_kind::sphere, glm::dvec3(2.0 * p.radius), p.color);
    add_arrows(p.arrows, true, i, p.name, p.arrow_scale);
    add_trails(p.trails, true, i, p.name);
    if (p.tie != tie_kind::none) {  // the rod or spring: a line from the pivot to the particle
      ties_.push_back({i, view_.trails.size()});
      view_.trails.push_back({p.name + (p.tie == tie_kind::rod ? " rod" : " spring"), {}, {0.85f, 0.85f, 0.8f, 1.0f},
                              true, false});
    }
  }
  body_node_.assign(spec_->bodies.size(), -1);
  body_arrows_.assign(spec_->bodies.size(), 0);
  for (std::size_t b = 0; b < spec_->bodies.size(); ++b) {
    const body_spec& bs = spec_->bodies[b];
    body_node_[b] = add_node(bs.name, -1, shape_kind::none, glm::dvec3(1.0), glm::vec4(1.0f));
    add_shapes(bs.shapes, bs.name, body_node_[b]);
    body_arrows_[b] = view_.vectors.size();
    if (bs.arrows) {
      view_.vectors.push_back({bs.name + " omega", "rad/s", {}, {}, arrow_scale_,
                               arrow_color(arrow_kind::angular_velocity), true, "angular_velocity"});
      view_.vectors.push_back(
          {bs.name + " L", "kg m^2/s", {}, {}, arrow_scale_, {0.30f, 0.85f, 1.0f, 1.0f}, true, "angular_momentum"});
    }
  }
  spring_trails_ = view_.trails.size();
  for (const spring_spec& s : spec_->springs)
    view_.trails.push_back({s.name + " (spring)", {}, {0.95f, 0.85f, 0.35f, 1.0f}, true, false});
  view_.camera = spec_->camera.value_or(camera_setup{});
  own_nodes_ = view_.nodes.size();
  own_trails_ = view_.trails.size();
  own_vectors_ = view_.vectors.size();
}

dynamic_transform<double, 3> world_scene::particle_world_motion(std::size_t i) const {
  dynamic_transform<double, 3> local;
  local.pose.translation = model_.particle(i).r;
  local.velocity = model_.particle(i).v;
  return model_.world_of(spec_->particles[i].frame) * local;  // A3 = A2 o A1 (acceleration not needed)
}

glm::dvec3 world_scene::particle_world_point(std::size_t i) const {
  return model_.world_of(spec_->particles[i].frame).pose.apply_point(model_.particle(i).r);
}

// A helix of `turns` turns of radius r from a to b (a straight line when a = b), as a polyline.
std::vector<glm::dvec3> world_scene::coil_points(const glm::dvec3& a, const glm::dvec3& b, int turns, double r) {
  const glm::dvec3 d = b - a;
  const double length = glm::length(d);
  if (!(length > 0.0)) return {a, b};
  const glm::dvec3 u = d / length;
  const glm::dvec3 side = glm::normalize(glm::cross(u, std::abs(u.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(1, 0, 0)));
  const glm::dvec3 up = glm::cross(u, side);
  std::vector<glm::dvec3> points{a};
  const int n = turns * 12;
  for (int k = 1; k < n; ++k) {
    const double s = double(k) / n, phase = 2.0 * 3.141592653589793 * turns * s;
    points.push_back(a + s * d + r * (std::cos(phase) * side + std::sin(phase) * up));
  }
  points.push_back(b);
  return points;
}

const scene_view& world_scene::view() const {
  if (!view_current_ && !reset_failure_) update_view();
  view_current_ = true;
  return view_;
}

void world_scene::set_arrow_scale(double scale) {
  if (!(scale > 0.0) || !std::isfinite(scale)) return;
  arrow_scale_ = scale;
  view_current_ = false;
}

// A trail seen from the frame it is kept in is drawn as kept: it lives in the view itself,
// so posing the view copies nothing.
std::vector<glm::dvec3>& world_scene::trail_points(trail_state& t) const {
  return t.frame == view_frame_ ? view_.trails[t.view_index].points : t.points;
}

void world_scene::restart_trails() {
  for (auto& t : trails_) trail_points(t).clear();
  if (!reset_failure_) record_trails();
  view_current_ = false;
}

void world_scene::record_trails() {
  for (std::size_t k = 0; k < trails_.size(); ++k) {
    trail_state& t = trails_[k];
    const auto [particle, index] = trail_owner_[k];
    const glm::dvec3 p = particle ? particle_world_point(index) : model_.frame_world(index).pose.translation;
    // The oldest length/16 points go at once when the trail is that much over its length:
    // amortised O(1) per step, not a shift of the whole trail every step.
    std::vector<glm::dvec3>& points = trail_points(t);
    if (points.size() >= t.length + t.length / 16)
      points.erase(points.begin(), points.begin() + std::ptrdiff_t(points.size() + 1 - t.length));
    // kept in the trail's frame
    points.push_back(t.frame < 0 ? p : model_.world_of(t.frame).pose.inverse().apply_point(p));
  }
}

void world_scene::update_view() const {
  // V^{-1}: what is drawn, as seen from the view frame (identity: the world)
  const transform3d view_inverse = world_to_view();
  view_.nodes.resize(own_nodes_);  // what add_to_view added last time goes
  view_.trails.resize(own_trails_);
  view_.vectors.resize(own_vectors_);
  view_.labels.clear();
  for (std::size_t f = 0; f < spec_->frames.size(); ++f) {
    view_node& n = view_.nodes[std::size_t(frame_node_[f])];
    n.local = model_.frame_local(f).pose;
    n.world = view_inverse * model_.frame_world(f).pose;
    n.local_dynamics = model_.frame_local(f);
    n.world_dynamics = model_.frame_world(f);
    for (int k = frame_node_[f] + 1; k < frame_node_end_[f]; ++k)
      view_.nodes[std::size_t(k)].world = n.world * view_.nodes[std::size_t(k)].local;
  }
  for (std::size_t i = 0; i < spec_->particles.size(); ++i) {
    view_node& n = view_.nodes[std::size_t(particle_node_[i])];
    const dynamic_transform<double, 3> local = model_.particle_local(i);
    const dynamic_transform<double, 3> world = model_.world_of(spec_->particles[i].frame) * local;
    n.local = local.pose;
    n.world = view_inverse * world.pose;
    n.local_dynamics = local;
    n.world_dynamics = world;
  }
  for (std::size_t a = 0; a < arrows_.size(); ++a) {
    const arrow_ref& r = arrows_[a];
    glm::dvec3 origin, value;
    // an inertial term (frame basis) -> world: J2
    const auto inertial_value = [&](const inertial_accelerations<double, 3>& i, const transform3d& a2) {
      switch (r.kind) {
        case arrow_kind::coriolis: return a2.apply_vector(i.coriolis);
        case arrow_kind::centrifugal: return a2.apply_vector(i.centrifugal);
        case arrow_kind::euler: return a2.apply_vector(i.euler);
        case arrow_kind::frame: return a2.apply_vector(i.frame);
        default: return glm::dvec3(0.0);
      }
    };
    const bool inertial = r.kind == arrow_kind::coriolis || r.kind == arrow_kind::centrifugal ||
                          r.kind == arrow_kind::euler || r.kind == arrow_kind::frame;
    if (!r.particle && inertial) {  // on a joint frame's centre of mass
      const world_model::link_inertial now = model_.link_inertial_now(r.index);
      origin = now.centre;
      value = inertial_value(now.inertial, now.parent.pose);
    } else if (!r.particle) {
      const auto& w = model_.frame_world(r.index);
      origin = w.pose.translation;
      value = r.kind == arrow_kind::velocity ? w.velocity : r.kind == arrow_kind::acceleration ? w.accel : w.angular_velocity;
    } else {
      const auto a2 = model_.world_of(spec_->particles[r.index].frame);
      const particle_forces forces = model_.forces_on(r.index);
      const dynamic_transform<double, 3> world = a2 * model_.particle_local(r.index);
      origin = world.pose.translation;
      // local terms (frame basis) -> world: J2
      switch (r.kind) {
        case arrow_kind::velocity: value = world.velocity; break;
        case arrow_kind::acceleration: value = world.accel; break;
        case arrow_kind::coriolis:
        case arrow_kind::centrifugal:
        case arrow_kind::euler:
        case arrow_kind::frame: value = inertial_value(forces.inertial, a2.pose); break;
        case arrow_kind::gravity: value = a2.pose.apply_vector(forces.gravity); break;
        case arrow_kind::applied: value = a2.pose.apply_vector(forces.applied); break;
        case arrow_kind::constraint: value = a2.pose.apply_vector(forces.constraint); break;
        default: value = glm::dvec3(0.0);
      }
    }
    view_.vectors[a].origin = view_inverse.apply_point(origin);
    view_.vectors[a].value = view_inverse.apply_vector(value);
    view_.vectors[a].scale = arrow_scale_ * r.scale_factor;
  }
  for (std::size_t s = 0; s < spec_->springs.size(); ++s) {
    const auto& now = model_.spring(s);
    view_.trails[spring_trails_ + s].points =
        coil_points(view_inverse.apply_point(now.from), view_inverse.apply_point(now.to), 12, 0.06);
  }
  for (std::size_t b = 0; b < spec_->bodies.size(); ++b) {
    const world_body& body = model_.body(b);
    const auto frame = model_.world_of(spec_->bodies[b].frame);
    view_node& n = view_.nodes[std::size_t(body_node_[b])];
    n.world = view_inverse * transform3d{body.centre(frame), body.state().orientation, 1.0};
    n.local = n.world;
    for (std::size_t k = 0; k < spec_->bodies[b].shapes.size(); ++k) {
      view_node& shape = view_.nodes[std::size_t(body_node_[b]) + 1 + k];
      shape.world = n.world * shape.local;
    }
    if (!spec_->bodies[b].arrows) continue;
    // omega at arrow_scale m per rad/s; L drawn as long as omega was at t = 0
    const glm::dvec3 origin = view_inverse.apply_point(body.pivot_point(frame));
    const glm::dvec3 omega = body.state().angular_velocity, l = body.momentum();
    auto& w_arrow = view_.vectors[body_arrows_[b]];
    auto& l_arrow = view_.vectors[body_arrows_[b] + 1];
    w_arrow.origin = l_arrow.origin = origin;
    w_arrow.value = view_inverse.apply_vector(omega);
    l_arrow.value = view_inverse.apply_vector(l);
    const double scale = arrow_scale_ * arrow_scale_factor(spec_->bodies[b].arrow_scale);
    w_arrow.scale = scale;
    l_arrow.scale = scale * momentum_arrow_ratio_[b];
  }
  for (const trail_state& t : trails_) {
    if (t.frame == view_frame_) continue;  // drawn as kept (trail_points)
    auto& drawn = view_.trails[t.view_index].points;
    const transform3d to_view = view_inverse * model_.world_of(t.frame).pose;
    drawn.resize(t.points.size());
    std::transform(t.points.begin(), t.points.end(), drawn.begin(),
                   [&](const glm::dvec3& p) { return to_view.apply_point(p); });
  }
  for (const auto& [i, k] : ties_) {
    const transform3d to_view = view_inverse * model_.world_of(spec_->particles[i].frame).pose;
    view_.trails[k].points = {to_view.apply_point(model_.particle_pivot(i)), to_view.apply_point(model_.particle(i).r)};
  }
  add_to_view(view_);
}

std::optional<std::string> world_scene::edit_node(int node, const node_edit& edit) {
  if (reset_failure_) return *reset_failure_;
  for (std::size_t f = 0; f < frame_node_.size(); ++f)
    if (frame_node_[f] == node) {
      auto error = model_.edit_frame(f, edit);
      view_current_ = false;
      return error;
    }
  for (std::size_t i = 0; i < particle_node_.size(); ++i)
    if (particle_node_[i] == node) {
      auto error = edit_particle(i, edit);
      view_current_ = false;
      return error;
    }
  return "this node is a shape or an overlay; select its frame or particle to edit it";
}

std::optional<std::string> world_scene::edit_particle(std::size_t i, const node_edit& edit) {
  const dynamic_transform<double, 3> a2 = model_.world_of(spec_->particles[i].frame);
  particle_state next = model_.particle(i);
  switch (edit.what) {
    case node_edit::kind::set_local:
    case node_edit::kind::set_global: {
      if (!finite(edit.dynamics.pose.translation)) return "position is not finite";
      if (!finite(edit.dynamics.velocity)) return "velocity is not finite";
      // Global: A1 = A2^-1 o A3, v1 = J2^-1 (v3 - v2 - w2 x (T3 - T2))
      const dynamic_transform<double, 3> local =
          edit.what == node_edit::kind::set_global ? global_to_local(a2, edit.dynamics) : edit.dynamics;
      next = {local.pose.translation, local.velocity};
      break;
    }
    case node_edit::kind::velocity_change:  // dv1 = J2^-1 dv
      if (!finite(edit.delta_velocity)) return "dv is not finite";
      next.v += a2.pose.inverse_apply_vector(edit.delta_velocity);
      break;
  }
  if (!next.is_finite()) return "the particle's state would not be finite";
  model_.set_particle(i, next);
  return std::nullopt;
}

const world_scene* as_file_world(const scene& s) {
  return typeid(s) == typeid(world_scene) ? static_cast<const world_scene*>(&s) : nullptr;
}

scene_entry make_world_entry(std::shared_ptr<const world_spec> spec) {
  scene_info info{spec->source, spec->category, spec->summary.empty() ? spec->title : spec->summary,
                  spec->teaching_text, spec->readouts, spec->title};
  return {std::move(info), [spec] { return std::unique_ptr<scene>(std::make_unique<world_scene>(spec)); }};
}

}  // namespace framelab
