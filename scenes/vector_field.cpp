#include "scenes/vector_field.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <numbers>

#include "core/ad/autodiff.hpp"
#include "scenes/registry.hpp"

namespace framelab {

namespace {

const int vector_field_registered = register_scene<vector_field>(
    {"vector-field", "Mathematics",
     "A planar field with streamlines; its Jacobian by dual numbers against finite differences",
     "Arrows show a field V(x, y) on the ground, lines follow it (streamlines), and particles drift with it. The "
     "field is written once as code over a generic number type. Run with ordinary numbers it gives V; run with "
     "dual numbers x + eps (eps^2 = 0) it also gives the exact derivatives, the Jacobian J, with no step size to "
     "choose. J tells what the flow does near a point: its trace is the divergence (spreading out), the "
     "difference of its off-diagonal entries the curl (turning), and at a fixed point (V = 0) its eigenvalues "
     "decide the type: saddle, node, spiral or center (found here by Newton's method, labelled on the ground). "
     "Click the ground to move the probe. In the Jacobian panel, slide the finite-difference step h: too large "
     "and truncation spoils the difference quotient (error ~ h^2), too small and round-off does (error ~ eps/h); "
     "green digits are right. The dual-number Jacobian has no step and stays exact to machine precision. Pick the "
     "field 'expression' to type your own V (parameters vx and vy, in x and y): the same dual numbers differentiate "
     "whatever you type. The default, Van der Pol, is at most quadratic in each variable, and a central difference "
     "of a quadratic has no truncation error: its error plot keeps only the round-off side. The preset "
     "damped-pendulum.json (y, -sin(x) - 0.25*y) shows both sides of the V.",
     {"probe_speed", "divergence", "curl", "fd_vs_ad"},
     "Vector field: its Jacobian by dual numbers"});

constexpr std::size_t tracer_trail_length = 90;
constexpr std::size_t probe_trail_length = 900;
constexpr double arrow_height = 0.04;       // m above the ground, clear of the grid lines
constexpr double eigen_arrow_length = 1.2;  // m
constexpr double fixed_point_speed = 1e-6;  // |V| of a fixed point, at most, as a fraction of the arrow speed cap

std::string expression_help(const char* component) {
  return std::string(component) +
         " in m/s, field = expression only (default: a Van der Pol oscillator). Enter "
         "applies. Syntax: " +
         std::string(expression_syntax);
}

std::vector<std::string> field_choices() {
  std::vector<std::string> names;
  for (auto k : planar_field::all_kinds) names.emplace_back(planar_field::name(k));
  return names;
}

// blue -> cyan -> yellow for |V| / cap in [0, 1]; yellow beyond the cap
glm::vec4 speed_color(double m) {
  if (!(m <= 1.0)) m = 1.0;
  const glm::vec3 blue(0.25f, 0.40f, 0.95f), cyan(0.30f, 0.85f, 0.90f), yellow(0.98f, 0.90f, 0.35f);
  const float t = static_cast<float>(std::max(0.0, m));
  const glm::vec3 c = t < 0.5f ? glm::mix(blue, cyan, 2.0f * t) : glm::mix(cyan, yellow, 2.0f * t - 1.0f);
  return {c, 1.0f};
}

glm::vec4 fixed_point_color(const planar_field::linearization& l) {
  using planar_field::fixed_point_type;
  if (l.type == fixed_point_type::saddle) return {0.95f, 0.45f, 0.95f, 1.0f};
  if (l.type == fixed_point_type::center) return {0.98f, 0.90f, 0.35f, 1.0f};
  if (l.stable == planar_field::stability::stable) return {0.40f, 0.95f, 0.45f, 1.0f};
  if (l.stable == planar_field::stability::unstable) return {1.00f, 0.40f, 0.35f, 1.0f};
  return {0.85f, 0.85f, 0.85f, 1.0f};
}

glm::dvec2 finite_or_zero(glm::dvec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) ? v : glm::dvec2(0.0);
}

void push_point(trail& t, const glm::dvec3& p, std::size_t limit) {
  if (t.points.size() >= limit) t.points.erase(t.points.begin());
  t.points.push_back(p);
}

std::string format_lambda(const char* name, std::complex<double> l, bool pair) {
  char text[96];
  if (pair) {
    std::snprintf(text, sizeof text, "%s = %.3g +- %.3gi /s", name, l.real(), std::abs(l.imag()));
  } else {
    std::snprintf(text, sizeof text, "%s = %.3g /s", name, l.real());
  }
  return text;
}

}  // namespace

// [SECTION] declarations

std::vector<param_def> vector_field::parameters() const {
  return {
      choice_param("field", "saddle", field_choices(),
                   "The field: rotation (a vortex), saddle (cellular flow), source, sink, spiral (with a limit cycle "
                   "when growth > 0), two-body-gravity (field lines of two masses), expression (typed: vx and vy)"),
      number_param("strength", 1.0, 0.1, 5.0, "1/s",
                   "k: rotation rate at the centre, source/sink rate, spiral rotation rate; gravity: G m1 = k R^3"),
      number_param("scale", 2.0, 0.5, 10.0, "m",
                   "R: vortex radius, saddle cell size (vortices at pi R / 2), source saturation, spiral cycle scale"),
      number_param("growth", 0.5, -2.0, 2.0, "",
                   "mu, spiral only: < 0 stable spiral, > 0 unstable spiral inside a limit cycle at r = R sqrt(mu)"),
      number_param("mass_ratio", 0.4, 0.05, 1.0, "", "m2 / m1, two-body-gravity only"),
      number_param("separation", 4.0, 1.0, 12.0, "m", "Distance between the two masses, two-body-gravity only"),
      text_param("vx", std::string(planar_field::van_der_pol_vx), expression_help("V_x(x, y)"), max_expression_length),
      text_param("vy", std::string(planar_field::van_der_pol_vy), expression_help("V_y(x, y)"), max_expression_length),
      number_param("extent", 5.0, 2.0, 20.0, "m", "Half-width of the square drawn: |x|, |y| <= extent"),
      integer_param("arrows", 15, 4, 20, "Arrows per side of the grid (at most 400 arrows)"),
      integer_param("streamlines", 12, 0, 24, "Streamline seeds per side (lines stop where they crowd others)"),
      integer_param("particles", 24, 0, 100, "Tracer particles carried by the flow (respawned when they leave)"),
      vector_param("probe", {1.5, 1.0}, -20.0, 20.0, "m",
                   "Where the probe particle starts and the AD panel looks, in the world frame's ground plane "
                   "(x, y in m; y is world -z; also: click the ground)"),
  };
}

std::vector<channel_def> vector_field::channels() const {
  // V and its Jacobian J at the probe particle by forward-mode AD; the divergence is J's
  // trace and the curl its skew part, J21 - J12.
  const auto at_probe = [this] {
    return value_and_jacobian([this](const auto& p) { return planar_field::evaluate(field_, p); }, probe_);
  };
  const auto linear = [at_probe] { return planar_field::linearize(at_probe().jacobian); };
  return {
      {"probe_x", "m", "Probe particle position, x", [this] { return probe_.x; }},
      {"probe_y", "m", "Probe particle position, y", [this] { return probe_.y; }},
      {"probe_speed", "m/s", "|V| at the probe particle", [at_probe] { return glm::length(at_probe().value); }},
      {"divergence", "1/s", "div V = dV1/dx + dV2/dy at the probe particle (trace of the AD Jacobian)",
       [linear] { return linear().trace; }},
      {"curl", "1/s", "curl V = dV2/dx - dV1/dy at the probe particle (from the AD Jacobian)",
       [linear] { return linear().curl; }},
      {"fd_vs_ad", "", "||J_central difference - J_AD|| / ||J_AD|| at the probe particle, step from the AD panel",
       [this, at_probe] {
         const glm::dmat2 fd =
             planar_field::central_difference_jacobian([this](glm::dvec2 p) { return velocity(p); }, probe_, fd_step_);
         return planar_field::relative_error(fd, at_probe().jacobian);
       }},
  };
}

std::vector<action_def> vector_field::actions() const {
  return {{"restart_probe", "Restart probe", "Put the probe particle back at its start point and clear its trail", "P"},
          {"respawn", "Respawn particles", "Scatter the tracer particles again", "N"}};
}

std::optional<std::string> vector_field::check(const param_values& values) const {
  planar_field::settings typed;
  if (auto error = planar_field::set_expressions(typed, values.text("vx"), values.text("vy"))) return error;
  const double extent = values.number("extent");
  const auto& probe = values.vector("probe");
  if (std::abs(probe[0]) > extent || std::abs(probe[1]) > extent) {
    char text[160];
    std::snprintf(text, sizeof text, "probe (%g, %g) m lies outside the drawn square |x|, |y| <= extent = %g m",
                  probe[0], probe[1], extent);
    return std::string(text);
  }
  return std::nullopt;
}

// [SECTION] reset: the static picture (arrows, streamlines, fixed points)

void vector_field::reset(const param_values& values) {
  field_.field = planar_field::kind_from_name(values.choice("field")).value_or(planar_field::kind::rotation);
  field_.strength = values.number("strength");
  field_.scale = values.number("scale");
  field_.growth = values.number("growth");
  field_.mass_ratio = values.number("mass_ratio");
  field_.separation = values.number("separation");
  planar_field::set_expressions(field_, values.text("vx"), values.text("vy"));  // check() refused bad text
  extent_ = values.number("extent");
  arrows_per_side_ = static_cast<int>(values.integer("arrows"));
  streamlines_per_side_ = static_cast<int>(values.integer("streamlines"));
  tracer_count_ = static_cast<int>(values.integer("particles"));
  const auto& probe = values.vector("probe");
  probe_start_ = probe_ = inspect_ = {probe[0], probe[1]};
  time_ = 0.0;
  random_ = splitmix64(0x5eed);
  build_view();
}

void vector_field::build_view() {
  view_ = scene_view{};
  // from above, x right and y up on screen; the centre nudged right and up into the gap between the
  // default panels (transport above, plots below, the AD panel on the right)
  view_.camera = {to_world(glm::dvec2(0.16, -0.08) * extent_), 3.0 * extent_, 0.0, 89.0};

  // nodes: probe particle, inspect marker, gravity bodies, fixed-point markers, tracers
  probe_node_ = view_.nodes.size();
  view_.nodes.push_back(
      {"probe particle", -1, shape_kind::sphere, glm::dvec3(0.06 * extent_), {1.0f, 0.55f, 0.15f, 1.0f}, {}, {}});
  inspect_node_ = view_.nodes.size();
  view_.nodes.push_back({"inspected point",
                         -1,
                         shape_kind::cylinder,
                         {0.09 * extent_, 0.01, 0.09 * extent_},
                         {1.0f, 1.0f, 1.0f, 0.45f},
                         {},
                         {}});
  if (field_.field == planar_field::kind::two_body_gravity) {
    const double size1 = 0.1 * extent_, size2 = size1 * std::cbrt(field_.mass_ratio);
    view_.nodes.push_back({"mass 1", -1, shape_kind::sphere, glm::dvec3(size1), {0.75f, 0.70f, 0.55f, 1.0f}, {}, {}});
    view_.nodes.back().local.translation = to_world(field_.body1(), 0.5 * size1);
    view_.nodes.push_back({"mass 2", -1, shape_kind::sphere, glm::dvec3(size2), {0.75f, 0.70f, 0.55f, 1.0f}, {}, {}});
    view_.nodes.back().local.translation = to_world(field_.body2(), 0.5 * size2);
  }

  build_arrows();
  build_streamlines(streamlines_per_side_);
  find_fixed_points();

  // probe velocity and the two eigenvector arrows at the inspected point
  probe_vector_ = view_.vectors.size();
  view_.vectors.push_back({"V", "m/s", {}, {}, 1.0, {1.0f, 0.55f, 0.15f, 1.0f}, true});
  eigen_vector_ = view_.vectors.size();
  view_.vectors.push_back({"", "", {}, {}, 1.0, {1.0f, 1.0f, 1.0f, 1.0f}, false});
  view_.vectors.push_back({"", "", {}, {}, 1.0, {1.0f, 1.0f, 1.0f, 1.0f}, false});
  eigen_label_ = view_.labels.size();
  view_.labels.push_back({"", {}, {1.0f, 1.0f, 1.0f, 1.0f}});
  view_.labels.push_back({"", {}, {1.0f, 1.0f, 1.0f, 1.0f}});

  probe_trail_ = view_.trails.size();
  view_.trails.push_back({"probe particle", {}, {1.0f, 0.55f, 0.15f, 1.0f}, true});

  first_tracer_node_ = view_.nodes.size();
  first_tracer_trail_ = view_.trails.size();
  tracers_.assign(static_cast<std::size_t>(tracer_count_), {});
  for (std::size_t i = 0; i < tracers_.size(); ++i) {
    view_.nodes.push_back({"tracer " + std::to_string(i + 1),
                           -1,
                           shape_kind::sphere,
                           glm::dvec3(0.025 * extent_),
                           {0.85f, 0.95f, 1.0f, 1.0f},
                           {},
                           {}});
    view_.trails.push_back({"", {}, {0.85f, 0.95f, 1.0f, 0.9f}, true});
    respawn_tracer(i);
    tracers_[i].age = next_uniform(0.0, tracers_[i].lifetime);  // staggered, so they do not all respawn at once
  }
  push_point(view_.trails[probe_trail_], to_world(probe_, 0.02), probe_trail_length);
  update_dynamic_view();
}

// Arrows at the centres of an n x n grid. Length 0.85 cell x (0.3 + 0.7 min(1, |V|/cap)), colour by
// |V|/cap, cap = the 85th percentile of |V|: the direction stays readable near fixed points and
// near the singular-looking parts of gravity.
void vector_field::build_arrows() {
  const int n = arrows_per_side_;
  const double cell = 2.0 * extent_ / n;
  std::vector<glm::dvec2> points, values;
  std::vector<double> speeds;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const glm::dvec2 p(-extent_ + (i + 0.5) * cell, -extent_ + (j + 0.5) * cell);
      const glm::dvec2 v = velocity(p);
      points.push_back(p);
      values.push_back(v);
      speeds.push_back(glm::length(v));
    }
  }
  std::vector<double> sorted;  // finite speeds only: a typed field may be undefined somewhere (log(x), 1/x)
  std::copy_if(speeds.begin(), speeds.end(), std::back_inserter(sorted), [](double v) { return std::isfinite(v); });
  std::sort(sorted.begin(), sorted.end());
  speed_cap_ =
      sorted.empty() ? 1.0 : std::max(1e-12, sorted[static_cast<std::size_t>(0.85 * double(sorted.size() - 1))]);
  for (std::size_t k = 0; k < points.size(); ++k) {
    const double s = speeds[k];
    if (!(s > 1e-9 * speed_cap_) || !std::isfinite(s)) continue;  // no direction at a fixed point
    const double m = s / speed_cap_;
    const double length = 0.85 * cell * (0.3 + 0.7 * std::min(1.0, m));
    view_.vectors.push_back(
        {"", "m/s", to_world(points[k], arrow_height), to_world(values[k]), length / s, speed_color(m), true});
  }
}

// Streamlines of V (arc-length RK4 on V/|V|), seeded on a grid, kept apart by an occupancy
// grid of half the seed spacing: a line stops where it enters a cell another line holds,
// where it meets its own earlier part (a closed orbit), at a fixed point (|V| tiny or the
// direction flips) or at the edge. Points run along the flow, so the renderer's fading
// (older = fainter) makes each line brighten downstream.
void vector_field::build_streamlines(int per_side) {
  streamline_count_ = 0;
  if (per_side <= 0) return;
  const double separation = 2.0 * extent_ / per_side;
  const double cell = 0.5 * separation;
  const int cells = static_cast<int>(std::ceil(2.0 * extent_ / cell));
  std::vector<int> owner(static_cast<std::size_t>(cells * cells), -1);
  std::vector<int> stamp(owner.size(), 0);
  const double ds = separation / 8.0;
  const int max_steps = static_cast<int>(6.0 * extent_ / ds);
  const int loop_gap = 3 * static_cast<int>(cell / ds) + 4;  // own cells older than this close a loop
  const auto direction = planar_field::unit_direction([this](glm::dvec2 p) { return velocity(p); }, 1e-7 * speed_cap_);
  const auto cell_of = [&](glm::dvec2 p) -> int {
    const int i = static_cast<int>(std::floor((p.x + extent_) / cell));
    const int j = static_cast<int>(std::floor((p.y + extent_) / cell));
    if (i < 0 || j < 0 || i >= cells || j >= cells) return -1;
    return i * cells + j;
  };

  for (int a = 0; a < per_side; ++a) {
    for (int b = 0; b < per_side; ++b) {
      const glm::dvec2 seed(-extent_ + (a + 0.5) * separation, -extent_ + (b + 0.5) * separation);
      const int seed_cell = cell_of(seed);
      if (seed_cell < 0 || owner[static_cast<std::size_t>(seed_cell)] >= 0) continue;
      if (glm::length(direction(seed)) == 0.0) continue;
      const int id = static_cast<int>(streamline_count_);
      std::vector<glm::dvec2> halves[2];
      for (int half = 0; half < 2; ++half) {
        const double h = half == 0 ? ds : -ds;  // forward (stamps 0, 1, ...), then backward (0, -1, ...)
        glm::dvec2 p = seed;
        glm::dvec2 previous_direction = direction(p);
        halves[half].push_back(p);
        for (int k = 1; k < max_steps; ++k) {
          const glm::dvec2 q = planar_field::rk4_step(direction, p, h);
          const glm::dvec2 d = direction(q);
          const int c = cell_of(q);
          if (c < 0 || glm::length(d) == 0.0 || glm::dot(d, previous_direction) < 0.0) break;
          const int s = half == 0 ? k : -k;
          const auto ci = static_cast<std::size_t>(c);
          if (owner[ci] >= 0 && (owner[ci] != id || std::abs(stamp[ci] - s) > loop_gap)) {
            halves[half].push_back(q);  // touch the line we met, then stop
            break;
          }
          owner[ci] = id;
          stamp[ci] = s;
          halves[half].push_back(q);
          p = q;
          previous_direction = d;
        }
      }
      owner[static_cast<std::size_t>(seed_cell)] = id;
      trail line{"", {}, {0.78f, 0.84f, 0.95f, 0.85f}, true};
      for (auto it = halves[1].rbegin(); it != halves[1].rend(); ++it) line.points.push_back(to_world(*it, 0.01));
      for (std::size_t k = 1; k < halves[0].size(); ++k) line.points.push_back(to_world(halves[0][k], 0.01));
      if (line.points.size() < 4) continue;
      line.label = streamline_count_ == 0 ? "streamlines" : "";
      view_.trails.push_back(std::move(line));
      ++streamline_count_;
    }
  }
}

// Newton's method (AD Jacobian) started in every cell of a fine grid around which V winds
// (a nonzero Poincare index: the cell holds a fixed point; Newton's basin around a softened
// gravity well is only about the softening length wide) and on a coarse 9 x 9 grid; the
// distinct roots inside the square are kept.
void vector_field::find_fixed_points() {
  fixed_points_.clear();
  const auto field = [this](const auto& p) { return planar_field::evaluate(field_, p); };
  std::vector<glm::dvec2> starts;
  constexpr int coarse = 9, fine = 48;
  for (int a = 0; a < coarse; ++a) {
    for (int b = 0; b < coarse; ++b) {
      starts.emplace_back(-extent_ + (a + 0.5) * 2.0 * extent_ / coarse, -extent_ + (b + 0.5) * 2.0 * extent_ / coarse);
    }
  }
  const double h = 2.0 * extent_ / (fine - 1);
  const auto point = [&](int a, int b) { return glm::dvec2(-extent_ + a * h, -extent_ + b * h); };
  std::vector<double> angle(fine * fine);
  for (int a = 0; a < fine; ++a) {
    for (int b = 0; b < fine; ++b) {
      const glm::dvec2 v = velocity(point(a, b));
      angle[static_cast<std::size_t>(a * fine + b)] = std::atan2(v.y, v.x);
    }
  }
  // index = (sum of the turns of V's angle along the cell's edges, each wrapped to (-pi, pi]) / 2 pi
  const auto turn = [](double from, double to) { return std::remainder(to - from, 2.0 * std::numbers::pi); };
  for (int a = 0; a + 1 < fine; ++a) {
    for (int b = 0; b + 1 < fine; ++b) {
      const double c[4] = {
          angle[static_cast<std::size_t>(a * fine + b)], angle[static_cast<std::size_t>((a + 1) * fine + b)],
          angle[static_cast<std::size_t>((a + 1) * fine + b + 1)], angle[static_cast<std::size_t>(a * fine + b + 1)]};
      const double winding = turn(c[0], c[1]) + turn(c[1], c[2]) + turn(c[2], c[3]) + turn(c[3], c[0]);
      if (std::abs(winding) > std::numbers::pi) starts.push_back(point(a, b) + glm::dvec2(0.5 * h));
    }
  }
  for (const glm::dvec2 start : starts) {
    const auto root = fixed_point_near(start, extent_);
    if (!root || std::abs(root->x) > extent_ || std::abs(root->y) > extent_) continue;
    const bool known = std::any_of(fixed_points_.begin(), fixed_points_.end(), [&](const fixed_point& f) {
      return glm::length(f.position - *root) < 1e-6 * extent_;
    });
    if (!known) fixed_points_.push_back({*root, planar_field::linearize(jacobian(field, *root))});
  }
  for (const auto& f : fixed_points_) {
    const glm::vec4 color = fixed_point_color(f.linear);
    view_.nodes.push_back({"fixed point: " + planar_field::describe(f.linear),
                           -1,
                           shape_kind::box,
                           {0.05 * extent_, 0.02, 0.05 * extent_},
                           color,
                           {},
                           {}});
    view_.nodes.back().local = transform<double, 3>::identity();
    view_.nodes.back().local.translation = to_world(f.position, 0.03);
    view_.nodes.back().local.rotation = glm::angleAxis(0.25 * std::numbers::pi, glm::dvec3(0.0, 1.0, 0.0));
    view_.labels.push_back(
        {planar_field::describe(f.linear), to_world(f.position + glm::dvec2(0.0, -0.06 * extent_)), color});
  }
}

std::optional<glm::dvec2> vector_field::fixed_point_near(glm::dvec2 start, double radius) const {
  const auto field = [this](const auto& p) { return planar_field::evaluate(field_, p); };
  const auto root = planar_field::newton_fixed_point(field, start, radius);
  // Newton's test is relative to |J|: next to a singularity of a typed field (x/y near y = 0)
  // a huge J passes it with a huge V. A fixed point is slow next to the grid's speeds too.
  if (!root || !(glm::length(velocity(*root)) <= fixed_point_speed * speed_cap_)) return std::nullopt;
  return root;
}

// [SECTION] time stepping

double vector_field::next_uniform(double lo, double hi) {
  return random_.uniform(lo, hi);
}

void vector_field::respawn_tracer(std::size_t i) {
  tracers_[i].position = {next_uniform(-extent_, extent_), next_uniform(-extent_, extent_)};
  tracers_[i].age = 0.0;
  tracers_[i].lifetime = next_uniform(4.0, 8.0);
  view_.trails[first_tracer_trail_ + i].points.clear();
}

void vector_field::step(double dt) {
  const auto V = [this](glm::dvec2 p) { return velocity(p); };
  time_ += dt;
  // where the field is undefined (a typed log(x) at x < 0) the probe particle stops
  if (const glm::dvec2 next = planar_field::rk4_step(V, probe_, dt); std::isfinite(next.x) && std::isfinite(next.y)) {
    probe_ = next;
  }
  push_point(view_.trails[probe_trail_], to_world(probe_, 0.02), probe_trail_length);
  for (std::size_t i = 0; i < tracers_.size(); ++i) {
    auto& t = tracers_[i];
    t.position = planar_field::rk4_step(V, t.position, dt);
    t.age += dt;
    const bool outside = std::abs(t.position.x) > extent_ || std::abs(t.position.y) > extent_;
    if (outside || t.age > t.lifetime || !std::isfinite(t.position.x) || !std::isfinite(t.position.y))
      respawn_tracer(i);
    push_point(view_.trails[first_tracer_trail_ + i], to_world(t.position, 0.015), tracer_trail_length);
  }
  update_dynamic_view();
}

void vector_field::trigger(const std::string& action) {
  if (action == "restart_probe") {
    probe_ = probe_start_;
    view_.trails[probe_trail_].points.clear();
    push_point(view_.trails[probe_trail_], to_world(probe_, 0.02), probe_trail_length);
  } else if (action == "respawn") {
    for (std::size_t i = 0; i < tracers_.size(); ++i) respawn_tracer(i);
  }
  update_dynamic_view();
}

void vector_field::set_inspect_point(glm::dvec2 p) {
  if (!std::isfinite(p.x) || !std::isfinite(p.y)) return;
  inspect_ = p;
  update_dynamic_view();
}

void vector_field::set_fd_step(double h) {
  if (std::isfinite(h) && h > 0.0) fd_step_ = h;
}

// Poses the particles and the marker, and the eigenvector arrows of J at the inspected point.
void vector_field::update_dynamic_view() {
  const double particle = view_.nodes[probe_node_].size.x;
  view_.nodes[probe_node_].local.translation = to_world(probe_, 0.5 * particle);
  view_.nodes[inspect_node_].local.translation = to_world(inspect_, 0.01);
  for (std::size_t i = 0; i < tracers_.size(); ++i) {
    auto& node = view_.nodes[first_tracer_node_ + i];
    node.local.translation = to_world(tracers_[i].position, 0.5 * node.size.x);
  }
  update_world_transforms(view_);

  const glm::dvec2 v = finite_or_zero(velocity(probe_));
  auto& arrow = view_.vectors[probe_vector_];
  arrow.origin = to_world(probe_, particle);
  arrow.value = to_world(v);
  // proportional to |V| up to the cap (1.5 grid cells), so it vanishes at a fixed point
  const double s = glm::length(v);
  arrow.scale = s > 0.0 ? 1.5 * (2.0 * extent_ / arrows_per_side_) * std::min(1.0, s / speed_cap_) / s : 0.0;

  const auto lin =
      planar_field::linearize(jacobian([this](const auto& p) { return planar_field::evaluate(field_, p); }, inspect_));
  const bool defined = std::isfinite(lin.trace) && std::isfinite(lin.determinant);  // a typed field may not be
  const glm::dvec2 e[2] = {lin.eigenvector1, lin.eigenvector2};
  const std::complex<double> lambda[2] = {lin.lambda1, lin.lambda2};
  for (int k = 0; k < 2; ++k) {
    auto& ev = view_.vectors[eigen_vector_ + static_cast<std::size_t>(k)];
    auto& label = view_.labels[eigen_label_ + static_cast<std::size_t>(k)];
    ev.visible = !lin.complex_pair && defined;
    // the eigenvector, pointed the way the linear flow moves along it (out for lambda > 0)
    const glm::dvec2 dir = lambda[k].real() >= 0.0 ? e[k] : -e[k];
    const glm::dvec2 tail = lambda[k].real() >= 0.0 ? glm::dvec2(0.0) : e[k] * eigen_arrow_length;
    ev.origin = to_world(inspect_ + tail, 2.0 * arrow_height);
    ev.value = to_world(dir) * eigen_arrow_length;
    ev.color = lambda[k].real() > 0.0 ? glm::vec4(1.0f, 0.45f, 0.40f, 1.0f) : glm::vec4(0.45f, 1.0f, 0.50f, 1.0f);
    label.color = ev.color;
    label.text = lin.complex_pair ? (k == 0 ? format_lambda("lambda1,2", lin.lambda1, true) : "")
                                  : format_lambda(k == 0 ? "lambda1" : "lambda2", lambda[k], false);
    if (!defined) label.text.clear();
    label.position = to_world(inspect_ + e[k] * (eigen_arrow_length * 1.05), 0.05);
    if (lin.complex_pair) label.position = to_world(inspect_ + glm::dvec2(0.05 * extent_, 0.05 * extent_), 0.05);
  }
}

}  // namespace framelab
