#include "scenes/world/world_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <string>

#include <nlohmann/json.hpp>

#include "common/atomic_file.hpp"
#include "common/number_text.hpp"

namespace framelab {

namespace {

using ordered_json = nlohmann::ordered_json;  // keys stay in the order they are written

// A float (colours) as the double whose shortest text reads back to the same float:
// 0.36f is written 0.36, not 0.36000001430511475.
double shortest_float(float x) { return std::strtod(shortest_text(x).c_str(), nullptr); }

// A number in the file loads as constant_expression(x), whose text is std::to_string(x)
// (scenes/world/world_expression.cpp): written back as that number; anything else as the
// expression's text, which compiles to the same program.
ordered_json expression_json(const world_expression& e) {
  const bool number = !e.uses_time && e.program.program.size() == 1 &&
                      e.program.program[0].op == expression_op::constant &&
                      e.text == std::to_string(e.program.program[0].value);
  if (number) return e.program.program[0].value;
  return e.text;
}

ordered_json expression3_json(const std::array<world_expression, 3>& e) {
  return ordered_json::array({expression_json(e[0]), expression_json(e[1]), expression_json(e[2])});
}

ordered_json vec3_json(const glm::dvec3& v) { return ordered_json::array({v.x, v.y, v.z}); }

// The loader keeps an axis normalised, and normalising a unit vector again may change its
// last bit (normalize((1, 0, 1)) read back as written would not be the same double). So the
// axis is written as a vector the loader normalises to exactly `unit`: the axis as the file
// most likely gave it (largest component 1, small integers), else the unit vector itself.
ordered_json axis_json(const glm::dvec3& unit) {
  const double largest = std::max({std::abs(unit.x), std::abs(unit.y), std::abs(unit.z)});
  const glm::dvec3 scaled = unit / largest;
  const glm::dvec3 candidates[] = {glm::round(scaled * 1e6) / 1e6, scaled, unit};
  for (const auto& c : candidates)
    if (glm::normalize(c) == unit) return vec3_json(c);
  return vec3_json(unit);
}

ordered_json color_json(const glm::vec4& c) {
  ordered_json out = ordered_json::array({shortest_float(c.r), shortest_float(c.g), shortest_float(c.b)});
  if (c.a != 1.0f) out.push_back(shortest_float(c.a));
  return out;
}

std::string frame_name(const world_spec& w, int index) {
  return index < 0 ? std::string("world") : w.frames[std::size_t(index)].name;
}

ordered_json shape_json(const shape_spec& s) {
  ordered_json out = ordered_json::object();
  if (!s.name.empty()) out["name"] = s.name;
  switch (s.kind) {
    case shape_kind::sphere:
      out["shape"] = "sphere";
      out["radius"] = s.size.x / 2.0;
      break;
    case shape_kind::cylinder:
    case shape_kind::cone:
      out["shape"] = s.kind == shape_kind::cone ? "cone" : "cylinder";
      out["radius"] = s.size.x / 2.0;
      out["height"] = s.size.y;
      break;
    default:
      out["shape"] = "box";
      out["size"] = vec3_json(s.size);
      break;
  }
  if (s.offset != glm::dvec3(0.0)) out["offset"] = vec3_json(s.offset);
  // The constant turn, as the loader builds it: angleAxis(angle_deg * pi / 180, axis).
  if (s.rotation != glm::dquat(1.0, 0.0, 0.0, 0.0)) {
    out["axis"] = axis_json(glm::axis(s.rotation));
    out["angle_deg"] = glm::angle(s.rotation) * 180.0 / std::numbers::pi;
  }
  out["color"] = color_json(s.color);
  return out;
}

ordered_json shapes_json(const std::vector<shape_spec>& shapes) {
  ordered_json out = ordered_json::array();
  for (const auto& s : shapes) out.push_back(shape_json(s));
  return out;
}

ordered_json rotations_json(const std::vector<rotation_term>& rotations) {
  ordered_json out = ordered_json::array();
  for (const auto& r : rotations) out.push_back(ordered_json{{"axis", axis_json(r.axis)}, {"angle", expression_json(r.angle)}});
  return out;
}

ordered_json arrows_json(const std::vector<arrow_kind>& arrows) {
  ordered_json out = ordered_json::array();
  for (const arrow_kind a : arrows) out.push_back(arrow_name(a));
  return out;
}

ordered_json trails_json(const world_spec& w, const std::vector<trail_spec>& trails) {
  ordered_json out = ordered_json::array();
  for (const auto& t : trails) {
    ordered_json one = ordered_json::object();
    if (t.frame >= 0) one["frame"] = frame_name(w, t.frame);
    one["length"] = t.length;
    if (t.color) one["color"] = color_json(*t.color);
    if (t.width_px > 0.0f) one["width"] = t.width_px;
    out.push_back(std::move(one));
  }
  return out;
}

// A joint frame's "joint" and mass properties (scenes/world/world_spec.hpp, joint_spec).
void write_joint(const joint_spec& j, ordered_json& frame) {
  const bool ball = j.kind == joint_kind::ball;
  ordered_json out = ordered_json::object();
  out["type"] = j.kind == joint_kind::hinge ? "hinge" : j.kind == joint_kind::slider ? "slider" : "ball";
  if (!ball) out["axis"] = axis_json(j.axis);
  out["position"] = ball ? expression3_json(j.position) : expression_json(j.position[0]);
  out["velocity"] = ball ? expression3_json(j.velocity) : expression_json(j.velocity[0]);
  out["damping"] = j.damping;
  out["stiffness"] = j.stiffness;
  if (!ball) out["rest"] = j.rest;
  out["force"] = ball ? expression3_json(j.force) : expression_json(j.force[0]);
  frame["joint"] = std::move(out);
  frame["mass"] = j.mass;
  frame["center_of_mass"] = vec3_json(j.center_of_mass);
  frame["inertia"] = vec3_json(j.inertia);
}

ordered_json spring_json(const world_spec& w, const spring_spec& s) {
  ordered_json out = ordered_json::object();
  out["name"] = s.name;
  const auto end = [&](int frame, int body, int particle) {
    if (particle >= 0) return w.particles[std::size_t(particle)].name;
    return body >= 0 ? w.bodies[std::size_t(body)].name : frame_name(w, frame);
  };
  out["from"] = end(s.from, s.from_body, s.from_particle);
  out["to"] = end(s.to, s.to_body, s.to_particle);
  out["from_offset"] = vec3_json(s.from_offset);
  out["to_offset"] = vec3_json(s.to_offset);
  out["stiffness"] = s.stiffness;
  out["rest_length"] = s.rest_length;
  out["damping"] = s.damping;
  if (!s.channels) out["channels"] = false;
  return out;
}

ordered_json frame_json(const world_spec& w, std::size_t index) {
  const frame_spec& f = w.frames[index];
  ordered_json out = ordered_json::object();
  out["name"] = f.name;
  out["translation"] = expression3_json(f.motion.translation);
  if (!f.motion.rotations.empty()) out["rotations"] = rotations_json(f.motion.rotations);
  if (!f.shapes.empty()) out["shapes"] = shapes_json(f.shapes);
  if (!f.arrows.empty()) out["arrows"] = arrows_json(f.arrows);
  if (f.arrow_scale) out["arrow_scale"] = *f.arrow_scale;
  if (!f.trails.empty()) out["trail"] = trails_json(w, f.trails);
  if (!f.channels) out["channels"] = false;
  if (f.joint) write_joint(*f.joint, out);
  ordered_json children = ordered_json::array();
  for (std::size_t c = 0; c < w.frames.size(); ++c)
    if (w.frames[c].parent == int(index)) children.push_back(frame_json(w, c));
  if (!children.empty()) out["frames"] = std::move(children);
  return out;
}

ordered_json particle_json(const world_spec& w, const particle_spec& p) {
  ordered_json out = ordered_json::object();
  out["name"] = p.name;
  out["frame"] = frame_name(w, p.frame);
  out["position"] = expression3_json(p.position);
  out["velocity"] = expression3_json(p.velocity);
  out["mass"] = expression_json(p.mass);
  out["force"] = expression3_json(p.force);
  if (p.tie == tie_kind::rod) {
    out["rod"] = ordered_json{{"pivot", expression3_json(p.pivot)}, {"length", expression_json(p.length)}};
  } else if (p.tie == tie_kind::spring) {
    out["spring"] = ordered_json{{"pivot", expression3_json(p.pivot)},
                         {"stiffness", expression_json(p.stiffness)},
                         {"rest_length", expression_json(p.length)}};
  }
  out["radius"] = p.radius;
  if (p.floor) out["floor"] = *p.floor;
  out["color"] = color_json(p.color);
  if (!p.arrows.empty()) out["arrows"] = arrows_json(p.arrows);
  if (p.arrow_scale) out["arrow_scale"] = *p.arrow_scale;
  if (!p.trails.empty()) out["trail"] = trails_json(w, p.trails);
  if (!p.channels) out["channels"] = false;
  return out;
}

ordered_json body_json(const world_spec& w, const body_spec& b) {
  ordered_json out = ordered_json::object();
  out["name"] = b.name;
  out["frame"] = frame_name(w, b.frame);
  out["position"] = expression3_json(b.position);
  if (!b.rotations.empty()) out["rotations"] = rotations_json(b.rotations);
  out["inertia"] = vec3_json(b.inertia);
  out["omega"] = expression3_json(b.omega);
  if (!body_on_tree(w, std::size_t(&b - w.bodies.data()))) {  // a body on the joint tree takes the file's integrator
    out["integrator"] = b.integrator;
    out["gyro"] = b.gyroscopic;
  }
  if (b.pivoted) out["pivot"] = ordered_json{{"point", vec3_json(b.pivot)}, {"mass", b.mass}};
  if (!b.shapes.empty()) out["shapes"] = shapes_json(b.shapes);
  if (!b.arrows) out["arrows"] = false;
  if (b.arrow_scale) out["arrow_scale"] = *b.arrow_scale;
  if (!b.channels) out["channels"] = false;
  return out;
}

ordered_json parameters_json(const world_spec& w) {
  ordered_json out = ordered_json::object();
  for (const auto& p : w.parameters) {
    ordered_json one = ordered_json::object();
    one["value"] = std::get<double>(p.default_value);
    one["min"] = p.min;
    one["max"] = p.max;
    if (!p.unit.empty()) one["unit"] = p.unit;
    if (!p.description.empty()) one["description"] = p.description;
    out[p.name] = std::move(one);
  }
  return out;
}

// A plain name, or {"channel", "label", "digits"} when the file gave either.
ordered_json readouts_json(const std::vector<readout_def>& readouts) {
  ordered_json out = ordered_json::array();
  for (const auto& r : readouts) {
    if (r.label.empty() && r.digits < 0) {
      out.push_back(r.channel);
      continue;
    }
    ordered_json one{{"channel", r.channel}};
    if (!r.label.empty()) one["label"] = r.label;
    if (r.digits >= 0) one["digits"] = r.digits;
    out.push_back(std::move(one));
  }
  return out;
}

}  // namespace

std::string expression_text(const world_expression& e) {
  const ordered_json j = expression_json(e);
  return j.is_string() ? j.get<std::string>() : j.dump();
}

const char* arrow_name(arrow_kind kind) {
  switch (kind) {
    case arrow_kind::velocity: return "velocity";
    case arrow_kind::acceleration: return "acceleration";
    case arrow_kind::angular_velocity: return "angular_velocity";
    case arrow_kind::coriolis: return "coriolis";
    case arrow_kind::centrifugal: return "centrifugal";
    case arrow_kind::euler: return "euler";
    case arrow_kind::frame: return "frame";
    case arrow_kind::gravity: return "gravity";
    case arrow_kind::applied: return "applied";
    case arrow_kind::constraint: return "constraint";
  }
  return "velocity";
}

std::string world_to_json(const world_spec& w) {
  ordered_json out = ordered_json::object();
  out["title"] = w.title;
  out["category"] = w.category;
  if (!w.summary.empty()) out["summary"] = w.summary;
  if (!w.teaching_text.empty()) out["teaching_text"] = w.teaching_text;
  if (!w.readouts.empty()) out["readouts"] = readouts_json(w.readouts);
  out["parameters"] = parameters_json(w);
  out["gravity"] = ordered_json{{"vector", expression3_json(w.gravity)}, {"frame", frame_name(w, w.gravity_frame)}};
  out["integrator"] = w.integrator;
  if (!w.breaks.empty()) {
    ordered_json breaks = ordered_json::array();
    for (const auto& b : w.breaks) breaks.push_back(expression_json(b));
    out["breaks"] = std::move(breaks);
  }
  out["arrow_scale"] = w.arrow_scale;
  out["view_frame"] = frame_name(w, w.view_frame);
  if (w.camera) {
    out["camera"] = ordered_json{{"target", vec3_json(w.camera->target)},
                         {"distance", w.camera->distance},
                         {"yaw_deg", w.camera->yaw_deg},
                         {"pitch_deg", w.camera->pitch_deg}};
  }
  if (!w.focus.empty()) out["camera"]["focus"] = w.focus;
  ordered_json frames = ordered_json::array();
  for (std::size_t i = 0; i < w.frames.size(); ++i)
    if (w.frames[i].parent < 0) frames.push_back(frame_json(w, i));
  out["frames"] = std::move(frames);
  ordered_json particles = ordered_json::array();
  for (const auto& p : w.particles) particles.push_back(particle_json(w, p));
  out["particles"] = std::move(particles);
  if (!w.bodies.empty()) {
    ordered_json bodies = ordered_json::array();
    for (const auto& b : w.bodies) bodies.push_back(body_json(w, b));
    out["bodies"] = std::move(bodies);
  }
  if (!w.springs.empty()) {
    ordered_json springs = ordered_json::array();
    for (const auto& s : w.springs) springs.push_back(spring_json(w, s));
    out["springs"] = std::move(springs);
  }
  if (!w.channels.empty()) {
    ordered_json channels = ordered_json::array();
    for (const auto& c : w.channels) {
      ordered_json one = ordered_json::object();
      one["name"] = c.name;
      if (!c.unit.empty()) one["unit"] = c.unit;
      if (!c.description.empty()) one["description"] = c.description;
      one["expression"] = expression_json(c.expr);
      channels.push_back(std::move(one));
    }
    out["channels"] = std::move(channels);
  }
  return out.dump(2) + "\n";
}

std::optional<std::string> save_world(const std::filesystem::path& path, const world_spec& spec) {
  return write_file_atomically(path, world_to_json(spec));
}

}  // namespace framelab
