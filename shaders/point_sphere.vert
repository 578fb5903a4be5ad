// Round spheres small on screen (under exact_sphere_pixels across, render/draw_lists.hpp) as
// point sprites: one vertex per sphere (a quad costs four vertices and two triangles to set up,
// which at 100,000 balls is most of a CPU rasterizer's vertex work). Per vertex the attributes
// of an instance (render/draw_lists.hpp): the first axis (its length is the diameter), the
// centre, the colour; or of a packed sphere (core/scene_view.hpp), its diameter given as the axis's x.
//
// The sprite is the screen square around the sphere's outline (an ellipse off the view's
// axis). Along one screen axis, in the plane of that axis and the view direction, the sphere
// is a circle of radius r at (a, b) (b = -z, its distance ahead), and the eye's tangents to it
// have slopes tan(phi -+ beta) with tan phi = a / b and tan beta = r / sqrt(a^2 + b^2 - r^2):
//   X in [(t - u) / (1 + t u), (t + u) / (1 - t u)],  t = a / b, u = tan beta,
// in the screen plane's coordinates X = x / -z (NDC x = P00 X - P20, P the projection).
//
// point_sphere.frag shades it as small_sphere.frag shaded sphere.vert's quad (from the
// normal's products with the up axis, the light and the halfway vector, v_side and so on): in the plane
// across the sphere's near side, perpendicular to the line of sight f = c / |c|, the
// silhouette is the disc x^2 + y^2 <= 1 in units of its radius h = (d - r) r / sqrt(d^2 - r^2)
// along `side` and `up`. A screen point (X, Y) near the centre's (X_c, Y_c) = (c_x, c_y) / b
// lies there, to first order (the error is of the order of r / d, 0.02 at 32 px), at
//   (x, y) = k (side . (X - X_c, Y - Y_c), up . (X - X_c, Y - Y_c)),  k = (b / d) sqrt(d^2 - r^2) / r,
// an affine function of gl_PointCoord passed on as a 2 x 2 matrix and an offset.
// The sprite's depth is that of the sphere's near side on the line of sight (as the quads'):
// with no depth written the depth test runs before the shading, and a ball hidden in a pile
// costs the test only. GL clips a point by its centre: the renderer draws into a viewport wider
// than the picture by half the largest sprite on every side (a guard band, scissored off), so
// a sprite whose centre has just left the picture still covers its pixels inside.
layout(location = 2) in vec3 i_axis_x;
layout(location = 5) in vec3 i_origin;
layout(location = 6) in vec4 i_color;

uniform mat4 u_view;
uniform mat4 u_projection;
uniform mat3 u_world_from_eye;   // the view's rotation, transposed
uniform vec4 u_viewport;         // x, y, width, height in framebuffer pixels
uniform float u_max_point_size;  // the largest the GL allows (render/gl_api.hpp)
// Drawing a sphere batch (core/scene_view.hpp) as it is: skip a see-through sphere and one within
// diameter x this of the eye (not small); the CPU draws those from copies (render/draw_lists.hpp).
// 0: draw every point.
uniform float u_batch_reach;
uniform vec3 u_light_direction;  // lighting.frag's, towards the light

flat out vec4 v_map;  // (x, y) = mat2(v_map) gl_PointCoord + v_offset
flat out vec2 v_offset;
flat out vec4 v_color;
flat out vec3 v_side;  // (y, . l, . h) of the world's side, up and forward (point_sphere.frag)
flat out vec3 v_up;
flat out vec3 v_forward;

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
  float b = -c.z;
  v_color = i_color;
  vec2 x, y;
  float skip_within = 2.0 * r * u_batch_reach;
  bool drawn_elsewhere = u_batch_reach > 0.0 && (i_color.a < 1.0 || dot(c, c) <= skip_within * skip_within);
  bool seen = !drawn_elsewhere && b > 1.0001 * r && cover(c.x, b, r, x) && cover(c.y, b, r, y);
  if (!seen) {  // behind the eye, around it or beside it, or drawn elsewhere: nothing to draw
    v_map = vec4(0.0);
    v_offset = vec2(2.0);
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    gl_PointSize = 1.0;
    return;
  }
  vec2 scale = vec2(u_projection[0][0], u_projection[1][1]);
  vec2 shift = vec2(u_projection[2][0], u_projection[2][1]);
  vec2 low = vec2(x.x, y.x), high = vec2(x.y, y.y);  // screen-plane box
  vec2 pixels = 0.5 * scale * (high - low) * u_viewport.zw;
  // The square of side max(pixels) around the outline's box holds every pixel centre inside the
  // outline (a sprite covers the pixels whose centres it holds, whatever its size and position):
  // no rounding up, which at 5 px across shaded 36 pixels for a 20-pixel disc.
  float size = clamp(max(pixels.x, pixels.y), 1.0, u_max_point_size);
  gl_PointSize = size;
  float d = length(c);
  vec4 near_side = u_projection * vec4(c * (1.0 - r / d), 1.0);
  vec2 middle = 0.5 * (low + high);
  gl_Position = vec4((scale * middle - shift) * near_side.w, near_side.z, near_side.w);

  vec3 forward = c / d;
  vec3 helper = abs(forward.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 side = normalize(cross(forward, helper));
  vec3 up = cross(side, forward);
  vec3 world_side = u_world_from_eye * side;
  vec3 world_up = u_world_from_eye * up;
  vec3 world_forward = u_world_from_eye * forward;
  vec3 halfway = normalize(u_light_direction - world_forward);  // to the eye: -forward
  v_side = vec3(world_side.y, dot(world_side, u_light_direction), dot(world_side, halfway));
  v_up = vec3(world_up.y, dot(world_up, u_light_direction), dot(world_up, halfway));
  v_forward = vec3(world_forward.y, dot(world_forward, u_light_direction), dot(world_forward, halfway));
  // (X, Y) = middle + (gl_PointCoord - 1/2) (span, -span): y of gl_PointCoord runs down.
  vec2 span = 2.0 * size / (u_viewport.zw * scale);
  float k = (b / d) * sqrt(d * d - r * r) / r;
  mat2 to_disc = k * transpose(mat2(side.xy, up.xy));  // rows: k side.xy, k up.xy
  mat2 from_point = to_disc * mat2(span.x, 0.0, 0.0, -span.y);
  v_map = vec4(from_point[0], from_point[1]);
  v_offset = to_disc * (middle - c.xy / b - 0.5 * vec2(span.x, -span.y));
}
