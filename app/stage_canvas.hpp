#pragma once
// Draws the renderer's picture of a stage (ui/stage_area.hpp) into its place in the
// window: the whole canvas into an offscreen framebuffer the canvas's size, then the part
// inside the stage's clip copied into the window. The renderer draws into a framebuffer's
// (0, 0, width, height) viewport; this puts the projection centre on the free area's
// centre without touching the renderer. A canvas that is the whole window is drawn
// straight into it. Needs a current OpenGL 3.3 core context loaded by glad.
#include <optional>
#include <string>

#include "render/gl_api.hpp"

#include "core/scene_view.hpp"
#include "render/orbit_camera.hpp"
#include "render/scene_renderer.hpp"
#include "ui/stage_area.hpp"

namespace framelab {

// The window in the renderer's background colour: what no stage's clip covers (beside a
// stage plot, between the halves of a split stage). Once per frame, before the stages.
void clear_window(int width, int height);

class stage_canvas {
 public:
  stage_canvas() = default;
  stage_canvas(const stage_canvas&) = delete;
  stage_canvas& operator=(const stage_canvas&) = delete;
  ~stage_canvas();

  // `pixels_per_point`: framebuffer pixels per ImGui pixel (HiDPI); window_* in framebuffer
  // pixels. Returns the renderer's message when the frame could not be drawn whole.
  std::optional<std::string> draw(render::scene_renderer& renderer, const scene_view& view, const render::orbit_camera& camera,
            const ui::stage_viewport& stage, float pixels_per_point, int window_width, int window_height,
            int selected_node);

 private:
  void resize(int width, int height);
  void release();
  GLuint framebuffer_ = 0;
  GLuint color_ = 0;
  GLuint depth_ = 0;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace framelab
