#include "app/stage_canvas.hpp"

#include <cmath>

#include "render/gl_api.hpp"

namespace framelab {

namespace {

// A rectangle of ImGui pixels (origin top left) as framebuffer pixels (origin bottom left,
// OpenGL's) in a framebuffer `height` pixels tall.
render::pixel_rect framebuffer_rect(const ui::screen_rect& r, float scale, int height) {
  const int x0 = static_cast<int>(std::lround(r.x * scale));
  const int x1 = static_cast<int>(std::lround(r.right() * scale));
  const int top = static_cast<int>(std::lround(r.y * scale));
  const int bottom = static_cast<int>(std::lround(r.bottom() * scale));
  return {x0, height - bottom, x1 - x0, bottom - top};
}

}  // namespace

void clear_window(int width, int height) {
  glViewport(0, 0, width, height);
  glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

std::optional<std::string> draw_stage(render::scene_renderer& renderer, const scene_view& view,
                                      const render::orbit_camera& camera, const ui::stage_viewport& stage,
                                      float pixels_per_point, int window_width, int window_height, int selected_node) {
  if (stage.canvas.empty()) return renderer.draw(view, camera, window_width, window_height, selected_node);
  const auto problem =
      renderer.draw(view, camera, framebuffer_rect(stage.canvas, pixels_per_point, window_height),
                    framebuffer_rect(stage.clip, pixels_per_point, window_height), selected_node);
  glViewport(0, 0, window_width, window_height);
  return problem;
}

}  // namespace framelab
