// The carousel's ride camera turns with the platform every frame, also while the
// Carousel panel is collapsed (it used to stop when the panel was folded away).
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>

#include "scenes/carousel.hpp"
#include "scenes/registry.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/ui_state.hpp"

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

// The ride camera recognises its scene by simulation::scene_serial(), not by address: a
// reloaded carousel (here loaded twice, so that the allocator may hand the first scene's
// address to the last) starts riding afresh, the camera kept where it was, instead of
// turning by the angle between the old platform and the new one.
TEST_F(carousel_panel, a_reloaded_scene_starts_riding_afresh) {
  scene().set_ride_platform(true);
  frame();
  for (int k = 0; k < 90; ++k) {
    sim_.single_step();
    frame();
  }
  const camera_setup before = camera_;
  const double angle_before = scene().platform_at(scene().time()).pose.rotation;
  load("carousel");
  load("carousel");
  ASSERT_GT(std::abs(angle_before - scene().platform_at(scene().time()).pose.rotation), 0.1);  // the angles differ
  scene().set_ride_platform(true);
  frame();
  EXPECT_NEAR(std::remainder(camera_.yaw_deg - before.yaw_deg, 360.0), 0.0, yaw_tolerance_deg);
  EXPECT_NEAR(glm::distance(camera_.target, before.target), 0.0, 1e-9);
}

// Two ui_states (two windows' worth of UI on two simulations) ride independently: each
// keeps its own ride camera in its own state. With one shared ride camera each frame would
// look like a new scene to it, and neither camera would turn.
TEST_F(carousel_panel, two_ui_states_ride_independently) {
  simulation other_sim;
  const scene_entry* entry = find_scene("carousel");
  ASSERT_NE(entry, nullptr);
  param_values values = param_values::defaults(entry->create()->parameters());
  ASSERT_FALSE(other_sim.load(*entry, values));
  ui::ui_state other;
  other.sim = &other_sim;
  ui::sync_with_simulation(other);
  camera_setup other_camera;
  other.camera.get = [&] { return other_camera; };
  other.camera.set = [&](const camera_setup& c) { other_camera = c; };
  auto& other_scene = dynamic_cast<carousel&>(other_sim.current_mutable());
  scene().set_ride_platform(true);
  other_scene.set_ride_platform(true);

  const auto other_frame = [&] {
    ImGui::NewFrame();
    ui::draw_ui(other);
    ImGui::Render();
  };
  const auto angle = [](carousel& s) { return s.platform_at(s.time()).pose.rotation; };
  frame();
  other_frame();
  const double yaw0 = camera_.yaw_deg, other_yaw0 = other_camera.yaw_deg;
  const double angle0 = angle(scene()), other_angle0 = angle(other_scene);
  for (int k = 0; k < 120; ++k) {
    sim_.single_step();
    other_sim.single_step();
    other_sim.single_step();  // the other platform turns twice as far
    frame();
    other_frame();
  }
  const double turned = (angle(scene()) - angle0) * degrees_per_radian;
  const double other_turned = (angle(other_scene) - other_angle0) * degrees_per_radian;
  ASSERT_GT(std::abs(turned), 1.0);
  EXPECT_NEAR(std::remainder(camera_.yaw_deg - yaw0 - turned, 360.0), 0.0, yaw_tolerance_deg);
  EXPECT_NEAR(std::remainder(other_camera.yaw_deg - other_yaw0 - other_turned, 360.0), 0.0, yaw_tolerance_deg);
}

}  // namespace
}  // namespace framelab
