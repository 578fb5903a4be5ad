// The exact sphere behind sphere.vert's quad (after lighting.frag): the eye's ray
// x = t u (|u| = 1, eye coordinates) meets |x - c| = r where
//   t = u.c - sqrt((u.c)^2 - (|c|^2 - r^2)),
// misses it where the root is imaginary. The hit's depth is written, so spheres cut each
// other and the meshes exactly.
in vec3 v_ray;
flat in vec3 v_centre;
flat in float v_radius;
flat in vec4 v_color;

uniform mat4 u_projection;
uniform mat3 u_world_from_eye;  // the view's rotation, transposed

out vec4 frag_color;

void main() {
  vec3 u = normalize(v_ray);
  float b = dot(u, v_centre);
  float discriminant = b * b - (dot(v_centre, v_centre) - v_radius * v_radius);
  if (discriminant < 0.0) discard;
  vec3 hit = u * (b - sqrt(discriminant));
  vec3 n = u_world_from_eye * ((hit - v_centre) / v_radius);
  frag_color = vec4(lit(v_color.rgb, normalize(n), u_world_from_eye * -u), v_color.a);
  vec4 clip = u_projection * vec4(hit, 1.0);
  gl_FragDepth = 0.5 * (clip.z / clip.w) + 0.5;
}
