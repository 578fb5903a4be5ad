#include "render/camera_framing.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "render/orbit_camera.hpp"

namespace framelab::render {

namespace {

constexpr int ring_points = 16;  // around a cylinder's or cone's end: the outline within cos(pi/16) = 98 %

bool finite(const glm::dvec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

double tan_half_vertical() {
  return std::tan(0.5 * orbit_camera::field_of_view_deg * std::numbers::pi / 180.0);
}

// Points on the unit shape (centred, extents 1, as render/primitive_mesh.cpp builds it)
// whose images bound the drawn one: a box's corners, rings around a cylinder's two ends, a cone's base ring and apex.
void add_outline(const view_node& node, std::vector<glm::dvec3>& points) {
  const auto add = [&](const glm::dvec3& unit) {
    const glm::dvec3 p = node.world.apply_point(node.size * unit);
    if (finite(p)) points.push_back(p);
  };
  if (node.shape == shape_kind::cylinder || node.shape == shape_kind::cone) {
    for (int i = 0; i < ring_points; ++i) {
      const double a = 2.0 * std::numbers::pi * i / ring_points;
      add({0.5 * std::cos(a), -0.5, 0.5 * std::sin(a)});
      if (node.shape == shape_kind::cylinder) add({0.5 * std::cos(a), 0.5, 0.5 * std::sin(a)});
    }
    if (node.shape == shape_kind::cone) add({0.0, 0.5, 0.0});
    return;
  }
  for (int corner = 0; corner < 8; ++corner)
    add({(corner & 1) ? 0.5 : -0.5, (corner & 2) ? 0.5 : -0.5, (corner & 4) ? 0.5 : -0.5});
}

// The spheres around every framed shape: the start of the framing, which then tightens it.
std::vector<bounding_sphere> drawn_spheres(const scene_view& view, const focus_names& focus) {
  std::vector<bounding_sphere> spheres;
  const std::vector<char> framed = framed_nodes(view, focus);
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    const view_node& node = view.nodes[i];
    if (node.shape == shape_kind::none || framed[i] == 0) continue;
    // A shape of full extents `size` fits in the sphere of half its diagonal.
    const double radius = 0.5 * node.world.scale * glm::length(node.size);
    if (finite(node.world.translation) && std::isfinite(radius)) spheres.push_back({node.world.translation, radius});
  }
  for (const auto& v : view.vectors) {
    const glm::dvec3 tip = v.origin + v.value * v.scale;
    if (v.visible && finite(v.origin) && finite(tip))
      spheres.push_back({0.5 * (v.origin + tip), 0.5 * glm::length(tip - v.origin)});
  }
  return spheres;
}

// The camera looks along -forward at the target from distance D. A sphere at offset
// (x, y, z) from the target (camera right, up, forward coordinates) of radius r stays
// within the fraction f of the half-view when, with its nearest depth D - z - r,
//   (|x| + r) / (D - z - r) <= f tan(half horizontal angle), and the same for |y|, vertical:
//   D >= z + r + (|x| + r) / (f tan(h_x)),   D >= z + r + (|y| + r) / (f tan(h_y)).
// Returns the least such D over every sphere (0 when there are none).
double sphere_framing_distance(const std::vector<bounding_sphere>& spheres, const camera_setup& camera_at_target,
                               double aspect, double fill) {
  const double tan_vertical = tan_half_vertical();
  const double tan_horizontal = std::max(aspect, 1e-3) * tan_vertical;
  camera_setup unit = camera_at_target;
  unit.distance = 1.0;
  orbit_camera camera;
  camera.set(unit);
  const glm::dvec3 forward = glm::normalize(camera.eye() - unit.target);  // from the target toward the eye
  const glm::dvec3 right = glm::normalize(glm::cross(glm::dvec3(0.0, 1.0, 0.0), forward));
  const glm::dvec3 up = glm::cross(forward, right);
  double distance = 0.0;
  for (const auto& s : spheres) {
    const glm::dvec3 offset = s.centre - unit.target;
    const double z = glm::dot(offset, forward);
    const double reach_x = (std::abs(glm::dot(offset, right)) + s.radius) / (fill * tan_horizontal);
    const double reach_y = (std::abs(glm::dot(offset, up)) + s.radius) / (fill * tan_vertical);
    distance = std::max(distance, z + s.radius + std::max(reach_x, reach_y));
  }
  return distance;
}

// The tangents of the two lines through the eye that touch the circle of radius r around
// (a, d) (a across the view, d the depth), as tan(alpha +- delta) with tan(alpha) = a / d and
// tan(delta) = r / sqrt(a^2 + d^2 - r^2). False when the circle reaches a right angle off the view axis.
bool tangent_slopes(double a, double d, double r, double& low, double& high) {
  const double q2 = a * a + d * d - r * r;
  if (!(q2 > 0.0)) return false;
  const double t = a / d;
  const double s = r / std::sqrt(q2);
  if (!(1.0 - t * s > 0.0) || !(1.0 + t * s > 0.0)) return false;
  high = (t + s) / (1.0 - t * s);
  low = (t - s) / (1.0 + t * s);
  return true;
}

// A shape seen from a camera, relative to its target: q = R (p - target) in the camera's
// axes (right, up, toward the eye) and its radius (0 for an outline point). With the
// target moved by `shift` across the view and the eye `distance` from it, the point sits
// at camera-space (q.x - shift.x, q.y - shift.y) at depth distance - q.z, so the framing's
// rounds need no matrix products.
struct relative_shape {
  glm::dvec3 q;
  double radius;
};

std::vector<relative_shape> relative_to(const drawn_shapes& shapes, const camera_setup& setup) {
  orbit_camera camera;
  camera.set(setup);
  const glm::dmat3 rotation(camera.view());  // the view's rotation: world -> camera axes
  std::vector<relative_shape> relative;
  relative.reserve(shapes.points.size() + shapes.spheres.size());
  for (const auto& p : shapes.points) relative.push_back({rotation * (p - setup.target), 0.0});
  for (const auto& s : shapes.spheres) relative.push_back({rotation * (s.centre - setup.target), s.radius});
  return relative;
}

// A sphere (centre a across the view, depth d, radius r) lies in the cube a +- r, d +- r,
// whose slopes a / d are largest at a corner: at most (a + r) / (d - r) when a + r > 0,
// else (a + r) / (d + r); the least likewise. True when that cube's screen box already
// lies within `box`, so the sphere cannot widen it (the exact tangents are then skipped).
bool inside_box_so_far(glm::dvec2 a, double d, double r, glm::dvec2 to_ndc, const screen_box& box) {
  const auto slope = [&](double x) { return x / (x > 0.0 ? d - r : d + r); };
  const glm::dvec2 high(slope(a.x + r), slope(a.y + r));
  const glm::dvec2 low(-slope(-(a.x - r)), -slope(-(a.y - r)));
  return glm::all(glm::greaterThanEqual(low * to_ndc, box.low)) &&
         glm::all(glm::lessThanEqual(high * to_ndc, box.high));
}

// The screen box of the shapes with the target shifted by `shift` (m, camera right and
// up) and the eye `distance` away; nothing when one reaches the near plane or behind.
// A camera-space point (x, y, -d) lands at NDC (x / (d tan h_x), y / (d tan h_y)); a
// sphere's extent comes from its tangent lines (tangent_slopes).
std::optional<screen_box> box_from(const std::vector<relative_shape>& shapes, glm::dvec2 shift, double distance,
                                   double aspect) {
  if (shapes.empty()) return std::nullopt;
  const double tan_vertical = tan_half_vertical();
  const glm::dvec2 to_ndc(1.0 / (std::max(aspect, 1e-3) * tan_vertical), 1.0 / tan_vertical);
  const double near_depth = std::max(0.01, distance * 0.01);  // orbit_camera's near plane
  screen_box box{glm::dvec2(std::numeric_limits<double>::infinity()),
                 glm::dvec2(-std::numeric_limits<double>::infinity())};
  for (const auto& s : shapes) {
    const glm::dvec2 across(s.q.x - shift.x, s.q.y - shift.y);
    const double depth = distance - s.q.z;
    glm::dvec2 low;
    glm::dvec2 high;
    if (s.radius == 0.0) {
      if (!(depth > near_depth)) return std::nullopt;
      low = high = across / depth;
    } else {
      if (!(depth - s.radius > near_depth)) return std::nullopt;
      if (inside_box_so_far(across, depth, s.radius, to_ndc, box)) continue;  // a ball inside its box: most of them
      if (!tangent_slopes(across.x, depth, s.radius, low.x, high.x) ||
          !tangent_slopes(across.y, depth, s.radius, low.y, high.y))
        return std::nullopt;
    }
    box.low = glm::min(box.low, low * to_ndc);
    box.high = glm::max(box.high, high * to_ndc);
  }
  return box;
}

// The nearest distance in [near, far x 1.5^40] at which `shapes` (seen from `shift` across the view) stay
// within `fill` of `area`, to 1e-4: `far` grows until they do, then the distance is bisected. Nothing
// when no distance is far enough.
std::optional<double> nearest_distance_within(const std::vector<relative_shape>& shapes, const glm::dvec2& shift,
                                              double near, double far, double aspect, double fill,
                                              const stage_area& area) {
  const auto within = [&](double d) {
    const std::optional<screen_box> box = box_from(shapes, shift, d, aspect);
    return box && box_within(*box, area, fill);
  };
  for (int round = 0; round < 40 && !within(far); ++round) far *= 1.5;
  if (!within(far)) return std::nullopt;
  for (int round = 0; round < 30 && far - near > 1e-4 * far; ++round) {
    const double middle = 0.5 * (near + far);
    (within(middle) ? far : near) = middle;
  }
  return far;
}

}  // namespace

double screen_box::reach() const {
  return std::max({std::abs(low.x), std::abs(low.y), std::abs(high.x), std::abs(high.y)});
}

std::vector<char> framed_nodes(const scene_view& view, const focus_names& focus) {
  std::vector<char> framed(view.nodes.size(), focus.empty() ? 1 : 0);
  if (focus.empty()) return framed;
  bool any = false;
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    const view_node& node = view.nodes[i];
    const bool named = std::find(focus.begin(), focus.end(), node.name) != focus.end();
    const bool below = node.parent >= 0 && static_cast<std::size_t>(node.parent) < i &&
                       framed[static_cast<std::size_t>(node.parent)] != 0;
    framed[i] = named || below ? 1 : 0;
    any = any || named;
  }
  if (!any) framed.assign(view.nodes.size(), 1);
  return framed;
}

namespace {

// Each drawn shape of `view` under `focus` (a node's shape, a visible arrow) as its own drawn_shapes.
template <class Add>
void for_each_shape(const scene_view& view, const focus_names& focus, Add&& add) {
  const std::vector<char> framed = framed_nodes(view, focus);
  drawn_shapes one;  // reused: its lists keep their room
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    const view_node& node = view.nodes[i];
    if (node.shape == shape_kind::none || framed[i] == 0) continue;
    one.points.clear();
    one.spheres.clear();
    if (node.shape == shape_kind::sphere) {
      const double radius = bounding_radius(node);
      if (finite(node.world.translation) && std::isfinite(radius))
        one.spheres.push_back({node.world.translation, radius});
    } else {
      add_outline(node, one.points);
    }
    add(one);
  }
  for (const auto& v : view.vectors) {
    const glm::dvec3 tip = v.origin + v.value * v.scale;
    if (!v.visible || !finite(v.origin) || !finite(tip)) continue;
    one.points.assign({v.origin, tip});
    one.spheres.clear();
    add(one);
  }
}

void append(drawn_shapes& to, const drawn_shapes& shapes) {
  to.points.insert(to.points.end(), shapes.points.begin(), shapes.points.end());
  to.spheres.insert(to.spheres.end(), shapes.spheres.begin(), shapes.spheres.end());
}

// The shapes `camera` shows whole in `shown` (each one's screen box within it): what a scene's camera
// was placed to show. A ground running off the picture's edges is not among them.
drawn_shapes shapes_shown_whole(const scene_view& view, const camera_setup& camera, double aspect,
                                const stage_area& shown, const focus_names& focus) {
  drawn_shapes whole;
  for_each_shape(view, focus, [&](const drawn_shapes& one) {
    const std::optional<screen_box> box = screen_bounds(one, camera, aspect);
    if (box && box_within(*box, shown, 1.0)) append(whole, one);
  });
  return whole;
}

}  // namespace

drawn_shapes shapes_of(const scene_view& view, const focus_names& focus) {
  drawn_shapes shapes;
  for_each_shape(view, focus, [&](const drawn_shapes& one) { append(shapes, one); });
  return shapes;
}

std::optional<screen_box> screen_bounds(const drawn_shapes& shapes, const camera_setup& camera, double aspect) {
  return box_from(relative_to(shapes, camera), glm::dvec2(0.0), camera.distance, aspect);
}

std::optional<bounding_sphere> bodies_bounds(const scene_view& view, const focus_names& focus) {
  const std::vector<bounding_sphere> spheres = drawn_spheres(view, focus);
  if (spheres.empty()) return std::nullopt;
  // Centre: the middle of the spheres' bounding box; radius: the farthest sphere's far side.
  glm::dvec3 low(std::numeric_limits<double>::infinity());
  glm::dvec3 high(-std::numeric_limits<double>::infinity());
  for (const auto& s : spheres) {
    low = glm::min(low, s.centre - glm::dvec3(s.radius));
    high = glm::max(high, s.centre + glm::dvec3(s.radius));
  }
  bounding_sphere bounds{0.5 * (low + high), 0.0};
  for (const auto& s : spheres)
    bounds.radius = std::max(bounds.radius, glm::length(s.centre - bounds.centre) + s.radius);
  return bounds;
}

// Starting from the bounding spheres' framing (everything in view, loosely), each round
// moves the target so that the screen box is centred and scales the distance by
// (the box's larger half side / fill): at the target's depth an NDC offset c is
// c D tan(h) metres across the view, and NDC sizes go as 1 / D. Shapes off the target's
// depth scale a little differently, so the distance is then bisected: the nearest one at
// which the box stays within `fill`.
bool box_within(const screen_box& box, const stage_area& area, double fill) {
  const glm::dvec2 low = (box.low - area.centre) / area.half;
  const glm::dvec2 high = (box.high - area.centre) / area.half;
  return std::max({-low.x, -low.y, high.x, high.y}) <= fill;
}

camera_setup framing_camera(const scene_view& view, const camera_setup& current, double aspect, double fill,
                            const stage_area& area, const focus_names& focus) {
  const std::optional<bounding_sphere> bounds = bodies_bounds(view, focus);
  if (!bounds || !(bounds->radius > 0.0)) return current;
  fill = std::clamp(fill, 0.05, 1.0);
  camera_setup loose = current;
  loose.target = bounds->centre;
  loose.distance = sphere_framing_distance(drawn_spheres(view, focus), loose, aspect, fill);
  if (!(loose.distance > 0.0) || !std::isfinite(loose.distance)) return current;

  // Measured from the loose camera's target: each round shifts the target across the view
  // and changes the distance, which leaves every shape's relative q as it is.
  const std::vector<relative_shape> shapes = relative_to(shapes_of(view, focus), loose);
  const double tan_vertical = tan_half_vertical();
  const glm::dvec2 metres_per_ndc(std::max(aspect, 1e-3) * tan_vertical, tan_vertical);  // times the distance
  glm::dvec2 shift(0.0);
  double distance = loose.distance;
  for (int round = 0; round < 24; ++round) {
    const std::optional<screen_box> box = box_from(shapes, shift, distance, aspect);
    if (!box) {
      distance *= 2.0;
      continue;
    }
    // the box's centre moves to the area's; the box's half sides measured in the area's
    const glm::dvec2 centre = 0.5 * (box->low + box->high) - area.centre;
    const glm::dvec2 half = 0.5 * (box->high - box->low) / area.half;
    shift += distance * centre * metres_per_ndc;
    distance *= std::clamp(std::max(half.x, half.y) / fill, 0.5, 2.0);
  }
  const std::optional<double> far =
      nearest_distance_within(shapes, shift, 0.25 * distance, distance, aspect, fill, area);
  if (!far) return loose;
  orbit_camera camera;
  camera.set(loose);
  const glm::dmat4 v = camera.view();
  const glm::dvec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::dvec3 up(v[0][1], v[1][1], v[2][1]);
  camera_setup framed = loose;
  framed.target += shift.x * right + shift.y * up;
  framed.distance = *far;
  return framed;
}

camera_setup backed_off_to_fit(const scene_view& view, const camera_setup& current, double aspect, double fill,
                               const stage_area& area, const stage_area& shown, const focus_names& focus) {
  const drawn_shapes whole = shapes_shown_whole(view, current, aspect, shown, focus);
  const std::optional<screen_box> box = screen_bounds(whole, current, aspect);
  if (whole.empty() || !box || box_within(*box, area, fill)) return current;
  const std::optional<double> distance = nearest_distance_within(
      relative_to(whole, current), glm::dvec2(0.0), current.distance, current.distance, aspect, fill, area);
  if (!distance) return current;
  camera_setup backed_off = current;
  backed_off.distance = *distance;
  return backed_off;
}

bool bodies_in_view(const scene_view& view, const camera_setup& camera, double aspect, double fill,
                    const stage_area& area, const focus_names& focus) {
  const drawn_shapes shapes = shapes_of(view, focus);
  if (shapes.empty()) return true;
  const std::optional<screen_box> box = screen_bounds(shapes, camera, aspect);
  return box && box_within(*box, area, fill);
}

}  // namespace framelab::render
