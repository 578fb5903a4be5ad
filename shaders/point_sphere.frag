// The sphere in point_sphere.vert's sprite (after lighting.frag), shaded as seen from afar:
// where the pixel lies on the silhouette's disc x^2 + y^2 <= 1 (the vertex shader's affine
// map of gl_PointCoord), the normal is
//   n = x side + y up - sqrt(1 - x^2 - y^2) forward;
// outside the disc the pixel is discarded. No depth is written: the sprite's (the sphere's
// near side) counts, so the depth test runs before this shading.
flat in vec4 v_map;
flat in vec2 v_offset;
flat in vec4 v_color;
flat in vec3 v_side;
flat in vec3 v_up;
flat in vec3 v_forward;

out vec4 frag_color;

void main() {
  vec2 corner = mat2(v_map.xy, v_map.zw) * gl_PointCoord + v_offset;
  float rr = dot(corner, corner);
  if (rr > 1.0) discard;
  vec3 n = corner.x * v_side + corner.y * v_up - sqrt(1.0 - rr) * v_forward;
  frag_color = vec4(lit(v_color.rgb, n, -v_forward), v_color.a);
}
