// collisions: the scene against independent checks. The three broadphases (brute force,
// sort-and-sweep, uniform grid) must give the same candidate pairs and bit-identical
// trajectories (also when switched live mid-run); the
// channels must agree with sums computed here from the balls; restitution 1 without gravity
// keeps the energy; no ball leaves the (turning) box; bad parameters are refused with a
// message naming the problem and leave the running scene as it was.
#include "scenes/collisions.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"

namespace framelab {
namespace {

constexpr double dt = 1.0 / 120.0;
constexpr double energy_tol = 1e-10;  // relative, restitution 1 and no gravity, thousands of impulses
constexpr double sum_tol = 1e-12;     // relative, channels against sums done here

param_values collisions_defaults() {
  return param_values::defaults(collisions().parameters());
}

param_values collisions_with(std::initializer_list<std::pair<const char*, param_value>> changes) {
  param_values values = collisions_defaults();
  for (const auto& [name, value] : changes) values.set(name, value);
  return values;
}

std::vector<index_pair> sorted(std::vector<index_pair> pairs) {
  canonical_order(pairs);
  return pairs;
}

void expect_same_state(const collisions& a, const collisions& b, int step) {
  const auto& sa = a.world().spheres;
  const auto& sb = b.world().spheres;
  ASSERT_EQ(sa.size(), sb.size());
  for (std::size_t k = 0; k < sa.size(); ++k) {
    ASSERT_EQ(sa.position[k], sb.position[k]) << "ball " << k << " step " << step;
    ASSERT_EQ(sa.velocity[k], sb.velocity[k]) << "ball " << k << " step " << step;
  }
}

TEST(collisions, registers_with_a_teaching_text) {
  const scene_entry* entry = find_scene("collisions");
  ASSERT_NE(entry, nullptr);
  EXPECT_FALSE(entry->info.teaching_text.empty());
  EXPECT_FALSE(collisions().check(collisions_defaults()));
}

TEST(collisions, all_broadphases_give_the_same_pairs_and_bit_identical_trajectories) {
  for (const double drum : {0.0, 1.5}) {
    collisions brute, sweep, grid;
    brute.reset(collisions_with({{"broadphase", std::string("brute-force")}, {"drum_rate", drum}, {"balls", std::int64_t{600}}}));
    sweep.reset(
        collisions_with({{"broadphase", std::string("sort-and-sweep")}, {"drum_rate", drum}, {"balls", std::int64_t{600}}}));
    grid.reset(collisions_with({{"broadphase", std::string("uniform-grid")}, {"drum_rate", drum}, {"balls", std::int64_t{600}}}));
    ASSERT_EQ(brute.broadphase(), broadphase_method::brute_force);
    ASSERT_EQ(sweep.broadphase(), broadphase_method::sort_and_sweep);
    ASSERT_EQ(grid.broadphase(), broadphase_method::uniform_grid);
    std::size_t touching = 0;
    for (int step = 0; step < 200; ++step) {  // 1.7 s: many contacts each step (400 steps: 15 s under ASan)
      brute.step(dt);
      sweep.step(dt);
      grid.step(dt);
      ASSERT_EQ(sorted(brute.world().candidates()), sorted(sweep.world().candidates())) << "step " << step;
      ASSERT_EQ(brute.world().candidates(), sorted(grid.world().candidates())) << "step " << step;
      ASSERT_EQ(brute.world().contacts(), sweep.world().contacts()) << "step " << step;
      ASSERT_EQ(brute.world().contacts(), grid.world().contacts()) << "step " << step;
      expect_same_state(brute, sweep, step);
      expect_same_state(brute, grid, step);
      touching += brute.world().contacts().size();
    }
    EXPECT_GT(touching, 1000u) << "the balls should collide (drum " << drum << ")";
  }
}

TEST(collisions, switching_the_broadphase_live_changes_nothing_but_the_method) {
  collisions steady, switched;
  const param_values values = collisions_with({{"balls", std::int64_t{500}}});
  steady.reset(values);
  switched.reset(values);
  const broadphase_method cycle[] = {broadphase_method::brute_force, broadphase_method::uniform_grid,
                                     broadphase_method::sort_and_sweep};
  for (int step = 0; step < 300; ++step) {
    if (step % 50 == 25) switched.set_broadphase(cycle[(step / 50) % 3]);
    steady.step(dt);
    switched.step(dt);
    expect_same_state(steady, switched, step);
  }
  EXPECT_EQ(switched.ball_count(), 500u);
}

TEST(collisions, channels_agree_with_sums_over_the_balls) {
  collisions scene;
  scene.reset(collisions_with({{"balls", std::int64_t{300}}, {"drum_rate", 0.7}}));
  for (int step = 0; step < 100; ++step) scene.step(dt);
  const std::vector<double> ch = read_channels(scene);
  const auto& s = scene.world().spheres;
  const double g = 9.81;
  double k = 0.0, u = 0.0;
  glm::dvec3 p(0.0);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double m = collisions::density * 4.0 / 3.0 * std::numbers::pi * std::pow(s.radius[i], 3);
    k += 0.5 * m * glm::dot(s.velocity[i], s.velocity[i]);
    u += m * g * s.position[i].y;
    p += m * s.velocity[i];
  }
  EXPECT_NEAR(ch[0] / k, 1.0, sum_tol);
  EXPECT_NEAR(ch[1] / u, 1.0, sum_tol);
  EXPECT_NEAR(ch[2] / (k + u), 1.0, sum_tol);
  const double p_scale = glm::length(p) + 1.0;
  EXPECT_NEAR(ch[3], p.x, sum_tol * p_scale * 100);
  EXPECT_NEAR(ch[4], p.y, sum_tol * p_scale * 100);
  EXPECT_NEAR(ch[5], p.z, sum_tol * p_scale * 100);
  EXPECT_EQ(ch[6], double(scene.world().candidates().size()));
  EXPECT_EQ(ch[7], double(scene.world().contacts().size()));
  EXPECT_GE(ch[8], 0.0);
}

TEST(collisions, energy_is_conserved_with_restitution_1_and_no_gravity) {
  collisions scene;
  scene.reset(collisions_with({{"restitution", 1.0}, {"gravity", 0.0}, {"balls", std::int64_t{800}}, {"initial_speed", 4.0}}));
  std::vector<double> ch = read_channels(scene);
  const double e0 = ch[2];
  std::size_t touching = 0;
  for (int step = 0; step < 1500; ++step) {
    scene.step(dt);
    touching += scene.world().contacts().size();
  }
  ch = read_channels(scene);
  EXPECT_GT(touching, 2000u);
  EXPECT_NEAR(ch[2] / e0, 1.0, energy_tol);
}

TEST(collisions, no_ball_leaves_the_box_or_the_turning_drum) {
  for (const double drum : {0.0, -3.0}) {
    collisions scene;
    scene.reset(collisions_with({{"drum_rate", drum}, {"initial_speed", 12.0}, {"balls", std::int64_t{1000}}}));
    const auto& world = scene.world();
    for (int step = 0; step < 300; ++step) {  // 2.5 s: at 12 m/s every ball meets the walls many times
      scene.step(dt);
      for (std::size_t k = 0; k < world.spheres.size(); ++k) {
        const glm::dvec3 q = world.box->to_local_point(world.spheres.position[k]);
        for (int a = 0; a < 3; ++a)
          ASSERT_LE(std::abs(q[a]), world.box->half_extent[a] - world.spheres.radius[k] + 1e-12)
              << "ball " << k << " axis " << a << " step " << step << " drum " << drum;
      }
    }
  }
}

TEST(collisions, the_timing_log_keeps_each_ball_count_across_resets) {
  collisions scene;
  for (const std::int64_t balls : {100, 300}) {
    scene.reset(collisions_with({{"balls", balls}}));
    for (int step = 0; step < 10; ++step) scene.step(dt);
  }
  const auto& log = scene.timing_log(broadphase_method::sort_and_sweep);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].balls, 100);
  EXPECT_EQ(log[1].balls, 300);
  EXPECT_EQ(log[1].samples, 7);  // 10 steps less the warm-up after the reset
  EXPECT_TRUE(scene.timing_log(broadphase_method::brute_force).empty());
  EXPECT_TRUE(scene.timing_log(broadphase_method::uniform_grid).empty());
  scene.time_all_methods(2);
  EXPECT_EQ(scene.timing_log(broadphase_method::brute_force).size(), 1u);
  EXPECT_EQ(scene.timing_log(broadphase_method::uniform_grid).size(), 1u);
  scene.measure_growth({50, 200, 1000000}, 2, 1);  // a million does not fit: skipped
  EXPECT_EQ(scene.timing_log(broadphase_method::brute_force).size(), 3u);
  EXPECT_EQ(scene.timing_log(broadphase_method::sort_and_sweep).size(), 4u);
  EXPECT_EQ(scene.timing_log(broadphase_method::uniform_grid).size(), 3u);
  EXPECT_EQ(scene.ball_count(), 300u);  // the running scene is untouched
  scene.clear_timing_log();
  EXPECT_TRUE(scene.timing_log(broadphase_method::sort_and_sweep).empty());
  EXPECT_TRUE(scene.timing_log(broadphase_method::uniform_grid).empty());
}

// [SECTION] Bad input

std::string load_error(simulation& sim, const std::vector<std::string>& assignments) {
  const scene_entry* entry = find_scene("collisions");
  param_values values = param_values::defaults(entry->create()->parameters());
  if (auto error = apply_assignments(entry->create()->parameters(), assignments, values)) return *error;
  if (auto error = sim.load(*entry, values)) return *error;
  return "";
}

TEST(collisions, bad_parameters_are_refused_with_a_message_and_nothing_changes) {
  simulation sim;
  ASSERT_EQ(load_error(sim, {"balls=50"}), "");
  sim.single_step();
  const long long steps = sim.step_count();
  struct bad_case {
    std::string assignment, expect_in_message;
  };
  const bad_case cases[] = {
      {"restitution=1.5", "restitution"}, {"balls=0", "balls"},
      {"balls=1000000", "balls"},         {"gravity=nan", "gravity"},
      {"radius=-0.1", "radius"},          {"drum_rate=inf", "drum_rate"},
      {"box_size=1,1", "box_size"},       {"broadphase=octree", "broadphase"},
  };
  for (const auto& c : cases) {
    const std::string error = load_error(sim, {c.assignment});
    EXPECT_NE(error.find(c.expect_in_message), std::string::npos) << c.assignment << " -> '" << error << "'";
    EXPECT_EQ(sim.step_count(), steps) << c.assignment;  // the running scene carries on untouched
    EXPECT_EQ(sim.parameters().integer("balls"), 50);
  }
  // each valid on its own, together impossible: 4000 balls of 0.5 m in the default box
  const std::string crowded = load_error(sim, {"balls=4000", "radius=0.5"});
  EXPECT_NE(crowded.find("do not fit"), std::string::npos) << crowded;
  EXPECT_NE(crowded.find("balls"), std::string::npos) << crowded;
  EXPECT_EQ(sim.parameters().integer("balls"), 50);
}

TEST(collisions, a_live_switch_is_recorded_so_a_reset_keeps_it) {
  simulation sim;
  ASSERT_EQ(load_error(sim, {"balls=100", "broadphase=sort-and-sweep"}), "");
  auto& scene = dynamic_cast<collisions&>(sim.current_mutable());
  scene.set_broadphase(broadphase_method::brute_force);
  ASSERT_FALSE(sim.record_live_parameter("broadphase", std::string("brute-force")));
  sim.single_step();
  sim.reset();
  EXPECT_EQ(dynamic_cast<const collisions&>(sim.current()).broadphase(), broadphase_method::brute_force);
  EXPECT_TRUE(sim.record_live_parameter("broadphase", std::string("octree")));  // refused
  EXPECT_EQ(sim.parameters().choice("broadphase"), "brute-force");
  scene.set_broadphase(broadphase_method::uniform_grid);
  ASSERT_FALSE(sim.record_live_parameter("broadphase", std::string("uniform-grid")));
  sim.reset();
  EXPECT_EQ(dynamic_cast<const collisions&>(sim.current()).broadphase(), broadphase_method::uniform_grid);
}

TEST(collisions, the_broadphase_choice_keeps_its_names_and_defaults_to_auto) {
  // auto at the default 300 balls is sort-and-sweep; every method gives the same motion, so the
  // golden hash of the default run does not depend on the choice
  for (const auto& p : collisions().parameters()) {
    if (p.name != "broadphase") continue;
    EXPECT_EQ(p.default_value, param_value(std::string("auto")));
    EXPECT_EQ(p.choices, (std::vector<std::string>{"auto", "brute-force", "sort-and-sweep", "uniform-grid"}));
  }
  EXPECT_EQ(collisions::read_settings(collisions_defaults()).method, std::nullopt);
  EXPECT_EQ(collisions::read_settings(collisions_with({{"broadphase", std::string("brute-force")}})).method,
            broadphase_method::brute_force);
  EXPECT_EQ(collisions::read_settings(collisions_with({{"broadphase", std::string("uniform-grid")}})).method,
            broadphase_method::uniform_grid);
}

TEST(collisions, auto_takes_sort_and_sweep_below_the_threshold_and_the_grid_from_it) {
  const auto n = static_cast<std::int64_t>(collisions::auto_grid_min_balls);
  collisions scene;
  scene.reset(collisions_with({{"balls", n - 1}}));
  EXPECT_TRUE(scene.broadphase_is_auto());
  EXPECT_EQ(scene.broadphase(), broadphase_method::sort_and_sweep);
  scene.reset(collisions_with({{"balls", n}}));
  EXPECT_EQ(scene.broadphase(), broadphase_method::uniform_grid);
  EXPECT_NE(scene.view().labels[0].text.find("uniform-grid broadphase (auto)"), std::string::npos);
  // an explicit choice is kept whatever the count; auto again takes the count's method
  scene.set_broadphase(broadphase_method::sort_and_sweep);
  EXPECT_FALSE(scene.broadphase_is_auto());
  EXPECT_EQ(scene.broadphase(), broadphase_method::sort_and_sweep);
  EXPECT_EQ(scene.view().labels[0].text.find("(auto)"), std::string::npos);
  scene.set_broadphase(std::nullopt);
  EXPECT_EQ(scene.broadphase(), broadphase_method::uniform_grid);
  scene.reset(collisions_with({{"balls", n}, {"broadphase", std::string("brute-force")}}));
  EXPECT_EQ(scene.broadphase(), broadphase_method::brute_force);
}

}  // namespace
}  // namespace framelab
