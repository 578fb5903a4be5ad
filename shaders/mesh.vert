#version 330 core
// Lit primitive meshes: positions and normals in model space, one model matrix per draw.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;

uniform mat4 u_model;
uniform mat3 u_normal_matrix;  // inverse transpose of the model's linear part
uniform mat4 u_view_projection;

out vec3 v_world_position;
out vec3 v_world_normal;

void main() {
  vec4 world = u_model * vec4(a_position, 1.0);
  v_world_position = world.xyz;
  v_world_normal = normalize(u_normal_matrix * a_normal);
  gl_Position = u_view_projection * world;
}
