// Hemisphere ambient + one directional key light + a soft specular highlight.
in vec3 v_world_position;
in vec3 v_world_normal;
in vec4 v_color;

uniform vec3 u_eye;
uniform vec3 u_light_direction;  // towards the light, normalized

out vec4 frag_color;

void main() {
  vec3 n = normalize(v_world_normal);
  if (!gl_FrontFacing) n = -n;
  vec3 sky = vec3(0.55, 0.60, 0.70);
  vec3 ground = vec3(0.22, 0.20, 0.18);
  vec3 ambient = mix(ground, sky, 0.5 + 0.5 * n.y);
  float diffuse = max(dot(n, u_light_direction), 0.0);
  vec3 view = normalize(u_eye - v_world_position);
  vec3 halfway = normalize(view + u_light_direction);
  float specular = pow(max(dot(n, halfway), 0.0), 48.0) * 0.35;
  vec3 color = v_color.rgb * (0.45 * ambient + 0.75 * diffuse) + vec3(specular);
  frag_color = vec4(color, v_color.a);
}
