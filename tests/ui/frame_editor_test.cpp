// The frame editor: its validation (scale <= 0, NaN, a zero axis are refused with a
// message per field), the conversion between the fields and a dynamic transform,
// edits applied to a real scene (tank-turret) locally and globally, and the scene
// tree panel drawing it headless with a selected node (Debian's imgui has asserts on).
#include "ui/frame_editor.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>

#include "scenes/registry.hpp"
#include "scenes/tank_turret.hpp"
#include "ui/ui_state.hpp"

namespace framelab {
namespace {

constexpr double roundtrip_tol = 1e-12;

dynamic_transform<double, 3> sample_dynamics() {
  dynamic_transform<double, 3> d;
  d.pose.translation = {1.0, -2.0, 0.5};
  d.pose.rotation = glm::angleAxis(0.8, glm::normalize(glm::dvec3(1.0, 2.0, -0.5)));
  d.pose.scale = 1.5;
  d.velocity = {0.1, 0.2, 0.3};
  d.accel = {-1.0, 0.0, 2.0};
  d.angular_velocity = {0.0, 0.4, 0.0};
  d.angular_accel = {0.05, 0.0, -0.05};
  return d;
}

TEST(frame_editor, fields_round_trip_a_dynamic_transform) {
  const auto d = sample_dynamics();
  const auto back = ui::dynamics_from_fields(ui::fields_from_dynamics(d));
  EXPECT_NEAR(glm::distance(back.pose.translation, d.pose.translation), 0.0, roundtrip_tol);
  EXPECT_NEAR(std::abs(glm::dot(back.pose.rotation, d.pose.rotation)), 1.0, roundtrip_tol);
  EXPECT_NEAR(back.pose.scale, 1.5, roundtrip_tol);
  EXPECT_EQ(back.velocity, d.velocity);
  EXPECT_EQ(back.accel, d.accel);
  EXPECT_EQ(back.angular_velocity, d.angular_velocity);
  EXPECT_EQ(back.angular_accel, d.angular_accel);
  EXPECT_TRUE(ui::validate_frame_fields(ui::fields_from_dynamics(d)).empty());
}

TEST(frame_editor, invalid_fields_get_a_message_next_to_the_field) {
  ui::frame_fields f = ui::fields_from_dynamics(sample_dynamics());
  f.scale = 0.0;
  EXPECT_EQ(ui::validate_frame_fields(f).count("scale"), 1u);
  f.scale = -2.0;
  EXPECT_NE(ui::validate_frame_fields(f).at("scale").find("greater than 0"), std::string::npos);
  f.scale = std::nan("");
  EXPECT_EQ(ui::validate_frame_fields(f).count("scale"), 1u);
  f.scale = 1.0;
  f.velocity.y = std::nan("");
  f.angular_accel.z = INFINITY;
  f.axis = glm::dvec3(0.0);
  f.angle_deg = 30.0;
  const ui::field_errors e = ui::validate_frame_fields(f);
  EXPECT_EQ(e.size(), 3u);
  EXPECT_EQ(e.count("velocity"), 1u);
  EXPECT_EQ(e.count("angular_accel"), 1u);
  EXPECT_NE(e.at("axis").find("zero"), std::string::npos);
  f.angle_deg = 0.0;  // no rotation: the axis does not matter
  EXPECT_EQ(ui::validate_frame_fields(f).count("axis"), 0u);
}

class tank_scene : public testing::Test {
 protected:
  void SetUp() override {
    scene_.reset(param_values::defaults(scene_.parameters()));
    scene_.step(0.9);
  }
  tank_turret scene_;
};

TEST_F(tank_scene, local_edit_is_set_as_typed) {
  ui::frame_fields f = ui::fields_from_dynamics(scene_.local_dynamics(tank_turret::turret));
  f.position.y += 0.25;
  f.angular_velocity = {0.0, 1.2, 0.0};
  ui::field_errors errors;
  ASSERT_TRUE(ui::apply_frame_fields(scene_, tank_turret::turret, f, false, errors)) << errors.begin()->second;
  EXPECT_NEAR(scene_.local_dynamics(tank_turret::turret).pose.translation.y, f.position.y, roundtrip_tol);
  EXPECT_EQ(scene_.local_dynamics(tank_turret::turret).angular_velocity, f.angular_velocity);
}

TEST_F(tank_scene, global_edit_is_converted_to_local_through_the_parent) {
  ui::frame_fields f = ui::fields_from_dynamics(scene_.world_dynamics(tank_turret::barrel_pivot));
  f.position += glm::dvec3(0.5, 0.5, -0.5);
  f.velocity = {2.0, 0.0, -1.0};
  ui::field_errors errors;
  ASSERT_TRUE(ui::apply_frame_fields(scene_, tank_turret::barrel_pivot, f, true, errors));
  const auto world = scene_.world_dynamics(tank_turret::barrel_pivot);
  EXPECT_NEAR(glm::distance(world.pose.translation, f.position), 0.0, 1e-9);
  EXPECT_NEAR(glm::distance(world.velocity, f.velocity), 0.0, 1e-9);
  // The local values are not the typed ones: they went through the turret's frame.
  EXPECT_GT(glm::distance(scene_.local_dynamics(tank_turret::barrel_pivot).velocity, f.velocity), 0.1);
}

TEST_F(tank_scene, invalid_edit_changes_nothing) {
  const auto before = scene_.local_dynamics(tank_turret::hull);
  ui::frame_fields f = ui::fields_from_dynamics(before);
  f.scale = 0.0;
  ui::field_errors errors;
  EXPECT_FALSE(ui::apply_frame_fields(scene_, tank_turret::hull, f, false, errors));
  EXPECT_EQ(errors.count("scale"), 1u);
  EXPECT_EQ(scene_.local_dynamics(tank_turret::hull).pose.scale, before.pose.scale);
  EXPECT_TRUE(scene_.programmed(tank_turret::hull));
  EXPECT_TRUE(ui::apply_impulse(scene_, tank_turret::hull, {std::nan(""), 0.0, 0.0}, true).has_value());
  EXPECT_EQ(scene_.local_dynamics(tank_turret::hull).velocity, before.velocity);
  // A shell is not editable: the scene's reason is reported under "apply".
  scene_.trigger("fire");
  f.scale = 1.0;
  EXPECT_FALSE(ui::apply_frame_fields(scene_, tank_turret::node_count, f, false, errors));
  ASSERT_EQ(errors.count("apply"), 1u);
  EXPECT_NE(errors.at("apply").find("shell"), std::string::npos);
}

TEST_F(tank_scene, impulse_with_counteract_keeps_the_children_moving) {
  const glm::dvec3 turret_before = scene_.world_dynamics(tank_turret::turret).velocity;
  EXPECT_FALSE(ui::apply_impulse(scene_, tank_turret::hull, {0.0, 0.0, 2.0}, true).has_value());
  EXPECT_NEAR(glm::distance(scene_.world_dynamics(tank_turret::turret).velocity, turret_before), 0.0, 1e-12);
}

TEST(frame_editor, scene_tree_panel_draws_a_selected_node_with_the_editor_open) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(1280.0f, 720.0f);
  io.DeltaTime = 1.0f / 60.0f;
  io.IniFilename = nullptr;
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  simulation sim;
  const scene_entry* entry = find_scene("tank-turret");
  ASSERT_NE(entry, nullptr);
  ASSERT_FALSE(sim.load(*entry, param_values::defaults(entry->create()->parameters())));
  ui::ui_state state;
  state.sim = &sim;
  ui::sync_with_simulation(state);
  state.selected_node = tank_turret::muzzle;
  for (int frame = 0; frame < 4; ++frame) {
    ImGui::NewFrame();
    ui::draw_ui(state);
    ImGui::Render();
    if (ImGuiWindow* tree = ImGui::FindWindowByName("Scene tree")) {
      tree->StateStorage.SetInt(tree->GetID("Edit frame"), 1);  // open the header
      tree->StateStorage.SetInt(tree->GetID("Dynamics of every node"), 1);
    }
    sim.single_step();
  }
  ImGuiWindow* tree = ImGui::FindWindowByName("Scene tree");
  ASSERT_NE(tree, nullptr);
  EXPECT_EQ(tree->StateStorage.GetInt(tree->GetID("Edit frame"), 0), 1);
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace framelab
