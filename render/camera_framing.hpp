#pragma once
// A camera that frames a scene's bodies (presentation mode's stage): it keeps the current
// viewing direction (yaw, pitch) and moves the target and the distance until the screen
// box of every drawn shape and arrow is centred and its larger side spans `fill` of the
// window on its axis (fill 0.8: the bodies' box is 80 % of the window's width or height).
// Shapes are measured through the camera's own matrices: a box by its corners, a cylinder
// or cone by rings of points around its ends, a sphere exactly (its tangent lines), an
// arrow by its two ends. Pure maths.
#include <optional>
#include <string>
#include <vector>

#include "core/scene_view.hpp"

namespace framelab::render {

struct bounding_sphere {
  glm::dvec3 centre{0.0};
  double radius = 0.0;
};

// What to frame: the nodes of these names with every node below them (a scene file's
// camera focus, scene_view::focus, or a script's `camera focus NAME...`) and every
// visible arrow; empty, or naming no node of the view: every drawn shape.
using focus_names = std::vector<std::string>;

// Whether each node of the view is framed under `focus` (parents come before children).
std::vector<char> framed_nodes(const scene_view& view, const focus_names& focus);

// What presentation mode frames, in world coordinates: outline points of boxes,
// cylinders, cones and arrows, and the spheres' bounding spheres (taken exactly).
struct drawn_shapes {
  std::vector<glm::dvec3> points;
  std::vector<bounding_sphere> spheres;
  bool empty() const { return points.empty() && spheres.empty(); }
};
drawn_shapes shapes_of(const scene_view& view, const focus_names& focus = {});

// A rectangle in normalised device coordinates (-1..1 spans the window; +y up).
struct screen_box {
  glm::dvec2 low{0.0};
  glm::dvec2 high{0.0};
  double reach() const;  // the largest |coordinate|: 1 = the window's edge
};

// The screen box of `shapes` seen through `camera`; nothing when no shape is drawn or
// one reaches behind the camera's near side.
std::optional<screen_box> screen_bounds(const drawn_shapes& shapes, const camera_setup& camera, double aspect);

// The part of the window the bodies are framed in, in NDC: the whole window by default;
// presentation mode with a plot beside the 3D view uses the part left of the plot.
struct stage_area {
  glm::dvec2 centre{0.0};
  glm::dvec2 half{1.0};  // half the area's width and height (1: the window's)
};

// The sphere around every drawn node (each taken as its own bounding sphere) and every
// visible arrow; nothing when the scene draws nothing finite.
std::optional<bounding_sphere> bodies_bounds(const scene_view& view, const focus_names& focus = {});

// `current` aimed at the bodies (unchanged when there are none); aspect = width / height;
// fill in (0, 1]: the bodies' screen box centred in `area`, its larger side `fill` of the
// area's on that axis.
camera_setup framing_camera(const scene_view& view, const camera_setup& current, double aspect, double fill = 0.85,
                            const stage_area& area = {}, const focus_names& focus = {});

// A scene's own camera kept clear of the panels at any window and interface size: `current` as it
// is when the shapes it shows whole in `shown` (the part of its picture that shows: each shape's
// screen box within it, so not a ground running off the window's edges) lie within `fill` of
// `area` (the part no panel covers), else moved back along its view (the same target and
// direction) to the nearest distance at which they do.
camera_setup backed_off_to_fit(const scene_view& view, const camera_setup& current, double aspect, double fill,
                               const stage_area& area = {}, const stage_area& shown = {},
                               const focus_names& focus = {});

// The screen box within `fill` of `area` (every corner at most fill * area.half from its centre).
bool box_within(const screen_box& box, const stage_area& area, double fill);

// Every drawn shape within `fill` of the area seen through `camera` (|NDC| <= fill for the whole window).
bool bodies_in_view(const scene_view& view, const camera_setup& camera, double aspect, double fill,
                    const stage_area& area = {}, const focus_names& focus = {});

}  // namespace framelab::render
