#include "scenes/carousel.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/frames/frame_conversion.hpp"
#include "scenes/registry.hpp"

namespace framelab {

namespace {

constexpr std::size_t trail_length = 1500;
constexpr double relaunch_distance = 1.6;   // radii from the hub
constexpr double platform_thickness = 0.3;  // m
constexpr double puck_height = 0.12;        // m

const int registered = register_scene<carousel>(
    {"carousel", "Moving frames", "A puck slides without friction on a platform that spins up",
     "The puck is a child of the platform: its position T1 and velocity v1 are kept in the platform's frame and "
     "integrated there. Newton's F = m a only holds in the world, so in the spinning frame the local acceleration "
     "gains four inertial terms: a1 = F~/m - a~2 (frame) - alpha x T1 (Euler) - w x (w x T1) (centrifugal) "
     "- 2 w x v1 (Coriolis), with w and alpha the platform's angular velocity and acceleration. The arrows on the "
     "puck show them. Riding on the platform (tick 'ride platform') the puck's path curves (pink trail); seen "
     "from the ground its world path (blue trail), composed through the platform's transform, is a straight line "
     "at constant speed. The 'path error' channel is the distance from that line. Select the puck in the scene "
     "tree to kick it (an impulse) or to set its position and velocity on the platform or in the world.",
     {"platform_rate", "puck_world_speed", "puck_local_speed", "coriolis"}});

void push_point(std::vector<glm::dvec3>& points, const glm::dvec3& p) {
  if (points.size() >= trail_length) points.erase(points.begin());
  points.push_back(p);
}

transform3d yaw_pose(const glm::dvec3& translation, double angle) {
  transform3d pose;
  pose.translation = translation;
  pose.rotation = glm::angleAxis(angle, glm::dvec3(0.0, 1.0, 0.0));
  return pose;
}

// The ode methods, highest order first: rk4, midpoint, explicit-euler.
std::vector<std::string> integrator_names() {
  std::vector<std::string> names;
  for (auto m = ode::all_methods.rbegin(); m != ode::all_methods.rend(); ++m) names.emplace_back(ode::method_name(*m));
  return names;
}

}  // namespace

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
      choice_param("integrator", "rk4", integrator_names(),
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

std::vector<channel_def> carousel::channels() const {
  return {
      {"platform_angle", "rad", "Platform rotation angle", [this] { return platform_at(time_).pose.rotation; }},
      {"platform_rate", "rad/s", "Platform angular velocity w", [this] { return platform_at(time_).angular_velocity; }},
      {"platform_accel", "rad/s^2", "Platform angular acceleration alpha",
       [this] { return platform_at(time_).angular_accel; }},
      {"puck_local_x", "m", "Puck position in the platform frame, x", [this] { return puck_.pose.translation.x; }},
      {"puck_local_y", "m", "Puck position in the platform frame, y", [this] { return puck_.pose.translation.y; }},
      {"puck_local_speed", "m/s", "Puck speed relative to the platform |v1|",
       [this] { return glm::length(puck_.velocity); }},
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
  return std::nullopt;
}

// The programmed platform (2D, global):
//   theta = w0 t + alpha t^2 / 2, w = w0 + alpha t, for t <= t_s; then constant rate w0 + alpha t_s
//   hub  = (A sin(2 pi t / P), 0), its velocity and acceleration by differentiation
dynamic_transform<double, 2> carousel::platform_in(double t, bool spinning_up) const {
  dynamic_transform<double, 2> a2;
  const double ts = spin_up_time_;
  if (spinning_up) {
    a2.pose.rotation = rate0_ * t + 0.5 * alpha_ * t * t;
    a2.angular_velocity = rate0_ + alpha_ * t;
    a2.angular_accel = alpha_;
  } else {
    const double rate = rate0_ + alpha_ * ts;
    a2.pose.rotation = rate0_ * ts + 0.5 * alpha_ * ts * ts + rate * (t - ts);
    a2.angular_velocity = rate;
    a2.angular_accel = 0.0;
  }
  const double k = 2.0 * std::numbers::pi / hub_period_;
  a2.pose.translation = {hub_amplitude_ * std::sin(k * t), 0.0};
  a2.velocity = {hub_amplitude_ * k * std::cos(k * t), 0.0};
  a2.accel = {-hub_amplitude_ * k * k * std::sin(k * t), 0.0};
  return a2;
}

inertial_accelerations<double, 2> carousel::inertial_terms() const {
  return compute_inertial_accelerations(platform_at(time_), puck_.pose.translation, puck_.velocity);
}

// dT1/dt = v1,  dv1/dt = a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1
carousel::state carousel::rate(double t, const state& s, bool spinning_up) const {
  return {s.v, local_acceleration(platform_in(t, spinning_up), s.r, s.v, force_, mass_)};
}

bool carousel::integrate(double dt, bool spinning_up) {
  const auto f = [&](double at, const state& y) { return rate(at, y, spinning_up); };
  const auto next = ode::step_checked(method_, f, time_, state{puck_.pose.translation, puck_.velocity}, dt);
  if (!next.converged) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "integrator %s: the implicit step did not converge in %d iterations at t = %.3f s, dt = %.4g s; "
                  "reset with a smaller dt or another integrator",
                  ode::method_name(method_).data(), next.iterations, time_, dt);
    failure_ = text;
    return false;
  }
  time_ += dt;
  puck_.pose.translation = next.y.r;
  puck_.velocity = next.y.v;
  puck_.accel = rate(time_, next.y, time_ < spin_up_time_).v;
  return true;
}

void carousel::reset(const param_values& values) {
  radius_ = values.number("radius");
  rate0_ = values.number("initial_rate");
  alpha_ = values.number("angular_accel");
  spin_up_time_ = values.number("spin_up_time");
  hub_amplitude_ = values.number("hub_amplitude");
  hub_period_ = values.number("hub_period");
  const auto& p = values.vector("puck_position");
  const auto& v = values.vector("puck_velocity");
  const auto& f = values.vector("force");
  start_r_ = {p[0], p[1]};
  start_v_ = {v[0], v[1]};
  mass_ = values.number("mass");
  force_ = {f[0], f[1]};
  method_ = ode::parse_method(values.choice("integrator")).value_or(ode::method::rk4);
  failure_.reset();
  auto_relaunch_ = values.boolean("auto_relaunch");
  ride_ = values.boolean("ride_platform");
  arrow_scale_ = values.number("arrow_scale");
  time_ = 0.0;
  launches_ = 0;

  const glm::vec4 platform_color{0.36f, 0.40f, 0.48f, 1.0f};
  view_ = {};
  view_.nodes = {
      {"platform",
       -1,
       shape_kind::cylinder,
       {2.0 * radius_, platform_thickness, 2.0 * radius_},
       platform_color,
       {},
       {}},
      {"platform x axis", platform, shape_kind::box, {radius_, 0.02, 0.12}, {0.9f, 0.35f, 0.3f, 1.0f}, {}, {}},
      {"platform y axis", platform, shape_kind::box, {0.12, 0.02, radius_}, {0.35f, 0.8f, 0.4f, 1.0f}, {}, {}},
      {"puck", platform, shape_kind::cylinder, {0.7, puck_height, 0.7}, {0.95f, 0.95f, 0.9f, 1.0f}, {}, {}},
  };
  view_.nodes[x_axis].local.translation = {0.5 * radius_, 0.5 * platform_thickness + 0.01, 0.0};
  view_.nodes[y_axis].local.translation = {0.0, 0.5 * platform_thickness + 0.01, -0.5 * radius_};
  const char* unit = "m/s^2";
  view_.vectors = {
      {"Coriolis", unit, {}, {}, arrow_scale_, {1.0f, 0.62f, 0.1f, 1.0f}, values.boolean("show_coriolis")},
      {"centrifugal", unit, {}, {}, arrow_scale_, {1.0f, 0.25f, 0.3f, 1.0f}, values.boolean("show_centrifugal")},
      {"Euler", unit, {}, {}, arrow_scale_, {0.75f, 0.5f, 1.0f, 1.0f}, values.boolean("show_euler")},
      {"frame", unit, {}, {}, arrow_scale_, {0.3f, 0.95f, 0.45f, 1.0f}, values.boolean("show_frame")},
      {"applied F/m", unit, {}, {}, arrow_scale_, {1.0f, 1.0f, 1.0f, 1.0f}, true},
  };
  view_.trails = {{"puck path (world)", {}, {0.45f, 0.8f, 1.0f, 1.0f}, true},
                  {"puck path (platform frame)", {}, {1.0f, 0.45f, 0.75f, 1.0f}, true}};
  // Looking down from the south-east, the hub a little above the middle of the window.
  view_.camera = {{0.1 * radius_, 0.0, 0.45 * radius_}, 4.2 * radius_ + 4.0, 20.0, 58.0};
  relaunch();
}

void carousel::relaunch() {
  puck_ = {};
  puck_.pose.translation = start_r_;
  puck_.velocity = start_v_;
  puck_.accel = rate(time_, {start_r_, start_v_}, time_ < spin_up_time_).v;
  restart_reference();
  ++launches_;
  local_trail_.clear();
  for (auto& t : view_.trails) t.points.clear();
  update_view();
}

// The inertial observer's initial conditions: the composition A3 = A2 o A1.
void carousel::restart_reference() {
  const dynamic_transform<double, 2> world = platform_at(time_) * puck_;
  launch_time_ = time_;
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

std::optional<std::string> carousel::edit_node(int node, const node_edit& edit) {
  if (node != puck) return "only the puck can be edited: the platform's spin is set by its parameters";
  const auto finite = [](const glm::dvec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
  };
  const dynamic_transform<double, 2> a2 = platform_at(time_);
  dynamic_transform<double, 2> next = puck_;
  switch (edit.what) {
    case node_edit::kind::set_local:
    case node_edit::kind::set_global: {
      if (!finite(edit.dynamics.pose.translation)) return "position is not finite";
      if (!finite(edit.dynamics.velocity)) return "velocity is not finite";
      dynamic_transform<double, 2> d;
      d.pose.translation = to_plane(edit.dynamics.pose.translation);
      d.velocity = to_plane(edit.dynamics.velocity);
      // Global: A1 = A2^-1 o A3, v1 = J2^-1 (v3 - v2 - w2 (T3 - T2))
      next = edit.what == node_edit::kind::set_global ? global_to_local(a2, d) : d;
      next.pose.rotation = 0.0;
      next.pose.scale = 1.0;
      break;
    }
    case node_edit::kind::velocity_change:  // dv1 = J2^-1 dv
      if (!finite(edit.delta_velocity)) return "dv is not finite";
      next.velocity += a2.pose.inverse_apply_vector(to_plane(edit.delta_velocity));
      break;
  }
  puck_ = next;
  puck_.accel = rate(time_, {puck_.pose.translation, puck_.velocity}, time_ < spin_up_time_).v;
  restart_reference();
  update_view();
  return std::nullopt;
}

void carousel::trigger(const std::string& action) {
  if (action == "relaunch") relaunch();
}

void carousel::set_arrow_scale(double scale) {
  if (!(scale > 0.0) || !std::isfinite(scale)) return;
  arrow_scale_ = scale;
  for (auto& v : view_.vectors) v.scale = scale;
}

void carousel::step(double dt) {
  // Split the step where the angular acceleration switches off, so every
  // integrator sees a smooth right-hand side.
  const double ts = spin_up_time_;
  if (time_ < ts && time_ + dt > ts) {
    const double first = ts - time_;
    if (!integrate(first, true)) return;
    time_ = ts;  // exactly
    if (!integrate(dt - first, false)) return;
  } else if (!integrate(dt, time_ < ts)) {
    return;
  }
  if (auto_relaunch_ && glm::length(puck_.pose.translation) > relaunch_distance * radius_) relaunch();
  update_view();
}

// p(t) = p0 + u0 (t - t0) + (F / m) (t - t0)^2 / 2 (Newton in the world frame)
glm::dvec2 carousel::inertial_prediction() const {
  const double tau = time_ - launch_time_;
  return launch_position_ + launch_velocity_ * tau + 0.5 * tau * tau * (force_ / mass_);
}

void carousel::update_view() {
  const dynamic_transform<double, 2> a2 = platform_at(time_);
  const dynamic_transform<double, 2> a3 = a2 * puck_;
  const double theta = a2.pose.rotation;
  const bool on = on_platform();
  // 2D rotation by theta in (x, y) = rotation about world +y by theta, since y = -z.
  view_.nodes[platform].local = yaw_pose(to_world(a2.pose.translation, 0.5 * platform_thickness), theta);
  // Off the platform the puck slides on the ground (a visual drop; the motion is the same).
  const double puck_y = on ? 0.5 * (platform_thickness + puck_height) : 0.5 * (puck_height - platform_thickness);
  view_.nodes[puck].local.translation = to_world(puck_.pose.translation, puck_y);
  view_.nodes[puck].color = on ? glm::vec4{0.95f, 0.95f, 0.9f, 1.0f} : glm::vec4{0.6f, 0.6f, 0.6f, 1.0f};
  update_world_transforms(view_);
  view_.nodes[platform].local_dynamics = view_.nodes[platform].world_dynamics = to_world(a2, 0.5 * platform_thickness);
  view_.nodes[puck].local_dynamics = to_world(puck_, puck_y);
  view_.nodes[puck].world_dynamics = *view_.nodes[platform].world_dynamics * *view_.nodes[puck].local_dynamics;

  const double world_puck_y = on ? platform_thickness + puck_height : puck_height;
  const glm::dvec3 origin = to_world(a3.pose.translation, world_puck_y + 0.02);
  // Inertial terms are in the platform's basis; J2 maps them to the world.
  const inertial_accelerations<double, 2> terms =
      compute_inertial_accelerations(a2, puck_.pose.translation, puck_.velocity);
  const glm::dvec2 values[] = {terms.coriolis, terms.centrifugal, terms.euler, terms.frame};
  for (int i = 0; i < 4; ++i) {
    view_.vectors[static_cast<std::size_t>(i)].origin = origin;
    view_.vectors[static_cast<std::size_t>(i)].value = to_world(a2.pose.apply_vector(values[i]));
  }
  view_.vectors[force_arrow].origin = origin;
  view_.vectors[force_arrow].value = to_world(force_ / mass_);

  // Trails: the world path, and the platform-frame path drawn where the platform is now.
  push_point(view_.trails[0].points, to_world(a3.pose.translation, world_puck_y));
  if (local_trail_.size() >= trail_length) local_trail_.erase(local_trail_.begin());
  local_trail_.push_back(puck_.pose.translation);
  auto& frame_points = view_.trails[1].points;
  frame_points.resize(local_trail_.size());
  for (std::size_t i = 0; i < local_trail_.size(); ++i) {
    const double y = glm::length(local_trail_[i]) <= radius_ ? platform_thickness + 0.01 : 0.01;
    frame_points[i] = to_world(a2.pose.apply_point(local_trail_[i]), y);
  }

  char text[160];
  std::snprintf(text, sizeof text, "platform: w = %.3f rad/s, alpha = %.3f rad/s^2", a2.angular_velocity,
                a2.angular_accel);
  view_.labels = {
      {"x", to_world(a2.pose.apply_point({radius_, 0.0}), platform_thickness), {0.95f, 0.45f, 0.4f, 1.0f}},
      {"y", to_world(a2.pose.apply_point({0.0, radius_}), platform_thickness), {0.45f, 0.9f, 0.5f, 1.0f}},
      {text, to_world(a2.pose.translation, platform_thickness + 1.2), {0.85f, 0.88f, 0.95f, 1.0f}},
  };
  if (!on)
    view_.labels.push_back({"puck left the platform", origin + glm::dvec3(0.0, 0.6, 0.0), {0.8f, 0.8f, 0.8f, 1.0f}});
}

}  // namespace framelab
