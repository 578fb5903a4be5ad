// Lines (grid, axes, trails) as screen-space quads, one instance per segment, with no
// geometry shader (OpenGL ES 3.0 / WebGL2 have none). Each instance reads four points of
// the line stream (render/draw_lists.hpp): the segment a -> b and its neighbours, so that
// consecutive segments meet on a shared mitred edge with no gap and no overlap. Corners
// 0 1 2 3 of a triangle strip: a + side, a - side, b + side, b - side.
layout(location = 0) in vec3 i_before;
layout(location = 1) in vec3 i_a;
layout(location = 2) in vec4 i_a_color;
layout(location = 3) in float i_width_px;  // of this segment; 0: not drawn
layout(location = 4) in vec3 i_b;
layout(location = 5) in vec4 i_b_color;
layout(location = 6) in vec3 i_after;

uniform mat4 u_view_projection;
uniform vec2 u_half_viewport_px;  // clip space spans 2 units per viewport side

out vec4 v_color;
out float v_across_px;  // signed distance from the centre line, pixels
out float v_half_width_px;

const float near_w = 1e-4;
const float feather_px = 0.5;  // the quad reaches this far past the line for antialiasing
const float max_miter = 3.0;   // sharper corners are cut off at 3 half-widths

vec2 to_px(vec4 clip) { return clip.xy / clip.w * u_half_viewport_px; }

vec2 direction(vec2 from, vec2 to) {
  vec2 d = to - from;
  return dot(d, d) > 1e-12 ? normalize(d) : vec2(0.0);
}

// The offset from a join to the quad's edge, in pixels: along the bisector of the two
// segments' normals, lengthened so the edge stays half_width from both segments.
vec2 join_offset(vec2 d_in, vec2 d_out, vec2 normal, float half_width) {
  vec2 tangent = d_in + d_out;
  if (dot(d_in, d_in) == 0.0 || dot(d_out, d_out) == 0.0 || dot(tangent, tangent) < 1e-6) return normal * half_width;
  tangent = normalize(tangent);
  vec2 miter = vec2(-tangent.y, tangent.x);
  // cos(half the turn) = sqrt((1 + d_in . d_out) / 2), computed alike on both sides of the join
  float c = sqrt(max(0.5 * (1.0 + dot(d_in, d_out)), 0.0));
  return miter * (half_width / max(c, 1.0 / max_miter));
}

void main() {
  vec4 a = u_view_projection * vec4(i_a, 1.0);
  vec4 b = u_view_projection * vec4(i_b, 1.0);
  v_color = vec4(0.0);
  v_across_px = 0.0;
  v_half_width_px = 0.0;
  gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: nothing drawn
  if (i_width_px <= 0.0 || (a.w < near_w && b.w < near_w)) return;
  // A segment reaching behind the camera is cut at w = near_w: p(t) = a + t (b - a).
  bool a_cut = a.w < near_w;
  bool b_cut = b.w < near_w;
  if (a_cut) a = mix(a, b, (near_w - a.w) / (b.w - a.w));
  if (b_cut) b = mix(b, a, (near_w - b.w) / (a.w - b.w));
  vec4 before = u_view_projection * vec4(i_before, 1.0);
  vec4 after = u_view_projection * vec4(i_after, 1.0);
  vec2 a_px = to_px(a);
  vec2 b_px = to_px(b);
  vec2 along = direction(a_px, b_px);
  if (dot(along, along) == 0.0) along = vec2(1.0, 0.0);
  vec2 normal = vec2(-along.y, along.x);
  float half_width = 0.5 * i_width_px + feather_px;
  // Neighbours behind the camera, or cut ends, give square ends instead of joins.
  vec2 d_in = a_cut || before.w < near_w ? vec2(0.0) : direction(to_px(before), a_px);
  vec2 d_out = b_cut || after.w < near_w ? vec2(0.0) : direction(b_px, to_px(after));
  bool at_b = gl_VertexID >= 2;
  float side = (gl_VertexID == 0 || gl_VertexID == 2) ? 1.0 : -1.0;
  vec2 offset = at_b ? join_offset(along, d_out, normal, half_width) : join_offset(d_in, along, normal, half_width);
  vec4 p = at_b ? b : a;
  gl_Position = vec4(p.xy + side * offset / u_half_viewport_px * p.w, p.zw);
  v_color = at_b ? i_b_color : i_a_color;
  v_across_px = side * half_width;
  v_half_width_px = half_width;
}
