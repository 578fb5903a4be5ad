// Scene panels are matched by scene TYPE (ui/scene_panels.hpp): each registered scene gets
// the panels written out below by hand, a panel registered for a base class serves every
// scene derived from it, and draw_scene_panels draws the matching panels in registration
// order at the usual place (x 0.775, y 0.56 of the display, each next one 0.03 lower).
#include "ui/scene_panels.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <map>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/panel_layout.hpp"

namespace framelab {
namespace {

std::vector<std::string> titles(const std::vector<ui::scene_panel>& panels) {
  std::vector<std::string> out;
  for (const auto& p : panels) out.push_back(p.title);
  return out;
}

TEST(scene_panels, each_scene_gets_its_own_panels) {
  const std::map<std::string, std::vector<std::string>> expected{
      {"carousel", {"Carousel"}},
      {"collisions", {"Collisions"}},
      {"vector-field", {"Jacobian"}},
      {"free-body", {"Physics"}},
      {"precession", {"Physics"}},
      {"tennis-racket", {"Physics"}},
      {"gyroscope", {"Physics"}},
      {"crash", {}},
      {"tank-turret", {}},
  };
  for (const auto& [name, panels] : expected) {
    const scene_entry* entry = find_scene(name);
    ASSERT_NE(entry, nullptr) << name;
    EXPECT_EQ(titles(ui::panels_for_scene(*entry->create())), panels) << name;
  }
}

// Two scene classes of this test only, one derived from the other, with a panel each.
class base_test_scene : public scene {
 public:
  std::vector<param_def> parameters() const override { return {}; }
  std::vector<channel_def> channels() const override { return {}; }
  void reset(const param_values&) override {}
  void step(double) override {}
  const scene_view& view() const override { return view_; }

 private:
  scene_view view_;
};
class derived_test_scene final : public base_test_scene {};

int base_draws = 0, derived_draws = 0, base_every_frames = 0;
void draw_base(ui::ui_state&) {
  ++base_draws;
}
void draw_derived(ui::ui_state&) {
  ++derived_draws;
}
void base_every_frame(ui::ui_state&) {
  ++base_every_frames;
}

const int base_registered = ui::register_scene_panel<base_test_scene>("Test base", &draw_base, &base_every_frame);
const int derived_registered = ui::register_scene_panel<derived_test_scene>("Test derived", &draw_derived);

TEST(scene_panels, a_panel_for_a_base_class_serves_the_derived_scenes) {
  EXPECT_EQ(derived_registered, base_registered + 1);
  EXPECT_EQ(titles(ui::panels_for_scene(base_test_scene())), std::vector<std::string>{"Test base"});
  EXPECT_EQ(titles(ui::panels_for_scene(derived_test_scene())),
            (std::vector<std::string>{"Test base", "Test derived"}));
  const scene_entry* carousel = find_scene("carousel");
  ASSERT_NE(carousel, nullptr);
  for (const auto& p : ui::panels_for_scene(*carousel->create()))
    EXPECT_EQ(p.title.rfind("Test", 0), std::string::npos);
}

class scene_panels_drawn : public headless_ui_test {};

TEST_F(scene_panels_drawn, in_registration_order_at_the_usual_place) {
  const scene_entry entry{{"derived-test", "Tests", "", ""}, &make_scene<derived_test_scene>};
  ASSERT_FALSE(sim_.load(entry, {}));
  state_.sim = &sim_;
  ui::sync_with_simulation(state_);
  base_draws = derived_draws = base_every_frames = 0;
  frame();
  frame();
  EXPECT_EQ(base_draws, 2);
  EXPECT_EQ(derived_draws, 2);
  EXPECT_EQ(base_every_frames, 2);
  // In the right column of the layout, the second one below the first, or both sections
  // of the column; ImGui floors positions and sizes to whole pixels.
  constexpr float pixel = 1.0f;
  if (ui::current_layout(state_).sections) {
    EXPECT_TRUE(ui::in_column(state_, ui::panel_id::scene, 0));
    EXPECT_TRUE(ui::in_column(state_, ui::panel_id::scene, 1));
  } else {
    ImGuiWindow* base = ImGui::FindWindowByName("Test base");
    ImGuiWindow* derived = ImGui::FindWindowByName("Test derived");
    ASSERT_NE(base, nullptr);
    ASSERT_NE(derived, nullptr);
    EXPECT_GT(base->Pos.x, 0.75f * ImGui::GetIO().DisplaySize.x) << "right of the stage";
    EXPECT_NEAR(derived->Pos.x, base->Pos.x, pixel);
    EXPECT_GE(derived->Pos.y, base->Pos.y + base->Size.y - pixel);
  }
}

TEST_F(scene_panels_drawn, not_for_a_scene_of_another_type) {
  load("tank-turret");
  base_draws = derived_draws = base_every_frames = 0;
  frame();
  EXPECT_EQ(base_draws + derived_draws + base_every_frames, 0);
  EXPECT_EQ(ImGui::FindWindowByName("Test base"), nullptr);
}

}  // namespace
}  // namespace framelab
