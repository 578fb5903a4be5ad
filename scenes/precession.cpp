#include "scenes/precession.hpp"

#include <cmath>
#include <numbers>

#include "core/angle_units.hpp"
#include "scenes/registry.hpp"

namespace framelab {

namespace {


const int precession_registered = register_scene<precession>(
    {"precession", "Spinning bodies", "Torque-free precession of a coin: body cone rolling on the space cone",
     "A coin spun about an axis tilted from its symmetry axis wobbles although no torque acts. L (cyan) is fixed; "
     "omega (orange) and the coin's axle turn around it at the space precession rate |L|/I1, while seen from the "
     "coin omega turns around the axle at (I3 - I1)/I1 omega3 (for a thin coin I3 = 2 I1: the wobble is twice "
     "the spin, as Feynman noticed with a plate). The body cone (fixed in the coin, around its axle) rolls "
     "without slipping on the space cone (fixed in space, around L); they touch along omega, whose tip traces the "
     "circle. The ghost is the closed-form solution. Without the gyroscopic term (gyro off) omega stays put and "
     "there is no wobble. Make the cylinder thicker than it is wide (prolate) and the body cone rolls outside the "
     "space cone instead.",
     {"angle_w_L", "body_rate_ref", "space_rate_ref", "energy"},
     "Precession: a torque-free coin"});

}  // namespace

glm::dquat precession::initial_orientation() {
  return glm::angleAxis(-0.5 * std::numbers::pi, glm::dvec3(1.0, 0.0, 0.0));
}

std::vector<param_def> precession::parameters() const {
  return with_rotation_parameters({
      number_param("radius", 1.0, 0.05, 5.0, "m", "Radius of the coin (a uniform cylinder of 1 kg)"),
      number_param("thickness", 0.12, 0.01, 10.0, "m",
                   "Thickness (height) of the cylinder; above radius * 1.73 it is prolate (rod-like)"),
      number_param("omega", 3.0, 0.0, 200.0, "rad/s", "Initial |omega|"),
      number_param("tilt", 20.0, 0.0, 89.0, "deg", "Initial angle between omega and the symmetry axis"),
  });
}

std::vector<channel_def> precession::channels() const {
  // The axle first: the Plots panel shows the first three, and the axle going round L is the point.
  std::vector<channel_def> c =
      xyz_channels({"axis_x", "axis_y", "axis_z"}, "",
                   {"Symmetry axis (unit), world frame, x", "Symmetry axis (unit), world frame, y",
                    "Symmetry axis (unit), world frame, z"},
                   [this] { return symmetry_axis(); });
  append_state_channels(c);
  append_invariant_channels(c, 0, "", "");
  c.push_back({"body_rate_ref", "rad/s", "Closed form: omega turns about the axle at (I3 - I1)/I1 omega3",
               [this] { return reference_->body_precession_rate(); }});
  c.push_back({"space_rate_ref", "rad/s", "Closed form: the axle turns about L at |L|/I1",
               [this] { return reference_->space_precession_rate(); }});
  c.push_back({"rotation_per_step", "rad", "h |omega|: angle turned in one step (Magnus bound pi/sqrt(2))",
               [this] { return the_body().rotation_per_step(last_dt_); }});
  append_closed_form_channels(
      c, "Closed form", [this] { return reference_->kinetic_energy(); },
      [this] { return glm::length(reference_->angular_momentum_world()); },
      [this] { return reference_->omega_body(the_body().time()); });
  return c;
}

void precession::reset(const param_values& values) {
  const double r = values.number("radius"), h = values.number("thickness");
  // Uniform cylinder, m = 1 kg: I3 = m r^2 / 2,  I1 = I2 = m (3 r^2 + h^2) / 12
  i_axis_ = 0.5 * r * r;
  i_perp_ = (3.0 * r * r + h * h) / 12.0;
  const double w = values.number("omega"), tilt = values.number("tilt") * deg;
  const glm::dvec3 omega_principal = w * glm::dvec3(std::sin(tilt), 0.0, std::cos(tilt));

  spinning_body b;
  b.name = "coin";
  b.body.inertia = {i_perp_, i_perp_, i_axis_};
  b.body.orientation = initial_orientation();
  b.body.angular_velocity = b.body.from_principal(omega_principal);
  start_body(std::move(b), values);
  reference_.emplace(i_perp_, i_axis_, omega_principal, initial_orientation());

  const glm::vec4 coin_color{0.85f, 0.70f, 0.35f, 1.0f};
  const glm::vec4 dark{0.25f, 0.22f, 0.20f, 1.0f};
  const double axle_length = std::max(2.0 * r, h + 0.8);
  const glm::dquat y_to_z = cylinder_y_to_principal_z();
  view_ = {};
  view_.nodes = {
      {"coin (body frame)", -1, shape_kind::none, glm::dvec3(1.0), coin_color, {}, {}},
      {"coin", body_frame, shape_kind::cylinder, {2.0 * r, h, 2.0 * r}, coin_color, pose_at({}, y_to_z), {}},
      {"axle (symmetry axis)",
       body_frame,
       shape_kind::cylinder,
       {0.05, axle_length, 0.05},
       dark,
       pose_at({}, y_to_z),
       {}},
      {"rim mark",
       body_frame,
       shape_kind::box,
       {0.14 * r + 0.04, 0.14 * r + 0.04, h * 1.3 + 0.02},
       dark,
       pose_at({0.92 * r, 0.0, 0.0}, glm::dquat(1.0, 0.0, 0.0, 0.0)),
       {}},
      {"exact solution (ghost)", -1, shape_kind::none, glm::dvec3(1.0), rigid_body_colors::ghost, {}, {}},
  };
  for (int i : {coin, axle, rim_mark}) {
    view_node g = ghost_of(view_.nodes[static_cast<std::size_t>(i)],
                           "ghost " + view_.nodes[static_cast<std::size_t>(i)].name, ghost_frame);
    g.size *= 1.04;
    view_.nodes.push_back(g);
  }
  view_.nodes.push_back(
      {"body cone (fixed in the coin)", -1, shape_kind::cone, {}, {1.0f, 0.75f, 0.3f, 0.22f}, {}, {}});
  view_.nodes.push_back({"space cone (fixed in space)", -1, shape_kind::cone, {}, {0.3f, 0.8f, 1.0f, 0.22f}, {}, {}});

  omega_length_ = 2.2;
  arrows_.add(view_, the_body(), omega_length_, 2.6);
  view_.labels = {{"", {}, rigid_body_colors::label},
                  {"body cone", {}, {1.0f, 0.8f, 0.45f, 1.0f}},
                  {"space cone", {}, {0.5f, 0.85f, 1.0f, 1.0f}}};
  view_.camera = {center + glm::dvec3(0.0, 0.7, 0.0), 9.5, 30.0, 22.0};
  pose(true);
}

void precession::pose(bool record_trail) {
  const spinning_body& b = the_body();
  view_.nodes[body_frame].local = pose_at(center, b.body.principal_to_world());
  view_.nodes[ghost_frame].local = pose_at(center, reference_->principal_to_world(b.time()));

  // Cones through omega: the body cone around the axle, the space cone around L.
  const glm::dvec3 w = b.body.angular_velocity, l = b.body.angular_momentum();
  const double w_len = glm::length(w) * arrows_.omega_scale;  // m
  glm::dvec3 axis = symmetry_axis();
  if (glm::dot(axis, w) < 0.0) axis = -axis;
  const double body_angle = angle_between(w, axis), space_angle = angle_between(w, l);
  place_cone(view_.nodes[body_cone], center, axis, w_len * std::cos(body_angle), body_angle);
  place_cone(view_.nodes[space_cone], center, l, w_len * std::cos(space_angle), space_angle);
  update_world_transforms(view_);
  arrows_.update(view_, b, center, record_trail);

  // Labels on the far side of each cone's base circle from omega's tip.
  const glm::dvec3 tip = center + w * arrows_.omega_scale;
  const auto far_side = [&](const glm::dvec3& dir, double angle) {
    const glm::dvec3 base = center + glm::normalize(dir) * (w_len * std::cos(angle));
    return base - (tip - base);
  };
  show_status("\nghost: closed form");
  view_.labels[0].position = beside_target(view_.camera, -3.5, -0.6);
  view_.labels[1].position = far_side(axis, body_angle);
  view_.labels[2].position = glm::length(l) > 0.0 ? far_side(l, space_angle) : center;
}

}  // namespace framelab
