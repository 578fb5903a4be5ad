// The vector-field scene's AD panel, headless: a click on the ground (no drag) moves
// the probe there, a drag does not; and the plot widget's log-y range used by its
// error plot.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <vector>

#include "scenes/registry.hpp"
#include "scenes/vector_field.hpp"
#include "ui/line_plot.hpp"
#include "ui/ui_state.hpp"
#include "tests/ui/headless_ui.hpp"

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
