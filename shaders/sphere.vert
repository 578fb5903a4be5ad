// Round spheres as impostors: one screen-facing quad per sphere, instanced, that the
// fragment shader (sphere.frag) turns into the exact sphere by casting the eye's ray.
// Per instance the same attributes as a mesh (render/draw_lists.hpp): the three scaled
// axes (for a round sphere of diameter D each is D long) and the centre; the colour.
//
// The quad stands across the line from the eye to the centre, at the sphere's near
// side (distance d - r), and is as wide as the sphere's silhouette cone there: the cone
// of half-angle asin(r / d) is (d - r) r / sqrt(d^2 - r^2) wide at that distance. So
// its corners (+-1, +-1) lie on the silhouette's square and the sphere covers the disc
// x^2 + y^2 <= 1 of it (for small_sphere.frag, with the quad's axes in world coordinates).
layout(location = 0) in vec3 a_position;  // the quad's corner: (+-1, +-1, 0)
layout(location = 2) in vec3 i_axis_x;
layout(location = 5) in vec3 i_origin;
layout(location = 6) in vec4 i_color;

uniform mat4 u_view;
uniform mat4 u_projection;
uniform mat3 u_world_from_eye;  // the view's rotation, transposed

out vec3 v_ray;  // the quad's point in eye coordinates: the ray's direction
flat out vec3 v_centre;
flat out float v_radius;
flat out vec4 v_color;
out vec2 v_corner;
flat out vec3 v_side;
flat out vec3 v_up;
flat out vec3 v_forward;

void main() {
  float r = 0.5 * length(i_axis_x);
  vec3 centre = (u_view * vec4(i_origin, 1.0)).xyz;
  float d = length(centre);
  v_centre = centre;
  v_radius = r;
  v_color = i_color;
  v_corner = a_position.xy;
  if (!(d > 1.0001 * r)) {  // the eye inside the sphere: nothing to draw
    v_ray = vec3(0.0);
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vec3 forward = centre / d;
  vec3 helper = abs(forward.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 side = normalize(cross(forward, helper));
  vec3 up = cross(side, forward);
  v_side = u_world_from_eye * side;
  v_up = u_world_from_eye * up;
  v_forward = u_world_from_eye * forward;
  float near_side = d - r;
  float half_width = near_side * r / sqrt(d * d - r * r);
  v_ray = forward * near_side + (a_position.x * side + a_position.y * up) * half_width;
  gl_Position = u_projection * vec4(v_ray, 1.0);
}
