#include "scenes/crash.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>

#include "core/frames/inertial_accelerations.hpp"
#include "core/frames/local_motion.hpp"
#include "scenes/registry.hpp"

namespace framelab {

namespace {

constexpr double gravity = 9.81;     // m/s^2, for the bed friction mu g
constexpr double car_height = 0.75;  // m, the chassis centre above the ground
constexpr double bed_top = 0.25;     // m, car frame
constexpr double lane_offset = 3.2;  // m, lane centres at z = -+ this (side by side)
constexpr double wall_x = 0.0;       // m, the wall's face
constexpr double arrow_scale = 0.3;  // m per m/s
constexpr std::array<double, crash::crate_count> crate_z{0.15, -0.15, 0.1};

const int crash_registered = register_scene<crash>(
    {"crash", "Moving frames", "A car with loose crates hits a wall: counteract the inherited change or not",
     "The crates are children of the car in the transform hierarchy; their local velocity is relative to the car. "
     "At the wall an impulse stops the car: its global velocity changes by dv = -v. Every child inherits that "
     "change through the composition v3 = v2 + J2 v1, so with 'counteract' off the crates stop with the car as if "
     "glued (far lane). Physically they are loose, so the change must be counteracted in the immediate children: "
     "dv1 = -J2^-1 dv, da1 = 2 J2^-1 w2 dv. Then their global velocity is unchanged by the crash and they slide "
     "forward on the bed (near lane) until the front wall of the bed stops them. The box strapped on the middle "
     "crate is that crate's child: it needs no correction of its own. Crates slide along the car's length only.",
     {"car_speed_1", "crate_speed_1", "car_speed_2", "crate_speed_2"},
     "Crash: a car with loose crates hits a wall"});

transform3d pose_at(const glm::dvec3& translation) {
  transform3d p;
  p.translation = translation;
  return p;
}

}  // namespace

std::vector<param_def> crash::parameters() const {
  return {
      number_param("speed", 5.0, 0.1, 50.0, "m/s", "Car speed before the crash"),
      number_param("distance", 10.0, 0.5, 200.0, "m", "Distance from the car's front to the wall at t = 0"),
      number_param("friction", 0.2, 0.0, 2.0, "", "Friction coefficient between the crates and the bed (mu)"),
      choice_param("layout", "side by side", {"side by side", "single car"},
                   "Two cars (counteract off and on) in two lanes, or one car set by 'counteract'"),
      boolean_param("counteract", true,
                    "Single car: counteract the change the crates inherit when the car is stopped (side by side "
                    "shows both)"),
  };
}

std::vector<channel_def> crash::channels() const {
  using lane_value = double (*)(const lane&);
  // A getter of lane li's value; a lane that is not there (single car) reads 0.
  const auto of_lane = [this](std::size_t li, lane_value value) {
    return [this, li, value] { return li < lanes_.size() ? value(lanes_[li]) : 0.0; };
  };
  const lane_value car_speed = [](const lane& l) { return glm::length(l.tree.global(car_id()).velocity); };
  const lane_value crate_speed = [](const lane& l) { return glm::length(l.tree.global(crate_id(0)).velocity); };
  const lane_value crate_slide = [](const lane& l) {
    return l.tree.local(crate_id(0)).pose.translation.x - crate_start_x(0);
  };
  return {
      {"car_speed_1", "m/s", "Lane 1 (counteract on; or the single car): car world speed", of_lane(0, car_speed)},
      {"crate_speed_1", "m/s", "Lane 1: front crate world speed", of_lane(0, crate_speed)},
      {"crate_slide_1", "m", "Lane 1: how far the front crate slid along the bed", of_lane(0, crate_slide)},
      {"car_speed_2", "m/s", "Lane 2 (counteract off; 0 for a single car): car world speed", of_lane(1, car_speed)},
      {"crate_speed_2", "m/s", "Lane 2: front crate world speed", of_lane(1, crate_speed)},
      {"crate_slide_2", "m", "Lane 2: how far the front crate slid along the bed", of_lane(1, crate_slide)},
  };
}

void crash::build(int lane_index) {
  lane& l = lanes_[static_cast<std::size_t>(lane_index)];
  l.tree.clear();
  dynamic_transform<double, 3> car;
  car.pose.translation = {wall_x - distance_ - car_half_length, car_height, l.z};
  car.velocity = {speed_, 0.0, 0.0};
  const node_id car_added = l.tree.add(world_node, car, "car");
  for (int i = 0; i < crate_count; ++i) {
    dynamic_transform<double, 3> crate;
    crate.pose.translation = {crate_start_x(i), bed_top + 0.5 * crate_size_[static_cast<std::size_t>(i)],
                              crate_z[static_cast<std::size_t>(i)]};
    l.tree.add(car_added, crate, "crate " + std::to_string(i + 1));
  }
  dynamic_transform<double, 3> strapped;
  strapped.pose.translation = {0.0, 0.5 * crate_size_[1] + 0.225, 0.0};
  l.tree.add(crate_id(1), strapped, "strapped box");
  l.tree.update_world();

  // The view: the lane's hierarchy nodes, and drawn-only parts (no dynamics of their own).
  const std::string suffix = lanes_.size() > 1 ? (l.counteract ? " (counteract on)" : " (counteract off)") : "";
  const int base = static_cast<int>(view_.nodes.size());
  const glm::vec4 body = l.counteract ? glm::vec4{0.25f, 0.45f, 0.75f, 1.0f} : glm::vec4{0.7f, 0.3f, 0.25f, 1.0f};
  const glm::vec4 wood{0.75f, 0.58f, 0.35f, 1.0f};
  const glm::vec4 dark{0.15f, 0.15f, 0.16f, 1.0f};
  const auto add = [&](view_node n, node_id id) {
    view_.nodes.push_back(std::move(n));
    refs_.push_back({lane_index, id});
  };
  add({"car" + suffix, -1, shape_kind::box, {2.0 * car_half_length, 0.5, 2.2}, body}, car_id());
  // Translucent ghosts where the crates were loaded: how far they slid is the lesson.
  for (int i = 0; i < crate_count; ++i) {
    const double s = crate_size_[static_cast<std::size_t>(i)];
    add({"crate " + std::to_string(i + 1) + suffix, base, shape_kind::box, {s, s, s}, wood}, crate_id(i));
  }
  add({"strapped box" + suffix, base + 2, shape_kind::box, {0.45, 0.45, 0.45}, {0.85f, 0.8f, 0.45f, 1.0f}},
      strapped_id());
  for (int i = 0; i < crate_count; ++i) {
    const double s = crate_size_[static_cast<std::size_t>(i)];
    view_node ghost{"crate " + std::to_string(i + 1) + " as loaded" + suffix,
                    base,
                    shape_kind::box,
                    {s, s, s},
                    {0.75f, 0.58f, 0.35f, 0.22f}};
    ghost.local = pose_at({crate_start_x(i), bed_top + 0.5 * s, crate_z[static_cast<std::size_t>(i)]});
    add(ghost, node_id{});
  }
  view_node cab{"cab" + suffix, base, shape_kind::box, {1.4, 1.3, 2.2}, body};
  cab.local = pose_at({bed_front_x + 0.7, bed_top + 0.65, 0.0});
  add(cab, node_id{});
  view_node tailgate{"tailgate" + suffix, base, shape_kind::box, {0.1, 0.5, 2.2}, body};
  tailgate.local = pose_at({bed_back_x - 0.05, bed_top + 0.25, 0.0});
  add(tailgate, node_id{});
  for (int w = 0; w < 4; ++w) {
    view_node wheel{"wheel" + suffix, base, shape_kind::cylinder, {0.8, 0.3, 0.8}, dark};
    wheel.local.translation = {w < 2 ? 2.0 : -2.0, -0.3, w % 2 == 0 ? 1.05 : -1.05};
    wheel.local.rotation = glm::angleAxis(0.5 * std::numbers::pi, glm::dvec3(1.0, 0.0, 0.0));
    add(wheel, node_id{});
  }
  view_node wall{"wall" + suffix, -1, shape_kind::box, {0.6, 2.4, 3.4}, {0.55f, 0.55f, 0.58f, 1.0f}};
  wall.local = pose_at({wall_x + 0.3, 1.2, l.z});
  add(wall, node_id{});
}

void crash::reset(const param_values& values) {
  speed_ = values.number("speed");
  distance_ = values.number("distance");
  friction_ = values.number("friction");
  time_ = 0.0;
  lanes_.clear();
  if (values.choice("layout") == "single car") {
    lanes_.push_back({{}, values.boolean("counteract"), 0.0, -1.0});
  } else {
    lanes_.push_back({{}, true, lane_offset, -1.0});    // near the camera
    lanes_.push_back({{}, false, -lane_offset, -1.0});  // behind it
  }
  view_ = {};
  refs_.clear();
  for (int i = 0; i < lane_count(); ++i) build(i);
  // From the near side (+z), a little ahead: the cars drive left to right into the walls.
  view_.camera = {{-4.0, 0.5, 0.0}, 19.0 + 4.0 * (lane_count() - 1), 12.0, 34.0};
  refresh_view();
}

// The crash: the car's global velocity changes by dv = -v3 (it stops). Without
// counteraction the crates inherit dv; with it, each immediate child gets
//   dv1 = -J2^-1 dv,  da1 = 2 J2^-1 w2 dv
// (core/frames/hierarchy.hpp, apply_velocity_change) and keeps its global velocity.
void crash::apply_crash(int lane_index) {
  lane& l = lanes_.at(static_cast<std::size_t>(lane_index));
  const glm::dvec3 dv = -l.tree.global(car_id()).velocity;
  l.tree.apply_velocity_change(car_id(), dv, l.counteract);
  l.tree.update_world();
  l.crash_time = time_;
}

// Crates slide along the car's x axis only (the bed holds them otherwise). In the
// car's frame their acceleration is the inertial one (core/frames/inertial_accelerations.hpp:
// -a~2 - alpha~2 x T1 - w~2 x (w~2 x T1) - 2 w~2 x v1, zero while the car coasts)
// plus kinetic friction -mu g sign(v1), or none while static friction holds.
void crash::advance_crates(lane& l, double dt) {
  const dynamic_transform<double, 3> car = l.tree.global(car_id());
  const double mu_g = friction_ * gravity;
  std::array<double, crate_count> x{}, v{}, a{};
  for (int i = 0; i < crate_count; ++i) {
    const auto& d = l.tree.local(crate_id(i));
    const double f = compute_inertial_accelerations(car, d.pose.translation, d.velocity).total().x;
    double xi = d.pose.translation.x, vi = d.velocity.x, ai = 0.0;
    if (vi != 0.0) {
      ai = f - mu_g * (vi > 0.0 ? 1.0 : -1.0);
      // Stops within the step when friction wins: v + a tau = 0.
      const double tau = -vi / ai;
      if (ai != 0.0 && tau > 0.0 && tau < dt) {
        xi += vi * tau + 0.5 * ai * tau * tau;
        vi = 0.0;
        const double rest = dt - tau;
        ai = std::abs(f) <= mu_g ? 0.0 : f - mu_g * (f > 0.0 ? 1.0 : -1.0);
        xi += 0.5 * ai * rest * rest;
        vi = ai * rest;
      } else {
        xi += vi * dt + 0.5 * ai * dt * dt;
        vi += ai * dt;
      }
    } else if (std::abs(f) > mu_g) {
      ai = f - mu_g * (f > 0.0 ? 1.0 : -1.0);
      xi += 0.5 * ai * dt * dt;
      vi = ai * dt;
    }
    x[static_cast<std::size_t>(i)] = xi, v[static_cast<std::size_t>(i)] = vi, a[static_cast<std::size_t>(i)] = ai;
  }
  // Contacts: the crates are in one file along x; a crate stops at the front wall of
  // the bed or at the crate ahead (perfectly inelastic), likewise at the tailgate.
  std::array<int, crate_count> order{};
  for (int i = 0; i < crate_count; ++i) order[static_cast<std::size_t>(i)] = i;
  std::sort(order.begin(), order.end(),
            [&](int p, int q) { return x[static_cast<std::size_t>(p)] > x[static_cast<std::size_t>(q)]; });
  for (std::size_t k = 0; k < order.size(); ++k) {  // front to back
    const auto i = static_cast<std::size_t>(order[k]);
    const double limit =
        (k == 0 ? bed_front_x : x[static_cast<std::size_t>(order[k - 1])] - crate_half_length(order[k - 1])) -
        crate_half_length(order[k]);
    const double ahead_v = k == 0 ? 0.0 : v[static_cast<std::size_t>(order[k - 1])];
    if (x[i] >= limit) {
      x[i] = limit;
      v[i] = std::min(v[i], ahead_v);
    }
  }
  for (std::size_t k = order.size(); k-- > 0;) {  // back to front
    const auto i = static_cast<std::size_t>(order[k]);
    const bool last = k + 1 == order.size();
    const double limit =
        (last ? bed_back_x : x[static_cast<std::size_t>(order[k + 1])] + crate_half_length(order[k + 1])) +
        crate_half_length(order[k]);
    const double behind_v = last ? 0.0 : v[static_cast<std::size_t>(order[k + 1])];
    if (x[i] <= limit) {
      x[i] = limit;
      v[i] = std::max(v[i], behind_v);
    }
  }
  for (int i = 0; i < crate_count; ++i) {
    dynamic_transform<double, 3> d = l.tree.local(crate_id(i));
    const auto n = static_cast<std::size_t>(i);
    d.pose.translation.x = x[n];
    d.velocity = {v[n], 0.0, 0.0};
    d.accel = {v[n] == 0.0 ? 0.0 : a[n], 0.0, 0.0};
    l.tree.set_local(crate_id(i), d);
  }
}

void crash::advance(double dt) {
  for (lane& l : lanes_) {
    double left = dt;
    for (int guard = 0; guard < 4 && left > 0.0; ++guard) {
      // Time until the car's front reaches the wall, if it is heading for it.
      const dynamic_transform<double, 3> car = l.tree.global(car_id());
      const double front = car.pose.apply_point({car_half_length, 0.0, 0.0}).x;
      const double gap = wall_x - front;
      double tau = left;
      bool hits = false;
      if (car.velocity.x > 0.0 && gap <= car.velocity.x * left) {
        tau = std::max(0.0, gap / car.velocity.x);
        hits = true;
      }
      dynamic_transform<double, 3> d = l.tree.local(car_id());
      advance_free_motion(d, tau);
      l.tree.set_local(car_id(), d);
      advance_crates(l, tau);
      l.tree.update_world();
      left -= tau;
      if (hits) {
        const double saved = time_;
        time_ += dt - left;  // the moment of the crash, for the record
        apply_crash(static_cast<int>(&l - lanes_.data()));
        time_ = saved;
      }
    }
  }
}

void crash::step(double dt) {
  advance(dt);
  time_ += dt;
  refresh_view();
}

std::optional<std::string> crash::edit_node(int node, const node_edit& edit) {
  if (node < 0 || node >= static_cast<int>(refs_.size())) return "there is no node " + std::to_string(node);
  const view_ref ref = refs_[static_cast<std::size_t>(node)];
  if (!ref.id.valid()) return "this part is only drawn (no dynamics of its own): edit the car or a crate instead";
  lane& l = lanes_[static_cast<std::size_t>(ref.lane)];
  try {
    switch (edit.what) {
      case node_edit::kind::set_local:
        l.tree.set_local(ref.id, edit.dynamics);
        break;
      case node_edit::kind::set_global:  // A1 = A2^-1 o A3 through the parent
        l.tree.set_global(ref.id, edit.dynamics);
        break;
      case node_edit::kind::velocity_change:
        l.tree.apply_velocity_change(ref.id, edit.delta_velocity, edit.counteract_children);
        break;
    }
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();  // "hierarchy::set_local: scale must be ..."
    const auto colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
  }
  l.tree.update_world();
  refresh_view();
  return std::nullopt;
}

void crash::refresh_view() {
  for (std::size_t i = 0; i < refs_.size(); ++i) {
    view_node& n = view_.nodes[i];
    const view_ref& ref = refs_[i];
    if (ref.id.valid()) {
      const hierarchy<double, 3>& tree = lanes_[static_cast<std::size_t>(ref.lane)].tree;
      const dynamic_transform<double, 3> local = tree.local(ref.id);
      const dynamic_transform<double, 3> world = tree.global(ref.id);
      n.local = local.pose;
      n.world = world.pose;
      n.local_dynamics = local;
      n.world_dynamics = world;
    } else {
      n.world = n.parent < 0 ? n.local : view_.nodes[static_cast<std::size_t>(n.parent)].world * n.local;
    }
  }
  view_.vectors.clear();
  view_.labels.clear();
  for (std::size_t li = 0; li < lanes_.size(); ++li) {
    const lane& l = lanes_[li];
    const dynamic_transform<double, 3> car = l.tree.global(car_id());
    const dynamic_transform<double, 3> crate = l.tree.global(crate_id(0));
    view_.vectors.push_back({"car",
                             "m/s",
                             car.pose.apply_point({bed_front_x + 0.7, 1.9, 0.0}),
                             car.velocity,
                             arrow_scale,
                             {0.4f, 0.75f, 1.0f, 1.0f},
                             true,
                             "velocity"});
    view_.vectors.push_back({"crate",
                             "m/s",
                             crate.pose.translation + glm::dvec3(0.0, 0.7, 0.0),
                             crate.velocity,
                             arrow_scale,
                             {1.0f, 0.65f, 0.2f, 1.0f},
                             true,
                             "velocity"});
    const char* title = lanes_.size() == 1 ? (l.counteract ? "counteract ON" : "counteract OFF")
                                           : (l.counteract ? "counteract ON: the crates keep going, slide to the front"
                                                           : "counteract OFF: the crates stop with the car (glued)");
    view_.labels.push_back({title,
                            car.pose.apply_point({0.0, 3.3, 0.0}),  // over its own car, wherever it is
                            l.counteract ? glm::vec4{0.55f, 0.75f, 1.0f, 1.0f} : glm::vec4{1.0f, 0.6f, 0.5f, 1.0f}});
    if (l.crash_time >= 0.0) {
      char text[96];
      std::snprintf(text, sizeof text, "crash at t = %.2f s: dv = %.1f m/s", l.crash_time, -speed_);
      view_.labels.push_back({text, {wall_x - 7.5, 2.6, l.z}, {0.9f, 0.9f, 0.9f, 1.0f}});
    }
  }
}

}  // namespace framelab
