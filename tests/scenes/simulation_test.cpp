// The fixed-step clock, pausing, validated parameter changes and fault detection.
#include "scenes/simulation.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

namespace framelab {
namespace {

// A scene whose one channel is x(t) = t, and which turns non-finite once t passes a
// parameter: it lets the tests count steps and provoke a fault.
class clock_scene : public scene {
 public:
  std::vector<param_def> parameters() const override {
    return {number_param("blow_up_at", 1e9, 0.0, 1e9, "s", "time at which the state turns NaN"),
            number_param("step_cost", 0.0, 0.0, 1.0, "s", "wall-clock time each step sleeps (a slow scene)")};
  }
  std::vector<channel_def> channels() const override {
    return {{"x", "s", "elapsed time", [this] { return x_; }},
            {"steps", "", "steps taken", [this] { return double(steps_); }}};
  }
  void reset(const param_values& values) override {
    blow_up_at_ = values.number("blow_up_at");
    step_cost_ = values.number("step_cost");
    x_ = 0.0;
    steps_ = 0;
  }
  void step(double dt) override {
    if (step_cost_ > 0.0) std::this_thread::sleep_for(std::chrono::duration<double>(step_cost_));
    x_ += dt;
    ++steps_;
    if (x_ > blow_up_at_) x_ = std::numeric_limits<double>::quiet_NaN();
  }
  const scene_view& view() const override { return view_; }

 private:
  double blow_up_at_ = 1e9;
  double step_cost_ = 0.0;
  double x_ = 0.0;
  int steps_ = 0;
  scene_view view_;
};

const scene_entry clock_entry{{"clock", "Tests", "counts time", "counts time"}, &make_scene<clock_scene>};

// The clock with a channel declared without its getter: a programming error.
class getterless_scene final : public clock_scene {
 public:
  std::vector<channel_def> channels() const override {
    auto defs = clock_scene::channels();
    defs.push_back({"lost", "", "a channel nobody reads", nullptr});
    return defs;
  }
};
const scene_entry getterless_entry{{"getterless", "Tests", "x", "x"}, &make_scene<getterless_scene>};

simulation loaded(double dt, double blow_up_at = 1e9, double step_cost = 0.0) {
  simulation sim;
  param_values values;
  values.set("blow_up_at", blow_up_at);
  values.set("step_cost", step_cost);
  EXPECT_FALSE(sim.load(clock_entry, values));
  clock_settings clock;
  clock.dt = dt;
  EXPECT_FALSE(sim.set_clock(clock));
  return sim;
}

constexpr double time_tol = 1e-12;

TEST(simulation, consumes_real_time_in_fixed_steps) {
  simulation sim = loaded(0.01);
  EXPECT_EQ(sim.advance(0.035), 3);
  EXPECT_EQ(sim.advance(0.005), 1);  // the remainder carried over: 0.005 + 0.005
  EXPECT_EQ(sim.step_count(), 4);
  EXPECT_NEAR(sim.time(), 0.04, time_tol);
  EXPECT_NEAR(sim.channel_values()[0], 0.04, time_tol);
  EXPECT_EQ(sim.history().size(), 5u);  // t = 0 and four steps
}

TEST(simulation, caps_the_steps_of_a_slow_frame) {
  simulation sim = loaded(0.01);
  EXPECT_EQ(sim.advance(10.0), sim.clock().max_steps_per_frame);
  // The backlog is dropped: the next ordinary frame runs an ordinary number of steps.
  EXPECT_LE(sim.advance(0.016), 2);
}

// A scene whose steps take 30 ms, asked to catch up 10 s with up to 100 steps per frame:
// without the budget one frame would block for 3 s; with 0.1 s it stops after a few.
TEST(simulation, a_slow_scene_cannot_hold_the_frame_beyond_its_budget) {
  simulation sim = loaded(0.01, 1e9, 0.03);
  clock_settings clock = sim.clock();
  clock.max_steps_per_frame = 100;
  clock.frame_budget_s = 0.1;
  ASSERT_FALSE(sim.set_clock(clock));
  const int steps = sim.advance(10.0);
  EXPECT_GE(steps, 1);
  EXPECT_LE(steps, 3);  // 30, 60, 90 ms: a fourth would end past 100 ms (sleeps only run long)
  // The backlog was dropped: the next frame is an ordinary one.
  clock.frame_budget_s = 0.0;
  ASSERT_FALSE(sim.set_clock(clock));
  EXPECT_LE(sim.advance(0.016), 2);
}

// A step of 60 ms under a budget of 0.1 s: a second one would end at 120 ms, past the budget,
// so the frame takes one (and the window stays above 10 frames per second, its drawing aside).
// A step slower than the whole budget still runs, one a frame.
TEST(simulation, a_step_that_would_end_past_the_budget_waits_for_the_next_frame) {
  for (const double step_cost : {0.06, 0.15}) {
    simulation sim = loaded(0.01, 1e9, step_cost);
    clock_settings clock = sim.clock();
    clock.frame_budget_s = 0.1;
    ASSERT_FALSE(sim.set_clock(clock));
    EXPECT_EQ(sim.advance(1.0), 1) << step_cost;
    EXPECT_EQ(sim.advance(1.0), 1) << step_cost;
    EXPECT_EQ(sim.step_count(), 2) << step_cost;
  }
}

TEST(simulation, the_frame_budget_must_be_finite_and_not_negative) {
  simulation sim = loaded(0.01);
  for (double bad : {-1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    clock_settings clock = sim.clock();
    clock.frame_budget_s = bad;
    EXPECT_TRUE(sim.set_clock(clock)) << bad;
  }
}

TEST(simulation, substeps_split_each_step_and_time_scale_slows_it) {
  simulation sim = loaded(0.01);
  clock_settings clock = sim.clock();
  clock.substeps = 4;
  clock.time_scale = 0.5;
  ASSERT_FALSE(sim.set_clock(clock));
  EXPECT_EQ(sim.advance(0.04), 2);
  EXPECT_NEAR(sim.channel_values()[0], 0.02, time_tol);
}

TEST(simulation, pause_stops_time_but_single_step_still_steps) {
  simulation sim = loaded(0.01);
  sim.set_paused(true);
  EXPECT_EQ(sim.advance(1.0), 0);
  sim.single_step();
  EXPECT_EQ(sim.step_count(), 1);
  sim.toggle_paused();
  EXPECT_GT(sim.advance(0.02), 0);
}

TEST(simulation, refuses_bad_clocks_and_parameters_without_changing_anything) {
  simulation sim = loaded(0.01);
  for (double dt : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(), 1e9}) {
    clock_settings clock = sim.clock();
    clock.dt = dt;
    EXPECT_TRUE(sim.set_clock(clock)) << dt;
  }
  EXPECT_EQ(sim.clock().dt, 0.01);
  sim.advance(0.05);
  const long long steps = sim.step_count();
  param_values bad;
  bad.set("blow_up_at", -5.0);
  EXPECT_TRUE(sim.set_parameters(bad));
  EXPECT_EQ(sim.step_count(), steps) << "a refused change must not reset the scene";
  param_values unknown = sim.parameters();
  unknown.set("gravity", 9.81);
  EXPECT_TRUE(sim.set_parameters(unknown));
  EXPECT_TRUE(sim.load(clock_entry, bad));
  EXPECT_EQ(sim.parameters().number("blow_up_at"), 1e9);
}

TEST(simulation, pauses_with_a_message_when_a_channel_turns_non_finite) {
  simulation sim = loaded(0.01, 0.05);
  sim.advance(0.2);
  ASSERT_TRUE(sim.fault());
  EXPECT_NE(sim.fault()->find("'x'"), std::string::npos);
  EXPECT_TRUE(sim.paused());
  const long long steps = sim.step_count();
  sim.single_step();
  EXPECT_EQ(sim.step_count(), steps) << "a faulted scene must not keep stepping";
  sim.reset();
  EXPECT_FALSE(sim.fault());
}

// Without the history (the headless `sim`) every step still reads the channels and checks
// them: the same values and the same fault, at the same step, as with it.
TEST(simulation, without_the_history_reads_and_checks_the_channels_the_same) {
  simulation kept = loaded(0.01, 0.05), bare = loaded(0.01, 0.05);
  bare.set_history_kept(false);
  bare.reset();
  for (int i = 0; i < 3; ++i) {
    kept.single_step();
    bare.single_step();
  }
  EXPECT_EQ(bare.channel_values(), kept.channel_values());
  EXPECT_EQ(kept.history().size(), 4u);
  EXPECT_EQ(bare.history().size(), 0u);
  for (int i = 0; i < 20; ++i) {
    kept.single_step();
    bare.single_step();
  }
  ASSERT_TRUE(kept.fault());
  EXPECT_EQ(bare.fault(), kept.fault());
  EXPECT_EQ(bare.step_count(), kept.step_count());
}

// The simulation records what each declared getter returns, in declaration order.
TEST(simulation, records_each_channel_through_its_own_getter) {
  simulation sim = loaded(0.25);
  for (int i = 0; i < 3; ++i) sim.single_step();
  ASSERT_EQ(sim.channel_defs().size(), 2u);
  EXPECT_EQ(sim.channel_defs()[0].name, "x");
  EXPECT_EQ(sim.channel_defs()[1].name, "steps");
  EXPECT_EQ(sim.channel_values(), (std::vector<double>{0.75, 3.0}));
  EXPECT_EQ(sim.history().values(1), (std::vector<double>{0.0, 1.0, 2.0, 3.0}));
  // The definitions the UI reads are the ones the simulation calls: they read its scene.
  EXPECT_EQ(sim.channel_defs()[1].read(), 3.0);
  sim.reset();
  EXPECT_EQ(sim.channel_defs()[1].read(), 0.0);
}

TEST(simulation, refuses_a_scene_that_declares_a_channel_without_a_getter) {
  simulation sim = loaded(0.01);
  sim.single_step();
  const auto error = sim.load(getterless_entry, sim.parameters());
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("'lost'"), std::string::npos) << *error;
  EXPECT_EQ(sim.entry().info.name, "clock") << "the running scene must stay";
  EXPECT_EQ(sim.step_count(), 1);
  EXPECT_EQ(sim.channel_defs().size(), 2u);
}

TEST(simulation, assignments_apply_all_or_nothing) {
  const std::vector<param_def> defs = clock_scene().parameters();
  param_values values = param_values::defaults(defs);
  EXPECT_FALSE(apply_assignments(defs, {"blow_up_at=3"}, values));
  EXPECT_EQ(values.number("blow_up_at"), 3.0);
  EXPECT_TRUE(apply_assignments(defs, {"blow_up_at=4", "blow_up_at=nan"}, values));
  EXPECT_TRUE(apply_assignments(defs, {"blow_up_at"}, values));
  EXPECT_TRUE(apply_assignments(defs, {"speed=4"}, values));
  EXPECT_EQ(values.number("blow_up_at"), 3.0);
}

}  // namespace
}  // namespace framelab
