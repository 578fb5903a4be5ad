#pragma once
// The text in the 3D view: each visible arrow's name, length and unit just beyond its
// head, and the scene's text labels, drawn behind the panels, in the interface font (so
// they grow with the UI scale) or presentation mode's stage font, kept off each other and
// off the arrows (ui/label_layout.hpp).
#include <imgui.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/scene_view.hpp"
#include "ui/label_layout.hpp"
#include "ui/stage_area.hpp"

namespace framelab::ui {

// Where a world point appears on screen (pixels), or nothing when it is behind the camera.
using screen_projection = std::function<std::optional<ImVec2>(const glm::dvec3& world)>;

// The projection of a camera (clip_from_world = projection(canvas aspect) x view) whose
// picture is the stage's canvas (ui/stage_area.hpp).
screen_projection stage_projection(const glm::dmat4& clip_from_world, const stage_viewport& stage);

// One label as drawn: its text, box (top-left corner and size, pixels) and colour, and
// the leader line from its anchor when it was moved away from it.
struct placed_label {
  std::string text;
  ImVec2 corner;
  ImVec2 size;
  ImU32 color = 0;
  bool leader = false;
  ImVec2 anchor;
  // An arrow shorter on screen than its label is tall (hidden in its body or by the
  // label): its screen direction, drawn as a small arrow at the start of the label; zero
  // for a visible arrow and a point's label.
  ImVec2 short_arrow{0.0f, 0.0f};
  float wrap = 0.0f;  // the text's wrap width (pixels; a label wider than the area wraps)
};

// The labels' font: presentation mode's stage font (for the back row), and in the
// windowed view the interface font, but no larger than the stage font (at 300 % on a
// small window the interface text would leave no room on the stage).
ImFont* scene_label_font(bool presenting);

// Labels keep off the opaque bodies small on screen, unless there are more of them than
// this (a crowd, e.g. thousands of balls: then the crowd is the stage, like a large body).
inline constexpr std::size_t max_kept_off_bodies = 1000;
// Likewise the points of the curves drawn evenly (springs' coils, ~200 points each) that the
// labels keep off: beyond this many, the curves past it are not kept off (a label tests each
// curve near it point by point).
inline constexpr std::size_t max_kept_off_curve_points = 8192;

// Where every label of the view goes (what draw_scene_labels draws; the layout tests check it).
std::vector<placed_label> layout_scene_labels(const scene_view& view, const screen_projection& to_screen, ImFont* font,
                                              const label_area& area);

// `font`: the font to draw in (nullptr: the current one); `area`: the window and what the
// labels keep off (ui/label_layout.hpp).
void draw_scene_labels(const scene_view& view, const screen_projection& to_screen, ImFont* font = nullptr,
                       const label_area& area = {});

}  // namespace framelab::ui
