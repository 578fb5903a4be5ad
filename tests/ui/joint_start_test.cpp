// The Scene tree's joint rows (ui/world_editor.hpp): editing a joint's start value q0 or qd0
// through the function the field calls restarts the scene at t = 0 in exactly that state,
// and a refused value leaves the running scene as it was.
#include <gtest/gtest.h>

#include <string>

#include "scenes/world/world_edit.hpp"
#include "scenes/world/world_scene.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/world_editor.hpp"

namespace framelab {
namespace {

class joint_start_edit : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("carousel");
    ASSERT_TRUE(ui::open_scene(state_, std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/double-pendulum.json"))
        << state_.message;
    frame();  // the editor takes its draft
  }
  const world_scene& running() const { return *as_file_world(sim_.current()); }
  int frame_index(const char* name) const { return find_frame(*running().spec(), name); }
  double q(const char* name) const {
    const auto& joints = running().model().joints();
    return joints.q(joints.body_of_frame(std::size_t(frame_index(name))), 0);
  }
  double qd(const char* name) const {
    const auto& joints = running().model().joints();
    return joints.qd(joints.body_of_frame(std::size_t(frame_index(name))), 0);
  }
};

TEST_F(joint_start_edit, a_new_start_value_restarts_the_scene_from_it) {
  sim_.current_mutable().step(0.01);
  ASSERT_GT(running().model().time(), 0.0);
  ASSERT_NE(q("a"), 2.0);  // it swung from its start, angle = 2 rad
  ASSERT_TRUE(ui::edit_joint_start(state_, frame_index("a"), ui::joint_start::position, 0, "1.25")) << state_.message;
  EXPECT_EQ(running().model().time(), 0.0);
  EXPECT_EQ(q("a"), 1.25);
  EXPECT_EQ(qd("a"), 0.0);
  EXPECT_EQ(q("b"), 2.0 + 0.001);  // the other copy starts as the file says: angle + offset
  // A rate, as an expression of the parameters; the earlier edit stays.
  ASSERT_TRUE(ui::edit_joint_start(state_, frame_index("a_lower"), ui::joint_start::velocity, 0, "-2 * angle"))
      << state_.message;
  EXPECT_EQ(qd("a_lower"), -4.0);
  EXPECT_EQ(q("a"), 1.25);
  frame();  // the table draws the restarted state
}

TEST_F(joint_start_edit, a_refused_start_value_leaves_the_scene_running) {
  sim_.current_mutable().step(0.01);
  const double before = q("a");
  EXPECT_FALSE(ui::edit_joint_start(state_, frame_index("a"), ui::joint_start::position, 0, "2 *"));
  EXPECT_TRUE(state_.message_is_error);
  EXPECT_NE(state_.message.find("frames[1].joint.position"), std::string::npos) << state_.message;
  EXPECT_EQ(q("a"), before);
  EXPECT_GT(running().model().time(), 0.0);
  frame();  // the message shows under the field
}

}  // namespace
}  // namespace framelab
