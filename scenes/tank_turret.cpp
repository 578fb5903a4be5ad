#include "scenes/tank_turret.hpp"

#include <cmath>
#include <numbers>

#include "scenes/registry.hpp"

namespace framelab {

namespace {

constexpr double deg = std::numbers::pi / 180.0;
constexpr std::size_t trail_length = 600;

std::unique_ptr<scene> make_tank_turret() { return std::make_unique<tank_turret>(); }

const int registered = register_scene(
    {"tank-turret", "Moving frames", "A tank drives a circle while its turret yaws and its barrel pitches",
     "Each part of the tank is posed relative to its parent: the hull relative to the world, the turret relative "
     "to the hull, the barrel relative to the turret. The world pose of the muzzle is the composition "
     "A_world = A_hull * A_turret * A_pivot * A_barrel * A_muzzle. Only three simple motions are programmed "
     "(drive a circle, yaw at a constant rate, pitch back and forth), yet the muzzle traces a looping path: "
     "watch its trail. Select a node in the scene tree to read its local and world pose."},
    &make_tank_turret);

transform3d make_pose(glm::dvec3 translation, double angle, glm::dvec3 axis) {
  transform3d pose;
  pose.translation = translation;
  pose.rotation = glm::angleAxis(angle, axis);
  return pose;
}

void push_trail_point(trail& t, const glm::dvec3& p) {
  if (t.points.size() >= trail_length) t.points.erase(t.points.begin());
  t.points.push_back(p);
}

}  // namespace

std::vector<param_def> tank_turret::parameters() const {
  return {
      number_param("drive_radius", 8.0, 1.0, 100.0, "m", "Radius of the circle the hull drives"),
      number_param("drive_speed", 3.0, -20.0, 20.0, "m/s", "Hull speed along the circle (negative: clockwise)"),
      number_param("turret_rate", 30.0, -360.0, 360.0, "deg/s", "Turret yaw rate relative to the hull"),
      number_param("barrel_amplitude", 12.0, 0.0, 45.0, "deg", "Amplitude of the barrel's pitch oscillation"),
      number_param("barrel_period", 4.0, 0.5, 60.0, "s", "Period of the barrel's pitch oscillation"),
  };
}

std::vector<channel_def> tank_turret::channels() const {
  return {
      {"hull_x", "m", "Hull position, x"},
      {"hull_z", "m", "Hull position, z"},
      {"heading", "rad", "Hull yaw about +y"},
      {"turret_yaw", "rad", "Turret yaw relative to the hull"},
      {"barrel_pitch", "rad", "Barrel pitch relative to the turret"},
      {"muzzle_x", "m", "Muzzle world position, x"},
      {"muzzle_y", "m", "Muzzle world position, y"},
      {"muzzle_z", "m", "Muzzle world position, z"},
      {"muzzle_speed", "m/s", "Muzzle world speed (difference over the last step)"},
  };
}

void tank_turret::build_nodes() {
  const glm::vec4 olive{0.42f, 0.48f, 0.30f, 1.0f};
  const glm::vec4 dark{0.22f, 0.22f, 0.20f, 1.0f};
  const glm::vec4 turret_color{0.50f, 0.56f, 0.36f, 1.0f};
  const glm::vec4 steel{0.60f, 0.62f, 0.66f, 1.0f};
  view_.nodes = {
      {"hull", -1, shape_kind::box, {4.0, 1.0, 2.4}, olive, {}, {}},
      {"left track", hull, shape_kind::box, {4.4, 0.8, 0.6}, dark, {}, {}},
      {"right track", hull, shape_kind::box, {4.4, 0.8, 0.6}, dark, {}, {}},
      {"turret", hull, shape_kind::cylinder, {1.9, 0.7, 1.9}, turret_color, {}, {}},
      {"barrel pivot", turret, shape_kind::sphere, {0.45, 0.45, 0.45}, turret_color, {}, {}},
      {"barrel", barrel_pivot, shape_kind::cylinder, {0.22, 3.0, 0.22}, steel, {}, {}},
      {"muzzle", barrel, shape_kind::sphere, {0.3, 0.3, 0.3}, {0.9f, 0.4f, 0.2f, 1.0f}, {}, {}},
  };
  view_.nodes[left_track].local.translation = {0.0, -0.4, 1.3};
  view_.nodes[right_track].local.translation = {0.0, -0.4, -1.3};
  // The barrel cylinder runs along its local +y; turn it to point along the pivot's +x.
  view_.nodes[barrel].local = make_pose({1.5, 0.0, 0.0}, -0.5 * std::numbers::pi, {0.0, 0.0, 1.0});
  view_.nodes[muzzle].local.translation = {0.0, 1.5, 0.0};
  view_.trails = {{"muzzle path (world)", {}, {1.0f, 0.55f, 0.2f, 1.0f}, true},
                  {"hull path (world)", {}, {0.4f, 0.8f, 1.0f, 1.0f}, true}};
  view_.vectors = {{"hull velocity", "m/s", {}, {}, 0.5, {0.3f, 0.7f, 1.0f, 1.0f}, true},
                   {"muzzle velocity", "m/s", {}, {}, 0.5, {1.0f, 0.5f, 0.1f, 1.0f}, true}};
  view_.camera = {{0.0, 0.0, 2.0}, 30.0, 20.0, 42.0};
}

void tank_turret::reset(const param_values& values) {
  radius_ = values.number("drive_radius");
  speed_ = values.number("drive_speed");
  turret_rate_ = values.number("turret_rate") * deg;
  barrel_amplitude_ = values.number("barrel_amplitude") * deg;
  barrel_period_ = values.number("barrel_period");
  time_ = 0.0;
  muzzle_velocity_ = glm::dvec3(0.0);
  build_nodes();
  pose_nodes();
  for (auto& t : view_.trails) t.points.clear();
  push_trail_point(view_.trails[0], view_.nodes[muzzle].world.translation);
  push_trail_point(view_.trails[1], view_.nodes[hull].world.translation);
}

// The programmed motions, all as local poses:
//   hull:   theta = v t / r, position r (sin theta, 0, cos theta) + 0.9 y, yaw theta (forward +x is tangent)
//   turret: yaw phi = omega_turret t about the hull's +y
//   pivot:  pitch beta = A sin(2 pi t / P) about the turret's +z
void tank_turret::pose_nodes() {
  const glm::dvec3 up{0.0, 1.0, 0.0};
  const double theta = speed_ * time_ / radius_;
  view_.nodes[hull].local = make_pose({radius_ * std::sin(theta), 0.9, radius_ * std::cos(theta)}, theta, up);
  view_.nodes[turret].local = make_pose({-0.3, 0.85, 0.0}, turret_rate_ * time_, up);
  const double beta = barrel_amplitude_ * std::sin(2.0 * std::numbers::pi * time_ / barrel_period_);
  view_.nodes[barrel_pivot].local = make_pose({0.9, 0.15, 0.0}, beta, {0.0, 0.0, 1.0});
  update_world_transforms(view_);

  // dp/dt of the hull on the circle: v (cos theta, 0, -sin theta), its forward axis.
  const glm::dvec3 hull_velocity = speed_ * glm::dvec3(std::cos(theta), 0.0, -std::sin(theta));
  view_.vectors[0].origin = view_.nodes[hull].world.translation + glm::dvec3(0.0, 1.2, 0.0);
  view_.vectors[0].value = hull_velocity;
  view_.vectors[1].origin = view_.nodes[muzzle].world.translation;
  view_.vectors[1].value = muzzle_velocity_;
}

void tank_turret::step(double dt) {
  const glm::dvec3 before = view_.nodes[muzzle].world.translation;
  time_ += dt;
  pose_nodes();
  muzzle_velocity_ = (view_.nodes[muzzle].world.translation - before) / dt;
  view_.vectors[1].value = muzzle_velocity_;
  push_trail_point(view_.trails[0], view_.nodes[muzzle].world.translation);
  push_trail_point(view_.trails[1], view_.nodes[hull].world.translation);
}

void tank_turret::read_channels(std::span<double> out) const {
  const auto& muzzle_world = view_.nodes[muzzle].world.translation;
  const double values[] = {view_.nodes[hull].world.translation.x,
                           view_.nodes[hull].world.translation.z,
                           speed_ * time_ / radius_,
                           turret_rate_ * time_,
                           barrel_amplitude_ * std::sin(2.0 * std::numbers::pi * time_ / barrel_period_),
                           muzzle_world.x,
                           muzzle_world.y,
                           muzzle_world.z,
                           glm::length(muzzle_velocity_)};
  for (std::size_t i = 0; i < out.size() && i < std::size(values); ++i) out[i] = values[i];
}

}  // namespace framelab
