// The collisions panel with no window: clicking "brute force", "uniform grid" or "auto" switches the
// running scene's broadphase at once, without a reset (the step count and the balls carry on),
// and records the parameter so that a reset keeps it; the timing plot draws once the log has
// points, with a line for each of the three methods.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

#include "scenes/collisions.hpp"
#include "scenes/registry.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/widgets.hpp"
#include "ui/ui_state.hpp"

namespace framelab {
namespace {

class collisions_panel : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    const scene_entry* entry = find_scene("collisions");
    ASSERT_NE(entry, nullptr);
    param_values values = param_values::defaults(entry->create()->parameters());
    values.set("balls", std::int64_t{120});
    values.set("broadphase", std::string("sort-and-sweep"));
    load("collisions", values);
  }

  collisions& scene() { return dynamic_cast<collisions&>(sim_.current_mutable()); }
};

TEST_F(collisions_panel, the_radio_button_switches_the_broadphase_live) {
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  for (int k = 0; k < 5; ++k) sim_.single_step();
  const long long steps = sim_.step_count();
  const glm::dvec3 first_ball = scene().world().spheres.position[0];

  ImGuiWindow* window = ImGui::FindWindowByName("Collisions");
  ASSERT_NE(window, nullptr);
  // the first item is the "brute force" radio button; its circle is at the start of the line
  click(ImVec2(window->DC.CursorStartPos.x + 8.0f, window->DC.CursorStartPos.y + 8.0f));

  EXPECT_EQ(scene().broadphase(), broadphase_method::brute_force);
  EXPECT_EQ(sim_.step_count(), steps);                               // no reset
  EXPECT_EQ(scene().world().spheres.position[0], first_ball);        // the balls carry on
  EXPECT_EQ(sim_.parameters().choice("broadphase"), "brute-force");  // recorded...
  EXPECT_EQ(state_.edited.choice("broadphase"), "brute-force");      // ...and shown
  sim_.reset();
  EXPECT_EQ(scene().broadphase(), broadphase_method::brute_force);  // a reset keeps it
}

TEST_F(collisions_panel, the_third_radio_button_switches_to_the_uniform_grid_live) {
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  for (int k = 0; k < 5; ++k) sim_.single_step();
  const long long steps = sim_.step_count();

  ImGuiWindow* window = ImGui::FindWindowByName("Collisions");
  ASSERT_NE(window, nullptr);
  // the radio buttons go two to a line: the third starts the second line
  const float y = window->DC.CursorStartPos.y + ImGui::GetFrameHeightWithSpacing();
  click(ImVec2(window->DC.CursorStartPos.x + 8.0f, y + 8.0f));

  EXPECT_EQ(scene().broadphase(), broadphase_method::uniform_grid);
  EXPECT_EQ(sim_.step_count(), steps);                                // no reset
  EXPECT_EQ(sim_.parameters().choice("broadphase"), "uniform-grid");  // recorded
  EXPECT_EQ(state_.edited.choice("broadphase"), "uniform-grid");
  sim_.single_step();
  EXPECT_EQ(scene().world().method, broadphase_method::uniform_grid);  // the step the grid's
  EXPECT_EQ(scene().world().last_step().candidate_pairs, scene().world().candidates().size());
  sim_.reset();
  EXPECT_EQ(scene().broadphase(), broadphase_method::uniform_grid);  // a reset keeps it
}

TEST_F(collisions_panel, the_fourth_radio_button_switches_to_auto_live) {
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  ImGuiWindow* window = ImGui::FindWindowByName("Collisions");
  ASSERT_NE(window, nullptr);
  // second line, after "uniform grid" (a radio button is as wide as a checkbox with its label)
  const float x = window->DC.CursorStartPos.x + ui::checkbox_width("uniform grid") + ImGui::GetStyle().ItemSpacing.x;
  const float y = window->DC.CursorStartPos.y + ImGui::GetFrameHeightWithSpacing();
  click(ImVec2(x + 8.0f, y + 8.0f));

  EXPECT_TRUE(scene().broadphase_is_auto());
  EXPECT_EQ(scene().broadphase(), collisions::auto_broadphase(scene().ball_count()));
  EXPECT_EQ(sim_.parameters().choice("broadphase"), "auto");  // recorded
  EXPECT_EQ(state_.edited.choice("broadphase"), "auto");
  sim_.reset();
  EXPECT_TRUE(scene().broadphase_is_auto());  // a reset keeps it
}

TEST_F(collisions_panel, the_timing_plot_draws_with_logged_points) {
  scene().measure_growth({50, 100}, 2, 1);
  for (int k = 0; k < 3; ++k) frame(ImVec2(0, 0), false);
  EXPECT_EQ(scene().timing_log(broadphase_method::brute_force).size(), 2u);
  EXPECT_EQ(scene().timing_log(broadphase_method::uniform_grid).size(), 2u);
  ImGuiWindow* window = ImGui::FindWindowByName("Collisions");
  ASSERT_NE(window, nullptr);
  EXPECT_GT(window->DrawList->VtxBuffer.Size, 0);
}

}  // namespace
}  // namespace framelab
