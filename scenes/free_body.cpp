#include "scenes/free_body.hpp"

#include "scenes/registry.hpp"

namespace framelab {

namespace {

const int free_body_registered = register_scene<free_body>(
    {"free-body", "Spinning bodies", "One torque-free body: the gyroscopic term and the integrators that keep it",
     "No torque acts on this box, yet its angular velocity omega (orange) wanders: alpha = I^-1 (tau - omega x L) "
     "has the gyroscopic term omega x L, non-zero whenever omega and L (cyan) point different ways. L stays fixed "
     "in space and the energy stays constant. Spun mostly about its intermediate axis (the default), the box "
     "flips over and over: the Dzhanibekov effect. The translucent ghost is the exact solution (Jacobi elliptic "
     "functions). Switch the gyroscopic term off (the game-engine shortcut): omega never changes and nothing "
     "flips. Switch to explicit-euler: the energy grows. midpoint keeps energy and |L| to ~1e-12. Use the "
     "Physics panel to change integrators live and the overlay plot to compare with the exact curves. Turn on "
     "poinsot for Poinsot's construction: the energy ellipsoid (semi-axes 1/sqrt(I_k)) rolls without slipping "
     "on the invariable plane, perpendicular to L at distance sqrt(2E)/|L|, touching it at omega/sqrt(2E); the "
     "polhode is the contact point's path on the ellipsoid, the herpolhode its path on the plane. Beside it, L "
     "seen from the body moves on the |L| sphere along the loop of its energy; the red separatrix through the "
     "intermediate axis is where the flips come from.",
     {"energy", "L_norm", "angle_w_L", "rotation_per_step"},
     "Free body: torque-free rotation"});

glm::dvec3 to_vec3(const std::vector<double>& v) {
  return {v[0], v[1], v[2]};
}

}  // namespace

std::vector<param_def> free_body::parameters() const {
  return with_rotation_parameters({
      vector_param("inertia", {1.0, 2.0, 3.0}, 0.0, 1e6, "kg m^2",
                   "Principal moments I1, I2, I3 about the body frame's x, y, z axes, in kg m^2 "
                   "(each > 0, triangle inequality)"),
      vector_param("omega", {0.01, 5.0, 0.01}, -1000.0, 1000.0, "rad/s",
                   "Initial angular velocity, in the world frame (x, y, z in rad/s; the body starts at the identity "
                   "orientation, so its axes are the world's at t = 0)"),
      boolean_param("poinsot", false,
                    "Poinsot construction: the energy ellipsoid rolling on the invariable plane (polhode on the "
                    "ellipsoid, herpolhode on the plane) and the polhode loops of L on the |L| sphere"),
  });
}

std::vector<channel_def> free_body::channels() const {
  std::vector<channel_def> c;
  append_state_channels(c);
  append_invariant_channels(c, 0, "", "");
  c.push_back({"L_direction_drift", "rad", "Angle between L and its initial direction",
               [this] { return the_body().momentum_direction_drift(); }});
  c.push_back({"rotation_per_step", "rad", "h |omega|: angle turned in one step (Magnus bound pi/sqrt(2))",
               [this] { return the_body().rotation_per_step(last_dt_); }});
  c.push_back({"substeps", "", "Substeps the last step was split into (1: not split)",
               [this] { return static_cast<double>(the_body().last_report().substeps); }});
  append_closed_form_channels(
      c, "Exact (elliptic functions)", [this] { return reference_->kinetic_energy(); },
      [this] { return reference_->angular_momentum_magnitude(); },
      [this] { return reference_->omega_body(the_body().time()); });
  return c;
}

std::optional<std::string> free_body::check(const param_values& values) const {
  return check_inertia_parameter(values, "inertia");
}

void free_body::reset(const param_values& values) {
  spinning_body b;
  b.name = "free body";
  b.body.inertia = to_vec3(values.vector("inertia"));
  b.body.angular_velocity = to_vec3(values.vector("omega"));  // world = body at t = 0
  start_body(std::move(b), values);
  const rigid_body_d& body = the_body().body;
  reference_.emplace(body.inertia, body.principal_angular_velocity());

  // With Poinsot's construction beside it the body is drawn smaller, to leave it the room.
  const bool poinsot = values.boolean("poinsot");
  const glm::dvec3 edges = box_edges_for_inertia(body.inertia, poinsot ? 1.5 : 2.2);
  view_ = {};
  view_.nodes = {
      {"body (box with these principal moments)", -1, shape_kind::box, edges, rigid_body_colors::body, {}, {}}};
  view_.nodes.push_back(ghost_of(view_.nodes[body_node], "exact solution (ghost)", -1));
  view_.nodes[ghost_node].size *= 1.03;  // a shell just outside the body where they agree
  if (poinsot)
    arrows_.add(view_, the_body(), 1.3, 1.7);
  else
    arrows_.add(view_, the_body(), 2.0, 2.5);
  view_.camera = {center + glm::dvec3(0.0, 0.6, 0.0), 10.0, 35.0, 18.0};
  view_.labels = {{"", beside_target(view_.camera, -3.7, -0.6), rigid_body_colors::label}};
  poinsot_ = {};
  if (poinsot) {
    // The ellipsoid and its plane to the left of the body, the |L| sphere to its right; the
    // camera comes closer and looks down more steeply, onto the plane.
    view_.camera = {center + glm::dvec3(0.0, 0.3, 0.0), 9.5, 35.0, 26.0};
    view_.labels[0].position = beside_target(view_.camera, -3.0, 2.1);
    const glm::dvec3 right = beside_target(view_.camera, 1.0, 0.0) - view_.camera.target;
    const glm::dvec3 up(0.0, 1.0, 0.0), sphere_centre = center + 2.65 * right;
    poinsot_.add(
        view_, the_body(),
        {center - 2.55 * right - 0.35 * up, 1.2, sphere_centre, 0.95, right, sphere_centre - 0.8 * right + 1.75 * up});
  }
  pose(true);
}

void free_body::pose(bool record_trail) {
  const spinning_body& b = the_body();
  view_.nodes[body_node].local = pose_at(center, b.body.principal_to_world());
  view_.nodes[ghost_node].local = pose_at(center, reference_->principal_to_world(b.time()));
  poinsot_.update(view_, b, record_trail);
  update_world_transforms(view_);
  arrows_.update(view_, b, center, record_trail);
  show_status("\nghost: exact solution");
}

}  // namespace framelab
