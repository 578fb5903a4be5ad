#version 330 core
// Widens each line segment into a screen-space quad u_width_px pixels wide, so lines
// grow with the UI scale (a forward-compatible core context allows only 1-pixel
// glLineWidth). A segment reaching behind the camera is first cut at w = u_near_w.
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;

uniform vec2 u_viewport_px;
uniform float u_width_px;

in vec4 v_color[];
out vec4 g_color;

const float near_w = 1e-4;

void main() {
  vec4 a = gl_in[0].gl_Position;
  vec4 b = gl_in[1].gl_Position;
  if (a.w < near_w && b.w < near_w) return;
  // Clip against w = near_w: p(t) = a + t (b - a) with p.w = near_w.
  if (a.w < near_w) a = mix(a, b, (near_w - a.w) / (b.w - a.w));
  if (b.w < near_w) b = mix(b, a, (near_w - b.w) / (a.w - b.w));
  // The segment's direction in pixels, and the half-width offset across it, in clip units.
  vec2 a_px = a.xy / a.w * u_viewport_px;
  vec2 b_px = b.xy / b.w * u_viewport_px;
  vec2 along = b_px - a_px;
  if (dot(along, along) < 1e-12) along = vec2(1.0, 0.0);
  vec2 across = normalize(vec2(-along.y, along.x)) * u_width_px / u_viewport_px;
  g_color = v_color[0];
  gl_Position = vec4(a.xy + across * a.w, a.zw);
  EmitVertex();
  gl_Position = vec4(a.xy - across * a.w, a.zw);
  EmitVertex();
  g_color = v_color[1];
  gl_Position = vec4(b.xy + across * b.w, b.zw);
  EmitVertex();
  gl_Position = vec4(b.xy - across * b.w, b.zw);
  EmitVertex();
  EndPrimitive();
}
