#include "render/scene_renderer.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <new>
#include <numbers>

namespace framelab::render {

namespace {

// OpenGL error checks wait for the GPU (in a browser a round trip to its GPU process), so a
// frame checks only every this many frames, and a failed allocation at once.
constexpr int frames_per_error_check = 60;

// GL clips a point by its centre: a point sprite whose centre leaves the viewport vanishes while
// up to half of it is still inside. So the scene is drawn into a viewport this many pixels larger
// on every side (half the largest sprite, exact_sphere_pixels across, and two pixels), with the
// projection narrowed to match (the same picture), and the scissor keeps it inside the viewport.
constexpr int guard_band_px = 18;

// The projection of the guard band's viewport: NDC x and y scaled by the viewport's share of it.
glm::dmat4 narrowed(const glm::dmat4& projection, int width, int height, int guard) {
  const glm::dvec3 share(double(width) / (width + 2 * guard), double(height) / (height + 2 * guard), 1.0);
  return glm::scale(glm::dmat4(1.0), share) * projection;
}

// Per-instance attributes 2-6 of the mesh shader (shaders/mesh.vert) from the bound array
// buffer at `offset`: three axes and the origin (floats), the colour (normalized bytes).
void point_instance_attributes(std::size_t offset) {
  constexpr auto stride = static_cast<GLsizei>(sizeof(mesh_instance));
  const GLuint float_locations[] = {2, 3, 4, 5};
  const std::size_t float_offsets[] = {offsetof(mesh_instance, axis_x), offsetof(mesh_instance, axis_y),
                                       offsetof(mesh_instance, axis_z), offsetof(mesh_instance, origin)};
  for (int k = 0; k < 4; ++k) {
    glVertexAttribPointer(float_locations[k], 3, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<void*>(offset + float_offsets[k]));
  }
  glVertexAttribPointer(6, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                        reinterpret_cast<void*>(offset + offsetof(mesh_instance, rgba)));
}

// The point sprite shader's attributes 2, 5 and 6 from a sphere batch at `offset` (core/scene_view.hpp's
// packed_sphere): the diameter as the first axis's x (the shader reads its length), the centre, the colour.
void point_batch_attributes(std::size_t offset) {
  constexpr auto stride = static_cast<GLsizei>(sizeof(packed_sphere));
  const auto at = [offset](std::size_t member) { return reinterpret_cast<void*>(offset + member); };
  glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride, at(offsetof(packed_sphere, diameter)));
  glVertexAttribPointer(5, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(packed_sphere, centre)));
  glVertexAttribPointer(6, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(offsetof(packed_sphere, rgba)));
}

void enable_instance_attributes(GLuint first, GLuint last) {
  for (GLuint location = first; location <= last; ++location) {
    glEnableVertexAttribArray(location);
    glVertexAttribDivisor(location, 1);
  }
}

// The line shader's attributes (shaders/line.vert): instance k reads the stream's points
// k (before), k + 1 (a, with the segment's width), k + 2 (b) and k + 3 (after).
void point_line_attributes() {
  constexpr auto stride = static_cast<GLsizei>(sizeof(line_point));
  const auto at = [](std::size_t point, std::size_t member) {
    return reinterpret_cast<void*>(point * sizeof(line_point) + member);
  };
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, at(0, offsetof(line_point, position)));
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, at(1, offsetof(line_point, position)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(1, offsetof(line_point, rgba)));
  glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, stride, at(1, offsetof(line_point, width_px)));
  glVertexAttribPointer(4, 3, GL_FLOAT, GL_FALSE, stride, at(2, offsetof(line_point, position)));
  glVertexAttribPointer(5, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(2, offsetof(line_point, rgba)));
  glVertexAttribPointer(6, 3, GL_FLOAT, GL_FALSE, stride, at(3, offsetof(line_point, position)));
}

mesh_data mesh_of(mesh_kind kind) {
  switch (kind) {
    case mesh_kind::box: return make_box();
    case mesh_kind::sphere: return make_sphere(32, 16);
    case mesh_kind::small_sphere: return make_sphere(16, 10);
    case mesh_kind::tiny_sphere: return make_sphere(8, 6);
    case mesh_kind::speck_sphere: return make_sphere(6, 4);
    case mesh_kind::cylinder: return make_cylinder();
    case mesh_kind::cone: return make_cone();
    case mesh_kind::round_sphere: return make_impostor_quad();
    case mesh_kind::small_round_sphere: return make_impostor_quad();  // unused: drawn as points (draw_points)
  }
  return {};
}

template <class Lists>
std::size_t bytes_of(const Lists& lists) {
  std::size_t bytes = 0;
  for (const auto& list : lists) bytes += list.size() * sizeof(mesh_instance);
  return bytes;
}

}  // namespace

void scene_renderer::init() {
  mesh_program_.create("mesh.vert", {"lighting.frag", "mesh.frag"});
  sphere_program_.create("sphere.vert", {"lighting.frag", "sphere.frag"});
  point_sphere_program_.create("point_sphere.vert", {"lighting.frag", "point_sphere.frag"});
  line_program_.create("line.vert", {"line.frag"});
  instances_.create();
  line_points_.create();
  for (std::size_t k = 0; k < mesh_kind_count; ++k) {
    meshes_[k].upload(mesh_of(static_cast<mesh_kind>(k)));
    meshes_[k].bind();
    enable_instance_attributes(2, 6);
  }
  glGenVertexArrays(1, &line_vao_);
  glBindVertexArray(line_vao_);
  enable_instance_attributes(0, 6);
  // The small spheres' points read an instance's axis, origin and colour as their vertex.
  glGenVertexArrays(1, &point_vao_);
  glBindVertexArray(point_vao_);
  for (const GLuint location : {2u, 5u, 6u}) glEnableVertexAttribArray(location);
  glBindVertexArray(0);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_viewport_.data());
  GLfloat point_sizes[2] = {1.0f, 1.0f};
  glGetFloatv(point_size_range_query, point_sizes);
  max_point_size_ = point_sizes[1];
  enable_program_point_size();
}

void scene_renderer::shutdown() {
  mesh_program_.destroy();
  sphere_program_.destroy();
  point_sphere_program_.destroy();
  line_program_.destroy();
  for (auto& mesh : meshes_) mesh.destroy();
  instances_.destroy();
  line_points_.destroy();
  for (GLuint* vao : {&line_vao_, &point_vao_}) {
    if (*vao != 0) glDeleteVertexArrays(1, vao);
    *vao = 0;
  }
}

// One instanced call per mesh with instances; `offset` walks the frame's instance buffer,
// bound first: the lines between the opaque and the translucent pass bind their own (the
// translucent balls of collisions' show_pairs once read the lines' points as transforms).
// The round spheres' quads draw with an impostor program (exact depth or the quad's), the
// meshes with the mesh program.
shader_program& scene_renderer::program_for(mesh_kind kind) {
  switch (kind) {
    case mesh_kind::round_sphere: return sphere_program_;
    case mesh_kind::small_round_sphere: return point_sphere_program_;
    default: return mesh_program_;
  }
}

// The instances at `offset` of the bound instance buffer as `count` points, one per vertex:
// no instancing, which a CPU rasterizer's vertex stage runs per instance. A list's points are
// all drawn; a batch's (packed spheres) skip those the lists hold copies of (draw_lists::batch).
void scene_renderer::draw_points(std::size_t count, std::size_t offset, bool batch) {
  glBindVertexArray(point_vao_);
  if (batch) {
    point_batch_attributes(offset);
  } else {
    point_instance_attributes(offset);
  }
  glUniform1f(point_sphere_program_.uniform("u_batch_reach"), batch ? batch_reach_ : 0.0f);
  glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(count));
}

void scene_renderer::draw_meshes(const std::array<std::vector<mesh_instance>, mesh_kind_count>& lists,
                                 std::size_t& offset) {
  instances_.bind();
  for (std::size_t k = 0; k < mesh_kind_count; ++k) {
    if (lists[k].empty()) continue;
    const auto kind = static_cast<mesh_kind>(k);
    program_for(kind).use();
    if (kind == mesh_kind::small_round_sphere) {
      draw_points(lists[k].size(), offset, false);
    } else {
      meshes_[k].bind();
      point_instance_attributes(offset);
      meshes_[k].draw_instanced(static_cast<GLsizei>(lists[k].size()));
    }
    offset += lists[k].size() * sizeof(mesh_instance);
  }
}

std::optional<std::string> scene_renderer::draw_lines() {
  if (lists_.line_segment_count() == 0) return std::nullopt;
  glBindVertexArray(line_vao_);
  const std::size_t bytes = lists_.lines.size() * sizeof(line_point);
  if (auto error = line_points_.begin_frame(bytes)) return error;
  line_points_.write(0, lists_.lines.data(), bytes);
  point_line_attributes();
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(lists_.line_segment_count()));
  return std::nullopt;
}

std::optional<std::string> scene_renderer::draw(const scene_view& view, const orbit_camera& camera,
                                                 const pixel_rect& viewport, const pixel_rect& clip, int selected_node) {
  const int width = std::max(1, viewport.width);
  const int height = std::max(1, viewport.height);
  glEnable(GL_SCISSOR_TEST);
  glScissor(clip.x, clip.y, std::max(0, clip.width), std::max(0, clip.height));
  glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  // The guard band (none where the larger viewport would pass the GL's largest).
  const bool fits = width + 2 * guard_band_px <= max_viewport_[0] && height + 2 * guard_band_px <= max_viewport_[1];
  const int guard = fits ? guard_band_px : 0;
  const pixel_rect drawn = intersection(clip, {viewport.x, viewport.y, width, height});
  glScissor(drawn.x, drawn.y, drawn.width, drawn.height);
  const pixel_rect band{viewport.x - guard, viewport.y - guard, width + 2 * guard, height + 2 * guard};
  glViewport(band.x, band.y, band.width, band.height);

  const double aspect = static_cast<double>(width) / height;
  const glm::dmat4 band_projection = narrowed(camera.projection(aspect), width, height, guard);
  const glm::mat4 eye_from_world(camera.view());
  const glm::mat4 projection(band_projection);
  // The batch's point sprites as point_sphere.vert places them, in the band's pixels.
  const sprite_camera sprites{.view = eye_from_world,
                              .projection = projection,
                              .viewport = {static_cast<float>(band.width), static_cast<float>(band.height)},
                              .max_point_size = max_point_size_};
  const double fov = orbit_camera::field_of_view_deg * std::numbers::pi / 180.0;
  const draw_settings settings{.eye = camera.eye(),
                               .pixels_per_radian = height / (2.0 * std::tan(0.5 * fov)),
                               .camera = &camera.setup(),
                               .selected_node = selected_node,
                               .line_scale = line_scale_,
                               .sprites = occlusion_culling_ ? &sprites : nullptr,
                               .drawn_pixels = {drawn.x - band.x, drawn.y - band.y, drawn.width, drawn.height}};
  const auto start = std::chrono::steady_clock::now();
  try {
    build_draw_lists(view, settings, lists_);
  } catch (const std::bad_alloc&) {
    lists_ = {};
    return "not enough memory for the drawing of this scene (" + std::to_string(view.nodes.size()) + " nodes, " +
           std::to_string(view.trails.size()) + " trails)";
  }
  last_build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The batch first (nearest the eye first, as the draw lists order it); then the lists' instances.
  const std::size_t batch_bytes = lists_.batch.size_bytes();
  std::optional<std::string> problem =
      instances_.begin_frame(batch_bytes + bytes_of(lists_.opaque) + bytes_of(lists_.translucent));
  if (!problem) {
    if (batch_bytes > 0) instances_.write(0, lists_.batch.data(), batch_bytes);
    std::size_t offset = batch_bytes;
    for (const auto* lists : {&lists_.opaque, &lists_.translucent}) {
      for (const auto& list : *lists) {
        instances_.write(offset, list.data(), list.size() * sizeof(mesh_instance));
        offset += list.size() * sizeof(mesh_instance);
      }
    }
  }

  glEnable(GL_DEPTH_TEST);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  const glm::mat4 view_projection(band_projection * camera.view());

  // Opaque meshes with depth writes; then the lines and the translucent meshes (ghosts)
  // over them, depth-tested against the opaque ones but not against each other.
  std::size_t offset = batch_bytes;
  const glm::vec3 light_direction = glm::normalize(glm::vec3(0.4f, 1.0f, 0.3f));
  mesh_program_.use();
  glUniformMatrix4fv(mesh_program_.uniform("u_view_projection"), 1, GL_FALSE, glm::value_ptr(view_projection));
  glUniform3fv(mesh_program_.uniform("u_eye"), 1, glm::value_ptr(glm::vec3(camera.eye())));
  glUniform3fv(mesh_program_.uniform("u_light_direction"), 1, glm::value_ptr(light_direction));
  const glm::mat3 world_from_eye = glm::transpose(glm::mat3(eye_from_world));
  for (shader_program* program : {&sphere_program_, &point_sphere_program_}) {
    program->use();
    glUniformMatrix4fv(program->uniform("u_view"), 1, GL_FALSE, glm::value_ptr(eye_from_world));
    glUniformMatrix4fv(program->uniform("u_projection"), 1, GL_FALSE, glm::value_ptr(projection));
    glUniformMatrix3fv(program->uniform("u_world_from_eye"), 1, GL_FALSE, glm::value_ptr(world_from_eye));
    glUniform3fv(program->uniform("u_light_direction"), 1, glm::value_ptr(light_direction));
  }
  glUniform4f(point_sphere_program_.uniform("u_viewport"), static_cast<float>(band.x), static_cast<float>(band.y),
              static_cast<float>(band.width), static_cast<float>(band.height));
  glUniform1f(point_sphere_program_.uniform("u_max_point_size"), max_point_size_);
  // The batch's points skip a sphere the lists hold a quad of, with 1 % of margin in the
  // distance: a sphere on the boundary is drawn both ways (the same sphere), never neither.
  batch_reach_ = static_cast<float>(0.99 * small_sphere_reach(settings.pixels_per_radian));
  // Opaque: nothing to blend (alpha 1), and a CPU rasterizer reads every pixel it blends.
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  if (!problem && !lists_.batch.empty()) {
    instances_.bind();
    point_sphere_program_.use();
    draw_points(lists_.batch.size(), 0, true);
  }
  if (!problem) draw_meshes(lists_.opaque, offset);

  glEnable(GL_BLEND);
  glDepthMask(GL_FALSE);
  line_program_.use();
  glUniformMatrix4fv(line_program_.uniform("u_view_projection"), 1, GL_FALSE, glm::value_ptr(view_projection));
  glUniform2f(line_program_.uniform("u_half_viewport_px"), 0.5f * static_cast<float>(band.width),
              0.5f * static_cast<float>(band.height));
  if (auto error = draw_lines(); error && !problem) problem = error;

  if (!problem) draw_meshes(lists_.translucent, offset);
  glDepthMask(GL_TRUE);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  if (!problem && ++frames_since_error_check_ >= frames_per_error_check) {
    frames_since_error_check_ = 0;
    if (auto error = take_gl_error()) problem = "OpenGL reported " + *error + " while drawing the scene";
  }
  return problem;
}

}  // namespace framelab::render
