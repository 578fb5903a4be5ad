// A lecturer's own camera in presentation mode (ui::user_moved_camera): after an orbit,
// pan, zoom or focus the bodies' framing (camera_mode::automatic, render/camera_follow)
// no longer moves the camera; entering presentation mode again or opening a scene hands
// it back to the framing. Cameras a preset, a script or a followed node chose are kept.
#include <gtest/gtest.h>

#include "scenes/registry.hpp"
#include "ui/presentation.hpp"
#include "ui/ui_state.hpp"

namespace framelab {
namespace {

class presentation_camera : public testing::Test {
 protected:
  void SetUp() override {
    state_.sim = &sim_;
    state_.camera.get = [this] { return camera_; };
    state_.camera.set = [this](const camera_setup& c) { camera_ = c; };
    state_.camera.frame_scene = [this] { ++framed_; };
    ASSERT_TRUE(ui::open_scene(state_, "carousel"));
  }

  simulation sim_;
  ui::ui_state state_;
  camera_setup camera_{};
  int framed_ = 0;
};

TEST_F(presentation_camera, a_gesture_while_presenting_stops_the_framing_until_presentation_is_entered_again) {
  ui::enter_presentation(state_);
  ASSERT_EQ(state_.camera.mode, ui::camera_mode::automatic);
  EXPECT_EQ(framed_, 1);
  ui::user_moved_camera(state_);
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::user) << "the framing would undo the lecturer's zoom";
  ui::leave_presentation(state_);
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::user);
  ui::enter_presentation(state_);
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic);
  EXPECT_EQ(framed_, 2) << "entering presentation mode again frames the bodies";
}

TEST_F(presentation_camera, another_scene_gives_the_camera_back_to_the_framing) {
  ui::enter_presentation(state_);
  ui::user_moved_camera(state_);
  ASSERT_EQ(state_.camera.mode, ui::camera_mode::user);
  ASSERT_TRUE(ui::open_scene(state_, "free-body"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic);
}

TEST_F(presentation_camera, outside_presentation_and_on_a_chosen_camera_a_gesture_changes_no_mode) {
  ui::user_moved_camera(state_);
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic) << "not presenting: nothing frames the camera anyway";
  ui::enter_presentation(state_);
  for (const auto chosen : {ui::camera_mode::fixed, ui::camera_mode::follow, ui::camera_mode::ride}) {
    state_.camera.mode = chosen;
    ui::user_moved_camera(state_);
    EXPECT_EQ(state_.camera.mode, chosen);
    ui::leave_presentation(state_);
    ui::enter_presentation(state_);
    EXPECT_EQ(state_.camera.mode, chosen) << "a preset's or a script's camera is kept on the stage";
  }
}

// A scene file's own camera is kept on the stage as a preset's is (issue 30), unless the
// file names what to frame (camera focus): then presentation mode frames those.
TEST_F(presentation_camera, a_scene_files_camera_is_kept_and_its_focus_is_framed) {
  const std::string worlds = std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/";
  ASSERT_TRUE(ui::open_scene(state_, worlds + "ferris-wheel.json"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::fixed) << "the file placed its camera";
  EXPECT_TRUE(ui::camera_focus(state_).empty());
  ASSERT_TRUE(ui::open_scene(state_, worlds + "foucault-pendulum.json"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic);
  EXPECT_EQ(ui::camera_focus(state_), (std::vector<std::string>{"bob", "site"}));
  state_.camera.focus = {"bob"};  // a script's `camera focus bob`
  EXPECT_EQ(ui::camera_focus(state_), std::vector<std::string>{"bob"});
  ASSERT_TRUE(ui::open_scene(state_, "carousel"));
  EXPECT_EQ(state_.camera.mode, ui::camera_mode::automatic) << "a built-in scene is framed";
  EXPECT_TRUE(ui::camera_focus(state_).empty()) << "another scene forgets the script's focus";
}

}  // namespace
}  // namespace framelab
