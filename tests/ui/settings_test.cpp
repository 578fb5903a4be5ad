// The settings file: a round trip keeps everything; a missing file gives the defaults;
// an unusable one (not JSON, wrong types, too big, a directory) is moved aside with a
// message naming the file and the reason, and the defaults are used. The recent list
// keeps each scene once, most recent first, at most max_recent_scenes.
#include "ui/settings.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "scenes/registry.hpp"
#include "tests/ui/headless_ui.hpp"

namespace framelab::ui {
namespace {

namespace fs = std::filesystem;

class settings_file : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("framelab_settings_" + std::to_string(::getpid()) + "_" +
                                        testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    file_ = dir_ / "settings.json";
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& text) { std::ofstream(file_, std::ios::binary) << text; }
  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path corrupt_copy() const {
    fs::path aside = file_;
    aside += ".corrupt";
    return aside;
  }
  // Loads a file expected to be unusable: defaults, a message, the content moved aside.
  void expect_moved_aside(const std::string& content, const std::string& reason_part) {
    write(content);
    const settings_load loaded = load_settings(file_);
    ASSERT_TRUE(loaded.message.has_value());
    EXPECT_NE(loaded.message->find(file_.string()), std::string::npos) << *loaded.message;
    EXPECT_NE(loaded.message->find(reason_part), std::string::npos) << *loaded.message;
    EXPECT_TRUE(loaded.settings.recent_scenes.empty());
    EXPECT_TRUE(loaded.settings.panels.tree);  // a default
    EXPECT_FALSE(fs::exists(file_));
    EXPECT_EQ(read(corrupt_copy()), content);
  }

  fs::path dir_;
  fs::path file_;
};

TEST_F(settings_file, a_round_trip_keeps_recent_scenes_and_panels) {
  app_settings settings;
  settings.recent_scenes = {"carousel", "/tmp/a preset.json", "free-body"};
  settings.panels.plots = false;
  settings.panels.benchmarks = true;
  ASSERT_FALSE(save_settings(file_, settings));
  const settings_load loaded = load_settings(file_);
  EXPECT_FALSE(loaded.message);
  EXPECT_EQ(loaded.settings.recent_scenes, settings.recent_scenes);
  EXPECT_FALSE(loaded.settings.panels.plots);
  EXPECT_TRUE(loaded.settings.panels.benchmarks);
  EXPECT_TRUE(loaded.settings.panels.browser);
}

TEST_F(settings_file, the_ui_scale_is_kept_and_checked) {
  app_settings settings;
  settings.ui_scale_percent = 175;
  ASSERT_FALSE(save_settings(file_, settings));
  EXPECT_EQ(load_settings(file_).settings.ui_scale_percent, 175);
  ui_state state;
  apply_settings(load_settings(file_).settings, state);
  EXPECT_EQ(state.ui_scale_percent, 175);
  EXPECT_EQ(settings_from(state).ui_scale_percent, 175);
  expect_moved_aside(R"({"ui_scale_percent": 1000})", "ui_scale_percent");
  expect_moved_aside(R"({"ui_scale_percent": 99})", "ui_scale_percent");
  expect_moved_aside(R"({"ui_scale_percent": "200"})", "ui_scale_percent");
  expect_moved_aside(R"({"ui_scale_percent": 150.5})", "ui_scale_percent");
}

TEST_F(settings_file, a_missing_file_gives_the_defaults_without_a_message) {
  const settings_load loaded = load_settings(file_);
  EXPECT_FALSE(loaded.message);
  EXPECT_TRUE(loaded.settings.recent_scenes.empty());
  EXPECT_TRUE(loaded.settings.panels.parameters);
  EXPECT_FALSE(loaded.settings.panels.benchmarks);
  EXPECT_FALSE(loaded.settings.ui_scale_percent);  // the display's own scale then
}

TEST_F(settings_file, unknown_keys_are_ignored) {
  write(R"({"recent_scenes": ["crash"], "from_a_newer_version": 42})");
  const settings_load loaded = load_settings(file_);
  EXPECT_FALSE(loaded.message);
  EXPECT_EQ(loaded.settings.recent_scenes, std::vector<std::string>{"crash"});
}

TEST_F(settings_file, not_json_is_moved_aside) { expect_moved_aside("{\"recent_scenes\": [\"carou", "not valid JSON"); }

TEST_F(settings_file, binary_garbage_is_moved_aside) {
  expect_moved_aside(std::string("\x00\xff\xfe{[", 5), "not valid JSON");
}

TEST_F(settings_file, wrong_types_are_moved_aside) {
  expect_moved_aside(R"({"recent_scenes": 5})", "recent_scenes");
  expect_moved_aside(R"({"recent_scenes": ["ok", 3]})", "recent_scenes");
  expect_moved_aside(R"({"panels": {"tree": "yes"}})", "panels.tree");
  expect_moved_aside(R"([1, 2, 3])", "JSON object");
}

TEST_F(settings_file, a_huge_file_is_moved_aside) {
  expect_moved_aside(std::string(max_settings_bytes + 1, ' '), "");
}

TEST_F(settings_file, a_directory_in_its_place_is_reported_and_defaults_used) {
  fs::create_directories(file_);
  const settings_load loaded = load_settings(file_);
  ASSERT_TRUE(loaded.message.has_value());
  EXPECT_NE(loaded.message->find(file_.string()), std::string::npos);
  EXPECT_TRUE(loaded.settings.recent_scenes.empty());
}

TEST_F(settings_file, a_save_into_a_missing_directory_fails_with_a_reason) {
  app_settings settings;
  settings.recent_scenes = {"crash"};
  const auto error = save_settings(dir_ / "no such dir" / "settings.json", settings);
  ASSERT_TRUE(error.has_value());
  EXPECT_FALSE(error->empty());
}

TEST_F(settings_file, a_long_recent_list_is_cut_to_the_maximum) {
  std::string list;
  for (std::size_t k = 0; k < max_recent_scenes + 5; ++k) list += (k ? ", \"s" : "\"s") + std::to_string(k) + "\"";
  write("{\"recent_scenes\": [" + list + "]}");
  const settings_load loaded = load_settings(file_);
  EXPECT_FALSE(loaded.message);
  ASSERT_EQ(loaded.settings.recent_scenes.size(), max_recent_scenes);
  EXPECT_EQ(loaded.settings.recent_scenes.front(), "s0");
}

TEST_F(settings_file, a_binary_layout_file_is_moved_aside_and_a_text_one_kept) {
  const fs::path ini = dir_ / "imgui.ini";
  constexpr char binary_layout[] = "[Window][Plots]\nPos=1,2\n\0\x01";
  std::ofstream(ini, std::ios::binary) << std::string(binary_layout, sizeof binary_layout - 1);
  ASSERT_TRUE(quarantine_if_not_text(ini).has_value());
  EXPECT_FALSE(fs::exists(ini));
  std::ofstream(ini, std::ios::binary) << "[Window][Plots]\nPos=1,2\nthis line means nothing\n";
  EXPECT_FALSE(quarantine_if_not_text(ini).has_value());
  EXPECT_TRUE(fs::exists(ini));
}

TEST(recent_scenes, keep_each_scene_once_most_recent_first_at_most_the_maximum) {
  std::vector<std::string> recent;
  remember_recent(recent, "a");
  remember_recent(recent, "b");
  remember_recent(recent, "a");
  EXPECT_EQ(recent, (std::vector<std::string>{"a", "b"}));
  for (std::size_t k = 0; k < 2 * max_recent_scenes; ++k) remember_recent(recent, "s" + std::to_string(k));
  ASSERT_EQ(recent.size(), max_recent_scenes);
  EXPECT_EQ(recent.front(), "s" + std::to_string(2 * max_recent_scenes - 1));
  remember_recent(recent, "");
  EXPECT_EQ(recent.size(), max_recent_scenes);
}

TEST(recent_scenes, a_scene_name_stays_a_name_and_a_file_becomes_absolute) {
  EXPECT_EQ(recent_entry("carousel"), "carousel");
  const std::string entry = recent_entry("some/preset.json");
  EXPECT_TRUE(fs::path(entry).is_absolute()) << entry;
  EXPECT_EQ(fs::path(entry).filename(), "preset.json");
}

class recent_in_the_ui : public headless_ui_test {};

TEST_F(recent_in_the_ui, opening_a_scene_puts_it_first_and_a_failed_open_does_not) {
  load("carousel");
  ASSERT_TRUE(open_scene(state_, "crash"));
  ASSERT_TRUE(open_scene(state_, "free-body"));
  EXPECT_FALSE(open_scene(state_, "no-such-scene"));
  EXPECT_EQ(state_.recent_scenes, (std::vector<std::string>{"free-body", "crash"}));
  // the settings carry the list and the panels the user closed
  state_.show_plots = false;
  const app_settings settings = settings_from(state_);
  ui_state other;
  apply_settings(settings, other);
  EXPECT_EQ(other.recent_scenes, state_.recent_scenes);
  EXPECT_FALSE(other.show_plots);
}

}  // namespace
}  // namespace framelab::ui
