// The carousel's live panel: arrow toggles and scale, the inertial terms with
// their formulas, and the camera mode that rides on the platform.
#include <imgui.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>

#include "core/angle_units.hpp"
#include "scenes/carousel.hpp"
#include "ui/scene_panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {


// The ride camera turns with the platform: each frame its yaw grows by the angle
// the platform turned since the last frame (both are rotations about +y; the orbit
// camera's eye sits at yaw_deg around +y, see render/orbit_camera.cpp), and it
// looks at the hub. The user may still orbit and zoom while riding.
// The scene is recognised by its serial, not its address: a new scene object may be
// made at the address of the one it replaced.
struct ride_camera {
  std::optional<std::uint64_t> riding_scene;  // scene_serial() the last angle belongs to
  double last_angle = 0.0;                    // rad
  glm::dvec2 target_offset{0.0};              // camera target relative to the hub, platform frame (m)
};

void update_ride_camera(ui_state& state, carousel& scene) {
  ride_camera& ride = state.panel_state<ride_camera>();
  const dynamic_transform<double, 2> a2 = scene.platform_at(scene.time());
  if (!scene.ride_platform() || !state.camera.get || !state.camera.set) {
    ride.riding_scene.reset();
    return;
  }
  camera_setup camera = state.camera.get();
  const std::uint64_t serial = state.sim->scene_serial();
  if (ride.riding_scene == serial) {
    camera.yaw_deg += (a2.pose.rotation - ride.last_angle) * rad_to_deg;
  } else {  // starts riding: keep where the camera looks, relative to the platform
    ride.target_offset = a2.pose.inverse_rotate(glm::dvec2(camera.target.x, -camera.target.z) - a2.pose.translation);
  }
  camera.yaw_deg = std::remainder(camera.yaw_deg, 360.0);
  camera.target = carousel::to_world(a2.pose.apply_point(ride.target_offset), camera.target.y);
  state.camera.set(camera);
  ride.riding_scene = serial;
  ride.last_angle = a2.pose.rotation;
}

// Every frame, even with the panel collapsed: the camera keeps riding.
void ride_every_frame(ui_state& state) {
  if (auto* scene = dynamic_cast<carousel*>(&state.sim->current_mutable())) update_ride_camera(state, *scene);
}

void swatch(const glm::vec4& c) {
  ImGui::ColorButton("##swatch", ImVec4(c.r, c.g, c.b, 1.0f), ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
  ImGui::SameLine();
}

// One row of the readouts table: name, value, unit.
void value_row(const char* name, double value, const char* unit, const char* tip) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  tooltip(tip);
  ImGui::TableNextColumn();
  numbers_text("%7.3f", value);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(unit);
}

void draw_carousel_panel(ui_state& state) {
  auto* scene = dynamic_cast<carousel*>(&state.sim->current_mutable());
  if (scene == nullptr) return;

  bool riding = scene->ride_platform();
  if (ImGui::Checkbox("ride platform", &riding)) scene->set_ride_platform(riding);
  tooltip(
      "The camera turns with the platform: you see the puck's path as someone standing on the carousel does "
      "(the pink platform-frame trail stands still, the blue world path turns).");
  same_line_if_fits(ImGui::CalcTextSize("Relaunch").x + 2.0f * ImGui::GetStyle().FramePadding.x);
  if (button("Relaunch", "Start the puck again from its start position and velocity on the platform (L)"))
    state.sim->trigger("relaunch");

  const dynamic_transform<double, 2> a2 = scene->platform_at(scene->time());
  const dynamic_transform<double, 2> world = scene->puck_world();
  if (begin_wide_table("readouts", 3, 4, false)) {
    value_row("platform w", a2.angular_velocity, "rad/s", "The platform's angular velocity");
    value_row("platform alpha", a2.angular_accel, "rad/s^2", "The platform's angular acceleration");
    value_row("puck |v1|", glm::length(scene->puck_local().velocity), "m/s",
                "The puck's speed relative to the platform (local)");
    value_row("puck |v3|", glm::length(world.velocity), "m/s",
                "The puck's speed in the world (global): constant without an applied force");
    ImGui::EndTable();
  }
  if (!scene->on_platform()) disabled_text_wrapped("The puck has left the platform.");

  ImGui::Separator();
  ImGui::TextWrapped("Inertial accelerations on the puck");
  help_marker(
      "In the platform frame: a1 = F~/m + frame + Euler + centrifugal + Coriolis. Untick a term to hide its arrow.");
  const inertial_accelerations<double, 2> terms = scene->inertial_terms();
  struct row {
    int arrow;
    const char* formula;
    const char* tip;
    glm::dvec2 value;
  };
  const row rows[] = {
      {carousel::coriolis_arrow, "-2 w x v1", "Coriolis: sideways to the puck's velocity relative to the platform",
       terms.coriolis},
      {carousel::centrifugal_arrow, "-w x (w x T1)", "Centrifugal: outward from the hub, w^2 |T1|", terms.centrifugal},
      {carousel::euler_arrow, "-alpha x T1", "Euler: against the spin-up, only while alpha is not zero", terms.euler},
      {carousel::frame_arrow, "-a~2", "Frame: the hub's acceleration reversed (set hub_amplitude > 0)", terms.frame},
  };
  const auto& vectors = scene->view().vectors;
  if (begin_wide_table("inertial", 3, 4, true, ImGui::GetFrameHeight())) {
    ImGui::TableSetupColumn("term");
    ImGui::TableSetupColumn("m/s^2");
    ImGui::TableSetupColumn("formula");
    ImGui::TableHeadersRow();
    for (const row& r : rows) {
      ImGui::PushID(r.arrow);
      const auto& v = vectors[static_cast<std::size_t>(r.arrow)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      swatch(v.color);
      bool visible = v.visible;
      if (ImGui::Checkbox(v.label.c_str(), &visible)) scene->set_arrow_visible(r.arrow, visible);
      tooltip(r.tip);
      ImGui::TableNextColumn();
      ImGui::Text("%6.3f", glm::length(r.value));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.formula);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  double scale = scene->arrow_scale();
  const double min_scale = 0.01, max_scale = 100.0;
  ImGui::TextWrapped("arrow scale (m per m/s^2)");
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::SliderScalar("##arrow scale", ImGuiDataType_Double, &scale, &min_scale, &max_scale, "%.2f",
                          ImGuiSliderFlags_Logarithmic))
    scene->set_arrow_scale(scale);
  tooltip("Length of an arrow on screen per m/s^2 of acceleration");
}

const int carousel_panel_registered =
    register_scene_panel<carousel>("Carousel", &draw_carousel_panel, &ride_every_frame, {20.0f, 13.0f});

}  // namespace

}  // namespace framelab::ui
