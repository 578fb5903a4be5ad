#include "scenes/tank_turret.hpp"

#include <cmath>

#include "scenes/registry.hpp"
#include "scenes/world/builtin_worlds.hpp"

namespace framelab {

namespace {

constexpr std::size_t shell_trail_length = 400;
constexpr double shell_diameter = 0.4;  // m

const int tank_turret_registered = register_scene<tank_turret>(
    {"tank-turret", "Moving frames", "A tank drives a circle while its turret yaws and its barrel pitches; it can fire",
     "Each part of the tank is posed relative to its parent: the hull relative to the world, the turret relative "
     "to the hull, the barrel relative to the turret. The world pose of the muzzle is the composition "
     "A_world = A_hull * A_turret * A_pivot * A_barrel * A_muzzle. Each part also has its own LOCAL velocity, "
     "acceleration, angular velocity and angular acceleration, and they compose too: "
     "v3 = v2 + J2 v1 + w2 x J2 T1, a3 = a2 + J2 a1 + alpha2 x J2 T1 + w2 x (w2 x J2 T1) + 2 w2 x J2 v1. "
     "Only three simple motions are programmed (drive a circle, yaw at a constant rate, pitch back and forth), "
     "yet the muzzle traces a looping path. Select a node in the scene tree to read its local and world "
     "dynamics, or edit them. Fire (F) launches a shell with the muzzle's world velocity plus the muzzle speed: "
     "watch how the tank's motion bends where the shells go. The motion is the scene file "
     "assets/builtin/tank-turret.json: copy it to make your own.",
     {"muzzle_speed", "muzzle_accel", "muzzle_angular_speed", "shells_in_flight"},
     "Tank and turret: motions composed"});

template <class Points>
void push_point(Points& points, const glm::dvec3& p, std::size_t capacity) {
  if (points.size() >= capacity) points.erase(points.begin());
  points.push_back(p);
}

}  // namespace

tank_turret::tank_turret() : world_scene(builtin_world("tank-turret.json")) {}

// The muzzle's world dynamics come from the model's last sweep (after every reset, step
// and edit).
std::vector<channel_def> tank_turret::channels() const {
  const glm::dvec3 up{0.0, 1.0, 0.0}, pitch_axis{0.0, 0.0, 1.0};
  return {
      {"hull_x", "m", "Hull position, x", [this] { return world_dynamics(hull).pose.translation.x; }},
      {"hull_z", "m", "Hull position, z", [this] { return world_dynamics(hull).pose.translation.z; }},
      {"heading", "rad", "Hull yaw about +y", [this, up] { return angle(hull, up); }},
      {"turret_yaw", "rad", "Turret yaw relative to the hull", [this, up] { return angle(turret, up); }},
      {"barrel_pitch", "rad", "Barrel pitch relative to the turret",
       [this, pitch_axis] { return angle(barrel_pivot, pitch_axis); }},
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

// While the frame follows its expression, the angle is the expression's value (it keeps
// growing past pi); once edited, the angle of its local rotation q about a known axis:
// 2 atan2(q_v . axis, q_w).
double tank_turret::angle(int node, const glm::dvec3& axis) const {
  if (programmed(node)) return model().evaluator().value(spec()->frames[frame(node)].motion.rotations[0].angle, time());
  const glm::dquat& q = local_dynamics(node).pose.rotation;
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

void tank_turret::reset(const param_values& values) {
  world_scene::reset(values);
  muzzle_speed_ = values.number("muzzle_speed");
  gravity_ = values.number("gravity");
  auto_fire_period_ = values.number("auto_fire_period");
  next_auto_fire_ = auto_fire_period_;
  shells_.clear();
  shell_trails_.clear();
  shells_fired_ = 0;
}

void tank_turret::step(double dt) {
  world_scene::step(dt);
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
  if (auto_fire_period_ > 0.0 && time() >= next_auto_fire_) {
    fire();
    while (next_auto_fire_ <= time()) next_auto_fire_ += auto_fire_period_;
  }
  for (std::size_t i = 0; i < shells_.size(); ++i)
    if (!shells_[i].landed || shell_trails_[i].back() != shells_[i].position)
      push_point(shell_trails_[i], shells_[i].position, shell_trail_length);
}

// The shell leaves the muzzle with v = v_muzzle (the muzzle's composed world
// velocity) + s d, d the barrel's world axis (its local +y).
void tank_turret::fire() {
  const dynamic_transform<double, 3>& m = world_dynamics(muzzle);
  shell s;
  s.launch_time = time();
  s.launch_position = s.position = m.pose.translation;
  s.launch_velocity = s.velocity = m.velocity + muzzle_speed_ * m.pose.rotate(glm::dvec3(0.0, 1.0, 0.0));
  s.number = ++shells_fired_;
  if (shells_.size() >= max_shells) {
    shells_.erase(shells_.begin());
    shell_trails_.erase(shell_trails_.begin());
  }
  shells_.push_back(s);
  shell_trails_.push_back({s.position});
  view_changed();
}

void tank_turret::trigger(const std::string& action) {
  if (action == "fire") fire();
}

std::optional<std::string> tank_turret::edit_node(int node, const node_edit& edit) {
  if (node >= node_count && node < static_cast<int>(view().nodes.size()))
    return "a shell flies ballistically in the world; it cannot be edited";
  return world_scene::edit_node(node, edit);
}

// Each shell a sphere with its trail, in world coordinates (as seen from the view frame).
void tank_turret::add_to_view(scene_view& view) const {
  const transform3d to_view = world_to_view();
  for (std::size_t i = 0; i < shells_.size(); ++i) {
    const std::string name = "shell " + std::to_string(shells_[i].number);
    view_node n{name, -1, shape_kind::sphere, glm::dvec3(shell_diameter),
                shells_[i].landed ? glm::vec4{0.55f, 0.5f, 0.4f, 1.0f} : glm::vec4{1.0f, 0.85f, 0.3f, 1.0f}};
    n.local.translation = shells_[i].position;
    n.world = to_view * n.local;
    view.nodes.push_back(std::move(n));
    trail shell_path{name, {}, {1.0f, 0.85f, 0.3f, 1.0f}, true};
    for (const glm::dvec3& p : shell_trails_[i]) shell_path.points.push_back(to_view.apply_point(p));
    view.trails.push_back(std::move(shell_path));
  }
  // The hull's velocity arrow above the hull, not inside it.
  for (auto& v : view.vectors)
    if (v.label == "hull velocity") v.origin += to_view.apply_vector(glm::dvec3(0.0, 1.2, 0.0));
}

}  // namespace framelab
