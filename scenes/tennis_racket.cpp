#include "scenes/tennis_racket.hpp"

#include <algorithm>

#include "scenes/registry.hpp"

namespace framelab {

namespace {

const int tennis_racket_registered = register_scene<tennis_racket>(
    {"tennis-racket", "Spinning bodies", "The Dzhanibekov effect: four integrators race the exact flip",
     "The same T-handle four times, spun about its intermediate principal axis (the stem) with a tiny wobble. "
     "Rotation about the intermediate axis is unstable: the handle flips over and back again and again, as "
     "Vladimir Dzhanibekov saw a wing nut do on the Salyut 7 space station. Every copy starts alike; they differ "
     "in how the rotation is stepped. Gyro off drops omega x L (as game engines do): omega never changes and the "
     "handle never flips. explicit-euler keeps the term but gains energy every step, flip after flip. magnus (the "
     "article's scheme, alpha held constant over a step) drifts more slowly. midpoint keeps energy and |L| to "
     "round-off and stays on the ghost, the exact solution from Jacobi elliptic functions. Change each copy's "
     "integrator live in the Physics panel; raise dt to make the differences grow faster. Turn on poinsot to "
     "see the midpoint copy's Poinsot construction above the row: its energy ellipsoid rolling on the invariable "
     "plane, and L in the body frame running close to the red separatrix of the |L| sphere, from one side of the "
     "intermediate axis to the other at each flip.",
     {"wby_ref", "wby_midpoint", "wby_explicit_euler", "energy_drift_explicit_euler"},
     "Tennis racket: the Dzhanibekov flip"});

const std::array<const char*, tennis_racket::copy_count> copy_names{"gyro off", "explicit-euler", "magnus", "midpoint"};

// Box about its own centre: I_x = m/12 (b^2 + c^2), I_y = m/12 (a^2 + c^2), I_z = m/12 (a^2 + b^2)
glm::dvec3 box_inertia(double m, const glm::dvec3& s) {
  return m / 12.0 * glm::dvec3(s.y * s.y + s.z * s.z, s.x * s.x + s.z * s.z, s.x * s.x + s.y * s.y);
}

// Parallel axis, offset d = (0, d, 0) along y: + m d^2 on x and z, nothing on y
glm::dvec3 shifted(double m, double d, const glm::dvec3& own) {
  return own + m * d * d * glm::dvec3(1.0, 0.0, 1.0);
}

}  // namespace

const std::array<const char*, tennis_racket::copy_count> tennis_racket::copy_suffixes{"_gyro_off", "_explicit_euler",
                                                                                      "_magnus", "_midpoint"};

t_handle t_handle::make() {
  t_handle t;
  const double v_bar = t.bar_size.x * t.bar_size.y * t.bar_size.z;
  const double v_stem = t.stem_size.x * t.stem_size.y * t.stem_size.z;
  const double m_bar = v_bar / (v_bar + v_stem), m_stem = v_stem / (v_bar + v_stem);  // 1 kg in all
  // Stem hangs below the bar; the centre of mass is on the y axis.
  const double stem_y = -0.5 * (t.bar_size.y + t.stem_size.y);
  const double com_y = m_stem * stem_y;  // bar at y = 0
  t.bar_center = {0.0, -com_y, 0.0};
  t.stem_center = {0.0, stem_y - com_y, 0.0};
  t.inertia = shifted(m_bar, t.bar_center.y, box_inertia(m_bar, t.bar_size)) +
              shifted(m_stem, t.stem_center.y, box_inertia(m_stem, t.stem_size));
  const int lo = int(std::min_element(&t.inertia.x, &t.inertia.x + 3) - &t.inertia.x);
  const int hi = int(std::max_element(&t.inertia.x, &t.inertia.x + 3) - &t.inertia.x);
  t.intermediate_axis = 3 - lo - hi;
  return t;
}

glm::dvec3 tennis_racket::copy_position(std::size_t i) {
  return {(static_cast<double>(i) - 1.5) * 2.8, 2.2, 0.0};
}

std::vector<param_def> tennis_racket::parameters() const {
  return {
      number_param("spin", 6.0, 0.1, 100.0, "rad/s", "Initial spin about the intermediate axis (the stem)"),
      number_param("perturbation", 0.02, 0.0, 10.0, "rad/s",
                   "Initial spin about each of the two other principal axes (the wobble that grows into a flip)"),
      integer_param("magnus_terms", 2, 1, 3, "Magnus terms used by a copy stepped with magnus"),
      choice_param("exp", "exact", {"exact", "approx"},
                   "Quaternion exponential for every copy: exact (cos/sin) or the normalized third-order "
                   "approximation"),
      boolean_param("poinsot", false,
                    "Poinsot construction of the midpoint copy: its energy ellipsoid rolling on the invariable "
                    "plane (polhode, herpolhode) and the polhode loops of L on the |L| sphere, above the row"),
  };
}

// Grouped by quantity, the spin-axis component first, so that the Plots panel's
// default (the first three channels) shows the exact flips, the gyro-off copy that
// never flips and the explicit-euler copy.
namespace {
std::vector<std::size_t> channel_order() {
  std::vector<std::size_t> order;
  const auto& kinds = body_channels();
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    if (std::string(kinds[k].name) == "wby")
      order.insert(order.begin(), k);
    else
      order.push_back(k);
  }
  return order;
}
}  // namespace

std::vector<channel_def> tennis_racket::channels() const {
  std::vector<channel_def> refs =
      reference_channels("Exact (elliptic functions)", {[this] { return reference_->kinetic_energy(); },
                                                        [this] { return reference_->angular_momentum_magnitude(); },
                                                        [this] {
                                                          const glm::dvec3 w_ref = reference_->omega_body(time_);
                                                          return angle_between(w_ref, handle_.inertia * w_ref);
                                                        },
                                                        [this] { return reference_->omega_body(time_); }});
  std::vector<channel_def> c;
  c.push_back(refs[4]);  // wby_ref
  const auto& kinds = body_channels();
  for (std::size_t k : channel_order()) {
    for (std::size_t i = 0; i < copy_count; ++i) {
      c.push_back(body_channel_def(
          kinds[k], i, kinds[k].name + std::string(copy_suffixes[i]),
          "copy " + std::to_string(i + 1) + " (" + copy_names[i] + " at reset): " + kinds[k].description));
    }
  }
  for (std::size_t r = 0; r < refs.size(); ++r) {
    if (r != 4) c.push_back(refs[r]);
  }
  return c;
}

void tennis_racket::reset(const param_values& values) {
  handle_ = t_handle::make();
  glm::dvec3 omega(values.number("perturbation"));
  omega[handle_.intermediate_axis] = values.number("spin");
  rotation_settings base;
  base.magnus_terms = static_cast<int>(values.integer("magnus_terms"));
  base.exp = parse_exp_kind(values.choice("exp")).value_or(exp_kind::exact);

  bodies_.clear();
  for (std::size_t i = 0; i < copy_count; ++i) {
    spinning_body b;
    b.name = copy_names[i];
    b.suffix = copy_suffixes[i];
    b.body.inertia = handle_.inertia;
    b.body.angular_velocity = omega;
    b.settings = base;
    b.settings.integrator = i == 1   ? integrator_kind::explicit_euler
                            : i == 2 ? integrator_kind::magnus
                                     : integrator_kind::midpoint;
    b.settings.gyroscopic = i != 0;
    b.start();
    bodies_.push_back(b);
  }
  last_dt_ = 0.0;
  time_ = 0.0;
  reference_.emplace(handle_.inertia, omega);

  const glm::vec4 bar_color{0.80f, 0.62f, 0.40f, 1.0f};
  const glm::vec4 stem_color{0.55f, 0.62f, 0.80f, 1.0f};
  const glm::dquat none(1.0, 0.0, 0.0, 0.0);
  view_ = {};
  for (std::size_t i = 0; i < copy_count; ++i) {
    const int frame = body_node(i);
    const std::string name = std::to_string(i + 1) + ": " + copy_names[i];
    view_.nodes.push_back({name, -1, shape_kind::none, glm::dvec3(1.0), bar_color, {}, {}});
    view_.nodes.push_back(
        {name + " bar", frame, shape_kind::box, handle_.bar_size, bar_color, pose_at(handle_.bar_center, none), {}});
    view_.nodes.push_back({name + " stem",
                           frame,
                           shape_kind::box,
                           handle_.stem_size,
                           stem_color,
                           pose_at(handle_.stem_center, none),
                           {}});
    view_.nodes.push_back(
        {name + " exact (ghost)", -1, shape_kind::none, glm::dvec3(1.0), rigid_body_colors::ghost, {}, {}});
    for (int part : {1, 2}) {
      view_node g = ghost_of(view_.nodes[static_cast<std::size_t>(frame + part)],
                             name + (part == 1 ? " ghost bar" : " ghost stem"), ghost_node(i));
      g.size *= 1.06;
      view_.nodes.push_back(g);
    }
    arrows_[i].add(view_, bodies_[i], 1.2, 1.6);
    view_.vectors[arrows_[i].momentum_index].visible = false;  // four more arrows would hide the handles
    view_.labels.push_back({"", copy_position(i) + glm::dvec3(-1.2, 2.65, 0.0), rigid_body_colors::label});
  }
  view_.camera = {glm::dvec3(0.0, 2.6, 0.0), 14.5, 0.0, 10.0};
  view_.labels.push_back({"translucent ghosts: the exact solution (Jacobi elliptic functions)",
                          glm::dvec3(-3.3, 5.35, 0.0),
                          {0.75f, 0.95f, 0.75f, 1.0f}});
  poinsot_ = {};
  if (values.boolean("poinsot")) {
    // Above the row: the camera backs off and looks down onto the invariable plane; the
    // ghosts' note moves between the ellipsoid and the sphere.
    view_.camera = {glm::dvec3(0.0, 4.3, 0.0), 17.5, 0.0, 36.0};
    view_.labels.back().text = "ghosts: the\nexact solution";
    view_.labels.back().position = glm::dvec3(0.9, 5.6, 0.0);
    const glm::dvec3 sphere_centre(4.0, 6.9, 0.0);
    poinsot_.add(view_, bodies_[poinsot_copy],
                 {glm::dvec3(-3.7, 6.8, 0.0), 1.4, sphere_centre, 1.2, glm::dvec3(1.0, 0.0, 0.0),
                  sphere_centre + glm::dvec3(-3.4, 1.0, 0.0)});
  }
  pose(true);
}

void tennis_racket::step(double dt) {
  last_dt_ = dt;
  time_ += dt;
  for (auto& b : bodies_) b.step(dt);
  pose(true);
}

void tennis_racket::pose(bool record_trail) {
  const glm::dquat exact = reference_->principal_to_world(time_);
  for (std::size_t i = 0; i < copy_count; ++i) {
    const spinning_body& b = bodies_[i];
    const glm::dvec3 at = copy_position(i);
    view_.nodes[static_cast<std::size_t>(body_node(i))].local = pose_at(at, b.body.principal_to_world());
    view_.nodes[static_cast<std::size_t>(ghost_node(i))].local = pose_at(at, exact);
    arrows_[i].update(view_, b, at, record_trail && !b.failure());
    view_.labels[i].text = std::to_string(i + 1) + ": " + body_status_text(b);
    view_.labels[i].color = b.failure() ? rigid_body_colors::warning : rigid_body_colors::label;
  }
  poinsot_.update(view_, bodies_[poinsot_copy], record_trail && !bodies_[poinsot_copy].failure());
  update_world_transforms(view_);
}

}  // namespace framelab
