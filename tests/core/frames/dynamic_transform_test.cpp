// dynamic_transform<T, N>: composition, inverse, identity and the delta maps
// checked against finite differences of the composed poses (tests/core/frames/motion_fd.hpp),
// plus the group laws.
#include "core/frames/dynamic_transform.hpp"

#include <gtest/gtest.h>

#include "tests/core/frames/motion_fd.hpp"

namespace {
using namespace framelab;
using namespace framelab::test;

// Algebraic identities in double.
constexpr double group_tol = 1e-12;
// float against double on O(1) data.
constexpr double float_tol = 2e-5;

template <int N>
void harness_measures_jet_dynamics() {
  std::mt19937 rng(1);
  for (int k = 0; k < trials; ++k) {
    const auto m = jet_motion<N>::random(rng, 0.3L);
    const auto fd = measure<N>([&](ld t) { return m.at(t); }, m.t0);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(fd, cast<double>(m.d0), fd_tol_pose, fd_tol_vel, fd_tol_acc);
  }
}
TEST(motion_fd, measures_jet_dynamics_2d) {
  harness_measures_jet_dynamics<2>();
}
TEST(motion_fd, measures_jet_dynamics_3d) {
  harness_measures_jet_dynamics<3>();
}

// (A2 * A1) matches the finite differences of t -> A2(t) o A1(t)
template <int N>
void composition_matches_fd() {
  std::mt19937 rng(2);
  for (int k = 0; k < trials; ++k) {
    const auto m2 = smooth_motion<N>::random(rng), m1 = smooth_motion<N>::random(rng);
    const ld t = -1.5L + 3.0L * k / trials;
    const auto d2 = measure<N>([&](ld s) { return m2.at(s); }, t);
    const auto d1 = measure<N>([&](ld s) { return m1.at(s); }, t);
    const auto d3 = measure<N>([&](ld s) { return m2.at(s) * m1.at(s); }, t);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(d2 * d1, d3, fd_tol_pose, fd_tol_vel, fd_tol_acc);
    auto d = d2;
    d *= d1;
    FRAMELAB_EXPECT_DYNAMICS_NEAR(d, d2 * d1, 0.0, 0.0, 0.0);
  }
}
TEST(dynamic_transform, composition_matches_fd_2d) {
  composition_matches_fd<2>();
}
TEST(dynamic_transform, composition_matches_fd_3d) {
  composition_matches_fd<3>();
}

// A.inverse() matches the finite differences of t -> A(t)^{-1}
template <int N>
void inverse_matches_fd() {
  std::mt19937 rng(3);
  for (int k = 0; k < trials; ++k) {
    const auto m = smooth_motion<N>::random(rng);
    const ld t = 1.5L - 3.0L * k / trials;
    const auto d = measure<N>([&](ld s) { return m.at(s); }, t);
    const auto di = measure<N>([&](ld s) { return m.at(s).inverse(); }, t);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(d.inverse(), di, fd_tol_pose, fd_tol_vel, fd_tol_acc);
  }
}
TEST(dynamic_transform, inverse_matches_fd_2d) {
  inverse_matches_fd<2>();
}
TEST(dynamic_transform, inverse_matches_fd_3d) {
  inverse_matches_fd<3>();
}

template <int N>
dynamic_transform<double, N> random_dynamics(std::mt19937& rng) {
  return cast<double>(jet_motion<N>::random(rng, 0).d0);
}

template <int N>
void group_laws() {
  std::mt19937 rng(4);
  const auto id = dynamic_transform<double, N>::identity();
  for (int k = 0; k < 100; ++k) {
    const auto a = random_dynamics<N>(rng), b = random_dynamics<N>(rng), c = random_dynamics<N>(rng);
    FRAMELAB_EXPECT_DYNAMICS_NEAR((a * b) * c, a * (b * c), group_tol, group_tol, group_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(a * id, a, group_tol, group_tol, group_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(id * a, a, group_tol, group_tol, group_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(a * a.inverse(), id, group_tol, group_tol, group_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(a.inverse() * a, id, group_tol, group_tol, group_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR(a.inverse().inverse(), a, group_tol, group_tol, group_tol);
    FRAMELAB_EXPECT_DYNAMICS_NEAR((a * b).inverse(), b.inverse() * a.inverse(), group_tol, group_tol, group_tol);
  }
}
TEST(dynamic_transform, group_laws_2d) {
  group_laws<2>();
}
TEST(dynamic_transform, group_laws_3d) {
  group_laws<3>();
}

// A chain of 50 moving frames: composing left-to-right and right-to-left agree,
// undoing with inverses gives the identity, and the result matches finite
// differences of the composed motion.
template <int N>
void deep_chain() {
  std::mt19937 rng(5);
  constexpr int depth = 50;
  std::vector<smooth_motion<N>> motions;
  for (int k = 0; k < depth; ++k) {
    auto m = smooth_motion<N>::random(rng, 0.1L);  // short lever arms keep |v| moderate
    m.scale = 1 + (m.scale - 1) * 0.02L;           // product of scales stays O(1)
    motions.push_back(m);
  }
  const ld t = 0.4L;
  std::vector<dynamic_transform<double, N>> d;
  for (const auto& m : motions) d.push_back(measure<N>([&](ld s) { return m.at(s); }, t));
  auto left = dynamic_transform<double, N>::identity(), right = left;
  for (int k = 0; k < depth; ++k) left = left * d[k];
  for (int k = depth - 1; k >= 0; --k) right = d[k] * right;
  // magnitudes grow along the chain: compare relative to the largest entry
  const double scale_v = 1 + test::max_abs(left.velocity), scale_a = 1 + test::max_abs(left.accel);
  FRAMELAB_EXPECT_DYNAMICS_NEAR(left, right, 10 * group_tol, 10 * group_tol * scale_v, 10 * group_tol * scale_a);
  auto undo = left;
  for (int k = 0; k < depth; ++k) undo = d[k].inverse() * undo;
  FRAMELAB_EXPECT_DYNAMICS_NEAR(undo, (dynamic_transform<double, N>::identity()), 100 * group_tol,
                                100 * group_tol * scale_v, 100 * group_tol * scale_a);
  const auto fd = measure<N>(
      [&](ld s) {
        auto a = transform<ld, N>::identity();
        for (const auto& m : motions) a = a * m.at(s);
        return a;
      },
      t);
  FRAMELAB_EXPECT_DYNAMICS_NEAR(left, fd, 10 * fd_tol_pose, fd_tol_vel * scale_v, fd_tol_acc * scale_a);
}
TEST(dynamic_transform, deep_chain_2d) {
  deep_chain<2>();
}
TEST(dynamic_transform, deep_chain_3d) {
  deep_chain<3>();
}

// Deltas: the child's local jet changes by (dv1, da1, dw1, dalpha1) at t0 with the
// pose unchanged; the change of the finite-difference global dynamics of A2 o A1
// is what transform_delta_* predicts, and inverse_transform_delta_* recovers the
// local change from it.
template <int N>
void local_to_global_deltas() {
  std::mt19937 rng(6);
  for (int k = 0; k < trials; ++k) {
    const auto c = child_change<N>::random(rng, -1 + 0.1L * k);
    const auto& a2 = c.parent;
    const auto &d1 = c.local, &d3 = c.global;
    const dynamics_delta<double, N> predicted{a2.transform_delta_vel(d1.velocity),
                                              a2.transform_delta_acc(d1.velocity, d1.accel),
                                              a2.transform_delta_ang_vel(d1.angular_velocity),
                                              a2.transform_delta_ang_acc(d1.angular_velocity, d1.angular_accel)};
    expect_delta_near(predicted, d3, 2 * fd_tol_vel, 2 * fd_tol_acc);

    const dynamics_delta<double, N> recovered{
        a2.inverse_transform_delta_vel(d3.velocity), a2.inverse_transform_delta_acc(d3.velocity, d3.accel),
        a2.inverse_transform_delta_ang_vel(d3.angular_velocity),
        a2.inverse_transform_delta_ang_acc(d3.angular_velocity, d3.angular_accel)};
    expect_delta_near(recovered, d1, 4 * fd_tol_vel, 4 * fd_tol_acc);
  }
}
TEST(dynamic_transform, local_to_global_deltas_match_fd_2d) {
  local_to_global_deltas<2>();
}
TEST(dynamic_transform, local_to_global_deltas_match_fd_3d) {
  local_to_global_deltas<3>();
}

// float and double implementations agree (the float build is the one a renderer may use).
template <int N>
void float_matches_double() {
  std::mt19937 rng(7);
  for (int k = 0; k < trials; ++k) {
    const auto a = random_dynamics<N>(rng), b = random_dynamics<N>(rng);
    const auto af = cast<float>(a), bf = cast<float>(b);
    const auto rel = [](const auto& x) { return float_tol * (1 + test::max_abs(x.accel)); };
    FRAMELAB_EXPECT_DYNAMICS_NEAR(cast<double>(af * bf), a * b, float_tol, rel(a * b), rel(a * b));
    FRAMELAB_EXPECT_DYNAMICS_NEAR(cast<double>(af.inverse()), a.inverse(), float_tol, rel(a.inverse()),
                                  rel(a.inverse()));
    const glm::vec<N, float> dv(1.0f), da(-0.5f);
    EXPECT_LE(test::max_abs(glm::vec<N, double>(af.transform_delta_acc(dv, da)) -
                            a.transform_delta_acc(glm::vec<N, double>(dv), glm::vec<N, double>(da))),
              float_tol * 10);
  }
  static_assert(std::is_same_v<dynamic_transform2f::skew_type, float>);
  static_assert(std::is_same_v<dynamic_transform3f::skew_type, glm::vec3>);
}
TEST(dynamic_transform, float_matches_double_2d) {
  float_matches_double<2>();
}
TEST(dynamic_transform, float_matches_double_3d) {
  float_matches_double<3>();
}

TEST(dynamic_transform, identity_is_at_rest) {
  const auto id = dynamic_transform3d::identity();
  EXPECT_EQ(id.velocity, glm::dvec3(0.0));
  EXPECT_EQ(id.accel, glm::dvec3(0.0));
  EXPECT_EQ(id.angular_velocity, glm::dvec3(0.0));
  EXPECT_EQ(id.angular_accel, glm::dvec3(0.0));
  EXPECT_EQ(id.pose.scale, 1.0);
  EXPECT_EQ(dynamic_transform2f::identity().angular_velocity, 0.0f);
}
}  // namespace
