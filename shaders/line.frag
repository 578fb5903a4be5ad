// Lines: the colour, faded out over the last pixel at each side (antialiased edges).
in vec4 v_color;
in float v_across_px;
in float v_half_width_px;
out vec4 frag_color;

void main() {
  float coverage = clamp(v_half_width_px - abs(v_across_px), 0.0, 1.0);
  frag_color = vec4(v_color.rgb, v_color.a * coverage);
}
