#include "scenes/poinsot_view.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "core/rotation/poinsot.hpp"
#include "scenes/rigid_body_drawing.hpp"

namespace framelab {

namespace {

constexpr double dot_diameter = 0.14;      // L_b's dot over the sphere's radius
constexpr double contact_diameter = 0.09;  // the contact point's dot over the ellipsoid's radius
constexpr double axis_overhang = 1.25;     // the sphere's principal-axis lines over its radius
constexpr double min_spacing = 0.005;      // trail points' least spacing over the ellipsoid's (sphere's) radius

// The part labels, in the order add() appends them.
enum label_slot : std::size_t { ellipsoid_label, plane_label, polhode_label, herpolhode_label, sphere_label };

// The unit vector in the plane with normal n closest to `direction`: d - (d.n) n, normalized
// (any in-plane direction when d is along n or zero).
glm::dvec3 along_plane(const glm::dvec3& direction, const glm::dvec3& n) {
  const glm::dvec3 d = direction - glm::dot(direction, n) * n;
  const double length = glm::length(d);
  if (length > 1e-9) return d / length;
  const glm::dvec3 other = std::abs(n.x) < 0.9 ? glm::dvec3(1.0, 0.0, 0.0) : glm::dvec3(0.0, 1.0, 0.0);
  return glm::normalize(glm::cross(n, other));
}

view_node root_node(std::string name, shape_kind shape, const glm::dvec3& size, const glm::vec4& color) {
  view_node node;
  node.name = std::move(name);
  node.shape = shape;
  node.size = size;
  node.color = color;
  return node;
}

// Appends p to the trail (at most `max_points`, the oldest dropped) unless it is closer than
// `spacing` to the last point.
void push_if_moved(trail& t, const glm::dvec3& p, double spacing, std::size_t max_points) {
  if (!t.points.empty() && glm::length(p - t.points.back()) < spacing) return;
  push_trail_point(t, p, max_points);
}

glm::vec4 opaque(glm::vec4 c) {
  c.a = 1.0f;
  return c;
}

}  // namespace

void poinsot_view::add(scene_view& view, const spinning_body& b, const poinsot_layout& layout) {
  const auto construction = poinsot_construction_of(b.body);
  const double l_norm = glm::length(b.body.angular_momentum());
  shown_ = construction.has_value() && l_norm > 0.0;
  if (!shown_) return;
  layout_ = layout;
  momentum_norm0_ = l_norm;
  polhode_.clear();
  // s = radius / max_k (1/sqrt(I_k)): the longest semi-axis is `ellipsoid_radius` metres.
  const glm::dvec3& axes = construction->semi_axes;
  const double longest = std::max({axes.x, axes.y, axes.z});
  scale = layout.ellipsoid_radius / longest;
  plane_thickness = 0.012 * layout.ellipsoid_radius;
  // The contact point stays within sqrt(|p|^2 - d^2) <= sqrt(max_k 1/I_k - d^2) of the foot of
  // the perpendicular from the centre: the herpolhode's reach on the plane.
  const double d = construction->plane_distance;
  reach_ = scale * std::sqrt(std::max(0.0, longest * longest - d * d));
  const double side = 2.0 * reach_ + 0.5 * layout.ellipsoid_radius;

  ellipsoid_node = view.nodes.size();
  view.nodes.push_back(root_node("energy ellipsoid x^T I x = 1 (Poinsot)", shape_kind::sphere, 2.0 * scale * axes,
                                 poinsot_colors::ellipsoid));
  plane_node = view.nodes.size();
  view.nodes.push_back(root_node("invariable plane (perpendicular to L)", shape_kind::box,
                                 glm::dvec3(side, plane_thickness, side), poinsot_colors::plane));
  contact_node = view.nodes.size();
  view.nodes.push_back(root_node("contact point omega/sqrt(2E)", shape_kind::sphere,
                                 glm::dvec3(contact_diameter * layout.ellipsoid_radius), poinsot_colors::state));
  sphere_node = view.nodes.size();
  view.nodes.push_back(root_node("|L| sphere (L in the body frame)", shape_kind::sphere,
                                 glm::dvec3(2.0 * layout.sphere_radius), poinsot_colors::sphere));
  view.nodes.back().local = pose_at(layout.sphere_centre, glm::dquat(1.0, 0.0, 0.0, 0.0));
  momentum_dot_node = view.nodes.size();
  view.nodes.push_back(root_node("L now (body frame)", shape_kind::sphere,
                                 glm::dvec3(dot_diameter * layout.sphere_radius), poinsot_colors::state));

  polhode_trail = view.trails.size();
  view.trails.push_back({"polhode: p = omega/sqrt(2E) in the body", {}, poinsot_colors::polhode, true});
  herpolhode_trail = view.trails.size();
  view.trails.push_back({"herpolhode: p on the invariable plane", {}, poinsot_colors::herpolhode, true});
  momentum_path_trail = view.trails.size();
  view.trails.push_back({"L in the body frame (its polhode)", {}, poinsot_colors::polhode, true});
  axis_trail = view.trails.size();
  view.trails.push_back({"rotation axis: centre to the contact point", {}, opaque(poinsot_colors::axis), true, false});

  // The loops of L_b on the sphere, drawn at radius r: L_b -> centre + r L_b / |L|.
  const double to_screen = layout.sphere_radius / l_norm;
  for (const auto& loop : polhode_curves_on_momentum_sphere(b.body.inertia, l_norm, loop_energies, loop_points)) {
    trail t{loop.separatrix ? "separatrix (through the intermediate axis)" : "polhode loop of L (body frame)",
            {},
            loop.separatrix ? poinsot_colors::separatrix : poinsot_colors::loop,
            true,
            false};
    for (const glm::dvec3& l : loop.points) t.points.push_back(layout.sphere_centre + to_screen * l);
    view.trails.push_back(std::move(t));
  }
  // The principal axes through the sphere, named I1, I2, I3.
  for (int k = 0; k < 3; ++k) {
    glm::dvec3 e(0.0);
    e[k] = axis_overhang * layout.sphere_radius;
    view.trails.push_back({"principal axis " + std::to_string(k + 1),
                           {layout.sphere_centre - e, layout.sphere_centre + e},
                           {0.75f, 0.75f, 0.75f, 0.9f},
                           true,
                           false});
    view.labels.push_back({"I" + std::to_string(k + 1), layout.sphere_centre + e, {0.85f, 0.85f, 0.85f, 1.0f}});
  }

  // The part labels, at fixed places beside their parts (the plane's follow L's direction).
  const glm::dvec3 up(0.0, 1.0, 0.0), right = layout.screen_right;
  const double r = layout.ellipsoid_radius;
  first_label_ = view.labels.size();
  view.labels.push_back({"energy ellipsoid", layout.ellipsoid_centre + 0.75 * r * right - 0.4 * r * up,
                         opaque(poinsot_colors::ellipsoid)});
  view.labels.push_back({"invariable plane", {}, opaque(poinsot_colors::plane)});
  view.labels.push_back({"polhode (on the ellipsoid)", layout.ellipsoid_centre + 0.55 * r * right - 0.8 * r * up,
                         poinsot_colors::polhode});
  view.labels.push_back({"herpolhode (on the plane)", {}, poinsot_colors::herpolhode});
  view.labels.push_back(
      {"|L| sphere:\nL in the body\nred: separatrix", layout.sphere_label_position, {0.85f, 0.90f, 1.0f, 1.0f}});
}

void poinsot_view::update(scene_view& view, const spinning_body& b, bool record) {
  if (!shown_) return;
  const auto construction = poinsot_construction_of(b.body);
  if (!construction) return;  // a body stopped dead: keep the last picture
  const glm::dvec3 centre = layout_.ellipsoid_centre;
  // The ellipsoid turns with the body: x_world = centre + s R x_principal.
  view.nodes[ellipsoid_node].local = pose_at(centre, construction->attitude);
  // The plane: normal n = L/|L|, the face toward the ellipsoid at centre + s d n.
  const glm::dvec3 n = construction->plane_normal;
  const glm::dvec3 foot = centre + scale * construction->plane_distance * n;
  view.nodes[plane_node].local = pose_at(foot + 0.5 * plane_thickness * n, rotation_from_y(n));
  // The contact point s R p, on the rotation axis.
  const glm::dvec3 contact = centre + scale * construction->contact_world;
  view.nodes[contact_node].local = pose_at(contact, glm::dquat(1.0, 0.0, 0.0, 0.0));
  view.trails[axis_trail].points = {centre, contact};
  // L_b on the sphere of radius r standing for |L0|.
  const glm::dvec3 l_body = b.body.inertia * b.body.principal_angular_velocity();
  const glm::dvec3 l_on_sphere = layout_.sphere_centre + (layout_.sphere_radius / momentum_norm0_) * l_body;
  view.nodes[momentum_dot_node].local = pose_at(l_on_sphere, glm::dquat(1.0, 0.0, 0.0, 0.0));

  // A trail point is kept once the curve has moved a pixel or so from the last one: slow
  // stretches (a spin close to a principal axis) cost no points, and layout.trail_points then
  // covers several turns.
  const double spacing = min_spacing * layout_.ellipsoid_radius;
  if (record) {
    if (polhode_.empty() || scale * glm::length(construction->contact_body - polhode_.back()) >= spacing) {
      if (polhode_.size() >= layout_.trail_points) polhode_.erase(polhode_.begin());
      polhode_.push_back(construction->contact_body);
    }
    push_if_moved(view.trails[herpolhode_trail], contact, spacing, layout_.trail_points);
    push_if_moved(view.trails[momentum_path_trail], l_on_sphere, min_spacing * layout_.sphere_radius,
                  layout_.trail_points);
  }
  // The polhode is fixed in the body: drawn where the body's pose puts it now, centre + s R p.
  const glm::dmat3 to_world = scale * glm::mat3_cast(construction->attitude);
  auto& polhode = view.trails[polhode_trail].points;
  polhode.resize(polhode_.size());
  for (std::size_t i = 0; i < polhode_.size(); ++i) polhode[i] = centre + to_world * polhode_[i];

  // The plane's labels on the plane: toward the viewer's side and to the right of the herpolhode.
  const glm::dvec3 right = layout_.screen_right;
  const glm::dvec3 toward_viewer = glm::cross(right, glm::dvec3(0.0, 1.0, 0.0));
  const double half_side = 0.5 * view.nodes[plane_node].size.x;
  view.labels[first_label_ + plane_label].position =
      foot + half_side * along_plane(toward_viewer, n) + 0.2 * half_side * along_plane(right, n);
  view.labels[first_label_ + herpolhode_label].position = foot + 1.05 * reach_ * along_plane(right, n);
}

}  // namespace framelab
