#pragma once
// Draws a scene_view with OpenGL 3.3 core: the ground grid and axes, every node's lit
// primitive posed by its world transform, vector overlays as arrows, trails as line
// strips. Needs a current context loaded by glad.
#include <algorithm>
#include <limits>
#include <vector>

#include <glad/gl.h>

#include "core/scene_view.hpp"
#include "render/gl_resources.hpp"
#include "render/orbit_camera.hpp"

namespace framelab::render {

class scene_renderer {
 public:
  // Spheres drawn small get coarser meshes, indistinguishable at that size, so that scenes with
  // hundreds of balls stay fast (there are no instanced draws): under small_sphere_pixels across
  // 16 x 10 facets, under tiny_sphere_pixels 8 x 6, instead of 32 x 16.
  static constexpr double small_sphere_pixels = 48.0;
  static constexpr double tiny_sphere_pixels = 18.0;

  // Compiles the embedded shaders and uploads the meshes; throws std::runtime_error.
  void init();
  void shutdown();
  // Draws into the current framebuffer's (0, 0, width, height) viewport.
  void draw(const scene_view& view, const orbit_camera& camera, int width, int height, int selected_node);
  // Line width in framebuffer pixels for the thinnest lines (the grid); trails are twice
  // as wide. The app sets it from the UI scale and the HiDPI framebuffer ratio.
  void set_line_scale(float pixels) { line_scale_ = std::clamp(pixels, 1.0f, 16.0f); }

 private:
  struct line_vertex {
    glm::vec3 position;
    glm::vec4 color;
  };

  // pixels: the on-screen diameter of a sphere (picks its mesh); other shapes ignore it.
  void draw_shape(shape_kind shape, const glm::dmat4& model, const glm::vec4& color,
                  double pixels = std::numeric_limits<double>::infinity());
  void draw_arrow(const glm::dvec3& from, const glm::dvec3& vector, const glm::vec4& color);
  void add_line(const glm::dvec3& a, const glm::dvec3& b, const glm::vec4& color);
  void add_grid(const orbit_camera& camera);
  // Draws the collected segments width_px wide (line.geom widens them) and clears them.
  void flush_lines(const glm::mat4& view_projection, glm::vec2 viewport_px, float width_px);

  shader_program mesh_program_;
  shader_program line_program_;
  gpu_mesh box_, sphere_, cylinder_, cone_;
  gpu_mesh small_sphere_, tiny_sphere_;  // coarser spheres for small on-screen sizes
  GLuint line_vao_ = 0;
  GLuint line_vbo_ = 0;
  std::vector<line_vertex> lines_;
  float line_scale_ = 1.0f;
};

}  // namespace framelab::render
