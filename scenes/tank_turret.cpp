#include "scenes/tank_turret.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/frames/local_motion.hpp"
#include "scenes/registry.hpp"

namespace framelab {

namespace {

constexpr double deg = std::numbers::pi / 180.0;
constexpr std::size_t trail_length = 600;
constexpr std::size_t shell_trail_length = 400;
constexpr double shell_diameter = 0.4;  // m
constexpr std::size_t fixed_trails = 2;

const int registered = register_scene<tank_turret>(
    {"tank-turret", "Moving frames", "A tank drives a circle while its turret yaws and its barrel pitches; it can fire",
     "Each part of the tank is posed relative to its parent: the hull relative to the world, the turret relative "
     "to the hull, the barrel relative to the turret. The world pose of the muzzle is the composition "
     "A_world = A_hull * A_turret * A_pivot * A_barrel * A_muzzle. Each part also has its own LOCAL velocity, "
     "acceleration, angular velocity and angular acceleration, and they compose too: "
     "v3 = v2 + J2 v1 + w2 x J2 T1, a3 = a2 + J2 a1 + alpha2 x J2 T1 + w2 x (w2 x J2 T1) + 2 w2 x J2 v1. "
     "Only three simple motions are programmed (drive a circle, yaw at a constant rate, pitch back and forth), "
     "yet the muzzle traces a looping path. Select a node in the scene tree to read its local and world "
     "dynamics, or edit them. Fire (F) launches a shell with the muzzle's world velocity plus the muzzle speed: "
     "watch how the tank's motion bends where the shells go.",
     {"muzzle_speed", "muzzle_accel", "muzzle_angular_speed", "shells_in_flight"}});

transform3d make_pose(glm::dvec3 translation, double angle, glm::dvec3 axis) {
  transform3d pose;
  pose.translation = translation;
  pose.rotation = glm::angleAxis(angle, axis);
  return pose;
}

template <class Points>
void push_point(Points& points, const glm::dvec3& p, std::size_t capacity) {
  if (points.size() >= capacity) points.erase(points.begin());
  points.push_back(p);
}

}  // namespace

std::vector<param_def> tank_turret::parameters() const {
  return {
      number_param("drive_radius", 8.0, 1.0, 100.0, "m", "Radius of the circle the hull drives"),
      number_param("drive_speed", 3.0, -20.0, 20.0, "m/s", "Hull speed along the circle (negative: clockwise)"),
      number_param("turret_rate", 30.0, -360.0, 360.0, "deg/s", "Turret yaw rate relative to the hull"),
      number_param("barrel_amplitude", 12.0, 0.0, 45.0, "deg", "Amplitude of the barrel's pitch oscillation"),
      number_param("barrel_period", 4.0, 0.5, 60.0, "s", "Period of the barrel's pitch oscillation"),
      number_param("muzzle_speed", 15.0, 0.0, 500.0, "m/s", "Shell speed relative to the muzzle, along the barrel"),
      number_param("gravity", 9.81, 0.0, 100.0, "m/s^2", "Gravitational acceleration on the shells (down, -y)"),
      number_param("auto_fire_period", 0.0, 0.0, 60.0, "s", "Fire a shell every this many seconds (0: only with F)"),
  };
}

// The muzzle's world dynamics come from the last world sweep (hierarchy::global is a
// lookup once update_world() ran, as it has after every reset, step and edit).
std::vector<channel_def> tank_turret::channels() const {
  const glm::dvec3 up{0.0, 1.0, 0.0}, pitch_axis{0.0, 0.0, 1.0};
  return {
      {"hull_x", "m", "Hull position, x", [this] { return view_.nodes[hull].world.translation.x; }},
      {"hull_z", "m", "Hull position, z", [this] { return view_.nodes[hull].world.translation.z; }},
      {"heading", "rad", "Hull yaw about +y",
       [this, up] { return programmed_[hull] ? speed_ * time_ / radius_ : local_angle(hull, up); }},
      {"turret_yaw", "rad", "Turret yaw relative to the hull",
       [this, up] { return programmed_[turret] ? turret_rate_ * time_ : local_angle(turret, up); }},
      {"barrel_pitch", "rad", "Barrel pitch relative to the turret",
       [this, pitch_axis] { return local_angle(barrel_pivot, pitch_axis); }},
      {"muzzle_x", "m", "Muzzle world position, x", [this] { return world_dynamics(muzzle).pose.translation.x; }},
      {"muzzle_y", "m", "Muzzle world position, y", [this] { return world_dynamics(muzzle).pose.translation.y; }},
      {"muzzle_z", "m", "Muzzle world position, z", [this] { return world_dynamics(muzzle).pose.translation.z; }},
      {"muzzle_speed", "m/s", "Muzzle world speed |v|, composed through the hierarchy",
       [this] { return glm::length(world_dynamics(muzzle).velocity); }},
      {"muzzle_accel", "m/s^2", "Muzzle world acceleration |a|, composed through the hierarchy",
       [this] { return glm::length(world_dynamics(muzzle).accel); }},
      {"muzzle_angular_speed", "rad/s", "Muzzle world angular speed |w|",
       [this] { return glm::length(world_dynamics(muzzle).angular_velocity); }},
      {"shells_in_flight", "", "Shells still in the air", [this] { return static_cast<double>(shells_in_flight()); }},
  };
}

// The angle of the node's local rotation about a known axis: 2 atan2(q_v . axis, q_w).
double tank_turret::local_angle(int node, const glm::dvec3& axis) const {
  const glm::dquat& q = tree_.local(id(node)).pose.rotation;
  return 2.0 * std::atan2(glm::dot(glm::dvec3(q.x, q.y, q.z), axis), q.w);
}

std::size_t tank_turret::shells_in_flight() const {
  std::size_t in_flight = 0;
  for (const auto& s : shells_) in_flight += s.landed ? 0 : 1;
  return in_flight;
}

std::vector<action_def> tank_turret::actions() const {
  return {
      {"fire", "Fire", "Launch a shell from the muzzle: muzzle world velocity + muzzle speed along the barrel", "F"}};
}

void tank_turret::build_nodes() {
  const glm::vec4 olive{0.42f, 0.48f, 0.30f, 1.0f};
  const glm::vec4 dark{0.22f, 0.22f, 0.20f, 1.0f};
  const glm::vec4 turret_color{0.50f, 0.56f, 0.36f, 1.0f};
  const glm::vec4 steel{0.60f, 0.62f, 0.66f, 1.0f};
  view_ = {};
  view_.nodes = {
      {"hull", -1, shape_kind::box, {4.0, 1.0, 2.4}, olive, {}, {}},
      {"left track", hull, shape_kind::box, {4.4, 0.8, 0.6}, dark, {}, {}},
      {"right track", hull, shape_kind::box, {4.4, 0.8, 0.6}, dark, {}, {}},
      {"turret", hull, shape_kind::cylinder, {1.9, 0.7, 1.9}, turret_color, {}, {}},
      {"barrel pivot", turret, shape_kind::sphere, {0.45, 0.45, 0.45}, turret_color, {}, {}},
      {"barrel", barrel_pivot, shape_kind::cylinder, {0.22, 3.0, 0.22}, steel, {}, {}},
      {"muzzle", barrel, shape_kind::sphere, {0.3, 0.3, 0.3}, {0.9f, 0.4f, 0.2f, 1.0f}, {}, {}},
  };
  fixed_local_.fill(transform3d::identity());
  fixed_local_[left_track].translation = {0.0, -0.4, 1.3};
  fixed_local_[right_track].translation = {0.0, -0.4, -1.3};
  // The barrel cylinder runs along its local +y; turn it to point along the pivot's +x.
  fixed_local_[barrel] = make_pose({1.5, 0.0, 0.0}, -0.5 * std::numbers::pi, {0.0, 0.0, 1.0});
  fixed_local_[muzzle].translation = {0.0, 1.5, 0.0};

  tree_.clear();
  for (int i = 0; i < node_count; ++i) {
    const auto& node = view_.nodes[static_cast<std::size_t>(i)];
    const node_id parent = node.parent < 0 ? world_node : id(node.parent);
    const node_id added = tree_.add(parent, programmed_local(i, 0.0), node.name);
    if (added != id(i)) throw std::logic_error("tank_turret: hierarchy ids must follow the node indexes");
  }
  programmed_.fill(true);

  view_.trails = {{"muzzle path (world)", {}, {1.0f, 0.55f, 0.2f, 1.0f}, true},
                  {"hull path (world)", {}, {0.4f, 0.8f, 1.0f, 1.0f}, true}};
  view_.vectors = {{"hull velocity", "m/s", {}, {}, 0.8, {0.3f, 0.7f, 1.0f, 1.0f}, true},
                   {"muzzle velocity", "m/s", {}, {}, 0.8, {1.0f, 0.5f, 0.1f, 1.0f}, true},
                   {"muzzle acceleration", "m/s^2", {}, {}, 0.8, {1.0f, 0.3f, 0.6f, 1.0f}, true}};
  view_.camera = {{0.0, 0.0, 2.0}, 30.0, 20.0, 42.0};
}

// The programmed motions, each as a local dynamic transform (pose, v, a, w, alpha):
//   hull:   theta = v t / r, T = r (sin theta, 0, cos theta) + 0.9 y, yaw theta (forward +x is the tangent);
//           v = v (cos theta, 0, -sin theta), a = -(v^2 / r)(sin theta, 0, cos theta), w = (0, v / r, 0)
//   turret: yaw phi = w_t t about the hull's +y; w = (0, w_t, 0)
//   pivot:  pitch beta = A sin(k t) about the turret's +z, k = 2 pi / P;
//           w = (0, 0, A k cos(k t)), alpha = (0, 0, -A k^2 sin(k t))
//   the other parts are fixed to their parents.
dynamic_transform<double, 3> tank_turret::programmed_local(int node, double t) const {
  const glm::dvec3 up{0.0, 1.0, 0.0};
  dynamic_transform<double, 3> d;
  switch (node) {
    case hull: {
      const double theta = speed_ * t / radius_;
      const double rate = speed_ / radius_;
      const glm::dvec3 radial{std::sin(theta), 0.0, std::cos(theta)};
      d.pose = make_pose(radius_ * radial + glm::dvec3(0.0, 0.9, 0.0), theta, up);
      d.velocity = speed_ * glm::dvec3(std::cos(theta), 0.0, -std::sin(theta));
      d.accel = -(speed_ * rate) * radial;
      d.angular_velocity = {0.0, rate, 0.0};
      break;
    }
    case turret:
      d.pose = make_pose({-0.3, 0.85, 0.0}, turret_rate_ * t, up);
      d.angular_velocity = {0.0, turret_rate_, 0.0};
      break;
    case barrel_pivot: {
      const double k = 2.0 * std::numbers::pi / barrel_period_;
      d.pose = make_pose({0.9, 0.15, 0.0}, barrel_amplitude_ * std::sin(k * t), {0.0, 0.0, 1.0});
      d.angular_velocity = {0.0, 0.0, barrel_amplitude_ * k * std::cos(k * t)};
      d.angular_accel = {0.0, 0.0, -barrel_amplitude_ * k * k * std::sin(k * t)};
      break;
    }
    default:
      d.pose = fixed_local_.at(static_cast<std::size_t>(node));
      break;
  }
  return d;
}

void tank_turret::reset(const param_values& values) {
  radius_ = values.number("drive_radius");
  speed_ = values.number("drive_speed");
  turret_rate_ = values.number("turret_rate") * deg;
  barrel_amplitude_ = values.number("barrel_amplitude") * deg;
  barrel_period_ = values.number("barrel_period");
  muzzle_speed_ = values.number("muzzle_speed");
  gravity_ = values.number("gravity");
  auto_fire_period_ = values.number("auto_fire_period");
  next_auto_fire_ = auto_fire_period_;
  time_ = 0.0;
  shells_.clear();
  shells_fired_ = 0;
  build_nodes();
  tree_.update_world();
  refresh_view();
}

void tank_turret::advance_nodes(double dt) {
  for (int i = 0; i < node_count; ++i) {
    if (programmed_[static_cast<std::size_t>(i)]) {
      tree_.set_local(id(i), programmed_local(i, time_));
    } else {
      dynamic_transform<double, 3> d = tree_.local(id(i));
      advance_free_motion(d, dt);
      tree_.set_local(id(i), d);
    }
  }
  tree_.update_world();
}

void tank_turret::step(double dt) {
  time_ += dt;
  advance_nodes(dt);
  // Shells: p += v dt + g dt^2 / 2, v += g dt (exact for the constant gravity g).
  const glm::dvec3 g{0.0, -gravity_, 0.0};
  for (auto& s : shells_) {
    if (s.landed) continue;
    s.position += s.velocity * dt + 0.5 * dt * dt * g;
    s.velocity += g * dt;
    if (s.position.y <= 0.5 * shell_diameter) {
      s.position.y = 0.5 * shell_diameter;
      s.velocity = glm::dvec3(0.0);
      s.landed = true;
    }
  }
  if (auto_fire_period_ > 0.0 && time_ >= next_auto_fire_) {
    fire();
    while (next_auto_fire_ <= time_) next_auto_fire_ += auto_fire_period_;
  }
  refresh_view();
  push_point(view_.trails[0].points, view_.nodes[muzzle].world.translation, trail_length);
  push_point(view_.trails[1].points, view_.nodes[hull].world.translation, trail_length);
  for (std::size_t i = 0; i < shells_.size(); ++i) {
    if (!shells_[i].landed || view_.trails[fixed_trails + i].points.back() != shells_[i].position)
      push_point(view_.trails[fixed_trails + i].points, shells_[i].position, shell_trail_length);
  }
}

// The shell leaves the muzzle with v = v_muzzle (the muzzle's composed world
// velocity) + s d, d the barrel's world axis (its local +y).
void tank_turret::fire() {
  const dynamic_transform<double, 3> m = tree_.global(id(muzzle));
  shell s;
  s.launch_time = time_;
  s.launch_position = s.position = m.pose.translation;
  s.launch_velocity = s.velocity = m.velocity + muzzle_speed_ * m.pose.rotate(glm::dvec3(0.0, 1.0, 0.0));
  if (shells_.size() >= max_shells) {
    shells_.erase(shells_.begin());
    view_.trails.erase(view_.trails.begin() + fixed_trails);
  }
  shells_.push_back(s);
  ++shells_fired_;
  view_.trails.push_back({"shell " + std::to_string(shells_fired_), {s.position}, {1.0f, 0.85f, 0.3f, 1.0f}, true});
  refresh_view();
}

void tank_turret::trigger(const std::string& action) {
  if (action == "fire") fire();
}

std::optional<std::string> tank_turret::edit_node(int node, const node_edit& edit) {
  if (node < 0 || node >= static_cast<int>(view_.nodes.size())) return "there is no node " + std::to_string(node);
  if (node >= node_count) return "a shell flies ballistically in the world; it cannot be edited";
  try {
    switch (edit.what) {
      case node_edit::kind::set_local:
        tree_.set_local(id(node), edit.dynamics);
        break;
      case node_edit::kind::set_global:  // A1 = A2^-1 o A3 through the parent
        tree_.set_global(id(node), edit.dynamics);
        break;
      case node_edit::kind::velocity_change:
        tree_.apply_velocity_change(id(node), edit.delta_velocity, edit.counteract_children);
        // The counteracted children changed too: they leave their programmes as well.
        if (edit.counteract_children)
          for (const node_id child : tree_.children(id(node))) programmed_[child.value] = false;
        break;
    }
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();  // "hierarchy::set_local: scale must be ..."
    const auto colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
  }
  programmed_[static_cast<std::size_t>(node)] = false;
  tree_.update_world();
  refresh_view();
  return std::nullopt;
}

void tank_turret::refresh_view() {
  for (int i = 0; i < node_count; ++i) {
    auto& node = view_.nodes[static_cast<std::size_t>(i)];
    const dynamic_transform<double, 3>& local = tree_.local(id(i));
    const dynamic_transform<double, 3> world = tree_.global(id(i));
    node.local = local.pose;
    node.world = world.pose;
    node.local_dynamics = local;
    node.world_dynamics = world;
  }
  view_.nodes.resize(node_count);
  for (std::size_t i = 0; i < shells_.size(); ++i) {
    view_node n{view_.trails[fixed_trails + i].label, -1, shape_kind::sphere, glm::dvec3(shell_diameter),
                shells_[i].landed ? glm::vec4{0.55f, 0.5f, 0.4f, 1.0f} : glm::vec4{1.0f, 0.85f, 0.3f, 1.0f}};
    n.local.translation = shells_[i].position;
    n.world = n.local;
    view_.nodes.push_back(std::move(n));
  }

  const dynamic_transform<double, 3> h = tree_.global(id(hull));
  const dynamic_transform<double, 3> m = tree_.global(id(muzzle));
  view_.vectors[0].origin = h.pose.translation + glm::dvec3(0.0, 1.2, 0.0);
  view_.vectors[0].value = h.velocity;
  view_.vectors[1].origin = m.pose.translation;
  view_.vectors[1].value = m.velocity;
  view_.vectors[2].origin = m.pose.translation;
  view_.vectors[2].value = m.accel;
}

}  // namespace framelab
