#pragma once
// Poinsot's construction drawn next to a torque-free body (free-body and
// tennis-racket, parameter `poinsot`), from core/rotation/poinsot.hpp:
//
//   - the energy ellipsoid x^T I~ x = 1, posed by the body's rotation R, drawn
//     translucent with its centre at `ellipsoid_centre`;
//   - the invariable plane, perpendicular to L at d = sqrt(2E)/|L| from that centre,
//     touching the ellipsoid at p = omega/sqrt(2E);
//   - the polhode (p in the body, drawn on the ellipsoid as it turns) and the
//     herpolhode (R p in the world, on the plane);
//   - the |L| sphere inset: polhode loops of L_b (sphere |L_b| = |L| cut by the
//     energy ellipsoid L_b^T I~^-1 L_b = 2E, the separatrix in red), drawn in the
//     principal frame (not turned with the body), with L_b as a dot and its path.
//
// One display scale s (metres per unit of 1/sqrt(kg m^2)) maps the ellipsoid to the
// screen: semi-axes s/sqrt(I_k), contact point s p, plane at s d. Plain scene_view
// data, no GL.
#include <cstddef>
#include <vector>

#include "core/scene_view.hpp"
#include "scenes/rigid_body_scene.hpp"

namespace framelab {

namespace poinsot_colors {
inline constexpr glm::vec4 ellipsoid{0.62f, 0.55f, 0.95f, 0.33f};   // translucent violet
inline constexpr glm::vec4 plane{0.30f, 0.85f, 1.00f, 0.22f};       // translucent cyan, like L
inline constexpr glm::vec4 polhode{1.00f, 0.30f, 0.85f, 1.00f};     // magenta, on the ellipsoid and the sphere
inline constexpr glm::vec4 herpolhode{1.00f, 0.90f, 0.20f, 1.00f};  // yellow, on the plane
inline constexpr glm::vec4 sphere{0.60f, 0.70f, 0.85f, 0.16f};      // the |L| sphere
inline constexpr glm::vec4 loop{0.80f, 0.85f, 0.95f, 0.55f};        // the family of polhode loops
inline constexpr glm::vec4 separatrix{1.00f, 0.35f, 0.30f, 1.00f};
inline constexpr glm::vec4 state{1.00f, 1.00f, 1.00f, 1.00f};  // L_b and the contact point now
inline constexpr glm::vec4 axis{1.00f, 0.62f, 0.15f, 1.00f};   // the rotation axis: omega's orange
}  // namespace poinsot_colors

// Where the construction goes on screen (metres, world frame).
struct poinsot_layout {
  glm::dvec3 ellipsoid_centre{0.0};
  double ellipsoid_radius = 1.0;  // the ellipsoid's longest semi-axis on screen
  glm::dvec3 sphere_centre{0.0};
  double sphere_radius = 1.0;
  glm::dvec3 screen_right{1.0, 0.0, 0.0};  // unit, horizontal: where the labels go beside the parts
  glm::dvec3 sphere_label_position{0.0};   // the |L| sphere's label
  std::size_t trail_points = 1500;         // the most points the polhode, herpolhode and L_b path keep
};

class poinsot_view {
 public:
  static constexpr int loop_energies = 4;  // loops on the |L| sphere, besides the separatrix
  static constexpr int loop_points = 160;

  // Adds the construction for b's state (at reset) to `view`. A body at rest (E = 0) or
  // with unusable inertia has none: nothing is added and shown() is false. The parts are
  // posed by the first update().
  void add(scene_view& view, const spinning_body& b, const poinsot_layout& layout);
  // Moves it to b's current state; `record` appends to the polhode, herpolhode and L_b path
  // (a point once the curve has moved half a percent of the ellipsoid's or sphere's radius).
  // Call before update_world_transforms (it sets the nodes' local poses).
  void update(scene_view& view, const spinning_body& b, bool record);
  bool shown() const { return shown_; }

  // Indices into the view (valid when shown()).
  std::size_t ellipsoid_node = 0, plane_node = 0, contact_node = 0, sphere_node = 0, momentum_dot_node = 0;
  std::size_t polhode_trail = 0, herpolhode_trail = 0, momentum_path_trail = 0, axis_trail = 0;
  double scale = 1.0;             // s, metres per unit of the ellipsoid
  double plane_thickness = 0.02;  // m

 private:
  bool shown_ = false;
  poinsot_layout layout_;
  double reach_ = 0.0;               // the herpolhode's farthest distance from the plane's centre (m)
  std::size_t first_label_ = 0;      // the part labels (ellipsoid, plane, polhode, herpolhode, sphere)
  double momentum_norm0_ = 1.0;      // |L| at reset: the sphere's radius stands for it
  std::vector<glm::dvec3> polhode_;  // p in the principal frame, oldest first
};

}  // namespace framelab
