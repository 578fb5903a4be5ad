#pragma once
// tennis-racket: the Dzhanibekov effect. Four copies of the same T-handle,
// spun mostly about its intermediate principal axis, side by side: gyroscopic
// term off, explicit-euler, magnus and midpoint. Each carries a translucent
// ghost following the exact solution (Jacobi elliptic functions) and a label
// with its live energy and |L| drift, so a student sees at once which copy
// flips correctly, which never flips and which gains energy. With `poinsot` on,
// Poinsot's construction of the midpoint copy is drawn above the row
// (scenes/poinsot_view.hpp).
#include <array>
#include <optional>

#include "core/rotation/free_rotation_reference.hpp"
#include "scenes/poinsot_view.hpp"
#include "scenes/rigid_body_drawing.hpp"
#include "scenes/rigid_body_scene.hpp"

namespace framelab {

// A T-handle built from two boxes (bar and stem) of uniform density, in its
// principal frame (origin at the centre of mass; the axes are principal by the
// handle's two mirror planes).
struct t_handle {
  glm::dvec3 bar_size{2.4, 0.3, 0.3};   // m, along x
  glm::dvec3 stem_size{0.3, 1.4, 0.3};  // m, along -y from the bar
  glm::dvec3 bar_center{0.0};           // m, principal frame
  glm::dvec3 stem_center{0.0};
  glm::dvec3 inertia{1.0};  // kg m^2 for a total mass of 1 kg
  int intermediate_axis = 1;

  // Composite inertia about the common centre of mass, with the parallel-axis theorem:
  //   box:  I_x = m/12 (b^2 + c^2) (and cyclically)
  //   I_about_com = I_own + m (|d|^2 1 - d d^T),  d = box centre - com (diagonal here: d is along y)
  static t_handle make();
};

class tennis_racket final : public rigid_body_scene {
 public:
  static constexpr std::size_t copy_count = 4;
  // Copy order: gyro off, explicit-euler, magnus, midpoint.
  static const std::array<const char*, copy_count> copy_suffixes;

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  const scene_view& view() const override { return view_; }
  bool several_variants() const override { return true; }
  // A copy that fails stops on its own (its label says so); the others go on.
  std::optional<std::string> failure() const override { return std::nullopt; }

  const asymmetric_top_reference<double>& reference() const { return *reference_; }
  const t_handle& handle() const { return handle_; }
  // Poinsot's construction of the midpoint copy (parameter `poinsot`; shown() is false when off).
  const poinsot_view& poinsot() const { return poinsot_; }
  static constexpr std::size_t poinsot_copy = 3;
  double time() const { return time_; }
  static glm::dvec3 copy_position(std::size_t i);
  // Node index of copy i's body frame and its ghost's.
  static int body_node(std::size_t i) { return static_cast<int>(6 * i); }
  static int ghost_node(std::size_t i) { return static_cast<int>(6 * i + 3); }

 private:
  void pose(bool record_trail);

  t_handle handle_;
  double time_ = 0.0;
  std::optional<asymmetric_top_reference<double>> reference_;
  std::array<spin_arrows, copy_count> arrows_;
  poinsot_view poinsot_;
  scene_view view_;
};

}  // namespace framelab
