#include "ui/split_stage.hpp"

#include <algorithm>

namespace framelab::ui {

std::optional<int> split_node(const ui_state& state) {
  if (state.split_frame.empty() || state.sim == nullptr || !state.sim->loaded()) return std::nullopt;
  return find_node(state.sim->view(), state.split_frame);
}

std::vector<std::string> split_choices(const scene_view& view) {
  std::vector<std::string> names;
  for (const auto& node : view.nodes) {
    if (node.world_dynamics && std::find(names.begin(), names.end(), node.name) == names.end())
      names.push_back(node.name);
  }
  return names;
}

scene_view seen_from(const scene_view& view, const transform<double, 3>& frame_world) {
  const transform<double, 3> to_frame = frame_world.inverse();  // x_frame = A^-1 x_world
  scene_view seen = view;
  for (auto& node : seen.nodes) node.world = to_frame * node.world;
  for (auto& sphere : seen.spheres.spheres) {
    sphere.centre = glm::vec3(to_frame.apply_point(glm::dvec3(sphere.centre)));
    sphere.diameter *= static_cast<float>(to_frame.scale);
  }
  for (auto& arrow : seen.vectors) {
    arrow.origin = to_frame.apply_point(arrow.origin);
    arrow.value = to_frame.apply_vector(arrow.value);
  }
  for (auto& trail : seen.trails) {
    for (auto& p : trail.points) p = to_frame.apply_point(p);
  }
  for (auto& label : seen.labels) label.position = to_frame.apply_point(label.position);
  return seen;
}

std::pair<stage_viewport, stage_viewport> split_stages(const screen_rect& whole, float gap) {
  const float half = std::max(1.0f, 0.5f * (whole.width - gap));
  const screen_rect left{whole.x, whole.y, half, whole.height};
  const screen_rect right{whole.right() - half, whole.y, half, whole.height};
  return {stage_centred_on(left, left), stage_centred_on(right, right)};
}

}  // namespace framelab::ui
