// The carousel's ride camera turns with the platform every frame, also while the
// Carousel panel is collapsed (it used to stop when the panel was folded away).
#include <cmath>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "scenes/carousel.hpp"
#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

constexpr double degrees_per_radian = 180.0 / 3.14159265358979323846;
constexpr double yaw_tolerance_deg = 1e-9;

class carousel_panel : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("carousel");
    state_.camera.get = [this] { return camera_; };
    state_.camera.set = [this](const camera_setup& c) { camera_ = c; };
  }
  carousel& scene() { return dynamic_cast<carousel&>(sim_.current_mutable()); }

  // The camera's yaw change over `steps` simulation steps, one UI frame after each,
  // against the platform's own turn over the same steps (degrees).
  void expect_camera_turns_with_platform(int steps) {
    frame();  // starts riding: remembers the platform angle
    const double yaw0 = camera_.yaw_deg;
    const double angle0 = scene().platform_at(scene().time()).pose.rotation;
    for (int k = 0; k < steps; ++k) {
      sim_.single_step();
      frame();
    }
    const double turned_deg = (scene().platform_at(scene().time()).pose.rotation - angle0) * degrees_per_radian;
    ASSERT_GT(std::abs(turned_deg), 1.0);  // the platform really turned
    EXPECT_NEAR(std::remainder(camera_.yaw_deg - yaw0 - turned_deg, 360.0), 0.0, yaw_tolerance_deg);
  }

  camera_setup camera_;
};

TEST_F(carousel_panel, the_ride_camera_turns_with_the_platform) {
  scene().set_ride_platform(true);
  expect_camera_turns_with_platform(120);
}

TEST_F(carousel_panel, the_ride_camera_keeps_turning_while_the_panel_is_collapsed) {
  frame();
  ImGuiWindow* window = ImGui::FindWindowByName("Carousel");
  ASSERT_NE(window, nullptr);
  ImGui::SetWindowCollapsed("Carousel", true);
  frame();
  ASSERT_TRUE(window->Collapsed);
  scene().set_ride_platform(true);
  expect_camera_turns_with_platform(120);
}

TEST_F(carousel_panel, without_riding_the_camera_stays) {
  frame();
  const double yaw0 = camera_.yaw_deg;
  for (int k = 0; k < 60; ++k) {
    sim_.single_step();
    frame();
  }
  EXPECT_EQ(camera_.yaw_deg, yaw0);
}

}  // namespace
}  // namespace framelab
