#pragma once
// The text in the 3D view: each visible arrow's name, length and unit just beyond its
// head, and the scene's text labels, drawn behind the panels, in the interface font (so
// they grow with the UI scale) or presentation mode's stage font, kept off each other and
// off the arrows (ui/label_layout.hpp).
#include <imgui.h>

#include <functional>
#include <optional>

#include "core/scene_view.hpp"
#include "ui/label_layout.hpp"

namespace framelab::ui {

// Where a world point appears on screen (pixels), or nothing when it is behind the camera.
using screen_projection = std::function<std::optional<ImVec2>(const glm::dvec3& world)>;

// `font`: the font to draw in (nullptr: the current one); `area`: the window and what the
// labels keep off (ui/label_layout.hpp).
void draw_scene_labels(const scene_view& view, const screen_projection& to_screen, ImFont* font = nullptr,
                       const label_area& area = {});

}  // namespace framelab::ui
