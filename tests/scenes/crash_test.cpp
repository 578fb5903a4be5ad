// crash: an impulse stops the car at the wall. The crates are the car's children:
// counteracting the inherited change keeps their global velocity (they are loose);
// without it they take the car's (glued). Checked on the hierarchy's composed global
// velocities, and on where the crates end up on the bed.
#include "scenes/crash.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "scenes/registry.hpp"

namespace framelab {
namespace {

constexpr double impulse_tol = 1e-12;  // m/s
constexpr double contact_tol = 1e-12;  // m

param_values crash_defaults() {
  return param_values::defaults(crash().parameters());
}

TEST(crash, side_by_side_shows_both_cases) {
  crash scene;
  scene.reset(crash_defaults());
  ASSERT_EQ(scene.lane_count(), 2);
  EXPECT_TRUE(scene.counteracts(0));
  EXPECT_FALSE(scene.counteracts(1));
}

TEST(crash, the_impulse_keeps_the_crates_global_velocity_with_counteract_and_glues_them_without) {
  crash scene;
  param_values values = crash_defaults();
  values.set("speed", 7.5);
  scene.reset(values);
  scene.step(0.3);  // moving, before the wall
  for (int lane = 0; lane < 2; ++lane) {
    const auto& tree = scene.lane_tree(lane);
    std::vector<glm::dvec3> before;
    for (int i = 0; i < crash::crate_count; ++i) before.push_back(tree.global(crash::crate_id(i)).velocity);
    const glm::dvec3 strapped_before = tree.global(crash::strapped_id()).velocity;
    EXPECT_NEAR(before[0].x, 7.5, impulse_tol);
    scene.apply_crash(lane);
    const glm::dvec3 car_after = tree.global(crash::car_id()).velocity;
    EXPECT_NEAR(glm::length(car_after), 0.0, impulse_tol);  // the impulse stops the car
    for (int i = 0; i < crash::crate_count; ++i) {
      const glm::dvec3 after = tree.global(crash::crate_id(i)).velocity;
      const glm::dvec3 expected = scene.counteracts(lane) ? before[static_cast<std::size_t>(i)] : car_after;
      EXPECT_NEAR(glm::distance(after, expected), 0.0, impulse_tol) << "lane " << lane << " crate " << i;
    }
    // The strapped box is a grandchild: it follows its crate with no correction of its own.
    const glm::dvec3 strapped_after = tree.global(crash::strapped_id()).velocity;
    EXPECT_NEAR(glm::distance(strapped_after, scene.counteracts(lane) ? strapped_before : car_after), 0.0, impulse_tol);
    EXPECT_EQ(tree.local(crash::strapped_id()).velocity, glm::dvec3(0.0));
  }
}

TEST(crash, the_car_stops_at_the_wall_and_loose_crates_slide_to_the_front_of_the_bed) {
  crash scene;
  param_values values = crash_defaults();
  values.set("speed", 8.0);
  values.set("distance", 12.0);
  scene.reset(values);
  for (int i = 0; i < 300; ++i) scene.step(1.0 / 120.0);  // 2.5 s: the crash is at 1.5 s, sliding ends by 2 s
  for (int lane = 0; lane < 2; ++lane) {
    EXPECT_NEAR(scene.crash_time(lane), 1.5, 1e-9) << "lane " << lane;
    const auto& tree = scene.lane_tree(lane);
    // The car's front is at the wall's face x = 0.
    EXPECT_NEAR(tree.global(crash::car_id()).pose.translation.x + crash::car_half_length, 0.0, 1e-9);
    EXPECT_EQ(tree.global(crash::car_id()).velocity, glm::dvec3(0.0));
    for (int i = 0; i < crash::crate_count; ++i) {
      EXPECT_NEAR(glm::length(tree.global(crash::crate_id(i)).velocity), 0.0, impulse_tol);
    }
    const double front_face = tree.local(crash::crate_id(0)).pose.translation.x + scene.crate_half_length(0);
    if (scene.counteracts(lane)) {
      // Stacked against the front wall of the bed, each crate against the one ahead.
      EXPECT_NEAR(front_face, crash::bed_front_x, contact_tol);
      for (int i = 1; i < crash::crate_count; ++i) {
        const double face = tree.local(crash::crate_id(i)).pose.translation.x + scene.crate_half_length(i);
        const double back_of_ahead =
            tree.local(crash::crate_id(i - 1)).pose.translation.x - scene.crate_half_length(i - 1);
        EXPECT_NEAR(face, back_of_ahead, contact_tol) << "crate " << i;
      }
    } else {
      EXPECT_NEAR(front_face, crash::crate_start_x(0) + scene.crate_half_length(0), contact_tol);  // as loaded
    }
  }
}

// Between the impulse and the front wall a loose crate slides with the kinetic
// friction deceleration mu g: x(t) = x0 + v0 t - mu g t^2 / 2 in the car's frame.
TEST(crash, sliding_crates_decelerate_at_mu_g) {
  crash scene;
  param_values values = crash_defaults();
  values.set("speed", 2.0);
  values.set("friction", 0.5);
  values.set("layout", std::string("single car"));
  values.set("counteract", true);
  scene.reset(values);
  scene.apply_crash(0);
  const double x0 = scene.lane_tree(0).local(crash::crate_id(0)).pose.translation.x;
  const double dt = 0.01;
  for (int i = 1; i <= 10; ++i) {
    scene.step(dt);
    const double t = i * dt;
    EXPECT_NEAR(scene.lane_tree(0).local(crash::crate_id(0)).pose.translation.x,
                x0 + 2.0 * t - 0.5 * 0.5 * 9.81 * t * t, 1e-12);
    EXPECT_NEAR(scene.lane_tree(0).local(crash::crate_id(0)).velocity.x, 2.0 - 0.5 * 9.81 * t, 1e-12);
  }
}

TEST(crash, single_car_follows_the_counteract_parameter) {
  for (const bool counteract : {false, true}) {
    crash scene;
    param_values values = crash_defaults();
    values.set("layout", std::string("single car"));
    values.set("counteract", counteract);
    scene.reset(values);
    ASSERT_EQ(scene.lane_count(), 1);
    EXPECT_EQ(scene.counteracts(0), counteract);
    for (int i = 0; i < 360; ++i) scene.step(1.0 / 120.0);  // crash at 2 s, sliding done by 2.6 s
    const std::vector<double> channels = read_channels(scene);
    EXPECT_EQ(channels[0], 0.0);               // the car stopped
    EXPECT_EQ(channels[2] > 0.1, counteract);  // the crate slid, or not
    EXPECT_EQ(channels[3], 0.0);               // no second lane
  }
}

TEST(crash, edits_go_through_the_hierarchy_and_drawn_parts_refuse) {
  crash scene;
  scene.reset(crash_defaults());
  // A global velocity change on the car, counteracted: the crates keep their velocity.
  const int car_view = 0;
  ASSERT_EQ(scene.view().nodes[car_view].name.rfind("car", 0), 0u);
  node_edit edit;
  edit.what = node_edit::kind::velocity_change;
  edit.delta_velocity = {-3.0, 0.0, 0.0};
  edit.counteract_children = true;
  ASSERT_FALSE(scene.edit_node(car_view, edit).has_value());
  EXPECT_NEAR(scene.lane_tree(0).global(crash::car_id()).velocity.x, 2.0, impulse_tol);
  EXPECT_NEAR(scene.lane_tree(0).global(crash::crate_id(0)).velocity.x, 5.0, impulse_tol);
  // Drawn-only parts (cab, wheels, wall) have no dynamics to edit.
  int drawn = -1;
  for (std::size_t i = 0; i < scene.view().nodes.size(); ++i)
    if (!scene.view().nodes[i].local_dynamics) drawn = static_cast<int>(i);
  ASSERT_GE(drawn, 0);
  EXPECT_TRUE(scene.edit_node(drawn, edit).has_value());
  // Invalid values are refused with a reason, nothing changes.
  edit.what = node_edit::kind::set_local;
  edit.dynamics = scene.lane_tree(0).local(crash::crate_id(0));
  edit.dynamics.pose.scale = -1.0;
  const auto error = scene.edit_node(1, edit);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("scale"), std::string::npos);
  EXPECT_EQ(scene.lane_tree(0).local(crash::crate_id(0)).pose.scale, 1.0);
}

TEST(crash, registered) {
  EXPECT_NE(find_scene("crash"), nullptr);
}

}  // namespace
}  // namespace framelab
