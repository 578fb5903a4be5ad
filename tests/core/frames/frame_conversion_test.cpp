// Local <-> global conversion and the delta conversions, against finite
// differences of the composed poses (tests/core/frames/motion_fd.hpp).
#include "core/frames/frame_conversion.hpp"

#include <gtest/gtest.h>

#include "tests/core/frames/motion_fd.hpp"

namespace {
using namespace framelab;
using namespace framelab::test;

constexpr double roundtrip_tol = 1e-12;

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

// A local change in the child (pose kept) changes the measured global dynamics of
// A2 o A1 by local_to_global_delta; global_to_local_delta inverts it.
template <int N>
void delta_conversions_match_fd() {
  std::mt19937 rng(22);
  for (int k = 0; k < trials; ++k) {
    const auto c = child_change<N>::random(rng, -1 + 0.1L * k);
    expect_delta_near(local_to_global_delta(c.parent, c.local), c.global, 2 * fd_tol_vel, 2 * fd_tol_acc);
    expect_delta_near(global_to_local_delta(c.parent, c.global), c.local, 4 * fd_tol_vel, 4 * fd_tol_acc);
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
