// The split stage (issue 30): the world's view and a frame's side by side. The frame's
// half re-expresses the view in the frame's coordinates (x_frame = A^-1 x_world): the
// frame itself then sits at the origin, unturned, at every step while it turns in the
// world, and a body fixed to it holds still there; the halves share the free area
// without overlapping, each centred on its own picture.
#include "ui/split_stage.hpp"

#include <gtest/gtest.h>

#include "tests/ui/headless_ui.hpp"
#include "ui/panel_layout.hpp"
#include "ui/presentation.hpp"

namespace framelab {
namespace {

class split_stage : public headless_ui_test {};

TEST_F(split_stage, the_frame_holds_still_in_its_own_half_while_it_turns_in_the_world) {
  load("carousel");
  const auto choices = ui::split_choices(sim_.view());
  ASSERT_NE(std::find(choices.begin(), choices.end(), "platform"), choices.end());
  state_.split_frame = "platform";
  const auto node = ui::split_node(state_);
  ASSERT_TRUE(node);
  std::optional<glm::dvec3> first_axis_world;
  std::optional<glm::dvec3> first_child_seen;
  double turned = 0.0;
  for (int k = 0; k < 120; ++k) {
    const scene_view& view = sim_.view();
    const auto& frame = view.nodes[static_cast<std::size_t>(*node)];
    const scene_view seen = ui::seen_from(view, frame.world);
    const auto& self = seen.nodes[static_cast<std::size_t>(*node)];
    EXPECT_NEAR(glm::length(self.world.translation), 0.0, 1e-9);
    EXPECT_NEAR(glm::length(self.world.apply_vector({1.0, 0.0, 0.0}) - glm::dvec3(1.0, 0.0, 0.0)), 0.0, 1e-9);
    // a child drawn on the platform (its first one) stays put in the platform's half
    for (std::size_t i = 0; i < seen.nodes.size(); ++i) {
      if (seen.nodes[i].parent != *node) continue;
      if (!first_child_seen) first_child_seen = seen.nodes[i].world.translation;
      EXPECT_NEAR(glm::length(seen.nodes[i].world.translation - *first_child_seen), 0.0, 1e-9) << "step " << k;
      break;
    }
    const glm::dvec3 axis = frame.world.apply_vector({1.0, 0.0, 0.0});
    if (!first_axis_world) first_axis_world = axis;
    turned = std::acos(std::clamp(glm::dot(axis, *first_axis_world), -1.0, 1.0));
    sim_.advance(1.0 / 60.0);
  }
  EXPECT_GT(turned, 0.3) << "the platform turned in the world meanwhile (rad)";
}

TEST_F(split_stage, the_halves_share_the_free_area_apart) {
  load("carousel");
  state_.split_frame = "platform";
  frame();
  ASSERT_TRUE(state_.second_stage);
  const ui::stage_viewport& world = state_.stage;
  const ui::stage_viewport& frame_half = *state_.second_stage;
  EXPECT_LE(world.free.right(), frame_half.free.x) << "side by side, not overlapping";
  EXPECT_EQ(world.clip, world.free);
  EXPECT_EQ(frame_half.clip, frame_half.free);
  EXPECT_NEAR(frame_half.canvas.centre_x(), frame_half.free.centre_x(), 0.5f);
  EXPECT_GT(frame_half.free.width, 0.4f * (frame_half.free.right() - world.free.x));
  ui::enter_presentation(state_);
  frame();
  ASSERT_TRUE(state_.second_stage) << "presentation mode splits the stage too";
  EXPECT_NEAR(state_.stage.free.x, 0.0f, 0.5f);
  EXPECT_NEAR(state_.second_stage->free.right(), ImGui::GetIO().DisplaySize.x, 0.5f);
  state_.split_frame = "nothing";
  frame();
  EXPECT_FALSE(state_.second_stage) << "a name the scene lacks shows one stage";
}

}  // namespace
}  // namespace framelab
