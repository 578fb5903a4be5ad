// Where the eye's ray x = t u (|u| = 1, eye coordinates) first meets the sphere |x - c| = r:
//   t = u.c - sqrt((u.c)^2 - (|c|^2 - r^2)),
// nowhere where the root is imaginary (false). Shared by sphere.frag and point_sphere.frag.
bool sphere_hit(vec3 u, vec3 c, float r, out vec3 hit) {
  hit = vec3(0.0);
  float b = dot(u, c);
  float discriminant = b * b - (dot(c, c) - r * r);
  if (discriminant < 0.0) return false;
  hit = u * (b - sqrt(discriminant));
  return true;
}
