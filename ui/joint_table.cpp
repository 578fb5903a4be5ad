#include "ui/joint_table.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "scenes/world/world_scene.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

std::vector<joint_coordinate> joint_coordinates(joint_kind kind) {
  using enum joint_start;
  if (kind == joint_kind::ball)
    return {{position, 0, "rotation x", "rad", "The joint's rotation as a rotation vector (angle times unit axis), x"},
            {position, 1, "rotation y", "rad", "The joint's rotation as a rotation vector (angle times unit axis), y"},
            {position, 2, "rotation z", "rad", "The joint's rotation as a rotation vector (angle times unit axis), z"},
            {velocity, 0, "w x", "rad/s", "Angular velocity relative to the parent, in the parent's coordinates, x"},
            {velocity, 1, "w y", "rad/s", "Angular velocity relative to the parent, in the parent's coordinates, y"},
            {velocity, 2, "w z", "rad/s", "Angular velocity relative to the parent, in the parent's coordinates, z"}};
  if (kind == joint_kind::slider)
    return {{position, 0, "q", "m", "How far the frame has slid along its axis from its placement"},
            {velocity, 0, "qd", "m/s", "Sliding speed along the axis"}};
  return {{position, 0, "q", "rad", "Angle turned about the axis from the frame's placement"},
          {velocity, 0, "qd", "rad/s", "Rate of turn about the axis"}};
}

double joint_value(const world_joints& joints, int frame, const joint_coordinate& c) {
  const int body = frame >= 0 ? joints.body_of_frame(std::size_t(frame)) : -1;
  if (body < 0 || body >= joints.joint_frame_count()) return std::nan("");
  return c.which == joint_start::position ? joints.q(body, c.k) : joints.qd(body, c.k);
}

void draw_joint_table(ui_state& state) {
  const auto* running = dynamic_cast<const world_scene*>(&state.sim->current());
  if (running == nullptr || running->model().joints().empty()) return;
  const world_spec& spec = *running->spec();
  const world_joints& joints = running->model().joints();
  if (joints.joint_frame_count() == 0 || !ImGui::CollapsingHeader("Joints", ImGuiTreeNodeFlags_DefaultOpen)) return;
  int rows = 0;
  for (const frame_spec& f : spec.frames)
    if (f.joint) rows += int(joint_coordinates(f.joint->kind).size());
  if (!begin_wide_table("joints", 4, std::min(rows, 12), true, 0.0f, ImGuiTableFlags_ScrollY)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("joint");
  ImGui::TableSetupColumn("coordinate");
  ImGui::TableSetupColumn("now");
  ImGui::TableSetupColumn("unit");
  ImGui::TableHeadersRow();
  for (std::size_t f = 0; f < spec.frames.size(); ++f) {
    if (!spec.frames[f].joint) continue;
    const int node = running->frame_node(f);
    bool first = true;
    for (const joint_coordinate& c : joint_coordinates(spec.frames[f].joint->kind)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (first) {
        ImGui::PushID(int(f));
        if (ImGui::Selectable(spec.frames[f].name.c_str(), state.selected_node == node)) state.selected_node = node;
        tooltip("Select this joint frame (the file editor below shows its start values q0 and qd0)");
        ImGui::PopID();
        first = false;
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.name);
      tooltip(c.tip);
      ImGui::TableNextColumn();
      numbers_text("%9.4f", joint_value(joints, int(f), c));
      tooltip(c.tip);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.unit);
    }
  }
  ImGui::EndTable();
}

}  // namespace framelab::ui
