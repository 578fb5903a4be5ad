// The vector-field scene's AD panel, headless: a click on the ground (no drag) moves
// the probe there, a drag does not; and the plot widget's log-y range used by its
// error plot.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <optional>
#include <vector>

#include "scenes/registry.hpp"
#include "scenes/vector_field.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/line_plot.hpp"
#include "ui/ui_state.hpp"

namespace framelab {
namespace {

class vector_field_panel : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("vector-field");
    // the ground point under the mouse: field (2, 1) is world (2, 0, -1)
    state_.camera.cursor_on_ground = [] { return std::optional<glm::dvec3>(glm::dvec3(2.0, 0.0, -1.0)); };
  }

  const vector_field& scene() { return dynamic_cast<const vector_field&>(sim_.current()); }

  const ImVec2 empty_spot{600.0f, 330.0f};  // the 3D view, clear of the default panels
};

TEST_F(vector_field_panel, a_click_on_the_ground_moves_the_probe_there) {
  frame(empty_spot, false);
  frame(empty_spot, false);
  EXPECT_EQ(scene().probe_start(), glm::dvec2(1.5, 1.0));
  EXPECT_EQ(scene().fd_step(), 1e-3);  // the panel's step slider reached the scene
  frame(empty_spot, true);
  frame(empty_spot, false);
  EXPECT_EQ(scene().probe_start(), glm::dvec2(2.0, 1.0));
  EXPECT_EQ(sim_.parameters().vector("probe"), (std::vector<double>{2.0, 1.0}));
  EXPECT_EQ(state_.edited.vector("probe"), (std::vector<double>{2.0, 1.0}));
  EXPECT_FALSE(state_.message_is_error) << state_.message;
}

TEST_F(vector_field_panel, a_drag_orbits_and_leaves_the_probe_alone) {
  frame(empty_spot, false);
  frame(empty_spot, true);
  frame(ImVec2(empty_spot.x + 60.0f, empty_spot.y + 20.0f), true);
  frame(ImVec2(empty_spot.x + 60.0f, empty_spot.y + 20.0f), false);
  EXPECT_EQ(scene().probe_start(), glm::dvec2(1.5, 1.0));
}

// Two ui_states on two vector-field simulations: "Look at: mouse" clicked in one panel
// makes that scene inspect the point under the mouse, while the other panel keeps its
// default (the probe) and its scene inspects the probe.
TEST_F(vector_field_panel, two_ui_states_keep_their_own_look_at_choice) {
  const glm::dvec2 mouse_point(2.0, 1.0), probe_point(1.5, 1.0);  // the cursor above; the probe's default
  bool over_ground = false;  // the ground is under the mouse only when it is not over a panel
  state_.camera.cursor_on_ground = [&] {
    return over_ground ? std::optional<glm::dvec3>(glm::dvec3(2.0, 0.0, -1.0)) : std::nullopt;
  };
  simulation other_sim;
  const scene_entry* entry = find_scene("vector-field");
  ASSERT_NE(entry, nullptr);
  ASSERT_FALSE(other_sim.load(*entry, param_values::defaults(entry->create()->parameters())));
  ui::ui_state other;
  other.sim = &other_sim;
  ui::sync_with_simulation(other);
  other.camera.cursor_on_ground = state_.camera.cursor_on_ground;
  const auto other_frame = [&] {
    ImGui::NewFrame();
    ui::draw_ui(other);
    ImGui::Render();
  };

  frame();
  frame();
  ImGuiWindow* window = ImGui::FindWindowByName("Jacobian");
  ASSERT_NE(window, nullptr);
  const ImGuiID probe_radio = ImHashStr("probe", 0, window->ID);
  const ImGuiID mouse_radio = ImHashStr("mouse", 0, window->ID);
  // The "Look at:" row: down the line just right of its label to the "probe" radio, then along it to "mouse".
  ImVec2 at(window->DC.CursorStartPos.x + ImGui::CalcTextSize("Look at:").x + ImGui::GetStyle().ItemSpacing.x + 6.0f,
            -1.0f);
  for (float y = window->DC.CursorStartPos.y; y < window->Pos.y + window->Size.y && at.y < 0.0f; y += 2.0f) {
    frame(ImVec2(at.x, y), false);
    if (ImGui::GetCurrentContext()->HoveredId == probe_radio) at.y = y;
  }
  ASSERT_GE(at.y, 0.0f) << "probe radio button not found";
  bool found = false;
  for (; at.x < window->Pos.x + window->Size.x && !found; at.x += 3.0f) {
    frame(at, false);
    found = ImGui::GetCurrentContext()->HoveredId == mouse_radio;
  }
  ASSERT_TRUE(found) << "mouse radio button not found";
  at.x -= 3.0f;
  click(at);
  EXPECT_EQ(scene().probe_start(), probe_point);  // the click on the panel did not move the probe

  over_ground = true;
  frame(empty_spot, false);
  other_frame();
  EXPECT_EQ(scene().inspect_point(), mouse_point);
  const auto& other_scene = dynamic_cast<const vector_field&>(other_sim.current());
  EXPECT_EQ(other_scene.inspect_point(), probe_point);
}

TEST(line_plot_log_y, data_range_is_in_decades_of_the_positive_samples) {
  const std::vector<double> x{1.0, 2.0, 3.0, 4.0};
  const std::vector<double> y{1e-12, 0.0, 1e-3, -5.0};  // 0 and -5 have no logarithm
  const std::vector<ui::plot_series> series{{"s", x, y, 0}};
  const ui::plot_range r = ui::data_range(series, false, false, true);
  EXPECT_LT(r.min, -12.0);
  EXPECT_GT(r.min, -13.0);
  EXPECT_GT(r.max, -3.0);
  EXPECT_LT(r.max, -2.0);
  const ui::plot_range linear = ui::data_range(series, false, false);  // unchanged without log_y
  EXPECT_LT(linear.min, -5.0);
}

}  // namespace
}  // namespace framelab
