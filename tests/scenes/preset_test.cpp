// Scene presets: a saved preset loads back identically; every malformed file is
// refused with "file:key: reason" and nothing is applied; saves are atomic.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "common/atomic_file.hpp"
#include "scenes/preset.hpp"

namespace framelab {
namespace {

class preset_files : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("framelab_preset_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::permissions(dir_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // Loads text that must be refused; returns the message.
  std::string refused(const std::string& text) {
    preset p;
    p.scene = "untouched";
    const auto error = load_preset(write("bad.json", text), p);
    EXPECT_TRUE(error.has_value()) << text.substr(0, 200);
    EXPECT_EQ(p.scene, "untouched") << "a refused preset must not change the output";
    return error.value_or("");
  }
  std::filesystem::path dir_;
};

TEST_F(preset_files, round_trips_scene_parameters_and_camera) {
  preset p;
  ASSERT_FALSE(resolve_scene_argument("tank-turret", p));
  p.values.set("drive_speed", 0.1 + 0.2);
  p.values.set("drive_radius", 12.5);
  p.camera = camera_setup{{1.0, 2.0, 3.0}, 17.0, -40.0, 33.0};
  const auto path = dir_ / "tank.json";
  ASSERT_FALSE(save_preset(path, p));
  preset loaded;
  ASSERT_FALSE(load_preset(path, loaded));
  EXPECT_EQ(loaded.scene, "tank-turret");
  EXPECT_EQ(loaded.values, p.values);
  ASSERT_TRUE(loaded.camera);
  EXPECT_EQ(loaded.camera->target, p.camera->target);
  EXPECT_EQ(loaded.camera->distance, 17.0);
  EXPECT_EQ(loaded.camera->yaw_deg, -40.0);
  EXPECT_EQ(loaded.camera->pitch_deg, 33.0);
}

TEST_F(preset_files, missing_parameters_keep_their_defaults) {
  preset p;
  ASSERT_FALSE(load_preset(write("partial.json", R"({"scene": "tank-turret", "parameters": {"drive_speed": 5}})"), p));
  EXPECT_EQ(p.values.number("drive_speed"), 5.0);
  preset defaults;
  ASSERT_FALSE(resolve_scene_argument("tank-turret", defaults));
  EXPECT_EQ(p.values.number("drive_radius"), defaults.values.number("drive_radius"));
  EXPECT_FALSE(p.camera);
}

TEST_F(preset_files, names_file_and_key_in_every_refusal) {
  const std::string file = (dir_ / "bad.json").string();
  EXPECT_EQ(refused(R"({"scene": "tank-turret", "parameters": {"drive_speed": "fast"}})"),
            file + ":parameters.drive_speed: expected a number");
  EXPECT_EQ(refused(R"({"scene": "tank-turret", "parameters": {"wheels": 6}})").rfind(file + ":parameters.wheels:", 0),
            0u);
  EXPECT_EQ(refused(R"({"scene": "tank-turret", "colour": "red"})").rfind(file + ":colour: unknown key", 0), 0u);
  EXPECT_EQ(refused(R"({"scene": "no-such-scene"})").rfind(file + ":scene: unknown scene", 0), 0u);
  EXPECT_EQ(refused(R"({"parameters": {}})"), file + ":scene: missing");
  EXPECT_EQ(refused(R"({"scene": 7})"), file + ":scene: expected a string");
  EXPECT_EQ(refused(R"({"scene": "tank-turret", "parameters": {"drive_radius": 0}})")
                .rfind(file + ":parameters.drive_radius: must be in [1, 100]", 0),
            0u);
  EXPECT_EQ(refused(R"({"scene": "tank-turret", "camera": {"distance": -1}})").rfind(file + ":camera.distance:", 0),
            0u);
  EXPECT_EQ(refused(R"({"scene": "tank-turret", "camera": {"target": [1, 2]}})").rfind(file + ":camera.target:", 0),
            0u);
}

TEST_F(preset_files, refuses_malformed_json) {
  EXPECT_NE(refused("").find("not valid JSON"), std::string::npos);
  EXPECT_NE(refused(R"({"scene": "tank-turret", "parameters": {"drive_speed": )").find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(refused(R"({"scene": "tank-turret", "parameters": {"drive_speed": NaN}})").find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(refused("[1, 2, 3]").find("top level"), std::string::npos);
  refused(R"({"scene": "tank-turret", "parameters": {"drive_speed": 1e999}})");
  refused(R"({"scene": "tank-turret", "parameters": {"drive_speed": -1e308}})");
  refused(R"({"scene": "tank-turret", "parameters": )" + std::string(100000, '[') + std::string(100000, ']') + "}");
}

TEST_F(preset_files, refuses_what_is_not_a_small_regular_file) {
  preset p;
  auto error = load_preset(dir_, p);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("is a directory"), std::string::npos);
  error = load_preset(dir_ / "missing.json", p);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("no such file"), std::string::npos);
  error = load_preset(write("huge.json", std::string(max_preset_bytes + 1, ' ')), p);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("too large"), std::string::npos);
}

TEST_F(preset_files, a_failed_save_leaves_the_old_file_intact) {
  preset p;
  ASSERT_FALSE(resolve_scene_argument("tank-turret", p));
  EXPECT_TRUE(save_preset(dir_ / "no" / "such" / "dir" / "x.json", p));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "no"));
  const auto target = write("keep.json", "old contents");
  EXPECT_TRUE(save_preset(dir_, p)) << "saving over a directory must fail";
  // A read-only directory: root may write into a chmod 555 one anyway, so as root the
  // read-only place is /proc (a file system where no file can be created).
  if (::geteuid() != 0) {
    std::filesystem::permissions(dir_, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    EXPECT_TRUE(save_preset(target, p));
    std::filesystem::permissions(dir_, std::filesystem::perms::owner_all);
  } else {
    EXPECT_TRUE(save_preset("/proc/framelab_preset_test.json", p));
    EXPECT_FALSE(std::filesystem::exists("/proc/framelab_preset_test.json"));
  }
  std::ifstream in(target);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "old contents");
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos) << "temporary left behind: " << entry.path();
  }
}

TEST_F(preset_files, scene_argument_is_a_name_or_a_file) {
  preset p;
  EXPECT_FALSE(resolve_scene_argument("tank-turret", p));
  const auto error = resolve_scene_argument("tank-turet", p);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("unknown scene 'tank-turet'"), std::string::npos);
  EXPECT_FALSE(resolve_scene_argument(write("ok.json", R"({"scene": "tank-turret"})").string(), p));
}

}  // namespace
}  // namespace framelab
