// The panels with no window at all: an ImGui context with a display size and a font
// atlas, fed mouse positions and button states, drawing the real framelab UI.
#include <imgui_internal.h>

#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

class headless_ui : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("tank-turret");
  }

  // The centre of the first widget of a window: the play/pause button in Transport.
  ImVec2 first_item_of(const char* window_name) {
    ImGuiWindow* window = ImGui::FindWindowByName(window_name);
    EXPECT_NE(window, nullptr) << window_name;
    if (window == nullptr) return {};
    return ImVec2(window->DC.CursorStartPos.x + 20.0f, window->DC.CursorStartPos.y + 8.0f);
  }
};

TEST_F(headless_ui, clicking_pause_stops_the_simulation_and_play_resumes_it) {
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  ASSERT_FALSE(sim_.paused());
  EXPECT_GT(sim_.advance(0.1), 0);

  click(first_item_of("Transport"));
  ASSERT_TRUE(sim_.paused());
  const long long steps = sim_.step_count();
  EXPECT_EQ(sim_.advance(0.5), 0);
  EXPECT_EQ(sim_.step_count(), steps);

  click(first_item_of("Transport"));
  EXPECT_FALSE(sim_.paused());
  EXPECT_GT(sim_.advance(0.1), 0);
}

TEST_F(headless_ui, shortcuts_step_reset_and_toggle_help) {
  frame(ImVec2(0, 0), false);
  ui::apply_shortcut(state_, ui::shortcut::single_step);
  EXPECT_TRUE(sim_.paused());
  EXPECT_EQ(sim_.step_count(), 1);
  ui::apply_shortcut(state_, ui::shortcut::reset);
  EXPECT_EQ(sim_.step_count(), 0);
  ui::apply_shortcut(state_, ui::shortcut::toggle_help);
  EXPECT_TRUE(state_.show_help);
  frame(ImVec2(0, 0), false);
  EXPECT_NE(ImGui::FindWindowByName("Help"), nullptr);
  ui::apply_shortcut(state_, ui::shortcut::escape);
  EXPECT_FALSE(state_.show_help);
  EXPECT_FALSE(state_.quit_requested);
  ui::apply_shortcut(state_, ui::shortcut::escape);
  EXPECT_TRUE(state_.quit_requested);
}

TEST_F(headless_ui, opening_an_unknown_scene_keeps_the_current_one) {
  frame(ImVec2(0, 0), false);
  EXPECT_FALSE(ui::open_scene(state_, "no-such-scene"));
  EXPECT_TRUE(state_.message_is_error);
  EXPECT_NE(state_.message.find("no-such-scene"), std::string::npos);
  EXPECT_EQ(sim_.entry().info.name, "tank-turret");
  frame(ImVec2(0, 0), false);
}

}  // namespace
}  // namespace framelab
