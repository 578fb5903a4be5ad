#pragma once
// The split stage (issue 30): one run seen by two observers side by side, the world's on
// the left and a chosen frame's on the right (View > Split stage, a script's
// `split FRAME`, and so in recordings). Students "systematically mix up the
// trajectories in the stationary and the rotating frame of reference" (Kuchemann et al.,
// Phys. Rev. Phys. Educ. Res. 16, 010112, 2020); here both stand next to each other.
// The right half draws the same scene_view re-expressed in the frame's coordinates,
//   x_frame = A^-1 x_world   (A: the frame node's world pose, this frame),
// with the same camera setup read in those coordinates, so the frame holds still there.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/scene_view.hpp"
#include "ui/stage_area.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

// The node the split stage's second observer rides (ui_state::split_frame), if the running
// scene has one of that name.
std::optional<int> split_node(const ui_state& state);

// The frames a split stage can ride: the nodes whose motion the scene tracks (its frames,
// bodies and particles: the Scene tree's nodes with dynamics).
std::vector<std::string> split_choices(const scene_view& view);

// `view` as an observer riding the frame whose world pose is `frame_world` sees it: every
// node's pose, arrow, trail point and label position in the frame's coordinates.
scene_view seen_from(const scene_view& view, const transform<double, 3>& frame_world);

// The two halves of a stage side by side, `gap` apart: each is its own free area and
// clip (the picture of one does not run under the other), centred on itself.
std::pair<stage_viewport, stage_viewport> split_stages(const screen_rect& whole, float gap);

}  // namespace framelab::ui
