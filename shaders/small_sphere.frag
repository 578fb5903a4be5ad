// Round spheres small on screen (under exact_sphere_pixels across, render/draw_lists.hpp),
// after lighting.frag. sphere.vert's quad has its corners (+-1, +-1) on the silhouette's
// square, so the sphere covers x^2 + y^2 <= 1 of it, where its normal is, as seen from
// afar (the error is of the order of r / d, the sphere's angular radius: 0.02 rad at 32 px),
//   n = x side + y up - sqrt(1 - x^2 - y^2) forward.
// No depth is written: the quad's own depth counts, the plane across the sphere's near side.
// The depth test then runs before the shading, and a fragment behind a nearer sphere is not
// shaded: a pile of small balls k deep shades about ln k + 0.6 of them per pixel, not k
// (drawn in random depth order). Spheres are ordered by the distance of their near sides
// (exact for disjoint spheres of one size); where spheres cut each other or a mesh, the cut
// is off by at most a radius in depth: a pixel or two at this size.
in vec2 v_corner;
flat in vec3 v_side;
flat in vec3 v_up;
flat in vec3 v_forward;
flat in vec4 v_color;

out vec4 frag_color;

void main() {
  float rr = dot(v_corner, v_corner);
  if (rr > 1.0) discard;
  vec3 n = v_corner.x * v_side + v_corner.y * v_up - sqrt(1.0 - rr) * v_forward;
  frag_color = vec4(lit(v_color.rgb, n, -v_forward), v_color.a);
}
