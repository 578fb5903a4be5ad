#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "ui/frame_editor.hpp"
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
    ImGui::TextDisabled("... and %zu more (double-click one in the view to select it)",
                        rows.size() - max_rows_per_parent);
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

// One compact row: a short name, x y z and the unit; `tip` explains it on hover.
void vector_row(const char* name, const glm::dvec3& v, const char* unit, const char* tip) {
  numbers_text("%-6s%7.3f%8.3f%8.3f %s", name, v.x, v.y, v.z, unit);
  tooltip(tip);
}

// Translation in metres, rotation as an angle in degrees about an axis, scale.
void pose_rows(const char* title, const transform<double, 3>& pose) {
  glm::dquat q = glm::normalize(pose.rotation);
  if (q.w < 0.0) q = -q;  // the shorter way round
  const double s = glm::length(glm::dvec3(q.x, q.y, q.z));
  const double angle = 2.0 * std::atan2(s, q.w);
  const glm::dvec3 axis = s > 1e-12 ? glm::dvec3(q.x, q.y, q.z) / s : glm::dvec3(0.0, 1.0, 0.0);
  ImGui::TextColored(ImVec4(0.6f, 0.8f, 1.0f, 1.0f), "%s", title);
  vector_row("pos", pose.translation, "m", "Position T (x, y, z)");
  numbers_text("%-6s%7.2f deg  scale %.4g", "rot", angle * 180.0 / std::numbers::pi, pose.scale);
  char quat[96];
  std::snprintf(quat, sizeof quat, "Angle about the axis below; quaternion (w, x, y, z) = (%.4f, %.4f, %.4f, %.4f)",
                q.w, q.x, q.y, q.z);
  tooltip(quat);
  vector_row("axis", axis, "", "Rotation axis (unit)");
}

// Velocity, acceleration, angular velocity and angular acceleration, with units.
void dynamics_rows(const dynamic_transform<double, 3>& d) {
  vector_row("v", d.velocity, "m/s", "Velocity v = dT/dt");
  vector_row("a", d.accel, "m/s^2", "Acceleration a = dv/dt");
  vector_row("w", d.angular_velocity, "rad/s", "Angular velocity w (dR/dt = w x R)");
  vector_row("alpha", d.angular_accel, "rad/s^2", "Angular acceleration alpha = dw/dt");
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
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  if (!ImGui::BeginTable("every node", 5, flags)) return;
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
  place_window(state, panel_slot::right_top);
  if (!ImGui::Begin("Scene tree", &state.show_tree)) {
    ImGui::End();
    return;
  }
  const scene_view& view = state.sim->view();
  const auto children = children_of(view);
  tree_rows(state, view, children, children.back());
  ImGui::Separator();
  if (state.selected_node < 0 || state.selected_node >= static_cast<int>(view.nodes.size())) {
    ImGui::TextDisabled("Select a node (click here, or double-click it in the view)");
  } else {
    const auto& node = view.nodes[static_cast<std::size_t>(state.selected_node)];
    ImGui::Text("%s", node.name.c_str());
    ImGui::SameLine();
    if (state.camera.get && button("Focus", "Point the camera at this node")) {
      camera_setup camera = state.camera.get();
      camera.target = node.world.translation;
      state.camera.set(camera);
    }
    pose_rows("Local (relative to parent)", node.local);
    if (node.local_dynamics) dynamics_rows(*node.local_dynamics);
    pose_rows("World", node.world);
    if (node.world_dynamics) dynamics_rows(*node.world_dynamics);
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
      ImGui::TextColored(ImVec4(v.color.r, v.color.g, v.color.b, 1.0f), "  %s: |v| = %.4g %s", v.label.c_str(),
                         glm::length(v.value), v.unit.c_str());
    }
    if (unlabelled > 0) ImGui::TextDisabled("  + %zu unlabelled arrows", unlabelled);
  }
  ImGui::End();
}

}  // namespace framelab::ui
