#pragma once
// The text in the 3D view: each visible arrow's name, length and unit at its tip, and
// the scene's text labels, drawn behind the panels, in the interface font (so they grow
// with the UI scale), moved apart where they would overlap (ui/label_layout.hpp).
#include <imgui.h>

#include <functional>
#include <optional>

#include "core/scene_view.hpp"

namespace framelab::ui {

// Where a world point appears on screen (pixels), or nothing when it is behind the camera.
using screen_projection = std::function<std::optional<ImVec2>(const glm::dvec3& world)>;

void draw_scene_labels(const scene_view& view, const screen_projection& to_screen);

}  // namespace framelab::ui
