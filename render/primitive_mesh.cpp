#include "render/primitive_mesh.hpp"

#include <cmath>
#include <numbers>

namespace framelab::render {

namespace {

constexpr float two_pi = 2.0f * std::numbers::pi_v<float>;

void add_quad(mesh_data& mesh, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 normal) {
  const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
  for (const auto& p : {a, b, c, d}) mesh.vertices.push_back({p, normal});
  for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) mesh.indices.push_back(base + i);
}

// A flat disc at height y facing +y (up) or -y, radius 0.5.
void add_disc(mesh_data& mesh, float y, bool up, int slices) {
  const glm::vec3 normal(0.0f, up ? 1.0f : -1.0f, 0.0f);
  const auto center = static_cast<std::uint32_t>(mesh.vertices.size());
  mesh.vertices.push_back({{0.0f, y, 0.0f}, normal});
  for (int i = 0; i <= slices; ++i) {
    const float a = two_pi * static_cast<float>(i) / static_cast<float>(slices);
    mesh.vertices.push_back({{0.5f * std::cos(a), y, 0.5f * std::sin(a)}, normal});
  }
  for (int i = 0; i < slices; ++i) {
    const auto k = center + 1 + static_cast<std::uint32_t>(i);
    if (up) {
      mesh.indices.insert(mesh.indices.end(), {center, k + 1, k});
    } else {
      mesh.indices.insert(mesh.indices.end(), {center, k, k + 1});
    }
  }
}

}  // namespace

mesh_data make_box() {
  mesh_data mesh;
  const float h = 0.5f;
  add_quad(mesh, {h, -h, -h}, {h, h, -h}, {h, h, h}, {h, -h, h}, {1, 0, 0});
  add_quad(mesh, {-h, -h, h}, {-h, h, h}, {-h, h, -h}, {-h, -h, -h}, {-1, 0, 0});
  add_quad(mesh, {-h, h, -h}, {-h, h, h}, {h, h, h}, {h, h, -h}, {0, 1, 0});
  add_quad(mesh, {-h, -h, h}, {-h, -h, -h}, {h, -h, -h}, {h, -h, h}, {0, -1, 0});
  add_quad(mesh, {-h, -h, h}, {h, -h, h}, {h, h, h}, {-h, h, h}, {0, 0, 1});
  add_quad(mesh, {h, -h, -h}, {-h, -h, -h}, {-h, h, -h}, {h, h, -h}, {0, 0, -1});
  return mesh;
}

mesh_data make_sphere(int slices, int stacks) {
  mesh_data mesh;
  for (int j = 0; j <= stacks; ++j) {
    const float polar = std::numbers::pi_v<float> * static_cast<float>(j) / static_cast<float>(stacks);
    for (int i = 0; i <= slices; ++i) {
      const float azimuth = two_pi * static_cast<float>(i) / static_cast<float>(slices);
      const glm::vec3 n(std::sin(polar) * std::cos(azimuth), std::cos(polar), std::sin(polar) * std::sin(azimuth));
      mesh.vertices.push_back({0.5f * n, n});
    }
  }
  const auto row = static_cast<std::uint32_t>(slices + 1);
  for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(stacks); ++j) {
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(slices); ++i) {
      const std::uint32_t a = j * row + i;
      const std::uint32_t b = a + row;
      mesh.indices.insert(mesh.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
    }
  }
  return mesh;
}

mesh_data make_impostor_quad() {
  mesh_data mesh;
  for (const float y : {-1.0f, 1.0f})
    for (const float x : {-1.0f, 1.0f}) mesh.vertices.push_back({{x, y, 0.0f}, {0.0f, 0.0f, 1.0f}});
  mesh.indices = {0, 1, 2, 2, 1, 3};
  return mesh;
}

mesh_data make_cylinder(int slices) {
  mesh_data mesh;
  for (int i = 0; i <= slices; ++i) {
    const float a = two_pi * static_cast<float>(i) / static_cast<float>(slices);
    const glm::vec3 n(std::cos(a), 0.0f, std::sin(a));
    mesh.vertices.push_back({{0.5f * n.x, -0.5f, 0.5f * n.z}, n});
    mesh.vertices.push_back({{0.5f * n.x, 0.5f, 0.5f * n.z}, n});
  }
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(slices); ++i) {
    const std::uint32_t k = 2 * i;
    mesh.indices.insert(mesh.indices.end(), {k, k + 1, k + 2, k + 1, k + 3, k + 2});
  }
  add_disc(mesh, 0.5f, true, slices);
  add_disc(mesh, -0.5f, false, slices);
  return mesh;
}

mesh_data make_cone(int slices) {
  mesh_data mesh;
  // The side's normal leans up by the half-angle: for radius 0.5 and height 1, n ~ (cos a, 0.5, sin a).
  for (int i = 0; i <= slices; ++i) {
    const float a = two_pi * static_cast<float>(i) / static_cast<float>(slices);
    const glm::vec3 n = glm::normalize(glm::vec3(std::cos(a), 0.5f, std::sin(a)));
    mesh.vertices.push_back({{0.5f * std::cos(a), -0.5f, 0.5f * std::sin(a)}, n});
    mesh.vertices.push_back({{0.0f, 0.5f, 0.0f}, n});
  }
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(slices); ++i) {
    const std::uint32_t k = 2 * i;
    mesh.indices.insert(mesh.indices.end(), {k, k + 1, k + 2});
  }
  add_disc(mesh, -0.5f, false, slices);
  return mesh;
}

}  // namespace framelab::render
