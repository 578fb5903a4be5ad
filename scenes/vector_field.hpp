#pragma once
// vector-field: a planar field dx/dt = V(x) drawn on the ground as an arrow grid with
// streamlines, tracer particles and a probe particle carried by the flow. The field
// is written once over its scalar (scenes/vector_field_fields.hpp) and evaluated with
// double (arrows, streamlines, particles), dual<double> and dual_n<double, 2> (its
// Jacobian: divergence, curl, eigenvalues, fixed points by Newton's method). The AD
// panel (ui/vector_field_panel.cpp) puts the AD Jacobian next to central differences.
// The field `expression` is typed by the user (parameters vx, vy; core/ad/expression.hpp):
// check() refuses text that does not parse, reset() parses it once.
//
// The field's plane is the ground: field (x, y) is world (x, 0, -y), so that seen
// from above (the default camera) x points right and y up, and a counter-clockwise
// field turns counter-clockwise on screen.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/splitmix64.hpp"
#include "scenes/scene.hpp"
#include "scenes/vector_field_analysis.hpp"
#include "scenes/vector_field_fields.hpp"

namespace framelab {

class vector_field final : public scene {
 public:
  // A fixed point found by Newton's method (AD Jacobian), with its class.
  struct fixed_point {
    glm::dvec2 position{0.0};
    planar_field::linearization linear;
  };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::vector<action_def> actions() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  const scene_view& view() const override { return view_; }
  void trigger(const std::string& action) override;

  // field plane <-> world
  static glm::dvec3 to_world(glm::dvec2 p, double height = 0.0) { return {p.x, height, -p.y}; }
  static glm::dvec2 from_world(const glm::dvec3& w) { return {w.x, -w.z}; }

  const planar_field::settings& field() const { return field_; }
  glm::dvec2 velocity(glm::dvec2 p) const { return planar_field::evaluate(field_, p); }
  double extent() const { return extent_; }
  glm::dvec2 probe_start() const { return probe_start_; }
  glm::dvec2 probe_position() const { return probe_; }
  double time() const { return time_; }
  const std::vector<fixed_point>& fixed_points() const { return fixed_points_; }
  // Newton's method (AD Jacobian) from `start`, staying within `radius`: a point where V is
  // negligible next to the arrows' speeds, or nothing.
  std::optional<glm::dvec2> fixed_point_near(glm::dvec2 start, double radius) const;
  // |V| that maps to the longest, brightest arrow (the 85th percentile over the grid)
  double arrow_speed_cap() const { return speed_cap_; }
  std::size_t streamline_count() const { return streamline_count_; }

  // Live settings for the AD panel (no reset): the point whose linearisation the view
  // shows (marker, eigenvector arrows), and the central-difference step of channel fd_vs_ad.
  void set_inspect_point(glm::dvec2 p);
  glm::dvec2 inspect_point() const { return inspect_; }
  void set_fd_step(double h);
  double fd_step() const { return fd_step_; }

 private:
  void build_view();
  void build_arrows();
  void build_streamlines(int per_side);
  void find_fixed_points();
  void update_dynamic_view();
  void respawn_tracer(std::size_t i);
  double next_uniform(double lo, double hi);

  planar_field::settings field_;
  double extent_ = 5.0;
  int arrows_per_side_ = 15;
  int streamlines_per_side_ = 12;
  int tracer_count_ = 24;
  glm::dvec2 probe_start_{1.5, 1.0};
  glm::dvec2 probe_{1.5, 1.0};
  glm::dvec2 inspect_{1.5, 1.0};
  double fd_step_ = 1e-3;
  double time_ = 0.0;
  double speed_cap_ = 1.0;
  std::size_t streamline_count_ = 0;
  splitmix64 random_{0};  // the tracers' respawn points

  struct tracer {
    glm::dvec2 position{0.0};
    double age = 0.0, lifetime = 1.0;
  };
  std::vector<tracer> tracers_;
  std::vector<fixed_point> fixed_points_;

  scene_view view_;
  // where the dynamic parts sit in view_
  std::size_t probe_node_ = 0, inspect_node_ = 0, first_tracer_node_ = 0;
  std::size_t probe_vector_ = 0, eigen_vector_ = 0;
  std::size_t probe_trail_ = 0, first_tracer_trail_ = 0;
  std::size_t eigen_label_ = 0;
};

}  // namespace framelab
