// The script's stage commands (app/stage_commands.hpp): bad ones are refused when the
// script loads, naming FILE:LINE; good ones move the camera as written, follow or ride a
// node, put a channel's plot on the stage, and name the scene's nodes or channels when
// the running scene has no such one. Played against a real simulation and a camera held
// in the test (the app's camera_link bound to it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/gui_script.hpp"
#include "ui/presentation.hpp"

namespace framelab {
namespace {

namespace fs = std::filesystem;

class stage_commands : public testing::Test {
 protected:
  void SetUp() override {
    file_ = fs::temp_directory_path() / ("framelab_stage_" + std::to_string(::getpid()) + ".script");
    state_.sim = &sim_;
    state_.camera.get = [this] { return camera_; };
    state_.camera.set = [this](const camera_setup& c) { camera_ = c; };
    state_.camera.frame_scene = [this] { ++framed_; };
  }
  void TearDown() override { fs::remove(file_); }

  std::optional<std::string> load(const std::string& text, gui_script& script) {
    std::ofstream(file_) << text;
    return load_gui_script(file_.string(), script);
  }
  // Runs the whole script (no waits in these); returns the first error.
  std::optional<std::string> play(const std::string& text) {
    gui_script script;
    if (auto error = load(text, script)) return "load: " + *error;
    script_player player(std::move(script));
    for (int frame = 0; frame < 10 && !player.finished(); ++frame) {
      if (auto error = player.before_frame(state_)) return error;
    }
    return std::nullopt;
  }
  std::string at(int line) const { return file_.string() + ":" + std::to_string(line) + ": "; }

  fs::path file_;
  simulation sim_;
  ui::ui_state state_;
  camera_setup camera_{{1.0, 2.0, 3.0}, 10.0, 30.0, 25.0};
  int framed_ = 0;
};

TEST_F(stage_commands, bad_camera_and_plot_lines_are_refused_at_load_naming_file_and_line) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"camera", "camera: expected"},
      {"camera distance", "KEY VALUE pairs"},
      {"camera distance -3", "distance"},
      {"camera distance 0.001", "distance"},
      {"camera pitch 95", "pitch"},
      {"camera yaw nan", "yaw"},
      {"camera target 1,2", "target"},
      {"camera zoom 2", "unknown 'zoom'"},
      {"camera follow", "needs one node name"},
      {"camera ride a b", "needs one node name"},
      {"camera frame now", "takes nothing more"},
      {"plot", "plot: expected one to 4 channel names"},
      {"split", "split: expected one frame name"},
      {"plot a b c d e", "plot: expected one to 4 channel names"},
  };
  for (const auto& [line, reason] : cases) {
    gui_script script;
    const auto error = load("scene carousel\nwait 1\n" + line + "\n", script);
    ASSERT_TRUE(error) << line;
    EXPECT_EQ(error->rfind(at(3), 0), 0u) << line << " -> " << *error;
    EXPECT_NE(error->find(reason), std::string::npos) << line << " -> " << *error;
  }
}

TEST_F(stage_commands, camera_pairs_set_what_they_name_and_keep_the_camera_there) {
  ASSERT_FALSE(play("scene carousel\ncamera target 0.5,-1,2 distance 7.5 yaw -45 pitch 60\n"));
  EXPECT_EQ(camera_.target, glm::dvec3(0.5, -1.0, 2.0));
  EXPECT_EQ(camera_.distance, 7.5);
  EXPECT_EQ(camera_.yaw_deg, -45.0);
  EXPECT_EQ(camera_.pitch_deg, 60.0);
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::fixed);
  ASSERT_FALSE(play("camera pitch 10\n"));  // only what is named changes
  EXPECT_EQ(camera_.pitch_deg, 10.0);
  EXPECT_EQ(camera_.distance, 7.5);
  EXPECT_EQ(camera_.target, glm::dvec3(0.5, -1.0, 2.0));
  // Back to the stage's framing: in presentation mode it frames at once.
  ui::enter_presentation(state_);
  const int before = framed_;
  ASSERT_FALSE(play("camera frame\n"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic);
  EXPECT_EQ(framed_, before + 1);
}

TEST_F(stage_commands, follow_and_ride_need_a_node_of_the_running_scene) {
  ASSERT_FALSE(play("scene carousel\ncamera ride puck\ncamera distance 4\n"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::ride);  // a distance keeps the ride
  EXPECT_EQ(state_.camera.node, "puck");
  EXPECT_EQ(camera_.distance, 4.0);
  ASSERT_FALSE(play("camera follow platform\n"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::follow);
  ASSERT_FALSE(play("camera target 0,0,0\n"));  // a target ends following
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::fixed);
  const auto error = play("camera follow turret\n");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->rfind(at(1), 0), 0u) << *error;
  EXPECT_NE(error->find("no node 'turret' in scene carousel (nodes: platform"), std::string::npos) << *error;
  EXPECT_NE(error->find("puck"), std::string::npos) << *error;
}

TEST_F(stage_commands, plot_puts_a_channel_on_the_stage_and_off) {
  ASSERT_FALSE(play("scene carousel\nplot coriolis\n"));
  EXPECT_EQ(state_.stage_plot, std::vector<std::string>{"coriolis"});
  EXPECT_FALSE(ui::stage_plot_shown(state_)) << "only in presentation mode";
  ui::enter_presentation(state_);
  EXPECT_TRUE(ui::stage_plot_shown(state_));
  ASSERT_EQ(ui::stage_plot_channels(state_).size(), 1u);
  EXPECT_EQ(sim_.channel_defs()[ui::stage_plot_channels(state_)[0]].name, "coriolis");
  const auto error = play("plot coriolis torque\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("plot: no channel 'torque' in scene carousel (channels: platform_angle"), std::string::npos)
      << *error;
  EXPECT_EQ(state_.stage_plot, std::vector<std::string>{"coriolis"}) << "a refused plot changes nothing";
  ASSERT_FALSE(play("plot off\n"));
  EXPECT_TRUE(state_.stage_plot.empty());
  EXPECT_FALSE(ui::stage_plot_shown(state_));
}

// `camera focus NAME...` frames those nodes (checked against the running scene);
// `camera frame` goes back to the scene's own focus.
TEST_F(stage_commands, camera_focus_names_what_to_frame) {
  ASSERT_FALSE(play("scene carousel\ncamera focus puck platform\n"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic);
  EXPECT_EQ(state_.camera.focus, (std::vector<std::string>{"puck", "platform"}));
  const auto error = play("camera focus turret\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("no node 'turret' in scene carousel"), std::string::npos) << *error;
  EXPECT_EQ(state_.camera.focus, (std::vector<std::string>{"puck", "platform"})) << "a refused focus changes nothing";
  EXPECT_TRUE(play("camera focus\n")) << "needs a name";
  ASSERT_FALSE(play("camera frame\n"));
  EXPECT_TRUE(state_.camera.focus.empty());
}

// `split FRAME` shows the world's view and FRAME's side by side; a name the scene lacks is
// refused with the frames it has; `split off` ends it.
TEST_F(stage_commands, split_shows_a_frames_view_beside_the_worlds) {
  ASSERT_FALSE(play("scene carousel\nsplit platform\n"));
  EXPECT_EQ(state_.split_frame, "platform");
  const auto error = play("split turret\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("split: no frame 'turret' in scene carousel (frames: "), std::string::npos) << *error;
  EXPECT_EQ(state_.split_frame, "platform") << "a refused split changes nothing";
  ASSERT_FALSE(play("split off\n"));
  EXPECT_TRUE(state_.split_frame.empty());
}

// `plot a b` puts several channels on the stage, in the order given.
TEST_F(stage_commands, plot_takes_several_channels) {
  ASSERT_FALSE(play("scene carousel\nplot coriolis platform_angle\n"));
  ui::enter_presentation(state_);
  const std::vector<std::size_t> shown = ui::stage_plot_channels(state_);
  ASSERT_EQ(shown.size(), 2u);
  EXPECT_EQ(sim_.channel_defs()[shown[0]].name, "coriolis");
  EXPECT_EQ(sim_.channel_defs()[shown[1]].name, "platform_angle");
}

// A preset's own camera is the lecturer's: presentation mode keeps it (no framing), and
// a scene without one is framed again.
TEST_F(stage_commands, a_presets_camera_is_kept_in_presentation_mode) {
  const std::string preset = std::string(FRAMELAB_SOURCE_DIR) + "/assets/scenes/tank-turret-fast.json";
  ASSERT_FALSE(play("scene " + preset + "\n"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::fixed);
  const camera_setup from_preset = camera_;
  EXPECT_EQ(from_preset.distance, 34.0);  // the file's "distance": 34
  ui::enter_presentation(state_);
  EXPECT_EQ(framed_, 0) << "the preset's camera was re-framed";
  EXPECT_EQ(camera_.distance, from_preset.distance);
  ASSERT_FALSE(play("scene carousel\n"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic);
  EXPECT_EQ(framed_, 1) << "a scene without a camera is framed on the stage";
}

}  // namespace
}  // namespace framelab
