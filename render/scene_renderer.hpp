#pragma once
// Draws a scene_view with OpenGL 3.3 core or OpenGL ES 3.0 (WebGL2), the same code for
// both (render/gl_api.hpp): every instance of a primitive mesh in one instanced draw call
// per mesh and pass, and every line (grid, axes, trails) in one instanced draw of
// screen-space quads. The frame's draw data are built on the CPU (render/draw_lists.hpp)
// and streamed in one buffer for the meshes and one for the lines.
#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "core/scene_view.hpp"
#include "render/draw_lists.hpp"
#include "render/gl_resources.hpp"
#include "render/orbit_camera.hpp"
#include "render/pixel_rect.hpp"

namespace framelab::render {

class scene_renderer {
 public:
  // Compiles the embedded shaders and uploads the meshes; throws std::runtime_error.
  void init();
  void shutdown();
  // Draws the camera's picture into `viewport` of the current framebuffer, clearing and
  // touching only the pixels inside `clip`. Returns a message when the frame could not be
  // drawn whole (memory for the draw data, a GL error); the next frame tries again.
  std::optional<std::string> draw(const scene_view& view, const orbit_camera& camera, const pixel_rect& viewport,
                                  const pixel_rect& clip, int selected_node);
  // The same into the whole of a width x height framebuffer.
  std::optional<std::string> draw(const scene_view& view, const orbit_camera& camera, int width, int height,
                                  int selected_node) {
    const pixel_rect all{0, 0, width, height};
    return draw(view, camera, all, all, selected_node);
  }
  // Framebuffer pixels per pixel of a line's width at 100 %: the grid is 1 px, trails
  // default_trail_width_px or their own width, times this. The app sets it from the
  // interface scale (the stage's in presentation mode) and the HiDPI framebuffer ratio.
  void set_line_scale(float pixels) { line_scale_ = std::clamp(pixels, 1.0f, 16.0f); }
  // Whether a large sphere batch's hidden balls are left out of the stream (render/sphere_occlusion.hpp);
  // the picture is the same either way. On by default; the app turns it off where the GPU
  // rasterizes (render/software_rasterizer.hpp).
  void set_occlusion_culling(bool on) { occlusion_culling_ = on; }
  // The CPU time the last draw spent building its draw data, and what it built (its batch
  // is the drawn view's: read it only while that view lives).
  double last_build_seconds() const { return last_build_seconds_; }
  const draw_lists& last_lists() const { return lists_; }

 private:
  shader_program& program_for(mesh_kind kind);
  void draw_points(std::size_t count, std::size_t offset, bool batch);
  void draw_meshes(const std::array<std::vector<mesh_instance>, mesh_kind_count>& lists, std::size_t& offset);
  std::optional<std::string> draw_lines();

  shader_program mesh_program_;
  shader_program sphere_program_;        // round spheres, exact depth
  shader_program point_sphere_program_;  // round spheres small on screen: point sprites
  shader_program line_program_;
  std::array<gpu_mesh, mesh_kind_count> meshes_;
  stream_buffer instances_;
  stream_buffer line_points_;
  GLuint line_vao_ = 0;
  GLuint point_vao_ = 0;  // the instance buffer read per vertex: one point per small sphere
  float max_point_size_ = 1.0f;
  std::array<GLint, 2> max_viewport_{0, 0};  // GL_MAX_VIEWPORT_DIMS, read by init
  float batch_reach_ = 0.0f;  // a batch's point is skipped within d times this of the eye
  draw_lists lists_;
  float line_scale_ = 1.0f;
  bool occlusion_culling_ = true;
  double last_build_seconds_ = 0.0;
  int frames_since_error_check_ = 0;
};

}  // namespace framelab::render
