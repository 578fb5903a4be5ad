// Scene files in the UI: a dropped file opens when it is a world file or preset and is
// refused with a message otherwise; the Scenes panel lists the shipped files; File >
// Save scene writes the running file (and refuses a built-in).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_reload.hpp"
#include "scenes/world/world_writer.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/world_editor.hpp"
#include "ui/presentation.hpp"
#include "ui/world_files.hpp"

namespace framelab {
namespace {

std::string asset(const char* name) { return std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/" + name; }

class world_files_ui : public headless_ui_test {};

TEST_F(world_files_ui, a_dropped_world_file_opens_and_anything_else_is_refused) {
  load("carousel");
  EXPECT_FALSE(ui::open_dropped_file(state_, "/tmp/holiday.png"));
  EXPECT_TRUE(state_.message_is_error);
  EXPECT_NE(state_.message.find("holiday.png"), std::string::npos) << state_.message;
  EXPECT_NE(state_.message.find("not a scene file"), std::string::npos) << state_.message;
  EXPECT_EQ(sim_.entry().info.name, "carousel");
  EXPECT_TRUE(ui::open_dropped_file(state_, asset("epicycles.json")));
  EXPECT_EQ(sim_.entry().info.name, asset("epicycles.json"));
  EXPECT_FALSE(ui::open_dropped_file(state_, asset("no-such-file.json")));  // the loader's message
  EXPECT_TRUE(state_.message_is_error);
  EXPECT_EQ(sim_.entry().info.name, asset("epicycles.json"));
}

// The shipped files are listed under their heading, a row each, and the panel is wide enough for
// every title whole (it was as wide as the built-in scenes' short names, and the titles were cut).
TEST_F(world_files_ui, the_scenes_panel_lists_the_shipped_files_whole) {
  load("carousel");
  state_.world_files = {asset("epicycles.json"), asset("ferris-wheel.json"), asset("foucault-pendulum.json"),
                        asset("stone-drop.json")};
  frame();
  frame();
  const ImGuiWindow* scenes = ImGui::FindWindowByName("Scenes");
  ASSERT_NE(scenes, nullptr);
  const float room = scenes->ContentRegionRect.GetWidth();
  std::vector<std::string> lines{ui::shipped_worlds_heading};
  for (const auto& file : state_.world_files) {
    world_spec spec;
    ASSERT_FALSE(load_world(file, spec).has_value()) << file;
    lines.push_back(spec.title);
  }
  EXPECT_EQ(ui::shipped_world_lines(state_), lines);
  for (const auto& line : lines) {
    EXPECT_LE(ImGui::GetStyle().IndentSpacing + ImGui::CalcTextSize(line.c_str()).x, room) << line << " is cut";
  }
  // Below the built-in scenes (9 and their 4 categories), the heading and a row per file.
  EXPECT_GE(scenes->ContentSize.y, (9.0f + 4.0f + 5.0f) * ImGui::GetTextLineHeightWithSpacing());
}

TEST_F(world_files_ui, save_scene_writes_the_running_file_and_refuses_a_builtin) {
  load("carousel");
  EXPECT_FALSE(ui::save_world_scene(state_));
  EXPECT_TRUE(state_.message_is_error);
  const auto dir = std::filesystem::temp_directory_path() / "framelab_world_files_ui";
  std::filesystem::create_directories(dir);
  const std::string copy = (dir / "wheel.json").string();
  std::filesystem::copy_file(asset("ferris-wheel.json"), copy, std::filesystem::copy_options::overwrite_existing);
  ASSERT_TRUE(ui::open_scene(state_, copy)) << state_.message;
  frame();  // the editor takes its draft
  ASSERT_TRUE(ui::save_world_scene(state_)) << state_.message;
  world_spec original, saved;
  ASSERT_FALSE(load_world(asset("ferris-wheel.json"), original).has_value());
  const auto error = load_world(copy, saved);
  ASSERT_FALSE(error.has_value()) << *error;
  EXPECT_EQ(world_to_json(saved), world_to_json(original));
  std::filesystem::remove_all(dir);
}

// A failed reload in presentation mode is on the stage, not only in the hidden status
// line: a banner with the loader's message until the next good load.
TEST_F(world_files_ui, a_failed_reload_in_presentation_shows_a_banner_until_a_good_load) {
  load("carousel");
  const auto dir = std::filesystem::temp_directory_path() / "framelab_reload_banner";
  std::filesystem::create_directories(dir);
  const std::string copy = (dir / "epicycles.json").string();
  std::filesystem::copy_file(asset("epicycles.json"), copy, std::filesystem::copy_options::overwrite_existing);
  ASSERT_TRUE(ui::open_scene(state_, copy)) << state_.message;
  ui::enter_presentation(state_);
  const auto banner_shown = [&] {
    ui::poll_world_file(state_);
    frame();
    ImGuiWindow* banner = ImGui::FindWindowByName("##reload_banner");
    return banner != nullptr && banner->Active;
  };
  EXPECT_FALSE(banner_shown());
  const auto save = [&](const std::string& text) {
    std::this_thread::sleep_for(world_reloader::poll_interval + std::chrono::milliseconds(100));
    std::ofstream(copy, std::ios::trunc) << text;
  };
  std::ifstream in(asset("epicycles.json"));
  const std::string good((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string bad = good;
  bad.replace(bad.find("\"frames\""), 8, "\"framez\"");
  save(bad);
  std::this_thread::sleep_for(world_reloader::poll_interval + std::chrono::milliseconds(100));
  EXPECT_TRUE(banner_shown());
  EXPECT_NE(ui::world_reload_error(state_).find("framez: unknown key"), std::string::npos);
  EXPECT_TRUE(banner_shown());  // it stays
  save(good + " ");
  std::this_thread::sleep_for(world_reloader::poll_interval + std::chrono::milliseconds(100));
  EXPECT_FALSE(banner_shown());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace framelab
