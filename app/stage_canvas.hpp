#pragma once
// Draws the renderer's picture of a stage (ui/stage_area.hpp) into its place in the
// window: the camera's whole picture (the canvas, which may reach past the window's
// edges so that the projection centre sits on the free area's centre) as the renderer's
// viewport, only the stage's clip touched.
#include <optional>
#include <string>

#include "core/scene_view.hpp"
#include "render/orbit_camera.hpp"
#include "render/scene_renderer.hpp"
#include "ui/stage_area.hpp"

namespace framelab {

// The window in the renderer's background colour: what no stage's clip covers (beside a
// stage plot, between the halves of a split stage). Once per frame, before the stages.
void clear_window(int width, int height);

// `pixels_per_point`: framebuffer pixels per ImGui pixel (HiDPI); window_* in framebuffer
// pixels. Returns the renderer's message when the frame could not be drawn whole.
std::optional<std::string> draw_stage(render::scene_renderer& renderer, const scene_view& view,
                                      const render::orbit_camera& camera, const ui::stage_viewport& stage,
                                      float pixels_per_point, int window_width, int window_height, int selected_node);

}  // namespace framelab
