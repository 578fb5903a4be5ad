#pragma once
// Unit primitive meshes built on the CPU (no GL): a box of edge 1, a sphere of
// diameter 1, a cylinder of diameter 1 and height 1 along y, a cone of base diameter
// 1 from y = -0.5 to its tip at y = +0.5. All centred at the origin; node sizes
// scale them. Outward normals, counter-clockwise front faces.
#include <cstdint>
#include <vector>

#include "core/glm_config.hpp"

namespace framelab::render {

struct mesh_vertex {
  glm::vec3 position;
  glm::vec3 normal;
};

struct mesh_data {
  std::vector<mesh_vertex> vertices;
  std::vector<std::uint32_t> indices;  // triangles
};

mesh_data make_box();
mesh_data make_sphere(int slices = 32, int stacks = 16);
mesh_data make_cylinder(int slices = 32);
mesh_data make_cone(int slices = 32);
// The quad of corners (+-1, +-1, 0) that shaders/sphere.vert stands before each round sphere.
mesh_data make_impostor_quad();

}  // namespace framelab::render
