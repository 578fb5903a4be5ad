// Lit primitive meshes, instanced: positions and normals of a unit mesh, and per instance
// the model matrix's upper 3 x 4 (scale included) and a colour (render/draw_lists.hpp).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 i_axis_x;
layout(location = 3) in vec3 i_axis_y;
layout(location = 4) in vec3 i_axis_z;
layout(location = 5) in vec3 i_origin;
layout(location = 6) in vec4 i_color;

uniform mat4 u_view_projection;

out vec3 v_world_position;
out vec3 v_world_normal;
out vec4 v_color;

void main() {
  mat3 linear = mat3(i_axis_x, i_axis_y, i_axis_z);
  vec3 world = linear * a_position + i_origin;
  // Normals map by the inverse transpose of the linear part; its cofactor matrix
  // (det J) J^-T has the same direction and needs no inverse: columns y x z, z x x, x x y.
  mat3 cofactor = mat3(cross(i_axis_y, i_axis_z), cross(i_axis_z, i_axis_x), cross(i_axis_x, i_axis_y));
  v_world_position = world;
  v_world_normal = cofactor * a_normal;
  v_color = i_color;
  gl_Position = u_view_projection * vec4(world, 1.0);
}
