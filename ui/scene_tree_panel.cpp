#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
#include <vector>

#include "ui/frame_editor.hpp"
#include "ui/joint_table.hpp"
#include "ui/world_editor.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// Beyond this many children of one node (hundreds of balls), the rest are summarised in
// one line: drawing thousands of rows every frame would cost the frame rate, and a
// ball is picked more easily by double-clicking it in the view.
constexpr std::size_t max_rows_per_parent = 100;

// The children of every node in order, in one pass; the last entry holds the roots.
std::vector<std::vector<int>> children_of(const scene_view& view) {
  const int count = static_cast<int>(view.nodes.size());
  std::vector<std::vector<int>> children(view.nodes.size() + 1);
  for (int i = 0; i < count; ++i) {
    const int parent = view.nodes[static_cast<std::size_t>(i)].parent;
    children[parent >= 0 && parent < count ? static_cast<std::size_t>(parent) : view.nodes.size()].push_back(i);
  }
  return children;
}

void tree_node(ui_state& state, const scene_view& view, const std::vector<std::vector<int>>& children, int index);

void tree_rows(ui_state& state, const scene_view& view, const std::vector<std::vector<int>>& children,
               const std::vector<int>& rows) {
  for (std::size_t k = 0; k < rows.size() && k < max_rows_per_parent; ++k) tree_node(state, view, children, rows[k]);
  if (rows.size() > max_rows_per_parent) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("... and %zu more (double-click one in the view to select it)",
                       rows.size() - max_rows_per_parent);
    ImGui::PopStyleColor();
  }
}

void tree_node(ui_state& state, const scene_view& view, const std::vector<std::vector<int>>& children, int index) {
  const auto& node = view.nodes[static_cast<std::size_t>(index)];
  const auto& own = children[static_cast<std::size_t>(index)];
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_DefaultOpen;
  if (own.empty()) flags |= ImGuiTreeNodeFlags_Leaf;
  if (state.selected_node == index) flags |= ImGuiTreeNodeFlags_Selected;
  const bool open =
      ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(index)), flags, "%s", node.name.c_str());
  if (ImGui::IsItemClicked()) state.selected_node = index;
  if (!open) return;
  tree_rows(state, view, children, own);
  ImGui::TreePop();
}

// A sphere batch (core/scene_view.hpp: the collisions scene's balls) is one row, however many
// spheres it holds: they are no nodes (no pose table, nothing to select).
void sphere_batch_row(const sphere_batch& batch) {
  if (batch.spheres.empty()) return;
  ImGui::TreeNodeEx("##sphere batch", ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen, "%s (%zu)",
                    batch.name.c_str(), batch.spheres.size());
  tooltip("Drawn as one batch of round spheres, not listed one by one: double-click one in the view to point the "
          "camera at it");
}

// One row of a frame's table: a short name, x y z and the unit; `tip` explains it on hover.
void vector_row(const char* name, const glm::dvec3& v, const char* unit, const char* tip) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  tooltip(tip);
  for (int k = 0; k < 3; ++k) {
    ImGui::TableNextColumn();
    numbers_text("%8.3f", v[k]);
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(unit);
}

// A frame as a table: translation in metres, rotation as an angle in degrees about an
// axis, scale, and (when it moves) velocity, acceleration, angular velocity and angular
// acceleration, with units.
void frame_table(const char* title, const transform<double, 3>& pose,
                 const std::optional<dynamic_transform<double, 3>>& dynamics) {
  glm::dquat q = glm::normalize(pose.rotation);
  if (q.w < 0.0) q = -q;  // the shorter way round
  const double s = glm::length(glm::dvec3(q.x, q.y, q.z));
  const double angle = 2.0 * std::atan2(s, q.w);
  const glm::dvec3 axis = s > 1e-12 ? glm::dvec3(q.x, q.y, q.z) / s : glm::dvec3(0.0, 1.0, 0.0);
  colored_text_wrapped(ImVec4(0.6f, 0.8f, 1.0f, 1.0f), "%s", title);
  if (!begin_wide_table(title, 5, dynamics ? 8 : 4, false)) return;
  vector_row("pos", pose.translation, "m", "Position T (x, y, z)");
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("rot");
  char quat[96];
  std::snprintf(quat, sizeof quat, "Angle about the axis below; quaternion (w, x, y, z) = (%.4f, %.4f, %.4f, %.4f)",
                q.w, q.x, q.y, q.z);
  tooltip(quat);
  ImGui::TableNextColumn();
  numbers_text("%8.2f", angle * 180.0 / std::numbers::pi);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("deg");
  vector_row("axis", axis, "", "Rotation axis (unit)");
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("scale");
  ImGui::TableNextColumn();
  numbers_text("%8.4g", pose.scale);
  if (dynamics) {
    vector_row("v", dynamics->velocity, "m/s", "Velocity v = dT/dt");
    vector_row("a", dynamics->accel, "m/s^2", "Acceleration a = dv/dt");
    vector_row("w", dynamics->angular_velocity, "rad/s", "Angular velocity w (dR/dt = w x R)");
    vector_row("alpha", dynamics->angular_accel, "rad/s^2", "Angular acceleration alpha = dw/dt");
  }
  ImGui::EndTable();
}

// Kept in ui_state (panel_state<every_node_options>).
struct every_node_options {
  bool world = true;  // the table shows world (global) dynamics, else local
};

// |v|, |a|, |w|, |alpha| of every node that has dynamics, local or world.
void every_node_table(ui_state& state, const scene_view& view) {
  bool& world = state.panel_state<every_node_options>().world;
  bool any = false;
  for (const auto& node : view.nodes) any = any || node.world_dynamics.has_value();
  if (!any || !ImGui::CollapsingHeader("Dynamics of every node")) return;
  if (ImGui::RadioButton("world##every", world)) world = true;
  tooltip("Relative to the world (global)");
  ImGui::SameLine();
  if (ImGui::RadioButton("local##every", !world)) world = false;
  tooltip("Relative to each node's parent (local)");
  int rows = 0;
  for (const auto& node : view.nodes) rows += (world ? node.world_dynamics : node.local_dynamics) ? 1 : 0;
  if (!begin_wide_table("every node", 5, std::min(rows, 12), true, ImGui::GetTextLineHeight(),
                        ImGuiTableFlags_ScrollY)) {
    return;
  }
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("node");
  ImGui::TableSetupColumn("|v| m/s");
  ImGui::TableSetupColumn("|a| m/s^2");
  ImGui::TableSetupColumn("|w| rad/s");
  ImGui::TableSetupColumn("|alpha| rad/s^2");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    const auto& node = view.nodes[i];
    const auto& d = world ? node.world_dynamics : node.local_dynamics;
    if (!d) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(node.name.c_str(), state.selected_node == static_cast<int>(i)))
      state.selected_node = static_cast<int>(i);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", glm::length(d->velocity));
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", glm::length(d->accel));
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", glm::length(d->angular_velocity));
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", glm::length(d->angular_accel));
  }
  ImGui::EndTable();
}

}  // namespace

void draw_scene_tree_panel(ui_state& state) {
  if (!begin_panel(state, panel_id::tree, "Scene tree", &state.show_tree)) {
    end_panel(state, panel_id::tree);
    return;
  }
  const scene_view& view = state.sim->view();
  const auto children = children_of(view);
  // The nodes in a box that scrolls sideways (a long name or a deep tree never cut) and
  // down (a scene of many bodies), at most 12 rows tall.
  const float rows = static_cast<float>(std::min<std::size_t>(view.nodes.size() + (view.spheres.spheres.empty() ? 1 : 2), 12));
  const float height = rows * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ScrollbarSize +
                       2.0f * ImGui::GetStyle().WindowPadding.y;
  if (ImGui::BeginChild("nodes", ImVec2(0.0f, height), true, ImGuiWindowFlags_HorizontalScrollbar)) {
    tree_rows(state, view, children, children.back());
    sphere_batch_row(view.spheres);
  }
  ImGui::EndChild();
  draw_joint_table(state);  // a world scene's joints: q and qd now
  ImGui::Separator();
  if (state.selected_node < 0 || state.selected_node >= static_cast<int>(view.nodes.size())) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Select a node (click here, or double-click it in the view)");
    ImGui::PopStyleColor();
  } else {
    const auto& node = view.nodes[static_cast<std::size_t>(state.selected_node)];
    ImGui::TextWrapped("%s", node.name.c_str());
    if (state.camera.get) same_line_if_fits(ImGui::CalcTextSize("Focus").x + 2.0f * ImGui::GetStyle().FramePadding.x);
    if (state.camera.get && button("Focus", "Point the camera at this node")) {
      camera_setup camera = state.camera.get();
      camera.target = node.world.translation;
      state.camera.set(camera);
    }
    frame_table("Local (relative to parent)", node.local, node.local_dynamics);
    frame_table("World", node.world, node.world_dynamics);
    draw_frame_editor(state, state.selected_node);
  }
  draw_world_editor(state, state.selected_node);  // a scene file: add, delete, rename, edit frames
  every_node_table(state, view);
  if (!view.vectors.empty()) {
    ImGui::Separator();
    ImGui::TextUnformatted("Vectors");
    std::size_t unlabelled = 0;  // e.g. the arrow grid of a field: counted, not listed
    for (const auto& v : view.vectors) {
      if (v.label.empty()) {
        ++unlabelled;
        continue;
      }
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(v.color.r, v.color.g, v.color.b, 1.0f));
      ImGui::TextWrapped("  %s: |v| = %.4g %s", v.label.c_str(), glm::length(v.value), v.unit.c_str());
      ImGui::PopStyleColor();
    }
    if (unlabelled > 0) disabled_text_wrapped("  + %zu unlabelled arrows", unlabelled);
  }
  end_panel(state, panel_id::tree);
}

}  // namespace framelab::ui
