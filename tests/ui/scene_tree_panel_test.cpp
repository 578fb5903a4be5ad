// The scene tree stays short with thousands of nodes: beyond max_rows_per_parent (100)
// children of one node the rest are summarised in one line, so the panel's height (and
// the time to draw it each frame) does not grow with the ball count.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

constexpr float max_rows_drawn = 100 + 10;  // the capped rows and the summary line

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
  EXPECT_GT(rows_few, 50.0f);  // every one of 50 balls is listed
  EXPECT_LT(rows_many, max_rows_drawn) << rows_many;
  EXPECT_GT(rows_many, 100.0f) << rows_few;  // the first 100 are
}

}  // namespace
}  // namespace framelab
