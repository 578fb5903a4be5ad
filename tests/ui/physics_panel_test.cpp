// The Physics panel of the spinning-body scenes, headless: it draws for every such
// scene (also with a refused step and on its overlay tab), and a click on its
// gyroscopic-term checkbox changes the running body without a reset.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "scenes/registry.hpp"
#include "scenes/rigid_body_scene.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/rotation_overlay.hpp"
#include "ui/scene_panels.hpp"
#include "ui/ui_state.hpp"

namespace framelab {
namespace {

class physics_panel : public headless_ui_test {
 protected:
  rigid_body_scene& scene() { return dynamic_cast<rigid_body_scene&>(sim_.current_mutable()); }
};

TEST_F(physics_panel, is_registered_for_the_four_spinning_scenes_and_draws) {
  for (const char* name : {"free-body", "precession", "tennis-racket", "gyroscope"}) {
    const auto panels = ui::panels_for_scene(*find_scene(name)->create());
    ASSERT_EQ(panels.size(), 1u) << name;
    EXPECT_EQ(panels[0].title, "Physics");
    load(name);
    for (int i = 0; i < 3; ++i) {
      sim_.single_step();
      frame();
    }
    EXPECT_NE(ImGui::FindWindowByName("Physics"), nullptr) << name;
  }
}

TEST_F(physics_panel, shows_a_refused_step_and_the_overlay_without_crashing) {
  load("free-body");
  param_values values = sim_.parameters();
  values.set("omega", std::vector<double>{0.0, 300.0, 1.0});
  ASSERT_FALSE(sim_.set_parameters(values));
  scene().body(0).settings.max_substeps = 1;
  sim_.single_step();  // 2.5 rad per step at 120 Hz needs 2 substeps: refused
  frame();
  frame();
  EXPECT_TRUE(sim_.fault());
  // The overlay tab's contents, drawn directly in a window of their own.
  for (int i = 0; i < 2; ++i) {
    ImGui::NewFrame();
    ImGui::Begin("overlay test");
    ui::draw_rotation_overlay(state_);
    ImGui::End();
    ImGui::Render();
  }
}

TEST_F(physics_panel, clicking_the_gyro_checkbox_switches_the_term_live) {
  load("free-body");
  frame();
  frame();
  for (int i = 0; i < 30; ++i) sim_.single_step();
  const double t = sim_.time();
  ASSERT_TRUE(scene().body(0).settings.gyroscopic);
  ImGuiWindow* window = ImGui::FindWindowByName("Physics");
  ASSERT_NE(window, nullptr);
  // The checkbox's id: its label inside the selected tab, inside the tab bar, inside the window.
  const ImGuiID bar = ImHashStr("physics_tabs", 0, window->ID);
  const ImGuiID tab = ImHashStr("Integrator", 0, bar);
  const ImGuiID checkbox = ImHashStr("gyroscopic term", 0, tab);
  // Find it by hovering down the panel's left edge.
  ImVec2 at(-1.0f, -1.0f);
  const float x = window->DC.CursorStartPos.x + 8.0f;
  for (float y = window->DC.CursorStartPos.y; y < window->Pos.y + window->Size.y && at.x < 0.0f; y += 2.0f) {
    frame(ImVec2(x, y), false);
    if (ImGui::GetCurrentContext()->HoveredId == checkbox) at = ImVec2(x, y);
  }
  ASSERT_GE(at.x, 0.0f) << "gyro checkbox not found";
  frame(at, true);
  frame(at, false);
  EXPECT_FALSE(scene().body(0).settings.gyroscopic);
  EXPECT_EQ(sim_.time(), t);  // no reset
  sim_.single_step();
  EXPECT_GT(sim_.time(), t);
}

}  // namespace
}  // namespace framelab
