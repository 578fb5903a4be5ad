#include "render/scene_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace framelab::render {

namespace {

// The rotation taking +y onto the unit vector d (half-angle quaternion about y x d).
glm::dquat rotation_from_y(const glm::dvec3& d) {
  const glm::dvec3 y(0.0, 1.0, 0.0);
  const double c = glm::dot(y, d);
  if (c < -0.999999) return glm::angleAxis(3.14159265358979323846, glm::dvec3(1.0, 0.0, 0.0));
  const glm::dvec3 axis = glm::cross(y, d);
  return glm::normalize(glm::dquat(1.0 + c, axis.x, axis.y, axis.z));
}

glm::dmat4 pose_matrix(const glm::dvec3& position, const glm::dquat& rotation, const glm::dvec3& size) {
  return glm::translate(glm::dmat4(1.0), position) * glm::mat4_cast(rotation) * glm::scale(glm::dmat4(1.0), size);
}

}  // namespace

void scene_renderer::init() {
  mesh_program_.create("mesh.vert", "mesh.frag");
  line_program_.create("line.vert", "line.frag", "line.geom");
  box_.upload(make_box());
  sphere_.upload(make_sphere());
  small_sphere_.upload(make_sphere(16, 10));
  tiny_sphere_.upload(make_sphere(8, 6));
  cylinder_.upload(make_cylinder());
  cone_.upload(make_cone());
  glGenVertexArrays(1, &line_vao_);
  glGenBuffers(1, &line_vbo_);
  glBindVertexArray(line_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(line_vertex),
                        reinterpret_cast<void*>(offsetof(line_vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(line_vertex),
                        reinterpret_cast<void*>(offsetof(line_vertex, color)));
  glBindVertexArray(0);
}

void scene_renderer::shutdown() {
  mesh_program_.destroy();
  line_program_.destroy();
  for (gpu_mesh* mesh : {&box_, &sphere_, &small_sphere_, &tiny_sphere_, &cylinder_, &cone_}) mesh->destroy();
  if (line_vao_ != 0) {
    glDeleteBuffers(1, &line_vbo_);
    glDeleteVertexArrays(1, &line_vao_);
  }
  line_vao_ = line_vbo_ = 0;
}

void scene_renderer::add_line(const glm::dvec3& a, const glm::dvec3& b, const glm::vec4& color) {
  lines_.push_back({glm::vec3(a), color});
  lines_.push_back({glm::vec3(b), color});
}

// A 1 m grid on y = 0 around the camera target, brighter every 5 m, and the axes
// x (red), y (green), z (blue), 1 m long.
void scene_renderer::add_grid(const orbit_camera& camera) {
  const double extent = std::clamp(std::ceil(camera.setup().distance * 1.5 / 5.0) * 5.0, 10.0, 500.0);
  const double step = extent > 100.0 ? 5.0 : 1.0;
  const glm::dvec3 c = glm::round(camera.setup().target / 5.0) * 5.0;
  for (double u = -extent; u <= extent + 1e-9; u += step) {
    const bool major = std::fmod(std::abs(u), 5.0 * step) < 1e-9;
    const glm::vec4 color = major ? glm::vec4(0.42f, 0.44f, 0.50f, 1.0f) : glm::vec4(0.27f, 0.28f, 0.32f, 1.0f);
    add_line({c.x + u, 0.0, c.z - extent}, {c.x + u, 0.0, c.z + extent}, color);
    add_line({c.x - extent, 0.0, c.z + u}, {c.x + extent, 0.0, c.z + u}, color);
  }
  add_line({0.0, 0.002, 0.0}, {1.0, 0.002, 0.0}, {0.95f, 0.25f, 0.25f, 1.0f});
  add_line({0.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.30f, 0.90f, 0.30f, 1.0f});
  add_line({0.0, 0.002, 0.0}, {0.0, 0.002, 1.0}, {0.30f, 0.50f, 1.00f, 1.0f});
}

void scene_renderer::draw_shape(shape_kind shape, const glm::dmat4& model, const glm::vec4& color, double pixels) {
  const gpu_mesh* mesh = nullptr;
  switch (shape) {
    case shape_kind::box: mesh = &box_; break;
    case shape_kind::sphere:
      mesh = pixels < tiny_sphere_pixels ? &tiny_sphere_ : pixels < small_sphere_pixels ? &small_sphere_ : &sphere_;
      break;
    case shape_kind::cylinder: mesh = &cylinder_; break;
    case shape_kind::cone: mesh = &cone_; break;
    case shape_kind::arrow: mesh = &cone_; break;
    case shape_kind::none: return;
  }
  const glm::mat4 m(model);
  const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(m)));
  glUniformMatrix4fv(mesh_program_.uniform("u_model"), 1, GL_FALSE, glm::value_ptr(m));
  glUniformMatrix3fv(mesh_program_.uniform("u_normal_matrix"), 1, GL_FALSE, glm::value_ptr(normal_matrix));
  glUniform4fv(mesh_program_.uniform("u_color"), 1, glm::value_ptr(color));
  mesh->draw();
}

// A shaft (cylinder) and a head (cone) from `from` along `vector`.
void scene_renderer::draw_arrow(const glm::dvec3& from, const glm::dvec3& vector, const glm::vec4& color) {
  const double length = glm::length(vector);
  if (!(length > 1e-6) || !std::isfinite(length)) return;
  const glm::dvec3 direction = vector / length;
  const glm::dquat rotation = rotation_from_y(direction);
  const double width = std::clamp(0.04 * length, 0.03, 0.10);
  const double head = std::min(0.35 * length, 4.0 * width);
  const double shaft = length - head;
  draw_shape(shape_kind::cylinder, pose_matrix(from + 0.5 * shaft * direction, rotation, {width, shaft, width}), color);
  draw_shape(shape_kind::cone,
             pose_matrix(from + (shaft + 0.5 * head) * direction, rotation, {2.6 * width, head, 2.6 * width}), color);
}

void scene_renderer::flush_lines(const glm::mat4& view_projection, glm::vec2 viewport_px, float width_px) {
  if (lines_.empty()) return;
  line_program_.use();
  glUniformMatrix4fv(line_program_.uniform("u_view_projection"), 1, GL_FALSE, glm::value_ptr(view_projection));
  // The shader works in half-viewports: NDC runs over 2 units per viewport side.
  glUniform2f(line_program_.uniform("u_viewport_px"), 0.5f * viewport_px.x, 0.5f * viewport_px.y);
  glUniform1f(line_program_.uniform("u_width_px"), 0.5f * width_px);
  glBindVertexArray(line_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(lines_.size() * sizeof(line_vertex)), lines_.data(),
               GL_STREAM_DRAW);
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lines_.size()));
  glBindVertexArray(0);
  lines_.clear();
}

void scene_renderer::draw(const scene_view& view, const orbit_camera& camera, int width, int height,
                          int selected_node) {
  glViewport(0, 0, width, height);
  glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);

  const double aspect = static_cast<double>(width) / std::max(1, height);
  const glm::mat4 view_projection(camera.projection(aspect) * camera.view());

  // Lines first: the grid and axes thin, the trails (the physics) twice as wide.
  const glm::vec2 viewport(static_cast<float>(width), static_cast<float>(height));
  add_grid(camera);
  flush_lines(view_projection, viewport, line_scale_);
  for (const auto& t : view.trails) {
    if (!t.visible) continue;
    for (std::size_t i = 1; i < t.points.size(); ++i) {
      glm::vec4 color = t.color;
      if (t.fade) color.a *= 0.25f + 0.75f * static_cast<float>(i) / static_cast<float>(t.points.size());  // older = fainter
      add_line(t.points[i - 1], t.points[i], color);
    }
  }
  flush_lines(view_projection, viewport, 2.0f * line_scale_);

  mesh_program_.use();
  glUniformMatrix4fv(mesh_program_.uniform("u_view_projection"), 1, GL_FALSE, glm::value_ptr(view_projection));
  glUniform3fv(mesh_program_.uniform("u_eye"), 1, glm::value_ptr(glm::vec3(camera.eye())));
  glUniform3fv(mesh_program_.uniform("u_light_direction"), 1,
               glm::value_ptr(glm::normalize(glm::vec3(0.4f, 1.0f, 0.3f))));
  // A sphere of diameter d whose near side is z away covers about d / z * height / (2 tan(fov / 2))
  // pixels on screen; small ones get coarser meshes (draw_shape).
  const double fov = orbit_camera::field_of_view_deg * std::numbers::pi / 180.0;
  const double pixels_per_radian = height / (2.0 * std::tan(0.5 * fov));
  const glm::dvec3 eye = camera.eye();
  const auto screen_size = [&](const view_node& node) {
    if (node.shape != shape_kind::sphere) return std::numeric_limits<double>::infinity();
    const double d = std::max({node.size.x, node.size.y, node.size.z}) * node.world.scale;
    const double z = glm::length(node.world.translation - eye) - 0.5 * d;
    return z > 0.0 ? d / z * pixels_per_radian : std::numeric_limits<double>::infinity();
  };
  // Opaque nodes first, then translucent ones (ghosts) without depth writes.
  for (int pass = 0; pass < 2; ++pass) {
    glDepthMask(pass == 0 ? GL_TRUE : GL_FALSE);
    for (std::size_t i = 0; i < view.nodes.size(); ++i) {
      const auto& node = view.nodes[i];
      if ((node.color.a < 1.0f) != (pass == 1)) continue;
      glm::vec4 color = node.color;
      if (static_cast<int>(i) == selected_node) color = glm::vec4(glm::mix(glm::vec3(color), glm::vec3(1.0f, 0.9f, 0.5f), 0.45f), color.a);
      draw_shape(node.shape, node.world.to_matrix() * glm::scale(glm::dmat4(1.0), node.size), color,
                 screen_size(node));
    }
  }
  glDepthMask(GL_TRUE);
  for (const auto& v : view.vectors) {
    if (v.visible) draw_arrow(v.origin, v.value * v.scale, v.color);
  }
  glBindVertexArray(0);
}

}  // namespace framelab::render
