// hierarchy's bulk paths: locals written in place give the world that set_local gives,
// at every sweep level, and for_each_global reads the world at every level.
#include <gtest/gtest.h>

#include <cmath>

#include "core/frames/hierarchy.hpp"

namespace framelab {
namespace {

dynamic_transform<double, 3> motion(int i, double t) {
  dynamic_transform<double, 3> d;
  d.pose.translation = {std::sin(t + i), 0.5 * i, std::cos(2 * t)};
  d.pose.rotation = glm::angleAxis(0.3 * t + i, glm::normalize(glm::dvec3(1, i % 3, 2)));
  d.velocity = {0.1 * i, t, 0.0};
  d.accel = {0.0, 0.2, -t};
  d.angular_velocity = {0.1, 0.2 * i, t};
  d.angular_accel = {t, 0.0, 0.3};
  return d;
}

TEST(HierarchyBulk, LocalsInPlaceGiveTheWorldOfSetLocalAtEveryLevel) {
  for (const sweep_level level : {sweep_level::acceleration, sweep_level::velocity, sweep_level::pose}) {
    hierarchy3d bulk, one_by_one;
    bulk.set_sweep_level(level);
    one_by_one.set_sweep_level(level);
    std::vector<node_id> ids;
    for (int i = 0; i < 40; ++i) {
      const node_id parent = i == 0 ? world_node : ids[std::size_t((i - 1) / 3)];
      ids.push_back(bulk.add(parent, motion(i, 0.0)));
      one_by_one.add(parent, motion(i, 0.0));
    }
    const double t = 0.7;
    const auto locals = bulk.locals_in_place();
    for (std::size_t s = 0; s < locals.size(); ++s) locals[s] = motion(int(bulk.id_at(s).value), t);
    bulk.locals_written();
    for (int i = 0; i < 40; ++i) one_by_one.set_local(ids[std::size_t(i)], motion(i, t));
    bulk.update_world();
    one_by_one.update_world();
    std::size_t seen = 0;
    bulk.for_each_global([&](std::size_t s, const dynamic_transform<double, 3>& g) {
      const auto expected = one_by_one.global(bulk.id_at(s));
      for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(g.pose.translation[k], expected.pose.translation[k]);
        if (level != sweep_level::pose) {
          EXPECT_EQ(g.velocity[k], expected.velocity[k]);
        }
        if (level == sweep_level::acceleration) {
          EXPECT_EQ(g.angular_accel[k], expected.angular_accel[k]);
        } else {
          EXPECT_TRUE(std::isnan(g.angular_accel[k]));
        }
      }
      ++seen;
    });
    EXPECT_EQ(seen, 40u);
  }
}

}  // namespace
}  // namespace framelab
