// The sphere in point_sphere.vert's sprite (after lighting.frag), shaded as seen from afar:
// where the pixel lies on the silhouette's disc x^2 + y^2 <= 1 (the vertex shader's affine
// map of gl_PointCoord), the normal is
//   n = x side + y up - sqrt(1 - x^2 - y^2) forward;
// outside the disc the pixel is discarded. The shading needs only n's products with the up
// axis, the light and the halfway vector (lit_products), and the eye's direction -forward is
// the same over the sprite, so each product is the same combination of the three directions'
// products, which the vertex shader computes once per sprite (v_side = (side.y, side.l, side.h),
// and so on): three multiply-adds per product instead of the normal, a normalize and three dot
// products per pixel. No depth is written: the sprite's (the sphere's near side) counts, so
// the depth test runs before this shading.
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
  vec3 products = corner.x * v_side + corner.y * v_up - sqrt(1.0 - rr) * v_forward;  // (n.y, n.l, n.h)
  frag_color = vec4(lit_products(v_color.rgb, products.x, products.y, products.z), v_color.a);
}
