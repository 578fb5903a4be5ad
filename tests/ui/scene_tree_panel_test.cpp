// The scene tree stays short with thousands of bodies: the collisions scene's balls are one
// sphere batch (core/scene_view.hpp), one row however many; and beyond max_rows_per_parent
// (100) children of one node the rest are summarised in one line. So the panel's height (and
// the time to draw it each frame) does not grow with the ball count.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

class scene_tree_panel : public headless_ui_test {
 protected:
  float tree_content_rows(std::int64_t balls) {
    const scene_entry* entry = find_scene("collisions");
    param_values values = param_values::defaults(entry->create()->parameters());
    values.set("balls", balls);
    load("collisions", values);
    frame();
    frame();
    // The rows are in the panel's scrolling box of nodes (a child window of the panel).
    ImGuiWindow* panel = ImGui::FindWindowByName("Scene tree");
    EXPECT_NE(panel, nullptr);
    for (ImGuiWindow* window : GImGui->Windows) {
      if (window->ParentWindow == panel && std::string(window->Name).find("/nodes") != std::string::npos)
        return window->ContentSize.y / ImGui::GetTextLineHeightWithSpacing();
    }
    ADD_FAILURE() << "no box of nodes in the scene tree";
    return 0.0f;
  }
};

TEST_F(scene_tree_panel, thousands_of_balls_do_not_make_thousands_of_rows) {
  const float rows_few = tree_content_rows(50);
  const float rows_many = tree_content_rows(2000);
  // two rows, the box and the balls (a content height of 2 rows less the last row's spacing)
  EXPECT_GT(rows_few, 1.5f);
  EXPECT_LT(rows_few, 2.5f);
  EXPECT_EQ(rows_many, rows_few);
}

}  // namespace
}  // namespace framelab
