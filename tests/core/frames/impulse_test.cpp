// Linear impulses and counteracting inherited changes (the car-crash case),
// checked by finite differences of the composed world motions.
#include "core/frames/impulse.hpp"

#include <gtest/gtest.h>

#include "tests/core/frames/motion_fd.hpp"

namespace {
using namespace framelab;
using namespace framelab::test;

// The measured global change from `before` to `after` is a velocity change dv alone.
template <int N>
void expect_global_change(const dynamic_transform<double, N>& before, const dynamic_transform<double, N>& after,
                          const glm::vec<N, double>& dv) {
  expect_delta_near(delta_between(before, after), dynamics_delta<double, N>{dv}, 2 * fd_tol_vel, 2 * fd_tol_acc);
}

// world <- ship (moving frame) <- car <- crate <- lid.  An impulse dp on the car
// changes its global velocity by dp / m and nothing else; the crate and the lid
// inherit the change unless the crate is counteracted, then both keep their
// global dynamics.
template <int N>
void car_crash() {
  std::mt19937 rng(31);
  for (int k = 0; k < trials; ++k) {
    const ld t0 = -1 + 0.1L * k;
    const auto ship = smooth_motion<N>::random(rng);
    const auto car = jet_motion<N>::random(rng, t0);
    const auto crate = jet_motion<N>::random(rng, t0);
    const auto lid = smooth_motion<N>::random(rng);
    const glm::vec<N, double> dp(test::random_vec<N>(rng, 5));
    const double mass = 2.5;
    const glm::vec<N, double> dv = dp / mass;

    const auto ship_g = measure<N>([&](ld s) { return ship.at(s); }, t0);
    auto car_hit = car;
    add_to_jet(car_hit, linear_impulse_local_delta(ship_g, dp, mass));
    // apply_linear_impulse is the same change applied in place
    auto car_local = cast<double>(car.d0);
    apply_linear_impulse(car_local, ship_g, dp, mass);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(car_local, cast<double>(car_hit.d0), 0.0, 1e-15, 1e-15);

    const auto car_g = [&](const jet_motion<N>& c) {
      return measure<N>([&](ld s) { return ship.at(s) * c.at(s); }, t0);
    };
    expect_global_change(car_g(car), car_g(car_hit), dv);

    const auto crate_g = [&](const jet_motion<N>& c, const jet_motion<N>& cr) {
      return measure<N>([&](ld s) { return ship.at(s) * c.at(s) * cr.at(s); }, t0);
    };
    const auto lid_g = [&](const jet_motion<N>& c, const jet_motion<N>& cr) {
      return measure<N>([&](ld s) { return ship.at(s) * c.at(s) * cr.at(s) * lid.at(s); }, t0);
    };
    // without counteraction the crate and its lid inherit the velocity change
    expect_global_change(crate_g(car, crate), crate_g(car_hit, crate), dv);
    expect_global_change(lid_g(car, crate), lid_g(car_hit, crate), dv);
    // counteracting the immediate child keeps the whole subtree in place globally
    auto crate_kept = crate;
    add_to_jet(crate_kept, counteract_velocity_change_delta(car_g(car_hit), dv));
    expect_global_change(crate_g(car, crate), crate_g(car_hit, crate_kept), glm::vec<N, double>(0.0));
    expect_global_change(lid_g(car, crate), lid_g(car_hit, crate_kept), glm::vec<N, double>(0.0));
  }
}
TEST(impulse, car_crash_2d) {
  car_crash<2>();
}
TEST(impulse, car_crash_3d) {
  car_crash<3>();
}

// Any change of the parent's global dynamics (angular too): the counteracted
// child keeps its measured global dynamics.
template <int N>
void general_counteraction() {
  std::mt19937 rng(32);
  for (int k = 0; k < trials; ++k) {
    const ld t0 = -1 + 0.1L * k;
    const auto parent = jet_motion<N>::random(rng, t0);
    const auto child = jet_motion<N>::random(rng, t0);
    auto parent_changed = parent;
    add_to_jet(parent_changed, random_delta<N>(rng));
    auto child_kept = child;
    child_kept.d0 = cast<ld>(
        counteract_inherited_change(cast<double>(parent.d0), cast<double>(parent_changed.d0), cast<double>(child.d0)));
    const auto before = measure<N>([&](ld s) { return parent.at(s) * child.at(s); }, t0);
    const auto after = measure<N>([&](ld s) { return parent_changed.at(s) * child_kept.at(s); }, t0);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(before, after, 1e-12, 2 * fd_tol_vel, 2 * fd_tol_acc);
  }
}
TEST(impulse, general_counteraction_2d) {
  general_counteraction<2>();
}
TEST(impulse, general_counteraction_3d) {
  general_counteraction<3>();
}

TEST(impulse, float_compiles) {
  dynamic_transform3f parent;
  parent.angular_velocity = {0.0f, 0.0f, 2.0f};
  dynamic_transform3f local;
  apply_linear_impulse(local, parent, glm::vec3(1.0f, 0.0f, 0.0f), 2.0f);
  // dv1 = (1/m) dp; da1 = -(2/m) w2 x dp = -(2/2) (2 z x x) = -2 y
  EXPECT_NEAR(local.velocity.x, 0.5f, 1e-6f);
  EXPECT_NEAR(local.accel.y, -2.0f, 1e-6f);
  dynamic_transform2f parent2;
  parent2.angular_velocity = 2.0f;
  dynamic_transform2f local2;
  apply_linear_impulse(local2, parent2, glm::vec2(1.0f, 0.0f), 2.0f);
  EXPECT_NEAR(local2.accel.y, -2.0f, 1e-6f);
}
}  // namespace
