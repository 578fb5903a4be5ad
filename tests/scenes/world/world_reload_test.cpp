// Reload on save: a world file rewritten on disk while its scene runs. A good edit
// restarts at t = 0 with the new model; a bad edit keeps the old scene running and
// reports file:line:column and the key; parameters the user set survive a reload.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_reload.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {
namespace {

// A frame that moves at `speed` along x: its world x is speed * t, a closed form.
std::string world_text(const std::string& speed, double default_scale = 1.0) {
  return R"({ "parameters": { "scale": { "value": )" + std::to_string(default_scale) +
         R"(, "min": 0, "max": 10 }, "k": 2 },
  "frames": [ { "name": "cart", "translation": [")" + speed + R"(*t", 0, 0] } ] })";
}

class WorldReload : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("framelab_reload_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "moving.json").string();
    write(world_text("scale"));
    auto spec = std::make_shared<world_spec>();
    const auto error = load_world(path_, *spec);
    ASSERT_FALSE(error.has_value()) << *error;
    const scene_entry entry = make_world_entry(spec);
    ASSERT_FALSE(sim_.load(entry, param_values::defaults(entry.create()->parameters())).has_value());
    EXPECT_EQ(reloader_.poll(sim_, now_).what, world_reloader::outcome::unchanged);  // starts watching
    EXPECT_EQ(reloader_.watched(), path_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void write(const std::string& text) {
    // A different size each time, so the stamp changes even within one clock tick.
    std::ofstream(path_, std::ios::trunc) << text;
  }
  double cart_x() const {
    for (std::size_t i = 0; i < sim_.channel_defs().size(); ++i)
      if (sim_.channel_defs()[i].name == "cart_x") return sim_.channel_defs()[i].read();
    ADD_FAILURE() << "no channel cart_x";
    return 0.0;
  }
  void run(int steps) {
    for (int i = 0; i < steps; ++i) sim_.single_step();
  }
  world_reloader::result poll() {
    now_ += world_reloader::poll_interval;
    return reloader_.poll(sim_, now_);
  }

  std::filesystem::path dir_;
  std::string path_;
  simulation sim_;
  world_reloader reloader_;
  world_reloader::clock::time_point now_{};
};

TEST_F(WorldReload, GoodEditRestartsWithTheNewModel) {
  run(60);
  const double dt = sim_.clock().dt;
  EXPECT_NEAR(cart_x(), 1.0 * 60 * dt, 1e-12);
  EXPECT_EQ(poll().what, world_reloader::outcome::unchanged);  // nothing changed on disk
  write(world_text("3*scale"));
  const auto r = poll();
  ASSERT_EQ(r.what, world_reloader::outcome::reloaded) << r.message;
  EXPECT_EQ(sim_.time(), 0.0);
  run(60);
  EXPECT_NEAR(cart_x(), 3.0 * 60 * dt, 1e-12);  // the new motion
  EXPECT_EQ(poll().what, world_reloader::outcome::unchanged);  // reloaded once, not every poll
}

TEST_F(WorldReload, BadEditKeepsTheOldSceneAndNamesTheKey) {
  run(30);
  const std::uint64_t serial = sim_.scene_serial();
  const double t = sim_.time();
  write(world_text("sn(t)+scale"));  // an unknown function
  const auto r = poll();
  ASSERT_EQ(r.what, world_reloader::outcome::failed);
  EXPECT_NE(r.message.find(path_ + ":2:"), std::string::npos) << r.message;  // file:line:column
  EXPECT_NE(r.message.find("frames[0].translation[0]"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("sn"), std::string::npos) << r.message;
  EXPECT_EQ(sim_.scene_serial(), serial);  // the same scene object, still running
  EXPECT_EQ(sim_.time(), t);
  run(30);
  EXPECT_NEAR(cart_x(), 60 * sim_.clock().dt, 1e-12);
  EXPECT_EQ(poll().what, world_reloader::outcome::unchanged);  // reported once per change
  write(world_text("2*scale"));                                  // fixed: reloads
  EXPECT_EQ(poll().what, world_reloader::outcome::reloaded);
}

TEST_F(WorldReload, KeepsTheUsersValuesAndTakesNewDefaults) {
  param_values values = sim_.parameters();
  values.set("scale", 4.0);  // the user moved this slider; k stays at its default
  ASSERT_FALSE(sim_.set_parameters(values).has_value());
  write(R"({ "parameters": { "scale": { "value": 1, "min": 0, "max": 10 }, "k": 5 },
  "frames": [ { "name": "cart", "translation": ["scale*t", "k", 0] } ] })");
  ASSERT_EQ(poll().what, world_reloader::outcome::reloaded);
  EXPECT_EQ(sim_.parameters().number("scale"), 4.0);  // kept
  EXPECT_EQ(sim_.parameters().number("k"), 5.0);      // the file's new default
  write(R"({ "parameters": { "scale": { "value": 1, "min": 0, "max": 2 } },
  "frames": [ { "name": "cart", "translation": ["scale*t", 0, 0] } ] })");
  ASSERT_EQ(poll().what, world_reloader::outcome::reloaded);
  EXPECT_EQ(sim_.parameters().number("scale"), 1.0);  // 4 is outside the new range: the file's value
  EXPECT_FALSE(sim_.parameters().contains("k"));
}

TEST_F(WorldReload, PollsAtMostTwiceASecond) {
  write(world_text("5*scale"));
  now_ += world_reloader::poll_interval / 2;  // too soon since the last check
  EXPECT_EQ(reloader_.poll(sim_, now_).what, world_reloader::outcome::unchanged);
  now_ += world_reloader::poll_interval / 2;
  EXPECT_EQ(reloader_.poll(sim_, now_).what, world_reloader::outcome::reloaded);
}

TEST_F(WorldReload, StopsWatchingWhenAnotherSceneRuns) {
  ASSERT_NE(find_scene(default_scene_name), nullptr);
  const scene_entry& builtin = *find_scene(default_scene_name);
  ASSERT_FALSE(sim_.load(builtin, param_values::defaults(builtin.create()->parameters())).has_value());
  write(world_text("7*scale"));
  EXPECT_EQ(poll().what, world_reloader::outcome::unchanged);
  EXPECT_EQ(reloader_.watched(), "");
  EXPECT_EQ(sim_.entry().info.name, default_scene_name);
}

}  // namespace
}  // namespace framelab
