#include "app/stage_canvas.hpp"

#include <algorithm>
#include <cmath>

namespace framelab {

namespace {

struct pixel_box {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // framebuffer pixels, origin bottom left (OpenGL's)
};

// A rectangle of ImGui pixels (origin top left) in a framebuffer `height` pixels tall.
pixel_box framebuffer_box(const ui::screen_rect& r, float scale, int height) {
  const int x0 = static_cast<int>(std::lround(r.x * scale));
  const int x1 = static_cast<int>(std::lround(r.right() * scale));
  const int top = static_cast<int>(std::lround(r.y * scale));
  const int bottom = static_cast<int>(std::lround(r.bottom() * scale));
  return {x0, height - bottom, x1, height - top};
}

}  // namespace

void clear_window(int width, int height) {
  glViewport(0, 0, width, height);
  glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

stage_canvas::~stage_canvas() { release(); }

void stage_canvas::release() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (color_ != 0) glDeleteRenderbuffers(1, &color_);
  if (depth_ != 0) glDeleteRenderbuffers(1, &depth_);
  framebuffer_ = color_ = depth_ = 0;
  width_ = height_ = 0;
}

void stage_canvas::resize(int width, int height) {
  if (framebuffer_ != 0 && width == width_ && height == height_) return;
  release();
  glGenFramebuffers(1, &framebuffer_);
  glGenRenderbuffers(1, &color_);
  glGenRenderbuffers(1, &depth_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  width_ = width;
  height_ = height;
}

std::optional<std::string> stage_canvas::draw(render::scene_renderer& renderer, const scene_view& view, const render::orbit_camera& camera,
                        const ui::stage_viewport& stage, float pixels_per_point, int window_width, int window_height,
                        int selected_node) {
  const pixel_box canvas = framebuffer_box(stage.canvas, pixels_per_point, window_height);
  const bool whole_window = stage.canvas.empty() || (canvas.x0 == 0 && canvas.y0 == 0 && canvas.x1 == window_width &&
                                                     canvas.y1 == window_height);
  if (whole_window) return renderer.draw(view, camera, window_width, window_height, selected_node);
  const int width = std::max(1, canvas.x1 - canvas.x0);
  const int height = std::max(1, canvas.y1 - canvas.y0);
  resize(width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  const std::optional<std::string> problem = renderer.draw(view, camera, width, height, selected_node);
  // The clip's part of the canvas, copied pixel for pixel to the same place in the window.
  const pixel_box clip = framebuffer_box(stage.clip, pixels_per_point, window_height);
  const int x0 = std::max({clip.x0, canvas.x0, 0});
  const int y0 = std::max({clip.y0, canvas.y0, 0});
  const int x1 = std::min({clip.x1, canvas.x1, window_width});
  const int y1 = std::min({clip.y1, canvas.y1, window_height});
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  if (x1 > x0 && y1 > y0) {
    glBlitFramebuffer(x0 - canvas.x0, y0 - canvas.y0, x1 - canvas.x0, y1 - canvas.y0, x0, y0, x1, y1,
                      GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, window_width, window_height);
  return problem;
}

}  // namespace framelab
