// The one shading of every lit surface (meshes and sphere impostors): hemisphere ambient,
// one directional key light and a soft specular highlight. n: unit normal; to_eye: unit
// vector from the surface to the eye; both in world coordinates. lit_products is the same
// shading from the normal's products with the three directions it depends on, for a shader
// that has them cheaper (point_sphere.frag: linear in the pixel's position on the disc).
uniform vec3 u_light_direction;  // towards the light, normalized

// The shading from the three products of the normal it depends on: n.y (sky or ground),
// n.l (the key light l) and n.h (the halfway vector h = normalize(to_eye + l)).
vec3 lit_products(vec3 base, float n_up, float n_light, float n_halfway) {
  vec3 sky = vec3(0.55, 0.60, 0.70);
  vec3 ground = vec3(0.22, 0.20, 0.18);
  vec3 ambient = mix(ground, sky, 0.5 + 0.5 * n_up);
  float diffuse = max(n_light, 0.0);
  // c^48 = c^32 c^16 by five squarings: cheaper than pow's exp and log on a CPU rasterizer
  float c = max(n_halfway, 0.0);
  float c2 = c * c;
  float c4 = c2 * c2;
  float c8 = c4 * c4;
  float c16 = c8 * c8;
  float specular = c16 * c16 * c16 * 0.35;
  return base * (0.45 * ambient + 0.75 * diffuse) + vec3(specular);
}

vec3 lit(vec3 base, vec3 n, vec3 to_eye) {
  return lit_products(base, n.y, dot(n, u_light_direction), dot(n, normalize(to_eye + u_light_direction)));
}
