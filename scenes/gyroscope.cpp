#include "scenes/gyroscope.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/angle_units.hpp"
#include "scenes/registry.hpp"

namespace framelab {

namespace {


const int gyroscope_registered = register_scene<gyroscope>(
    {"gyroscope", "Spinning bodies", "A heavy spinning top on a pivot: precession and nutation under gravity",
     "A 1 kg flywheel spins on an axle whose end rests on a pivot. Gravity pulls the wheel down, but its torque "
     "tau = r x m g (pink) is horizontal: it changes L (cyan) sideways, dL/dt = tau, so the axle swings around "
     "the post (precession) instead of falling. Let go with no precession (start = released) the axle first dips, "
     "then nods up and down while it goes round (nutation): its tip draws cusps. Start it at the steady rate and "
     "it goes round smoothly; push it backwards (start = loops) and the tip draws loops. The faster the spin, "
     "the slower the precession (about g l / (I3 omega3)). Switch the gyroscopic term off (the game-engine "
     "shortcut, omega' = I^-1 tau): the wheel still goes round, but some six times too slowly (g l / (I1 omega3)) "
     "and without nodding. Set spin to 0 and it falls like a pendulum.",
     {"tilt", "precession_rate", "steady_rate_ref", "energy"},
     "Gyroscope: a heavy top on a pivot"});

// The principal z axis (the axle) tilted from +y toward +x by `tilt`:
//   q0 = Rz(-tilt) Rx(-90 deg)  (Rx(-90 deg) takes z to y; Rz(-tilt) y = (sin tilt, cos tilt, 0))
glm::dquat tilted(double tilt) {
  return glm::angleAxis(-tilt, glm::dvec3(0.0, 0.0, 1.0)) *
         glm::angleAxis(-0.5 * std::numbers::pi, glm::dvec3(1.0, 0.0, 0.0));
}

double start_precession(const std::string& start, double spin, double tilt, double arm, double gravity) {
  if (start == "released") return 0.0;
  if (start == "steady") return gyroscope::steady_precession_rate(spin, tilt, arm, gravity).value_or(0.0);
  // loops: pushed backwards at the gyroscopic-approximation rate g l / (I3 omega3)
  const glm::dvec3 i = gyroscope::inertia_about_pivot(arm);
  return spin > 0.0 ? -gravity * arm / (i.z * spin) : 0.0;
}

}  // namespace

glm::dvec3 gyroscope::inertia_about_pivot(double arm) {
  const double r = wheel_radius, h = wheel_thickness;
  const double i_perp = (3.0 * r * r + h * h) / 12.0 + arm * arm;
  return {i_perp, i_perp, 0.5 * r * r};
}

std::optional<double> gyroscope::steady_precession_rate(double omega3, double tilt, double arm, double gravity) {
  const glm::dvec3 i = inertia_about_pivot(arm);
  const double a = i.z * omega3;
  const double disc = a * a - 4.0 * i.x * std::cos(tilt) * gravity * arm;
  if (disc < 0.0 || (a + std::sqrt(disc)) <= 0.0) return std::nullopt;
  // (a - sqrt(disc)) / (2 I1 cos) written without the cancellation: 2 g l / (a + sqrt(disc))
  return 2.0 * gravity * arm / (a + std::sqrt(disc));
}

std::vector<param_def> gyroscope::parameters() const {
  return with_rotation_parameters({
      number_param("spin", 50.0, 0.0, 500.0, "rad/s", "Spin of the flywheel about its axle (omega3)"),
      number_param("tilt", 60.0, 0.0, 170.0, "deg", "Initial angle of the axle from the vertical"),
      choice_param("start", "released", {"released", "steady", "loops"},
                   "Initial precession: released (none: cusps), steady (the steady-precession rate: no nutation), "
                   "loops (pushed backwards: the tip draws loops)"),
      number_param("arm", 1.2, 0.3, 2.0, "m", "Distance from the pivot to the flywheel's centre"),
      number_param("gravity", 9.81, 0.0, 50.0, "m/s^2", "Gravitational acceleration"),
  });
}

std::optional<std::string> gyroscope::check(const param_values& values) const {
  if (values.choice("start") != "steady") return std::nullopt;
  const double spin = values.number("spin"), tilt = values.number("tilt") * deg;
  if (!steady_precession_rate(spin, tilt, values.number("arm"), values.number("gravity"))) {
    const glm::dvec3 i = inertia_about_pivot(values.number("arm"));
    const double needed = std::sqrt(4.0 * i.x * std::cos(tilt) * values.number("gravity") * values.number("arm")) / i.z;
    char text[200];
    std::snprintf(text, sizeof text,
                  "start: no steady precession at spin %.4g rad/s and tilt %.4g deg; it needs spin > %.4g rad/s "
                  "(or choose start = released)",
                  spin, values.number("tilt"), needed);
    return std::string(text);
  }
  return std::nullopt;
}

double gyroscope::tilt() const {
  return angle_between(axis(), glm::dvec3(0.0, 1.0, 0.0));
}

void gyroscope::reset(const param_values& values) {
  arm_ = values.number("arm");
  gravity_ = values.number("gravity");
  const double spin = values.number("spin"), tilt0 = values.number("tilt") * deg;
  precession0_ = start_precession(values.choice("start"), spin, tilt0, arm_, gravity_);
  steady_rate_ = steady_precession_rate(spin, tilt0, arm_, gravity_).value_or(0.0);

  spinning_body b;
  b.name = "top";
  b.body.inertia = inertia_about_pivot(arm_);  // the pivot is the fixed point: Euler's equations about it
  b.body.orientation = tilted(tilt0);
  const glm::dvec3 a = b.body.from_principal(glm::dvec3(0.0, 0.0, 1.0));
  // omega = Omega y + (omega3 - Omega cos(theta)) a, so that omega . a = omega3
  b.body.angular_velocity = precession0_ * glm::dvec3(0.0, 1.0, 0.0) + (spin - precession0_ * std::cos(tilt0)) * a;
  // tau = r x F with r = l a (centre of mass from the pivot) and F = m g (0, -1, 0), m = 1 kg
  const double l = arm_, g = gravity_;
  b.torque = [l, g](const rigid_body_d& body) {
    const glm::dvec3 r = body.from_principal(glm::dvec3(0.0, 0.0, l));
    return glm::cross(r, glm::dvec3(0.0, -g, 0.0));
  };
  // V = m g y_com (m = 1 kg, relative to the pivot)
  b.potential = [l, g](const rigid_body_d& body) { return g * body.from_principal(glm::dvec3(0.0, 0.0, l)).y; };
  start_body(std::move(b), values);
  azimuth_ = 0.0;
  precession_rate_ = precession0_;

  const glm::vec4 steel{0.62f, 0.64f, 0.68f, 1.0f};
  const glm::vec4 dark{0.25f, 0.24f, 0.22f, 1.0f};
  const glm::vec4 brass{0.86f, 0.68f, 0.32f, 1.0f};
  const glm::dquat none(1.0, 0.0, 0.0, 0.0);
  const double axle_length = arm_ + 0.5;
  const glm::dquat y_to_z = cylinder_y_to_principal_z();
  view_ = {};
  view_.nodes = {
      {"base", -1, shape_kind::box, {1.4, 0.12, 1.4}, dark, pose_at({0.0, 0.06, 0.0}, none), {}},
      {"post", -1, shape_kind::cylinder, {0.14, pivot.y, 0.14}, steel, pose_at({0.0, 0.5 * pivot.y, 0.0}, none), {}},
      {"pivot", -1, shape_kind::sphere, glm::dvec3(0.2), dark, pose_at(pivot, none), {}},
      {"top (body frame)", -1, shape_kind::none, glm::dvec3(1.0), brass, {}, {}},
      {"axle",
       top_frame,
       shape_kind::cylinder,
       {0.07, axle_length, 0.07},
       steel,
       pose_at({0.0, 0.0, 0.5 * axle_length}, y_to_z),
       {}},
      {"flywheel",
       top_frame,
       shape_kind::cylinder,
       {2.0 * wheel_radius, wheel_thickness, 2.0 * wheel_radius},
       brass,
       pose_at({0.0, 0.0, arm_}, y_to_z),
       {}},
      {"rim mark",
       top_frame,
       shape_kind::box,
       {0.14, 0.14, wheel_thickness * 1.4},
       dark,
       pose_at({0.88 * wheel_radius, 0.0, arm_}, none),
       {}},
  };
  arrows_.add(view_, the_body(), 2.1, 2.5);
  const double tau0 = glm::length(the_body().torque(the_body().body));
  torque_scale_ = tau0 > 0.0 ? 1.2 / tau0 : 1.0;
  torque_index_ = view_.vectors.size();
  view_.vectors.push_back({"torque", "N m", {}, {}, torque_scale_, rigid_body_colors::torque, true, "torque"});
  tip_trail_ = view_.trails.size();
  view_.trails.push_back({"axle tip (world)", {}, {0.95f, 0.95f, 0.55f, 1.0f}, true});
  view_.labels = {{"", {}, rigid_body_colors::label}};
  view_.camera = {pivot + glm::dvec3(0.0, -0.2, 0.0), 9.0, 25.0, 24.0};
  pose(true);
}

void gyroscope::step(double dt) {
  const glm::dvec3 before = axis();
  advance(dt);
  track_azimuth(before, axis(), dt);
  pose(true);
}

// Precession angle about +y: phi = atan2(-a_z, a_x), unwrapped step by step.
void gyroscope::track_azimuth(const glm::dvec3& before, const glm::dvec3& after, double dt) {
  if (std::hypot(before.x, before.z) > 1e-9 && std::hypot(after.x, after.z) > 1e-9) {
    double d = std::atan2(-after.z, after.x) - std::atan2(-before.z, before.x);
    d = std::remainder(d, 2.0 * std::numbers::pi);
    azimuth_ += d;
    precession_rate_ = d / dt;
  }
}

void gyroscope::pose(bool record_trail) {
  const spinning_body& b = the_body();
  view_.nodes[top_frame].local = pose_at(pivot, b.body.principal_to_world());
  update_world_transforms(view_);
  arrows_.update(view_, b, pivot, false);
  view_.vectors[torque_index_].origin = pivot;
  view_.vectors[torque_index_].value = b.torque(b.body);
  if (record_trail) push_trail_point(view_.trails[tip_trail_], pivot + (arm_ + 0.5) * axis(), 1500);
  char rates[160];
  std::snprintf(rates, sizeof rates, "\nprecession %.3f rad/s (steady %.3f)\ntilt %.1f deg", precession_rate_,
                steady_rate_, tilt() / deg);
  show_status(rates);
  view_.labels[0].position = beside_target(view_.camera, -3.4, 0.2);
}

std::vector<channel_def> gyroscope::channels() const {
  // Nutation and precession first: the Plots panel shows the first three.
  std::vector<channel_def> c = {
      {"tilt", "rad", "Angle of the axle from the vertical (nutation)", [this] { return tilt(); }},
      {"precession_rate", "rad/s", "d(azimuth)/dt over the last step", [this] { return precession_rate_; }},
      {"steady_rate_ref", "rad/s", "Steady-precession rate at the initial tilt and spin",
       [this] { return steady_rate_; }},
  };
  append_state_channels(c, {"Angular momentum about the pivot, world, x",
                            "Angular momentum about the pivot, world, y (conserved: gravity's torque is "
                            "horizontal)",
                            "Angular momentum about the pivot, world, z"});
  append_invariant_channels(c, 0, "", "");
  c.push_back({"energy_ref", "J", "Initial energy (conserved: kinetic + potential)",
               [this] { return the_body().initial_energy(); }});
  c.push_back({"azimuth", "rad", "Precession angle of the axle about +y, unwrapped", [this] { return azimuth_; }});
  c.push_back({"L_axis", "kg m^2/s", "L along the axle, I3 omega3 (conserved)",
               [this] { return glm::dot(the_body().body.angular_momentum(), axis()); }});
  c.push_back({"rotation_per_step", "rad", "h |omega|: angle turned in one step (Magnus bound pi/sqrt(2))",
               [this] { return the_body().rotation_per_step(last_dt_); }});
  return c;
}

// Measured over 100,000 steps of 1/120 s: Ly 1.2e-12, L_axis 4.3e-12, energy 3.3e-4
// (the midpoint rule keeps a quadratic energy exactly, not the gravity term).
constexpr double gyroscope_momentum_tolerance = 1e-9;
constexpr double gyroscope_energy_tolerance = 1e-3;

std::vector<conserved_quantity> gyroscope::conserved() const {
  if (!the_body().conserves_invariants()) return {};
  return {{"Ly", "", gyroscope_momentum_tolerance},
          {"L_axis", "", gyroscope_momentum_tolerance},
          {"energy", "energy_ref", gyroscope_energy_tolerance}};
}

}  // namespace framelab
