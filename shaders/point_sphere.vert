// Round spheres small on screen (under exact_sphere_pixels across, render/draw_lists.hpp) as
// point sprites: one vertex per sphere (a quad costs four vertices and two triangles to set up,
// which at 100,000 balls is most of a CPU rasterizer's vertex work). The sprite is the screen
// square around the sphere's outline, an ellipse off the view's axis; point_sphere.frag casts
// each pixel's ray at the sphere. Per vertex the attributes of an instance
// (render/draw_lists.hpp): the first axis (its length is the diameter), the centre, the colour.
//
// Along one screen axis, in the plane of that axis and the view direction, the sphere is a
// circle of radius r at (a, b) (b = -z, its distance ahead), and the eye's tangents to it have
// slopes tan(phi -+ beta) with tan phi = a / b and tan beta = r / sqrt(a^2 + b^2 - r^2):
//   X in [(t - u) / (1 + t u), (t + u) / (1 - t u)],  t = a / b, u = tan beta,
// in the screen plane's coordinates X = x / -z, and NDC x = P00 X - P20 (P: the projection).
// The sprite's depth is that of the sphere's near side on the line to its centre (as the
// quads of sphere.vert): with no depth written the depth test runs before the shading, and
// a ball hidden in a pile costs the test only. GL clips a point by its centre: a sprite
// whose centre leaves the viewport vanishes (at most half of 32 px early).
layout(location = 2) in vec3 i_axis_x;
layout(location = 5) in vec3 i_origin;
layout(location = 6) in vec4 i_color;

uniform mat4 u_view;
uniform mat4 u_projection;
uniform vec4 u_viewport;         // x, y, width, height in framebuffer pixels
uniform float u_max_point_size;  // the largest the GL allows (render/gl_api.hpp)

flat out vec3 v_centre;
flat out float v_radius;
flat out vec4 v_color;

// The interval of X the circle covers (see above); false when a tangent reaches 90 degrees.
bool cover(float a, float b, float r, out vec2 range) {
  float t = a / b;
  float u = r / sqrt(a * a + b * b - r * r);
  range = vec2((t - u) / (1.0 + t * u), (t + u) / (1.0 - t * u));
  return abs(t * u) < 0.99;
}

void main() {
  float r = 0.5 * length(i_axis_x);
  vec3 c = (u_view * vec4(i_origin, 1.0)).xyz;
  v_centre = c;
  v_radius = r;
  v_color = i_color;
  float b = -c.z;
  vec2 x, y;
  bool seen = b > 1.0001 * r && cover(c.x, b, r, x) && cover(c.y, b, r, y);
  if (!seen) {  // behind the eye, around it or beside it: nothing to draw
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    gl_PointSize = 1.0;
    return;
  }
  vec2 scale = vec2(u_projection[0][0], u_projection[1][1]);
  vec2 shift = vec2(u_projection[2][0], u_projection[2][1]);
  vec2 ndc_low = scale * vec2(x.x, y.x) - shift;
  vec2 ndc_high = scale * vec2(x.y, y.y) - shift;
  vec2 pixels = 0.5 * (ndc_high - ndc_low) * u_viewport.zw;
  gl_PointSize = min(max(pixels.x, pixels.y) + 0.5, u_max_point_size);
  vec4 near_side = u_projection * vec4(c * (1.0 - r / length(c)), 1.0);
  gl_Position = vec4(0.5 * (ndc_low + ndc_high) * near_side.w, near_side.z, near_side.w);
}
