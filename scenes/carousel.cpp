#include "scenes/carousel.hpp"

#include <cmath>
#include <cstdio>

#include "scenes/registry.hpp"
#include "scenes/world/builtin_worlds.hpp"
#include "scenes/world/world_loader.hpp"

namespace framelab {

namespace {

constexpr double relaunch_distance = 1.6;   // radii from the hub
constexpr double platform_thickness = 0.3;  // m (the file's platform cylinder)
constexpr double puck_height = 0.12;        // m
constexpr double puck_diameter = 0.7;       // m
constexpr std::size_t platform_frame = 0, puck_particle = 0;

const int carousel_registered = register_scene<carousel>(
    {"carousel", "Moving frames", "A puck slides without friction on a platform that spins up",
     "The puck is a child of the platform: its position T1 and velocity v1 are kept in the platform's frame and "
     "integrated there. Newton's F = m a only holds in the world, so in the spinning frame the local acceleration "
     "gains four inertial terms: a1 = F~/m - a~2 (frame) - alpha x T1 (Euler) - w x (w x T1) (centrifugal) "
     "- 2 w x v1 (Coriolis), with w and alpha the platform's angular velocity and acceleration. The arrows on the "
     "puck show them. Riding on the platform (tick 'ride platform') the puck's path curves (pink trail); seen "
     "from the ground its world path (blue trail), composed through the platform's transform, is a straight line "
     "at constant speed. The 'path error' channel is the distance from that line. Select the puck in the scene "
     "tree to kick it (an impulse) or to set its position and velocity on the platform or in the world. The "
     "motion is the scene file assets/builtin/carousel.json: copy it to make your own.",
     {"platform_rate", "puck_world_speed", "puck_local_speed", "coriolis"},
     "Carousel: a puck on a spinning platform"});

glm::dvec2 plane(const glm::dvec3& v) { return carousel::to_plane(v); }

}  // namespace

carousel::carousel() : world_scene(builtin_world("carousel.json")) {}

std::vector<param_def> carousel::parameters() const {
  return {
      number_param("radius", 5.0, 0.5, 50.0, "m", "Platform radius"),
      number_param("initial_rate", 0.4, -5.0, 5.0, "rad/s",
                   "Platform angular velocity at t = 0 (positive: counter-clockwise seen from above)"),
      number_param("angular_accel", 0.05, -2.0, 2.0, "rad/s^2", "Platform angular acceleration while it spins up"),
      number_param("spin_up_time", 20.0, 0.0, 1e4, "s",
                   "How long the angular acceleration acts; then the rate is constant"),
      number_param("hub_amplitude", 0.0, 0.0, 20.0, "m",
                   "The hub shakes along world x with this amplitude (0: fixed hub; >0 shows the frame term)"),
      number_param("hub_period", 6.0, 0.5, 600.0, "s", "Period of the hub's shaking"),
      vector_param("puck_position", {-3.0, 0.0}, -100.0, 100.0, "m",
                   "Puck start position, in the platform frame (x, y in m; the platform's y is world -z at t = 0)"),
      vector_param("puck_velocity", {1.5, 0.0}, -100.0, 100.0, "m/s",
                   "Puck start velocity relative to the platform, in the platform frame "
                   "(x, y in m/s; not the world velocity)"),
      number_param("mass", 1.0, 0.01, 1000.0, "kg", "Puck mass"),
      vector_param("force", {0.0, 0.0}, -1000.0, 1000.0, "N",
                   "Constant applied force, in the world frame on the ground (x, y in N; y is world -z)"),
      choice_param("integrator", "rk4", ode::method_names_by_order(),
                   "How the local equations of motion are integrated: classical Runge-Kutta (order 4), the implicit "
                   "midpoint rule (order 2, solved by fixed-point iteration) or explicit Euler (order 1)"),
      boolean_param("auto_relaunch", true, "Relaunch the puck once it is 1.6 radii from the hub"),
      number_param("arrow_scale", 0.6, 0.01, 100.0, "m per m/s^2", "Arrow length per unit of acceleration"),
      boolean_param("show_coriolis", true, "Show the Coriolis acceleration -2 w x v1"),
      boolean_param("show_centrifugal", true, "Show the centrifugal acceleration -w x (w x T1)"),
      boolean_param("show_euler", true, "Show the Euler acceleration -alpha x T1"),
      boolean_param("show_frame", true, "Show the frame acceleration -a~2 (the hub's acceleration, reversed)"),
      view_only(boolean_param("ride_platform", false, "The camera rides on the platform, turning with it")),
  };
}

// The panel's parameters (vectors on the ground plane) as the file's scalars.
param_values carousel::file_values(const param_values& values) const {
  param_values out = param_values::defaults(world_scene::parameters());
  for (const char* name : {"radius", "initial_rate", "angular_accel", "spin_up_time", "hub_amplitude", "hub_period",
                           "mass", "arrow_scale"})
    out.set(name, values.number(name));
  const auto& p = values.vector("puck_position");
  const auto& v = values.vector("puck_velocity");
  const auto& f = values.vector("force");
  out.set("puck_x", p[0]);
  out.set("puck_y", p[1]);
  out.set("puck_vx", v[0]);
  out.set("puck_vy", v[1]);
  out.set("force_x", f[0]);
  out.set("force_y", f[1]);
  out.set(world_integrator_param, values.choice("integrator"));
  return out;
}

std::vector<channel_def> carousel::channels() const {
  return {
      {"platform_angle", "rad", "Platform rotation angle", [this] { return platform_at(time()).pose.rotation; }},
      {"platform_rate", "rad/s", "Platform angular velocity w", [this] { return platform_at(time()).angular_velocity; }},
      {"platform_accel", "rad/s^2", "Platform angular acceleration alpha",
       [this] { return platform_at(time()).angular_accel; }},
      {"puck_local_x", "m", "Puck position in the platform frame, x", [this] { return puck_local().pose.translation.x; }},
      {"puck_local_y", "m", "Puck position in the platform frame, y", [this] { return puck_local().pose.translation.y; }},
      {"puck_local_speed", "m/s", "Puck speed relative to the platform |v1|",
       [this] { return glm::length(puck_local().velocity); }},
      {"puck_world_x", "m", "Puck world position, x", [this] { return puck_world().pose.translation.x; }},
      {"puck_world_z", "m", "Puck world position, z", [this] { return -puck_world().pose.translation.y; }},
      {"puck_world_speed", "m/s", "Puck world speed |v3| (constant without applied force)",
       [this] { return glm::length(puck_world().velocity); }},
      {"coriolis", "m/s^2", "|Coriolis acceleration| = |2 w x v1|",
       [this] { return glm::length(inertial_terms().coriolis); }},
      {"centrifugal", "m/s^2", "|centrifugal acceleration| = w^2 |T1|",
       [this] { return glm::length(inertial_terms().centrifugal); }},
      {"euler", "m/s^2", "|Euler acceleration| = |alpha x T1|", [this] { return glm::length(inertial_terms().euler); }},
      {"frame", "m/s^2", "|frame acceleration| = |a~2|", [this] { return glm::length(inertial_terms().frame); }},
      {"path_error", "m", "Distance between the puck and the inertial observer's closed-form path",
       [this] { return glm::distance(puck_world().pose.translation, inertial_prediction()); }},
  };
}

std::vector<action_def> carousel::actions() const {
  return {
      {"relaunch", "Relaunch puck", "Start the puck again from its start position and velocity on the platform", "L"}};
}

std::optional<std::string> carousel::check(const param_values& values) const {
  const auto& p = values.vector("puck_position");
  if (std::hypot(p[0], p[1]) > values.number("radius"))
    return "puck_position: the puck must start on the platform (|(x, y)| <= radius)";
  return world_scene::check(file_values(values));
}

// The platform frame on the ground plane: its angle is the expression's (it keeps growing
// past pi), its rates the y components of its angular velocity and acceleration.
dynamic_transform<double, 2> carousel::platform_at(double t) const {
  const dynamic_transform<double, 3> d = model().frame_motion_at(platform_frame, t);
  dynamic_transform<double, 2> a2;
  a2.pose.translation = plane(d.pose.translation);
  a2.pose.rotation = model().expression_at(spec()->frames[platform_frame].motion.rotations[0].angle, t);
  a2.velocity = plane(d.velocity);
  a2.accel = plane(d.accel);
  a2.angular_velocity = d.angular_velocity.y;
  a2.angular_accel = d.angular_accel.y;
  return a2;
}

dynamic_transform<double, 2> carousel::puck_local() const {
  const particle_state& s = model().particle(puck_particle);
  dynamic_transform<double, 2> d;
  d.pose.translation = plane(s.r);
  d.velocity = plane(s.v);
  d.accel = plane(model().forces_on(puck_particle).total());
  return d;
}

inertial_accelerations<double, 2> carousel::inertial_terms() const {
  const inertial_accelerations<double, 3> t = model().forces_on(puck_particle).inertial;
  inertial_accelerations<double, 2> r;
  r.coriolis = plane(t.coriolis);
  r.centrifugal = plane(t.centrifugal);
  r.euler = plane(t.euler);
  r.frame = plane(t.frame);
  return r;
}

void carousel::reset(const param_values& values) {
  const param_values file = file_values(values);
  world_scene::reset(file);
  radius_ = values.number("radius");
  const auto& f = values.vector("force");
  force_ = {f[0], f[1]};
  mass_ = values.number("mass");
  start_r_ = model().particle(puck_particle).r;
  start_v_ = model().particle(puck_particle).v;
  auto_relaunch_ = values.boolean("auto_relaunch");
  ride_ = values.boolean("ride_platform");
  const char* shown[] = {"show_coriolis", "show_centrifugal", "show_euler", "show_frame"};
  for (int i = 0; i < 4; ++i) set_arrow_visible(i, values.boolean(shown[i]));
  // Looking down from the south-east, the hub a little above the middle of the window.
  view_mutable().camera = {{0.1 * radius_, 0.0, 0.45 * radius_}, 4.2 * radius_ + 4.0, 20.0, 58.0};
  launches_ = 0;
  relaunch();
}

void carousel::set_arrow_visible(int arrow, bool visible) {
  view_mutable().vectors.at(static_cast<std::size_t>(arrow)).visible = visible;
}

void carousel::relaunch() {
  model_mutable().set_particle(puck_particle, {start_r_, start_v_});
  restart_reference();
  ++launches_;
  restart_trails();
}

// The inertial observer's initial conditions: the composition A3 = A2 o A1.
void carousel::restart_reference() {
  const dynamic_transform<double, 2> world = puck_world();
  launch_time_ = time();
  launch_position_ = world.pose.translation;
  launch_velocity_ = world.velocity;
}

dynamic_transform<double, 3> carousel::to_world(const dynamic_transform<double, 2>& d, double height) {
  dynamic_transform<double, 3> r;
  r.pose.translation = to_world(d.pose.translation, height);
  r.pose.rotation = glm::angleAxis(d.pose.rotation, glm::dvec3(0.0, 1.0, 0.0));
  r.pose.scale = d.pose.scale;
  r.velocity = to_world(d.velocity);
  r.accel = to_world(d.accel);
  r.angular_velocity = {0.0, d.angular_velocity, 0.0};
  r.angular_accel = {0.0, d.angular_accel, 0.0};
  return r;
}

// The world scene sets the puck's state (globally through the platform, A1 = A2^-1 o A3);
// the puck then stays on the platform's surface, moving along it.
std::optional<std::string> carousel::edit_node(int node, const node_edit& edit) {
  if (node != puck) return "only the puck can be edited: the platform's spin is set by its parameters";
  if (auto error = world_scene::edit_node(node, edit)) return error;
  particle_state s = model().particle(puck_particle);
  s.r.y = start_r_.y;
  s.v.y = 0.0;
  model_mutable().set_particle(puck_particle, s);
  restart_reference();
  view_changed();
  return std::nullopt;
}

void carousel::trigger(const std::string& action) {
  if (action == "relaunch") relaunch();
}

void carousel::step(double dt) {
  world_scene::step(dt);
  if (failure()) return;
  if (auto_relaunch_ && glm::length(puck_local().pose.translation) > relaunch_distance * radius_) relaunch();
}

// p(t) = p0 + u0 (t - t0) + (F / m) (t - t0)^2 / 2 (Newton in the world frame)
glm::dvec2 carousel::inertial_prediction() const {
  const double tau = time() - launch_time_;
  return launch_position_ + launch_velocity_ * tau + 0.5 * tau * tau * (force_ / mass_);
}

// The platform and its axes sized by the radius; the puck a flat cylinder that drops to
// the ground off the platform; the axes' and the platform's labels.
void carousel::add_to_view(scene_view& view) const {
  const transform3d& platform_world = view.nodes[platform].world;
  view.nodes[platform].size = {2.0 * radius_, platform_thickness, 2.0 * radius_};
  view_node& x = view.nodes[x_axis];
  view_node& y = view.nodes[y_axis];
  x.size = {radius_, 0.02, 0.12};
  y.size = {0.12, 0.02, radius_};
  x.local.translation = {0.5 * radius_, 0.5 * platform_thickness + 0.01, 0.0};
  y.local.translation = {0.0, 0.5 * platform_thickness + 0.01, -0.5 * radius_};
  x.world = platform_world * x.local;
  y.world = platform_world * y.local;
  const bool on = on_platform();
  view_node& p = view.nodes[puck];
  p.shape = shape_kind::cylinder;
  p.size = {puck_diameter, puck_height, puck_diameter};
  p.color = on ? glm::vec4{0.95f, 0.95f, 0.9f, 1.0f} : glm::vec4{0.6f, 0.6f, 0.6f, 1.0f};
  if (!on) p.world.translation.y -= platform_thickness;  // slides on the ground (a visual drop)

  const dynamic_transform<double, 2> a2 = platform_at(time());
  const auto at = [&](const glm::dvec2& local, double above) {  // above the platform's top, in its frame
    return platform_world.apply_point(glm::dvec3(local.x, 0.5 * platform_thickness + above, -local.y));
  };
  char text[160];
  std::snprintf(text, sizeof text, "platform: w = %.3f rad/s, alpha = %.3f rad/s^2", a2.angular_velocity,
                a2.angular_accel);
  view.labels.push_back({"x", at({radius_, 0.0}, 0.0), {0.95f, 0.45f, 0.4f, 1.0f}});
  view.labels.push_back({"y", at({0.0, radius_}, 0.0), {0.45f, 0.9f, 0.5f, 1.0f}});
  view.labels.push_back({text, at({0.0, 0.0}, 1.2), {0.85f, 0.88f, 0.95f, 1.0f}});
  if (!on) view.labels.push_back({"puck left the platform", p.world.translation + glm::dvec3(0.0, 0.6, 0.0),
                                  {0.8f, 0.8f, 0.8f, 1.0f}});
}

}  // namespace framelab
