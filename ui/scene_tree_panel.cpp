#include <cmath>
#include <numbers>

#include <imgui.h>

#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

void tree_node(ui_state& state, const scene_view& view, int index) {
  const auto& node = view.nodes[static_cast<std::size_t>(index)];
  bool has_children = false;
  for (const auto& other : view.nodes) has_children = has_children || other.parent == index;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_DefaultOpen;
  if (!has_children) flags |= ImGuiTreeNodeFlags_Leaf;
  if (state.selected_node == index) flags |= ImGuiTreeNodeFlags_Selected;
  const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(index)), flags, "%s",
                                      node.name.c_str());
  if (ImGui::IsItemClicked()) state.selected_node = index;
  if (!open) return;
  for (int child = 0; child < static_cast<int>(view.nodes.size()); ++child) {
    if (view.nodes[static_cast<std::size_t>(child)].parent == index) tree_node(state, view, child);
  }
  ImGui::TreePop();
}

// Translation in metres, rotation as axis and angle in degrees, scale.
void pose_rows(const char* title, const transform<double, 3>& pose) {
  const glm::dquat q = glm::normalize(pose.rotation);
  const double angle = 2.0 * std::acos(std::min(1.0, std::abs(q.w)));
  glm::dvec3 axis = std::abs(std::sin(angle / 2.0)) > 1e-12 ? glm::dvec3(q.x, q.y, q.z) / std::sin(angle / 2.0)
                                                            : glm::dvec3(0.0, 1.0, 0.0);
  if (q.w < 0.0) axis = -axis;
  ImGui::TextColored(ImVec4(0.6f, 0.8f, 1.0f, 1.0f), "%s", title);
  ImGui::Text("  position  %8.3f %8.3f %8.3f m", pose.translation.x, pose.translation.y, pose.translation.z);
  ImGui::Text("  rotation  %8.2f deg about (%.3f, %.3f, %.3f)", angle * 180.0 / std::numbers::pi, axis.x, axis.y,
              axis.z);
  ImGui::Text("  quat wxyz %8.4f %8.4f %8.4f %8.4f", q.w, q.x, q.y, q.z);
  ImGui::Text("  scale     %8.4f", pose.scale);
}

}  // namespace

void draw_scene_tree_panel(ui_state& state) {
  place_window(0.775f, 0.045f, 0.22f, 0.50f);
  if (!ImGui::Begin("Scene tree", &state.show_tree)) {
    ImGui::End();
    return;
  }
  const scene_view& view = state.sim->view();
  for (int i = 0; i < static_cast<int>(view.nodes.size()); ++i) {
    if (view.nodes[static_cast<std::size_t>(i)].parent < 0) tree_node(state, view, i);
  }
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
    pose_rows("World", node.world);
  }
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
