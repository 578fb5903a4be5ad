// The exact sphere in point_sphere.vert's sprite (after lighting.frag and sphere_hit.frag):
// the pixel's ray from its window position, X = (NDC x + P20) / P00 and
// Y = (NDC y + P21) / P11 in the screen plane z = -1, cast at the sphere. Pixels that miss
// it are discarded; no depth is written (the sprite's depth, the sphere's near side, counts),
// so the depth test runs before this shading.
flat in vec3 v_centre;
flat in float v_radius;
flat in vec4 v_color;

uniform mat4 u_projection;
uniform mat3 u_world_from_eye;  // the view's rotation, transposed
uniform vec4 u_viewport;        // x, y, width, height in framebuffer pixels

out vec4 frag_color;

void main() {
  vec2 ndc = 2.0 * (gl_FragCoord.xy - u_viewport.xy) / u_viewport.zw - 1.0;
  vec2 screen = (ndc + vec2(u_projection[2][0], u_projection[2][1])) / vec2(u_projection[0][0], u_projection[1][1]);
  vec3 u = normalize(vec3(screen, -1.0));
  vec3 hit;
  if (!sphere_hit(u, v_centre, v_radius, hit)) discard;
  vec3 n = u_world_from_eye * ((hit - v_centre) / v_radius);
  frag_color = vec4(lit(v_color.rgb, n, u_world_from_eye * -u), v_color.a);
}
