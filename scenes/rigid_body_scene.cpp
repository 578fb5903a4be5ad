#include "scenes/rigid_body_scene.hpp"

#include <cmath>
#include <limits>
#include <sstream>

namespace framelab {

void spinning_body::start() {
  report_ = {};
  failure_.reset();
  time_ = 0.0;
  energy0_ = energy();
  l0_ = body.angular_momentum();
}

void spinning_body::step(double dt) {
  if (failure_) return;
  report_ = torque ? framelab::step(body, dt, settings, torque) : framelab::step(body, dt, settings);
  if (!report_.ok) {
    std::ostringstream os;
    os << name << ": step refused at t = " << time_ << " s: " << report_.message;
    failure_ = os.str();
    return;
  }
  time_ += dt;
}

double spinning_body::energy() const {
  return kinetic_energy() + (potential ? potential(body) : 0.0);
}

double spinning_body::energy_drift() const {
  if (energy0_ == 0.0) return energy() == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
  return energy() / energy0_ - 1.0;
}

double spinning_body::momentum_drift() const {
  const double l0 = glm::length(l0_);
  if (l0 == 0.0) return momentum_norm() == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
  return momentum_norm() / l0 - 1.0;
}

double spinning_body::momentum_direction_drift() const {
  return angle_between(body.angular_momentum(), l0_);
}

double spinning_body::angle_omega_momentum() const {
  return angle_between(body.angular_velocity, body.angular_momentum());
}

// angle = atan2(|a x b|, a . b): accurate for nearly parallel vectors, where acos loses digits.
double angle_between(const glm::dvec3& a, const glm::dvec3& b) {
  return std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
}

std::vector<param_def> rotation_parameters(const std::string& integrator) {
  std::vector<std::string> names;
  for (integrator_kind k : all_integrators) names.emplace_back(to_string(k));
  return {
      choice_param("integrator", integrator, names,
                   "How the rotation is stepped: explicit-euler (game engines), magnus (the article's Magnus "
                   "series), midpoint (implicit midpoint: keeps energy and |L|), rk4 (Runge-Kutta reference), "
                   "midpoint4 (three midpoint steps, fourth order, keeps energy and |L|)"),
      boolean_param("gyro", true,
                    "Keep the gyroscopic term omega x L in alpha = I^-1 (tau - omega x L); off is the game-engine "
                    "shortcut (no torque-free precession, L not conserved)"),
      integer_param("magnus_terms", 2, 1, 3, "Magnus terms Omega1 (+ Omega2 (+ Omega3)) used by the magnus integrator"),
      choice_param("exp", "exact", {"exact", "approx"},
                   "Quaternion exponential: exact (cos/sin) or the article's normalized third-order approximation"),
  };
}

std::vector<param_def> with_rotation_parameters(std::vector<param_def> scene_parameters,
                                                const std::string& integrator) {
  for (auto& p : rotation_parameters(integrator)) scene_parameters.push_back(std::move(p));
  return scene_parameters;
}

rotation_settings rotation_settings_from(const param_values& values) {
  rotation_settings s;
  s.integrator = parse_integrator(values.choice("integrator")).value_or(integrator_kind::midpoint);
  s.gyroscopic = values.boolean("gyro");
  s.magnus_terms = static_cast<int>(values.integer("magnus_terms"));
  s.exp = parse_exp_kind(values.choice("exp")).value_or(exp_kind::exact);
  return s;
}

std::string describe(const rotation_settings& s) {
  std::string text(to_string(s.integrator));
  if (s.integrator == integrator_kind::magnus) text += " (" + std::to_string(s.magnus_terms) + " terms)";
  if (s.exp == exp_kind::approx && s.integrator != integrator_kind::rk4) text += ", approx exp";
  text += s.gyroscopic ? ", gyro on" : ", gyro OFF";
  return text;
}

std::optional<std::string> check_inertia_parameter(const param_values& values, const char* name) {
  const auto& v = values.vector(name);
  if (v.size() != 3) return std::string(name) + ": expected 3 principal moments";
  if (auto error = validate_inertia(glm::dvec3(v[0], v[1], v[2]))) {
    // validate_inertia's message starts with "inertia (I1, I2, I3): ..."
    const std::string prefix = "inertia";
    return std::string(name) + error->substr(error->rfind(prefix, 0) == 0 ? prefix.size() : 0);
  }
  return std::nullopt;
}

const std::vector<body_channel>& body_channels() {
  static const std::vector<body_channel> kinds = {
      {"energy", "J", "energy E (kinetic + potential)", [](const spinning_body& b) { return b.energy(); }},
      {"energy_drift", "", "relative energy drift E/E0 - 1", [](const spinning_body& b) { return b.energy_drift(); }},
      {"L_norm", "kg m^2/s", "|L|, angular momentum magnitude",
       [](const spinning_body& b) { return b.momentum_norm(); }},
      {"L_drift", "", "relative drift |L|/|L0| - 1", [](const spinning_body& b) { return b.momentum_drift(); }},
      {"angle_w_L", "rad", "angle between omega and L",
       [](const spinning_body& b) { return b.angle_omega_momentum(); }},
      {"wbx", "rad/s", "omega, principal (body) frame, x",
       [](const spinning_body& b) { return b.body.principal_angular_velocity().x; }},
      {"wby", "rad/s", "omega, principal (body) frame, y",
       [](const spinning_body& b) { return b.body.principal_angular_velocity().y; }},
      {"wbz", "rad/s", "omega, principal (body) frame, z",
       [](const spinning_body& b) { return b.body.principal_angular_velocity().z; }},
  };
  return kinds;
}

std::vector<channel_def> xyz_channels(const std::array<std::string, 3>& names, const std::string& unit,
                                      const std::array<std::string, 3>& descriptions, std::function<glm::dvec3()> get) {
  std::vector<channel_def> channels;
  for (int k = 0; k < 3; ++k) channels.push_back({names[k], unit, descriptions[k], [get, k] { return get()[k]; }});
  return channels;
}

std::vector<channel_def> reference_channels(const std::string& what, reference_getters get) {
  std::vector<channel_def> channels = {
      {"energy_ref", "J", what + ": energy (conserved)", std::move(get.energy)},
      {"L_norm_ref", "kg m^2/s", what + ": |L| (conserved)", std::move(get.l_norm)},
      {"angle_w_L_ref", "rad", what + ": angle between omega and L", std::move(get.angle_w_l)},
  };
  for (auto& c : xyz_channels({"wbx_ref", "wby_ref", "wbz_ref"}, "rad/s",
                              {what + ": omega, principal frame, x", what + ": omega, principal frame, y",
                               what + ": omega, principal frame, z"},
                              std::move(get.omega_body)))
    channels.push_back(std::move(c));
  return channels;
}

channel_def rigid_body_scene::body_channel_def(const body_channel& kind, std::size_t i, std::string name,
                                               std::string description) const {
  return {std::move(name), kind.unit, std::move(description),
          [this, i, value = kind.value] { return value(bodies_[i]); }};
}

void rigid_body_scene::append_invariant_channels(std::vector<channel_def>& channels, std::size_t i,
                                                 const std::string& suffix, const std::string& whose) const {
  for (const auto& k : body_channels())
    channels.push_back(body_channel_def(k, i, k.name + suffix, whose + k.description));
}

// Measured over 100,000 steps of 1/120 s: 1.3e-11 (energy) and 6.4e-12 (|L|).
constexpr double midpoint_invariant_tolerance = 1e-9;

std::vector<conserved_quantity> rigid_body_scene::conserved() const {
  std::vector<conserved_quantity> kept;
  for (const auto& b : bodies_) {
    if (!b.torque_free() || !b.conserves_invariants()) continue;
    kept.push_back({"energy" + b.suffix, "energy_ref", midpoint_invariant_tolerance});
    kept.push_back({"L_norm" + b.suffix, "L_norm_ref", midpoint_invariant_tolerance});
  }
  return kept;
}

std::optional<std::string> rigid_body_scene::failure() const {
  for (const auto& b : bodies_) {
    if (b.failure()) return b.failure();
  }
  return std::nullopt;
}

}  // namespace framelab
