#pragma once
// crash: a flatbed car carrying loose crates drives into a wall; an impulse stops the
// car (dv = -v, a global velocity change on the car node). The crates are children of
// the car in a core transform hierarchy, so they inherit the change:
//   counteract off: the crates' local velocity stays 0, their global velocity becomes
//                   the car's, 0: they stop as if glued to the bed;
//   counteract on:  each crate (an immediate child) gets dv1 = -J2^-1 dv, da1 = 2 J2^-1 w2 dv,
//                   so it keeps its global velocity and slides forward on the bed
//                   (friction mu g) until it hits the front wall of the bed (the cab)
//                   or the crate ahead, and stops there.
// A box strapped on the middle crate is that crate's child: it follows its crate
// without any correction of its own (grandchildren inherit the counteraction).
// Source: docs/articles.md, transform-hierarchy-dynamics,
// "Counteracting the Inherited Effect from the Parent".
#include <array>

#include "core/frames/hierarchy.hpp"
#include "scenes/scene.hpp"

namespace framelab {

class crash final : public scene {
 public:
  static constexpr int crate_count = 3;
  // The nodes of one lane's hierarchy, in the order they are added (id values).
  enum lane_node : std::uint32_t {
    car_node,
    crate_node_0,
    strapped_node = crate_node_0 + crate_count,
    lane_node_count
  };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  const scene_view& view() const override { return view_; }
  std::optional<std::string> edit_node(int node, const node_edit& edit) override;

  int lane_count() const { return static_cast<int>(lanes_.size()); }
  bool counteracts(int lane) const { return lanes_.at(static_cast<std::size_t>(lane)).counteract; }
  const hierarchy<double, 3>& lane_tree(int lane) const { return lanes_.at(static_cast<std::size_t>(lane)).tree; }
  static node_id crate_id(int crate) { return node_id{crate_node_0 + static_cast<std::uint32_t>(crate)}; }
  static node_id car_id() { return node_id{car_node}; }
  static node_id strapped_id() { return node_id{strapped_node}; }
  // When the lane's car hit the wall (negative: not yet).
  double crash_time(int lane) const { return lanes_.at(static_cast<std::size_t>(lane)).crash_time; }
  double time() const { return time_; }
  // Half the length of a crate along the car (m) and the bed's limits in the car frame.
  double crate_half_length(int crate) const { return 0.5 * crate_size_.at(static_cast<std::size_t>(crate)); }
  static constexpr double bed_front_x = 1.6;      // m, the cab's back wall, car frame
  static constexpr double bed_back_x = -2.9;      // m, the tailgate's inner face, car frame
  static constexpr double car_half_length = 3.0;  // m, the cab's front is the car's front
  // Where crate i is loaded (its centre along the bed, car frame).
  static double crate_start_x(int crate) {
    return std::array<double, crate_count>{-0.6, -1.55, -2.45}.at(static_cast<std::size_t>(crate));
  }
  // The impulse that stops the lane's car: dv = -v (its global velocity), with or
  // without counteracting the change the crates inherit. Public for the tests.
  void apply_crash(int lane);

 private:
  struct lane {
    hierarchy<double, 3> tree;
    bool counteract = false;
    double z = 0.0;            // m, lane centre
    double crash_time = -1.0;  // s
  };
  // What view().nodes[i] is: a hierarchy node of a lane, or a drawn-only part.
  struct view_ref {
    int lane = 0;
    node_id id{};  // invalid for drawn-only parts (cab, wheels, tailgate, wall)
  };
  void build(int lane_index);
  void advance(double dt);
  void advance_crates(lane& l, double dt);
  void refresh_view();

  double speed_ = 8.0;                                         // m/s
  double distance_ = 12.0;                                     // m, car front to wall at t = 0
  double friction_ = 0.2;                                      // bed friction coefficient
  double time_ = 0.0;                                          // s
  std::array<double, crate_count> crate_size_{0.8, 0.9, 0.8};  // m, cube edges
  std::vector<lane> lanes_;
  std::vector<view_ref> refs_;
  scene_view view_;
};

}  // namespace framelab
