// Lit meshes (after lighting.frag).
in vec3 v_world_position;
in vec3 v_world_normal;
in vec4 v_color;

uniform vec3 u_eye;

out vec4 frag_color;

void main() {
  vec3 n = normalize(v_world_normal);
  if (!gl_FrontFacing) n = -n;
  frag_color = vec4(lit(v_color.rgb, n, normalize(u_eye - v_world_position)), v_color.a);
}
