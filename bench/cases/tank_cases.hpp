#pragma once
// The tank of tank-turret as it was written by hand before it stood on its scene file
// (assets/builtin/tank-turret.json): each part's local pose, velocity, acceleration,
// angular velocity and acceleration worked out on paper, set on a core hierarchy node by
// node (hierarchy::set_local, checked per node) and composed by one sweep. Kept as the
// baseline of `framelab bench tank` (bench/tank_bench.cpp) and as the independent
// reference of tests/scenes/tank_turret_test.cpp: the file's motion, differentiated by
// hyper-duals, must give the same world dynamics.
#include <array>
#include <cmath>
#include <numbers>

#include "core/angle_units.hpp"
#include "core/frames/hierarchy.hpp"
#include "core/scene_view.hpp"

namespace framelab::bench {

// The built-in scene's parameters in its units (deg, deg/s as the Parameters panel shows).
struct hand_written_tank_settings {
  double drive_radius = 8.0, drive_speed = 3.0, turret_rate_deg = 30.0, barrel_amplitude_deg = 12.0,
         barrel_period = 4.0;
};

class hand_written_tank {
 public:
  enum part : int { hull, left_track, right_track, turret, barrel_pivot, barrel, muzzle, part_count };
  using settings = hand_written_tank_settings;

  explicit hand_written_tank(const settings& s = {})
      : radius_(s.drive_radius),
        speed_(s.drive_speed),
        turret_rate_(s.turret_rate_deg * deg),
        amplitude_(s.barrel_amplitude_deg * deg),
        period_(s.barrel_period) {
    fixed_.fill(transform<double, 3>::identity());
    fixed_[left_track].translation = {0.0, -0.4, 1.3};
    fixed_[right_track].translation = {0.0, -0.4, -1.3};
    fixed_[barrel] = pose({1.5, 0.0, 0.0}, -0.5 * std::numbers::pi, {0.0, 0.0, 1.0});
    fixed_[muzzle].translation = {0.0, 1.5, 0.0};
    const int parents[part_count] = {-1, hull, hull, hull, turret, barrel_pivot, barrel};
    for (int i = 0; i < part_count; ++i)
      tree_.add(parents[i] < 0 ? world_node : id(parents[i]), local_at(i, 0.0));
    tree_.update_world();
  }

  // Every part set to its programme at time t, then one world sweep.
  void pose_at(double t) {
    for (int i = 0; i < part_count; ++i) tree_.set_local(id(i), local_at(i, t));
    tree_.update_world();
  }
  const dynamic_transform<double, 3>& world(int part) const { return tree_.globals()[std::size_t(part)]; }
  const dynamic_transform<double, 3>& local(int part) const { return tree_.locals()[std::size_t(part)]; }

  // The programmed motions, each as a local dynamic transform (pose, v, a, w, alpha):
  //   hull:   theta = v t / r, T = r (sin theta, 0, cos theta) + 0.9 y, yaw theta;
  //           v = v (cos theta, 0, -sin theta), a = -(v^2 / r)(sin theta, 0, cos theta), w = (0, v / r, 0)
  //   turret: yaw phi = w_t t about the hull's +y; w = (0, w_t, 0)
  //   pivot:  pitch beta = A sin(k t) about the turret's +z, k = 2 pi / P;
  //           w = (0, 0, A k cos(k t)), alpha = (0, 0, -A k^2 sin(k t))
  //   the other parts are fixed to their parents.
  dynamic_transform<double, 3> local_at(int part, double t) const {
    const glm::dvec3 up{0.0, 1.0, 0.0};
    dynamic_transform<double, 3> d;
    switch (part) {
      case hull: {
        const double theta = speed_ * t / radius_;
        const double rate = speed_ / radius_;
        const glm::dvec3 radial{std::sin(theta), 0.0, std::cos(theta)};
        d.pose = pose(radius_ * radial + glm::dvec3(0.0, 0.9, 0.0), theta, up);
        d.velocity = speed_ * glm::dvec3(std::cos(theta), 0.0, -std::sin(theta));
        d.accel = -(speed_ * rate) * radial;
        d.angular_velocity = {0.0, rate, 0.0};
        break;
      }
      case turret:
        d.pose = pose({-0.3, 0.85, 0.0}, turret_rate_ * t, up);
        d.angular_velocity = {0.0, turret_rate_, 0.0};
        break;
      case barrel_pivot: {
        const double k = 2.0 * std::numbers::pi / period_;
        d.pose = pose({0.9, 0.15, 0.0}, amplitude_ * std::sin(k * t), {0.0, 0.0, 1.0});
        d.angular_velocity = {0.0, 0.0, amplitude_ * k * std::cos(k * t)};
        d.angular_accel = {0.0, 0.0, -amplitude_ * k * k * std::sin(k * t)};
        break;
      }
      default:
        d.pose = fixed_[std::size_t(part)];
        break;
    }
    return d;
  }

 private:
  static node_id id(int part) { return node_id{std::uint32_t(part)}; }
  static transform<double, 3> pose(glm::dvec3 translation, double angle, glm::dvec3 axis) {
    transform<double, 3> p;
    p.translation = translation;
    p.rotation = glm::angleAxis(angle, axis);
    return p;
  }

  double radius_, speed_, turret_rate_, amplitude_, period_;
  std::array<transform<double, 3>, part_count> fixed_{};
  hierarchy<double, 3> tree_;
};

// What the hand-written scene did each step besides the motion, as it did it: every
// part's local and world dynamics copied into its view node, the three arrows placed, and
// the muzzle's and hull's trails (vectors of 600 points, the oldest erased from the front).
class hand_written_tank_scene {
 public:
  hand_written_tank_scene() {
    view_.nodes.resize(hand_written_tank::part_count);
    view_.vectors.resize(3);
    view_.trails.resize(2);
  }
  void step(double dt) {
    tank_.pose_at(time_ += dt);
    refresh_view();
    push(view_.trails[0].points, view_.nodes[hand_written_tank::muzzle].world.translation);
    push(view_.trails[1].points, view_.nodes[hand_written_tank::hull].world.translation);
  }
  const scene_view& view() const { return view_; }

 private:
  static void push(std::vector<glm::dvec3>& points, const glm::dvec3& p) {
    if (points.size() >= 600) points.erase(points.begin());
    points.push_back(p);
  }
  void refresh_view() {
    for (int i = 0; i < hand_written_tank::part_count; ++i) {
      view_node& node = view_.nodes[std::size_t(i)];
      const dynamic_transform<double, 3>& local = tank_.local(i);
      const dynamic_transform<double, 3>& world = tank_.world(i);
      node.local = local.pose;
      node.world = world.pose;
      node.local_dynamics = local;
      node.world_dynamics = world;
    }
    const dynamic_transform<double, 3>& h = tank_.world(hand_written_tank::hull);
    const dynamic_transform<double, 3>& m = tank_.world(hand_written_tank::muzzle);
    view_.vectors[0].origin = h.pose.translation + glm::dvec3(0.0, 1.2, 0.0);
    view_.vectors[0].value = h.velocity;
    view_.vectors[1].origin = m.pose.translation;
    view_.vectors[1].value = m.velocity;
    view_.vectors[2].origin = m.pose.translation;
    view_.vectors[2].value = m.accel;
  }

  hand_written_tank tank_;
  double time_ = 0.0;
  scene_view view_;
};

}  // namespace framelab::bench
