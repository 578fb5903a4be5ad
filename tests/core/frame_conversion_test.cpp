// Local <-> global conversion and the delta conversions, against finite
// differences of the composed poses (tests/core/motion_fd.hpp).
#include "core/frame_conversion.hpp"

#include <gtest/gtest.h>

#include "tests/core/motion_fd.hpp"

namespace {
using namespace framelab;
using framelab::test::cast;
using framelab::test::fd_dynamics;
using framelab::test::jet_motion;
using framelab::test::ld;
using framelab::test::smooth_motion;

constexpr double fd_tol_pose = 1e-12;
constexpr double fd_tol_vel = 1e-9;
constexpr double fd_tol_acc = 1e-7;
constexpr double roundtrip_tol = 1e-12;
constexpr int trials = 20;

template <int N>
dynamic_transform<double, N> measure(const auto& pose_at, ld t) {
  return cast<double>(fd_dynamics<N>(pose_at, t));
}

// Given parent A2(t) and child-in-world A3(t): global_to_local matches the
// finite differences of A1(t) = A2(t)^{-1} o A3(t), and local_to_global goes back.
template <int N>
void global_to_local_matches_fd() {
  std::mt19937 rng(21);
  for (int k = 0; k < trials; ++k) {
    const auto m2 = smooth_motion<N>::random(rng), m3 = smooth_motion<N>::random(rng);
    const ld t = -1 + 0.1L * k;
    const auto a2 = measure<N>([&](ld s) { return m2.at(s); }, t);
    const auto a3 = measure<N>([&](ld s) { return m3.at(s); }, t);
    const auto a1_fd = measure<N>([&](ld s) { return m2.at(s).inverse() * m3.at(s); }, t);
    const auto a1 = global_to_local(a2, a3);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(a1, a1_fd, fd_tol_pose, fd_tol_vel, fd_tol_acc);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(local_to_global(a2, a1), a3, roundtrip_tol, roundtrip_tol, roundtrip_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(global_to_local(a2, local_to_global(a2, a1)), a1, roundtrip_tol, roundtrip_tol,
                                  roundtrip_tol);
  }
}
TEST(frame_conversion, global_to_local_matches_fd_2d) {
  global_to_local_matches_fd<2>();
}
TEST(frame_conversion, global_to_local_matches_fd_3d) {
  global_to_local_matches_fd<3>();
}

template <int N>
dynamics_delta<double, N> random_delta(std::mt19937& rng) {
  return {glm::vec<N, double>(test::random_vec<N>(rng)), glm::vec<N, double>(test::random_vec<N>(rng)),
          skew_t<double, N>(test::random_skew<N>(rng)), skew_t<double, N>(test::random_skew<N>(rng))};
}
template <int N>
void expect_delta_near(const dynamics_delta<double, N>& a, const dynamics_delta<double, N>& b, double tol_vel,
                       double tol_acc) {
  EXPECT_LE(test::max_abs(a.velocity - b.velocity), tol_vel) << "dv";
  EXPECT_LE(test::max_abs(a.angular_velocity - b.angular_velocity), tol_vel) << "dw";
  EXPECT_LE(test::max_abs(a.accel - b.accel), tol_acc) << "da";
  EXPECT_LE(test::max_abs(a.angular_accel - b.angular_accel), tol_acc) << "dalpha";
}
template <int N>
void add_to_jet(jet_motion<N>& m, const dynamics_delta<double, N>& d) {
  m.d0.velocity += glm::vec<N, ld>(d.velocity);
  m.d0.accel += glm::vec<N, ld>(d.accel);
  m.d0.angular_velocity += skew_t<ld, N>(d.angular_velocity);
  m.d0.angular_accel += skew_t<ld, N>(d.angular_accel);
}

// A local change in the child (pose kept) changes the measured global dynamics of
// A2 o A1 by local_to_global_delta; global_to_local_delta inverts it.
template <int N>
void delta_conversions_match_fd() {
  std::mt19937 rng(22);
  for (int k = 0; k < trials; ++k) {
    const ld t0 = -1 + 0.1L * k;
    const auto m2 = smooth_motion<N>::random(rng);
    const auto m1 = jet_motion<N>::random(rng, t0);
    const auto d1 = random_delta<N>(rng);
    auto m1c = m1;
    add_to_jet(m1c, d1);
    const auto a2 = measure<N>([&](ld s) { return m2.at(s); }, t0);
    const auto before = measure<N>([&](ld s) { return m2.at(s) * m1.at(s); }, t0);
    const auto after = measure<N>([&](ld s) { return m2.at(s) * m1c.at(s); }, t0);
    const auto d3 = delta_between(before, after);
    expect_delta_near(local_to_global_delta(a2, d1), d3, 2 * fd_tol_vel, 2 * fd_tol_acc);
    expect_delta_near(global_to_local_delta(a2, d3), d1, 4 * fd_tol_vel, 4 * fd_tol_acc);
  }
}
TEST(frame_conversion, delta_conversions_match_fd_2d) {
  delta_conversions_match_fd<2>();
}
TEST(frame_conversion, delta_conversions_match_fd_3d) {
  delta_conversions_match_fd<3>();
}

// A global change in the parent (its jet changes at t0), the child locally
// unchanged: the child's measured global change is inherited_global_delta.
template <int N>
void inherited_delta_matches_fd() {
  std::mt19937 rng(23);
  for (int k = 0; k < trials; ++k) {
    const ld t0 = -1 + 0.1L * k;
    const auto m2 = jet_motion<N>::random(rng, t0);
    const auto m1 = smooth_motion<N>::random(rng);
    const auto d2 = random_delta<N>(rng);
    auto m2c = m2;
    add_to_jet(m2c, d2);
    const auto a2 = measure<N>([&](ld s) { return m2.at(s); }, t0);
    const auto a1 = measure<N>([&](ld s) { return m1.at(s); }, t0);
    const auto before = measure<N>([&](ld s) { return m2.at(s) * m1.at(s); }, t0);
    const auto after = measure<N>([&](ld s) { return m2c.at(s) * m1.at(s); }, t0);
    expect_delta_near(inherited_global_delta(a2, a1, d2), delta_between(before, after), 2 * fd_tol_vel, 2 * fd_tol_acc);
  }
}
TEST(frame_conversion, inherited_delta_matches_fd_2d) {
  inherited_delta_matches_fd<2>();
}
TEST(frame_conversion, inherited_delta_matches_fd_3d) {
  inherited_delta_matches_fd<3>();
}

TEST(frame_conversion, float_compiles_and_round_trips) {
  std::mt19937 rng(24);
  const auto a2 = cast<float>(jet_motion<3>::random(rng, 0).d0);
  const auto a1 = cast<float>(jet_motion<3>::random(rng, 0).d0);
  const auto back = global_to_local(a2, local_to_global(a2, a1));
  FRAMELAB_EXPECT_DYNAMICS_NEAR(back, a1, 1e-5f, 1e-4f, 1e-4f);
  const auto b2 = cast<float>(jet_motion<2>::random(rng, 0).d0);
  const auto b1 = cast<float>(jet_motion<2>::random(rng, 0).d0);
  FRAMELAB_EXPECT_DYNAMICS_NEAR(global_to_local(b2, local_to_global(b2, b1)), b1, 1e-5f, 1e-4f, 1e-4f);
}
}  // namespace
