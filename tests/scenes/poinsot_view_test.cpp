// Poinsot's construction as free-body and tennis-racket draw it, checked on the
// scene_view alone (node world transforms and sizes): the drawn ellipsoid touches the
// drawn plane, at a point inside the plane's square and on the body's rotation axis,
// the plane stays at sqrt(2 E0)/|L0| (times the display scale) for the whole midpoint
// run, the trails stay bounded, and with the parameter off nothing is added.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "scenes/free_body.hpp"
#include "scenes/tennis_racket.hpp"

namespace framelab {
namespace {

constexpr double touch_tol = 1e-9;  // relative to the centre-plane distance, the target

struct touch_errors {
  double tangency = 0.0;  // | |plane - centre| / support - 1 |
  double distance = 0.0;  // | drawn distance / (s sqrt(2 E0)/|L0|) - 1 |
  double axis = 0.0;      // |sin| of the angle between (contact - centre) and omega
  double outside = 0.0;   // how far the contact point lies outside the plane's square (m)

  void merge(const touch_errors& e) {
    tangency = std::max(tangency, e.tangency);
    distance = std::max(distance, e.distance);
    axis = std::max(axis, e.axis);
    outside = std::max(outside, e.outside);
  }
};

// The ellipsoid node (a sphere with per-axis diameters `size`) against the plane node (a box
// of size (w, t, w) whose y axis is the plane's normal), from their world transforms only.
touch_errors measure(const scene_view& view, const poinsot_view& poinsot, const glm::dvec3& omega_world,
                     double expected_distance) {
  const view_node& e = view.nodes[poinsot.ellipsoid_node];
  const view_node& p = view.nodes[poinsot.plane_node];
  EXPECT_EQ(e.shape, shape_kind::sphere);
  EXPECT_EQ(p.shape, shape_kind::box);
  // The ellipsoid: x = T + R diag(a) u, |u| = 1, so M = R diag(a^2) R^T and its support along m is sqrt(m^T M m).
  const glm::dmat3 r = glm::mat3_cast(e.world.rotation);
  const glm::dvec3 a = 0.5 * e.world.scale * e.size;
  const glm::dmat3 m_matrix =
      r * glm::dmat3(a.x * a.x, 0.0, 0.0, 0.0, a.y * a.y, 0.0, 0.0, 0.0, a.z * a.z) * glm::transpose(r);
  const glm::dvec3 centre = e.world.translation;
  // The plane: the box face toward the ellipsoid's centre.
  const glm::dmat3 rp = glm::mat3_cast(p.world.rotation);
  const glm::dvec3 normal = rp[1];
  const glm::dvec3 box_size = p.world.scale * p.size;
  const double side = glm::dot(normal, centre - p.world.translation) > 0.0 ? 1.0 : -1.0;
  const double face = glm::dot(normal, p.world.translation) + side * 0.5 * box_size.y;
  const double delta = face - glm::dot(normal, centre);  // signed distance from the centre to the face
  const glm::dvec3 toward = delta > 0.0 ? normal : -normal;
  const double support = std::sqrt(glm::dot(toward, m_matrix * toward));
  // The point of the ellipsoid farthest along `toward`: T + M m / sqrt(m^T M m).
  const glm::dvec3 contact = centre + m_matrix * toward / support;
  touch_errors err;
  err.tangency = std::abs(std::abs(delta) / support - 1.0);
  err.distance = std::abs(std::abs(delta) / (poinsot.scale * expected_distance) - 1.0);
  err.axis = glm::length(glm::cross(contact - centre, omega_world)) /
             (glm::length(contact - centre) * glm::length(omega_world));
  const glm::dvec3 in_plane = contact - p.world.translation;
  err.outside = std::max({0.0, std::abs(glm::dot(in_plane, rp[0])) - 0.5 * box_size.x,
                          std::abs(glm::dot(in_plane, rp[2])) - 0.5 * box_size.z});
  return err;
}

// sqrt(2E)/|L| from the body's state, without core/rotation/poinsot.hpp.
double plane_distance_of(const rigid_body_d& b) {
  const glm::dvec3 l = b.angular_momentum();
  return std::sqrt(glm::dot(b.angular_velocity, l)) / glm::length(l);
}

void expect_touching(const touch_errors& worst, const char* what) {
  std::printf("  %s: tangency %.1e, plane distance %.1e, contact x omega %.1e, outside the plane %.1e m\n", what,
              worst.tangency, worst.distance, worst.axis, worst.outside);
  EXPECT_LE(worst.tangency, touch_tol) << what;
  EXPECT_LE(worst.distance, touch_tol) << what;
  EXPECT_LE(worst.axis, touch_tol) << what;
  EXPECT_EQ(worst.outside, 0.0) << what;
}

void expect_bounded_finite_trails(const scene_view& view) {
  for (const trail& t : view.trails) {
    EXPECT_LE(t.points.size(), poinsot_layout().trail_points) << t.label;
    for (const glm::dvec3& x : t.points) ASSERT_TRUE(std::isfinite(x.x + x.y + x.z)) << t.label;
  }
}

param_values free_body_values(const std::vector<double>& omega) {
  param_values v = param_values::defaults(free_body().parameters());
  v.set("poinsot", true);
  v.set("omega", omega);
  return v;
}

TEST(poinsot_view, free_body_ellipsoid_touches_the_plane_for_the_whole_run) {
  // The default Dzhanibekov spin (20 s at 30 Hz: several flips), and a generic one.
  struct run {
    const char* name;
    std::vector<double> omega;
    double dt;
    int steps;
  };
  for (const run& r : {run{"free-body, Dzhanibekov", {0.01, 5.0, 0.01}, 1.0 / 30.0, 600},
                       run{"free-body, generic", {1.3, -0.8, 2.4}, 1.0 / 60.0, 300}}) {
    free_body scene;
    scene.reset(free_body_values(r.omega));
    ASSERT_TRUE(scene.poinsot().shown());
    const double d0 = plane_distance_of(scene.body(0).body);
    touch_errors worst;
    for (int i = 0; i <= r.steps; ++i) {
      if (i > 0) scene.step(r.dt);
      worst.merge(measure(scene.view(), scene.poinsot(), scene.body(0).body.angular_velocity, d0));
    }
    expect_touching(worst, r.name);
    expect_bounded_finite_trails(scene.view());
  }
}

TEST(poinsot_view, trails_keep_at_most_their_length) {
  // The view on its own, with short trails, for a fast generic spin: the contact point moves
  // far every step, so every step adds a point until the trails are full.
  spinning_body b;
  b.body.inertia = {1.0, 2.0, 3.0};
  b.body.angular_velocity = {20.0, -15.0, 18.0};
  b.start();
  poinsot_layout layout;
  layout.trail_points = 40;
  scene_view view;
  poinsot_view poinsot;
  poinsot.add(view, b, layout);
  ASSERT_TRUE(poinsot.shown());
  for (std::size_t i = 0; i < 2 * layout.trail_points; ++i) {
    b.step(1.0 / 60.0);
    poinsot.update(view, b, true);
  }
  EXPECT_EQ(view.trails[poinsot.polhode_trail].points.size(), layout.trail_points);
  EXPECT_EQ(view.trails[poinsot.herpolhode_trail].points.size(), layout.trail_points);
  EXPECT_EQ(view.trails[poinsot.momentum_path_trail].points.size(), layout.trail_points);
}

TEST(poinsot_view, tennis_racket_midpoint_copy_touches_the_plane) {
  tennis_racket scene;
  param_values v = param_values::defaults(scene.parameters());
  v.set("poinsot", true);
  scene.reset(v);
  ASSERT_TRUE(scene.poinsot().shown());
  const spinning_body& b = scene.body(tennis_racket::poinsot_copy);
  ASSERT_EQ(b.settings.integrator, integrator_kind::midpoint);
  const double d0 = plane_distance_of(b.body);
  touch_errors worst;
  for (int i = 0; i <= 600; ++i) {
    if (i > 0) scene.step(1.0 / 120.0);
    worst.merge(measure(scene.view(), scene.poinsot(), b.body.angular_velocity, d0));
  }
  expect_touching(worst, "tennis-racket, midpoint copy");
  expect_bounded_finite_trails(scene.view());
}

TEST(poinsot_view, off_by_default_and_adds_nothing) {
  free_body with, without;
  without.reset(param_values::defaults(without.parameters()));
  EXPECT_FALSE(without.poinsot().shown());
  with.reset(free_body_values({0.01, 5.0, 0.01}));
  EXPECT_GT(with.view().nodes.size(), without.view().nodes.size());
  param_values v = free_body_values({0.01, 5.0, 0.01});
  v.set("poinsot", false);
  free_body off;
  off.reset(v);
  EXPECT_EQ(off.view().nodes.size(), without.view().nodes.size());
  EXPECT_EQ(off.view().trails.size(), without.view().trails.size());
  EXPECT_EQ(off.view().labels.size(), without.view().labels.size());
}

TEST(poinsot_view, a_body_at_rest_or_a_sphere_draws_no_nan) {
  // At rest: no construction at all. A sphere-like body: the construction but no polhode loops.
  for (const auto& [inertia, omega] :
       {std::pair{std::vector<double>{1.0, 2.0, 3.0}, std::vector<double>{0.0, 0.0, 0.0}},
        std::pair{std::vector<double>{2.0, 2.0, 2.0}, std::vector<double>{0.3, 1.0, 0.2}}}) {
    free_body scene;
    param_values v = free_body_values(omega);
    v.set("inertia", inertia);
    scene.reset(v);
    for (int i = 0; i < 30; ++i) scene.step(1.0 / 60.0);
    for (const view_node& n : scene.view().nodes) {
      EXPECT_TRUE(std::isfinite(n.world.translation.x + n.world.translation.y + n.world.translation.z)) << n.name;
      EXPECT_TRUE(std::isfinite(n.size.x + n.size.y + n.size.z)) << n.name;
    }
    expect_bounded_finite_trails(scene.view());
  }
}

TEST(poinsot_view, extreme_parameters_draw_no_nan) {
  // The parameters' ranges (inertia up to 1e6, omega up to 1000 rad/s) and tiny values.
  const std::vector<std::vector<double>> inertias = {
      {1e-6, 1e-6, 1e-6}, {1e6, 1e6, 1e6}, {1e-6, 1e6, 1e6}, {1.0, 2.0, 3.0}, {1.0, 1.0, 2.0}};
  const std::vector<std::vector<double>> omegas = {
      {1000.0, -1000.0, 1000.0}, {1e-150, 2e-150, 0.0}, {0.0, 0.0, 1e-3}, {-3.0, 0.5, 0.25}};
  for (const auto& inertia : inertias) {
    for (const auto& omega : omegas) {
      free_body scene;
      param_values v = free_body_values(omega);
      v.set("inertia", inertia);
      ASSERT_FALSE(scene.check(v));
      scene.reset(v);
      for (int i = 0; i < 5; ++i) scene.step(1.0 / 120.0);
      const scene_view& view = scene.view();
      for (const view_node& n : view.nodes) {
        const glm::dvec3 t = n.world.translation;
        ASSERT_TRUE(std::isfinite(t.x + t.y + t.z + n.size.x + n.size.y + n.size.z)) << n.name;
      }
      for (const text_label& l : view.labels)
        ASSERT_TRUE(std::isfinite(l.position.x + l.position.y + l.position.z)) << l.text;
      expect_bounded_finite_trails(view);
    }
  }
}

}  // namespace
}  // namespace framelab
