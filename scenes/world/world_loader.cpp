#include "scenes/world/world_loader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <map>
#include <numbers>
#include <set>

#include "common/atomic_file.hpp"
#include "core/ode/ode_stepper.hpp"
#include "core/rotation/rotation_integrator.hpp"

namespace framelab {

namespace {

using node = located_json;

// Thrown inside the loader only, caught in parse_world: one message, nothing applied.
struct load_error {
  std::string message;
};

bool is_identifier(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  if (!(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

class loader {
 public:
  loader(const std::string& text, const std::string& source) : text_(text), source_(source) {}

  [[noreturn]] void fail(std::size_t offset, const std::string& path, const std::string& why) const {
    const text_position p = position_of(text_, offset);
    throw load_error{source_ + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + ": " + path + ": " + why};
  }
  [[noreturn]] void fail(const node& at, const std::string& path, const std::string& why) const {
    fail(at.offset(), path, why);
  }

  // Refuses keys outside `allowed`, naming the key where it is written.
  void check_keys(const node& obj, const std::string& path, std::initializer_list<const char*> allowed) const {
    if (!obj.is_object()) fail(obj, path, std::string("expected an object, got ") + node::kind_name(obj.type()));
    for (std::size_t i = 0; i < obj.members().size(); ++i) {
      const std::string& key = obj.members()[i].first;
      if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
        std::string list;
        for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        fail(obj.key_offsets()[i], join(path, key), "unknown key (expected one of: " + list + ")");
      }
    }
  }
  static std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }
  static std::string index(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

  double number(const node& n, const std::string& path, double min, double max) const {
    if (!n.is_number()) fail(n, path, std::string("expected a number, got ") + node::kind_name(n.type()));
    const double x = n.number();
    if (!std::isfinite(x) || x < min || x > max)
      fail(n, path, "must be a finite number in [" + fmt(min) + ", " + fmt(max) + "], got " + fmt(x));
    return x;
  }
  std::string string(const node& n, const std::string& path, std::size_t max_length = 4096) const {
    if (!n.is_string()) fail(n, path, std::string("expected a string, got ") + node::kind_name(n.type()));
    if (n.text().size() > max_length) fail(n, path, "longer than " + std::to_string(max_length) + " characters");
    return n.text();
  }
  bool boolean(const node& n, const std::string& path) const {
    if (!n.is_boolean()) fail(n, path, std::string("expected true or false, got ") + node::kind_name(n.type()));
    return n.boolean();
  }
  const node& array(const node& n, const std::string& path) const {
    if (!n.is_array()) fail(n, path, std::string("expected an array, got ") + node::kind_name(n.type()));
    return n;
  }
  glm::dvec3 vec3(const node& n, const std::string& path, double min = -1e9, double max = 1e9) const {
    if (!n.is_array() || n.items().size() != 3) fail(n, path, "expected an array of 3 numbers");
    glm::dvec3 v;
    for (int i = 0; i < 3; ++i) v[i] = number(n.items()[std::size_t(i)], index(path, std::size_t(i)), min, max);
    return v;
  }
  glm::vec4 color(const node& n, const std::string& path) const {
    if (!n.is_array() || (n.items().size() != 3 && n.items().size() != 4))
      fail(n, path, "expected [red, green, blue] or [red, green, blue, alpha], each in [0, 1]");
    glm::vec4 c(1.0f);
    for (std::size_t i = 0; i < n.items().size(); ++i) c[int(i)] = float(number(n.items()[i], index(path, i), 0.0, 1.0));
    return c;
  }
  // A number or an expression in t and the parameters; `time_allowed` false refuses t.
  world_expression expr(const node& n, const std::string& path, bool time_allowed) const {
    world_expression e = expr_in(n, path, variables_);
    if (e.uses_time && !time_allowed) fail(n, path, "'" + n.text() + "': cannot depend on t here (it is read at t = 0)");
    return e;
  }
  // A number or an expression in `variables`.
  world_expression expr_in(const node& n, const std::string& path, std::span<const std::string_view> variables) const {
    world_expression e;
    if (n.is_number()) {
      const double x = number(n, path, -1e12, 1e12);
      return constant_expression(x);
    }
    if (!n.is_string()) fail(n, path, "expected a number or an expression (a string), got " + std::string(node::kind_name(n.type())));
    if (auto error = compile_world_expression(n.text(), variables, e))
      fail(n, path, "'" + n.text() + "': " + *error);
    return e;
  }
  std::array<world_expression, 3> expr3(const node& n, const std::string& path, bool time_allowed) const {
    if (!n.is_array() || n.items().size() != 3) fail(n, path, "expected an array of 3 numbers or expressions");
    return {expr(n.items()[0], index(path, 0), time_allowed), expr(n.items()[1], index(path, 1), time_allowed),
            expr(n.items()[2], index(path, 2), time_allowed)};
  }

  void parameters(const node& n, world_spec& w) {
    if (!n.is_object()) fail(n, "parameters", "expected an object of parameters by name");
    for (std::size_t i = 0; i < n.members().size(); ++i) {
      const auto& [name, p] = n.members()[i];
      const std::string path = "parameters." + name;
      if (!is_identifier(name) || name == "t" || name == "pi" || name == "e")
        fail(n.key_offsets()[i], path, "a parameter name is a letter or _ then letters, digits, _ (not t, pi, e)");
      if (name == world_integrator_param || name == world_view_frame_param || name == world_arrow_scale_param)
        fail(n.key_offsets()[i], path, "reserved: every world scene has this parameter");
      double value = 0.0, min = -1e12, max = 1e12;
      std::string unit, description;
      if (p.is_number()) {
        value = number(p, path, min, max);
      } else {
        check_keys(p, path, {"value", "min", "max", "unit", "description"});
        const node* v = p.find("value");
        if (v == nullptr) fail(p, path, "missing \"value\"");
        if (const node* x = p.find("min")) min = number(*x, path + ".min", -1e12, 1e12);
        if (const node* x = p.find("max")) max = number(*x, path + ".max", -1e12, 1e12);
        if (min > max) fail(p, path, "min is above max");
        value = number(*v, path + ".value", -1e12, 1e12);
        if (value < min || value > max)
          fail(*v, path + ".value", fmt(value) + " is outside its range [" + fmt(min) + ", " + fmt(max) + "]");
        if (const node* x = p.find("unit")) unit = string(*x, path + ".unit", 32);
        if (const node* x = p.find("description")) description = string(*x, path + ".description", 400);
      }
      w.parameters.push_back(number_param(name, value, min, max, unit, description.empty() ? name : description));
      names_.push_back(name);
    }
    variables_ = expression_variables(names_);
  }

  shape_spec shape(const node& n, const std::string& path) const {
    check_keys(n, path, {"shape", "size", "radius", "height", "thickness", "offset", "axis", "angle_deg", "color", "name"});
    const node* kind = n.find("shape");
    if (kind == nullptr) fail(n, path, "missing \"shape\" (box, sphere, cylinder, disk, cone)");
    const std::string k = string(*kind, path + ".shape");
    shape_spec s;
    const auto need = [&](const char* key) -> double {
      const node* x = n.find(key);
      if (x == nullptr) fail(n, path, "a " + k + " needs \"" + key + "\" (m)");
      return number(*x, join(path, key), 1e-4, 1e5);
    };
    if (k == "box") {
      const node* x = n.find("size");
      if (x == nullptr) fail(n, path, "a box needs \"size\": [x, y, z] (m)");
      s.kind = shape_kind::box;
      s.size = vec3(*x, path + ".size", 1e-4, 1e5);
    } else if (k == "sphere") {
      s.kind = shape_kind::sphere;
      s.size = glm::dvec3(2.0 * need("radius"));
    } else if (k == "cylinder" || k == "cone") {
      s.kind = k == "cone" ? shape_kind::cone : shape_kind::cylinder;
      const double r = need("radius");
      s.size = {2.0 * r, need("height"), 2.0 * r};
    } else if (k == "disk") {
      s.kind = shape_kind::cylinder;
      const double r = need("radius");
      const node* t = n.find("thickness");
      s.size = {2.0 * r, t ? number(*t, path + ".thickness", 1e-4, 1e5) : 0.05, 2.0 * r};
    } else {
      fail(*kind, path + ".shape", "unknown shape '" + k + "' (box, sphere, cylinder, disk, cone)");
    }
    if (const node* x = n.find("offset")) s.offset = vec3(*x, path + ".offset");
    if (const node* x = n.find("color")) s.color = color(*x, path + ".color");
    if (const node* x = n.find("name")) s.name = string(*x, path + ".name", 64);
    const node* axis = n.find("axis");
    const node* angle = n.find("angle_deg");
    if ((axis == nullptr) != (angle == nullptr)) fail(n, path, "\"axis\" and \"angle_deg\" go together (a constant turn)");
    if (axis != nullptr) {
      const glm::dvec3 a = vec3(*axis, path + ".axis");
      if (!(glm::length(a) > 1e-9)) fail(*axis, path + ".axis", "must not be zero");
      s.rotation = glm::angleAxis(number(*angle, path + ".angle_deg", -1e6, 1e6) * std::numbers::pi / 180.0,
                                  glm::normalize(a));
    }
    return s;
  }

  // A joint frame's arrows add the inertial accelerations its parent's motion gives its centre
  // of mass (the particles' Coriolis, centrifugal and Euler arrows).
  enum class arrow_owner { frame, joint_frame, particle };
  std::vector<arrow_kind> arrows(const node& n, const std::string& path, arrow_owner owner) const {
    static const std::map<std::string, arrow_kind> frame_arrows = {
        {"velocity", arrow_kind::velocity}, {"acceleration", arrow_kind::acceleration},
        {"angular_velocity", arrow_kind::angular_velocity}};
    static const std::map<std::string, arrow_kind> joint_frame_arrows = {
        {"velocity", arrow_kind::velocity}, {"acceleration", arrow_kind::acceleration},
        {"angular_velocity", arrow_kind::angular_velocity}, {"coriolis", arrow_kind::coriolis},
        {"centrifugal", arrow_kind::centrifugal}, {"euler", arrow_kind::euler}};
    static const std::map<std::string, arrow_kind> particle_arrows = {
        {"velocity", arrow_kind::velocity}, {"acceleration", arrow_kind::acceleration},
        {"coriolis", arrow_kind::coriolis}, {"centrifugal", arrow_kind::centrifugal},
        {"euler", arrow_kind::euler},       {"frame", arrow_kind::frame},
        {"gravity", arrow_kind::gravity},   {"applied", arrow_kind::applied},
        {"constraint", arrow_kind::constraint}};
    const auto& known = owner == arrow_owner::particle      ? particle_arrows
                        : owner == arrow_owner::joint_frame ? joint_frame_arrows
                                                            : frame_arrows;
    std::vector<arrow_kind> out;
    const node& a = array(n, path);
    for (std::size_t i = 0; i < a.items().size(); ++i) {
      const std::string name = string(a.items()[i], index(path, i), 64);
      const auto it = known.find(name);
      if (it == known.end()) {
        std::string list;
        for (const auto& [k, v] : known) list += (list.empty() ? "" : ", ") + k;
        fail(a.items()[i], index(path, i), "unknown arrow '" + name + "' (expected one of: " + list + ")");
      }
      out.push_back(it->second);
    }
    return out;
  }

  // true, false, {"frame": name, "length": n, "color": [r, g, b], "width": px} or an array of
  // these (`[true, {"frame": "platform"}]`: the world path and the path on the platform);
  // each trail's frame node goes to `frames` (resolved by the caller: a frame's trail may
  // name a frame written later), nullptr for the world.
  std::vector<trail_spec> trails(const node& n, const std::string& path, std::vector<const node*>& frames) const {
    std::vector<trail_spec> out;
    frames.clear();
    const auto one = [&](const node& t, const std::string& p) {
      if (t.is_boolean()) {  // true: the world path with the defaults
        if (!t.boolean()) return;
        trail_spec world_path;
        world_path.on = true;
        out.push_back(world_path);
        frames.push_back(nullptr);
        return;
      }
      check_keys(t, p, {"frame", "length", "color", "width"});
      trail_spec spec;
      spec.on = true;
      frames.push_back(t.find("frame"));
      if (const node* l = t.find("length")) spec.length = std::size_t(number(*l, p + ".length", 2, 1000000));
      if (const node* c = t.find("color")) spec.color = color(*c, p + ".color");
      if (const node* wd = t.find("width")) spec.width_px = float(number(*wd, p + ".width", 0.5, 32.0));
      out.push_back(spec);
    };
    if (n.is_array()) {
      if (n.items().size() > 8) fail(n, path, "at most 8 trails");
      for (std::size_t i = 0; i < n.items().size(); ++i) one(n.items()[i], index(path, i));
    } else {
      one(n, path);
    }
    return out;
  }

  // [{"axis": [x, y, z], "angle": rad}, ...]; the angles may read t where `time_allowed`.
  std::vector<rotation_term> rotations(const node& n, const std::string& path, bool time_allowed) const {
    std::vector<rotation_term> out;
    const node& list = array(n, path);
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const node& r = list.items()[i];
      const std::string rp = index(path, i);
      check_keys(r, rp, {"axis", "angle"});
      const node* axis = r.find("axis");
      const node* angle = r.find("angle");
      if (axis == nullptr || angle == nullptr) fail(r, rp, "a rotation needs \"axis\": [x, y, z] and \"angle\" (rad)");
      const glm::dvec3 a = vec3(*axis, rp + ".axis");
      if (!(glm::length(a) > 1e-9)) fail(*axis, rp + ".axis", "must not be zero");
      out.push_back({glm::normalize(a), expr(*angle, rp + ".angle", time_allowed)});
    }
    return out;
  }

  // A frame's, particle's or body's own "arrow_scale" (m per unit of its arrows), if given.
  std::optional<double> own_arrow_scale(const node& n, const std::string& path) const {
    const node* x = n.find("arrow_scale");
    if (x == nullptr) return std::nullopt;
    return number(*x, path + ".arrow_scale", 1e-4, 1e4);
  }

  std::vector<shape_spec> shapes(const node& n, const std::string& path) const {
    std::vector<shape_spec> out;
    const node& list = array(n, path);
    for (std::size_t i = 0; i < list.items().size(); ++i) out.push_back(shape(list.items()[i], index(path, i)));
    return out;
  }

  void frame(const node& n, const std::string& path, int parent, world_spec& w, std::size_t depth) {
    check_keys(n, path, {"name", "translation", "rotations", "shapes", "arrows", "arrow_scale", "trail", "channels",
                         "frames", "joint", "mass", "center_of_mass", "inertia"});
    if (w.frames.size() >= max_world_frames)
      fail(n, path, "more than " + std::to_string(max_world_frames) + " frames in one file");
    frame_spec f;
    f.parent = parent;
    const node* name = n.find("name");
    if (name == nullptr) fail(n, path, "missing \"name\"");
    f.name = string(*name, path + ".name", 64);
    if (!is_identifier(f.name)) fail(*name, path + ".name", "a name is a letter or _ then letters, digits, _ (at most 64)");
    if (!names_used_.insert(f.name).second) fail(*name, path + ".name", "the name '" + f.name + "' is used twice");
    if (const node* x = n.find("translation")) {
      f.motion.translation = expr3(*x, path + ".translation", true);
    } else {
      f.motion.translation = {constant_expression(0.0), constant_expression(0.0), constant_expression(0.0)};
    }
    if (const node* x = n.find("rotations")) f.motion.rotations = rotations(*x, path + ".rotations", true);
    f.joint = joint_of_frame(n, path, f.motion);
    if (const node* x = n.find("shapes")) f.shapes = shapes(*x, path + ".shapes");
    if (const node* x = n.find("arrows"))
      f.arrows = arrows(*x, path + ".arrows", f.joint ? arrow_owner::joint_frame : arrow_owner::frame);
    f.arrow_scale = own_arrow_scale(n, path);
    if (const node* x = n.find("channels")) f.channels = boolean(*x, path + ".channels");
    const int self = int(w.frames.size());
    w.frames.push_back(std::move(f));
    if (const node* x = n.find("trail")) {
      std::vector<const node*> frames;
      w.frames[std::size_t(self)].trails = trails(*x, path + ".trail", frames);
      for (std::size_t k = 0; k < frames.size(); ++k)
        if (frames[k] != nullptr) late_frames_.push_back({frames[k], path + ".trail.frame", self, k});
    }
    if (const node* x = n.find("frames")) {
      const node& list = array(*x, path + ".frames");
      for (std::size_t i = 0; i < list.items().size(); ++i)
        frame(list.items()[i], index(path + ".frames", i), self, w, depth + 1);
    }
  }

  // [SECTION] Joint frames (issue 29): "joint" with the frame's mass properties.
  // {"type": "hinge" | "slider" | "ball", "axis", "position", "velocity", "damping", "stiffness",
  //  "rest", "force"}; "mass", "center_of_mass", "inertia" on the frame. A joint frame's
  // translation and rotations are its placement: they may not read t.
  std::optional<joint_spec> joint_of_frame(const node& n, const std::string& path, const frame_motion& motion) const {
    const node* x = n.find("joint");
    if (x == nullptr) {
      for (const char* key : {"mass", "center_of_mass", "inertia"})
        if (const node* m = n.find(key)) fail(*m, join(path, key), "mass properties belong to a frame with a \"joint\"");
      return std::nullopt;
    }
    const std::string jp = path + ".joint";
    if (motion.moves())
      fail(*x, jp, "a frame moves either by a joint or by expressions of t (its translation or rotations read t)");
    check_keys(*x, jp, {"type", "axis", "position", "velocity", "damping", "stiffness", "rest", "force"});
    joint_spec j;
    const node* type = x->find("type");
    if (type == nullptr) fail(*x, jp, "missing \"type\" (hinge, slider, ball)");
    const std::string kind = string(*type, jp + ".type", 16);
    if (kind == "hinge") j.kind = joint_kind::hinge;
    else if (kind == "slider") j.kind = joint_kind::slider;
    else if (kind == "ball") j.kind = joint_kind::ball;
    else fail(*type, jp + ".type", "unknown joint type '" + kind + "' (hinge, slider, ball)");
    const bool ball = j.kind == joint_kind::ball;
    if (const node* a = x->find("axis")) {
      if (ball) fail(*a, jp + ".axis", "a ball joint has no axis");
      j.axis = vec3(*a, jp + ".axis");
      if (!(glm::length(j.axis) > 1e-9)) fail(*a, jp + ".axis", "must not be zero");
      j.axis = glm::normalize(j.axis);
    }
    const auto coordinate = [&](const char* key, std::array<world_expression, 3>& out) {
      out = {constant_expression(0.0), constant_expression(0.0), constant_expression(0.0)};
      const node* c = x->find(key);
      if (c == nullptr) return;
      if (ball) out = expr3(*c, jp + "." + key, false);
      else out[0] = expr(*c, jp + "." + key, false);
    };
    coordinate("position", j.position);
    coordinate("velocity", j.velocity);
    if (const node* c = x->find("damping")) j.damping = number(*c, jp + ".damping", 0.0, 1e9);
    if (const node* c = x->find("stiffness")) j.stiffness = number(*c, jp + ".stiffness", 0.0, 1e12);
    if (const node* c = x->find("rest")) {
      if (ball) fail(*c, jp + ".rest", "a ball joint rests at its placement (no \"rest\")");
      j.rest = number(*c, jp + ".rest", -1e6, 1e6);
    }
    j.force = {constant_expression(0.0), constant_expression(0.0), constant_expression(0.0)};
    if (const node* c = x->find("force")) j.force = joint_force(*c, jp + ".force", ball);
    if (const node* m = n.find("mass")) {
      if (!m->is_number() || !(m->number() > 0.0)) fail(*m, path + ".mass", "must be a number > 0 (kg)");
      j.mass = number(*m, path + ".mass", 1e-12, 1e12);
    }
    if (const node* c = n.find("center_of_mass")) j.center_of_mass = vec3(*c, path + ".center_of_mass");
    if (const node* c = n.find("inertia")) {
      j.inertia = vec3(*c, path + ".inertia", 0.0, 1e12);
      const glm::dvec3& m = j.inertia;
      if (m.x > m.y + m.z || m.y > m.z + m.x || m.z > m.x + m.y)
        fail(*c, path + ".inertia", "principal moments must satisfy the triangle inequality (each <= the sum of the others)");
    }
    return j;
  }

  // A hinge's or slider's force: one expression of t, the parameters, q and qd; a ball's torque:
  // three expressions of t and the parameters.
  std::array<world_expression, 3> joint_force(const node& n, const std::string& path, bool ball) const {
    if (ball) return expr3(n, path, true);
    std::vector<std::string_view> names = variables_;
    names.push_back("q");
    names.push_back("qd");
    world_expression e;
    if (n.is_number()) {
      e = constant_expression(number(n, path, -1e12, 1e12));
    } else {
      if (!n.is_string()) fail(n, path, "expected a number or an expression of t, q and qd (a string)");
      if (auto error = compile_world_expression(n.text(), names, e)) fail(n, path, "'" + n.text() + "': " + *error);
      e.uses_time = true;  // read at every stage: it may read q and qd
    }
    return {std::move(e), constant_expression(0.0), constant_expression(0.0)};
  }

  int frame_named(const node& n, const std::string& path, const world_spec& w) const {
    const std::string name = string(n, path, 64);
    if (name == "world") return -1;
    for (std::size_t i = 0; i < w.frames.size(); ++i)
      if (w.frames[i].name == name) return int(i);
    fail(n, path, "no frame named '" + name + "' (or \"world\")");
  }

  void particle(const node& n, const std::string& path, world_spec& w) {
    check_keys(n, path, {"name", "frame", "position", "velocity", "mass", "force", "rod", "spring", "radius", "color",
                         "arrows", "arrow_scale", "trail", "channels", "floor"});
    particle_spec p;
    const node* name = n.find("name");
    if (name == nullptr) fail(n, path, "missing \"name\"");
    p.name = string(*name, path + ".name", 64);
    if (!is_identifier(p.name)) fail(*name, path + ".name", "a name is a letter or _ then letters, digits, _ (at most 64)");
    if (!names_used_.insert(p.name).second) fail(*name, path + ".name", "the name '" + p.name + "' is used twice");
    if (const node* x = n.find("frame")) p.frame = frame_named(*x, path + ".frame", w);
    const auto zero3 = [] { return std::array<world_expression, 3>{constant_expression(0), constant_expression(0), constant_expression(0)}; };
    p.position = n.find("position") ? expr3(*n.find("position"), path + ".position", false) : zero3();
    p.velocity = n.find("velocity") ? expr3(*n.find("velocity"), path + ".velocity", false) : zero3();
    p.force = n.find("force") ? expr3(*n.find("force"), path + ".force", true) : zero3();
    p.mass = n.find("mass") ? expr(*n.find("mass"), path + ".mass", false) : constant_expression(1.0);
    p.length = p.stiffness = constant_expression(0.0);
    p.pivot = zero3();
    const node* rod = n.find("rod");
    const node* spring = n.find("spring");
    if (rod != nullptr && spring != nullptr) fail(*spring, path + ".spring", "a particle has a rod or a spring, not both");
    if (rod != nullptr) {
      check_keys(*rod, path + ".rod", {"pivot", "length"});
      p.tie = tie_kind::rod;
      if (const node* x = rod->find("pivot")) p.pivot = expr3(*x, path + ".rod.pivot", false);
      const node* l = rod->find("length");
      if (l == nullptr) fail(*rod, path + ".rod", "missing \"length\" (m)");
      p.length = expr(*l, path + ".rod.length", false);
    }
    if (spring != nullptr) {
      check_keys(*spring, path + ".spring", {"pivot", "stiffness", "rest_length"});
      p.tie = tie_kind::spring;
      if (const node* x = spring->find("pivot")) p.pivot = expr3(*x, path + ".spring.pivot", false);
      const node* k = spring->find("stiffness");
      if (k == nullptr) fail(*spring, path + ".spring", "missing \"stiffness\" (N/m)");
      p.stiffness = expr(*k, path + ".spring.stiffness", false);
      if (const node* l = spring->find("rest_length")) p.length = expr(*l, path + ".spring.rest_length", false);
    }
    if (const node* x = n.find("radius")) p.radius = number(*x, path + ".radius", 1e-4, 1e4);
    if (const node* x = n.find("floor")) p.floor = number(*x, path + ".floor", -1e6, 1e6);
    if (const node* x = n.find("color")) p.color = color(*x, path + ".color");
    if (const node* x = n.find("arrows")) p.arrows = arrows(*x, path + ".arrows", arrow_owner::particle);
    p.arrow_scale = own_arrow_scale(n, path);
    if (const node* x = n.find("channels")) p.channels = boolean(*x, path + ".channels");
    if (const node* x = n.find("trail")) {
      std::vector<const node*> frames;
      p.trails = trails(*x, path + ".trail", frames);
      for (std::size_t k = 0; k < frames.size(); ++k)
        if (frames[k] != nullptr) p.trails[k].frame = frame_named(*frames[k], path + ".trail.frame", w);
    }
    w.particles.push_back(std::move(p));
  }

  // [SECTION] Springs (issue 29): [{"name", "from", "to", "from_offset", "to_offset", "stiffness",
  // "rest_length", "damping", "channels"}], each end a frame, a body or "world".
  void springs(const node& n, world_spec& w) {
    const node& list = array(n, "springs");
    if (list.items().size() > 1000) fail(list, "springs", "more than 1000 springs in one file");
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const node& s = list.items()[i];
      const std::string path = index("springs", i);
      check_keys(s, path, {"name", "from", "to", "from_offset", "to_offset", "stiffness", "rest_length", "damping",
                           "channels"});
      spring_spec spring;
      spring.name = "spring" + std::to_string(i + 1);
      if (const node* x = s.find("name")) {
        spring.name = string(*x, path + ".name", 64);
        if (!is_identifier(spring.name))
          fail(*x, path + ".name", "a name is a letter or _ then letters, digits, _ (at most 64)");
      }
      if (!names_used_.insert(spring.name).second)
        fail(s.find("name") ? *s.find("name") : s, path + ".name", "the name '" + spring.name + "' is used twice");
      // an end: a particle or a body (its index) or a frame (-1: the world)
      const auto end = [&](const char* key, int& frame, int& body, int& particle) {
        const node* x = s.find(key);
        if (x == nullptr)
          fail(s, path, std::string("missing \"") + key + "\" (a frame's, body's or particle's name or \"world\")");
        const std::string name = string(*x, path + "." + key, 64);
        for (std::size_t p = 0; p < w.particles.size(); ++p)
          if (w.particles[p].name == name) {
            particle = int(p);
            return;
          }
        for (std::size_t b = 0; b < w.bodies.size(); ++b) {
          if (w.bodies[b].name != name) continue;
          const body_spec& on = w.bodies[b];
          if (on.integrator != body_spec{}.integrator || on.gyroscopic != body_spec{}.gyroscopic)
            fail(*x, path + "." + key,
                 "body '" + name + "' has its own \"integrator\" or \"gyro\": a body on a spring is stepped with the "
                 "joints by the file's integrator, with the gyroscopic term; remove them");
          body = int(b);
          return;
        }
        frame = frame_named(*x, path + "." + key, w);
      };
      end("from", spring.from, spring.from_body, spring.from_particle);
      end("to", spring.to, spring.to_body, spring.to_particle);
      if (spring.from == spring.to && spring.from_body == spring.to_body && spring.from_particle == spring.to_particle)
        fail(*s.find("to"), path + ".to", "a spring needs two different ends");
      if (const node* x = s.find("from_offset")) spring.from_offset = vec3(*x, path + ".from_offset");
      if (const node* x = s.find("to_offset")) spring.to_offset = vec3(*x, path + ".to_offset");
      const node* k = s.find("stiffness");
      if (k == nullptr) fail(s, path, "missing \"stiffness\" (N/m)");
      spring.stiffness = number(*k, path + ".stiffness", 0.0, 1e12);
      if (const node* x = s.find("rest_length")) spring.rest_length = number(*x, path + ".rest_length", 0.0, 1e9);
      if (const node* x = s.find("damping")) spring.damping = number(*x, path + ".damping", 0.0, 1e12);
      if (const node* x = s.find("channels")) spring.channels = boolean(*x, path + ".channels");
      w.springs.push_back(spring);
    }
  }

  // A rigid body. In a turning frame (or below a joint frame) it is a link of the joint tree,
  // stepped by the file's integrator with the gyroscopic term always kept.
  void body(const node& n, const std::string& path, world_spec& w) {
    check_keys(n, path,
               {"name", "frame", "position", "rotations", "inertia", "omega", "integrator", "gyro", "pivot", "shapes",
                "arrows", "arrow_scale", "channels"});
    body_spec b;
    const node* name = n.find("name");
    if (name == nullptr) fail(n, path, "missing \"name\"");
    b.name = string(*name, path + ".name", 64);
    if (!is_identifier(b.name))
      fail(*name, path + ".name", "a name is a letter or _ then letters, digits, _ (at most 64)");
    if (!names_used_.insert(b.name).second) fail(*name, path + ".name", "the name '" + b.name + "' is used twice");
    if (const node* x = n.find("frame")) b.frame = frame_named(*x, path + ".frame", w);
    if (frame_turns(w.frames, b.frame))
      for (const char* key : {"integrator", "gyro"})
        if (const node* x = n.find(key))
          fail(*x, path + "." + key,
               "a body in a turning frame (or below a joint frame) is stepped with the joints by the file's "
               "integrator, with the gyroscopic term: remove \"" + std::string(key) + "\"");
    const auto zero3 = [] {
      return std::array<world_expression, 3>{constant_expression(0), constant_expression(0), constant_expression(0)};
    };
    b.position = n.find("position") ? expr3(*n.find("position"), path + ".position", false) : zero3();
    b.omega = n.find("omega") ? expr3(*n.find("omega"), path + ".omega", false) : zero3();
    if (const node* x = n.find("rotations")) b.rotations = rotations(*x, path + ".rotations", false);
    const node* inertia = n.find("inertia");
    if (inertia == nullptr) fail(n, path, "missing \"inertia\": [I1, I2, I3] (kg m^2, principal moments)");
    b.inertia = vec3(*inertia, path + ".inertia");
    // the free-body scene's check: each moment > 0 and the triangle inequality
    if (auto error = validate_inertia(b.inertia)) fail(*inertia, path + ".inertia", *error);
    if (const node* x = n.find("integrator")) {
      b.integrator = string(*x, path + ".integrator", 32);
      if (!parse_integrator(b.integrator)) {
        std::string list;
        for (const integrator_kind k : all_integrators) list += (list.empty() ? "" : ", ") + std::string(to_string(k));
        fail(*x, path + ".integrator", "unknown integrator '" + b.integrator + "' (expected one of: " + list + ")");
      }
    }
    if (const node* x = n.find("gyro")) b.gyroscopic = boolean(*x, path + ".gyro");
    if (const node* x = n.find("pivot")) {
      const std::string pp = path + ".pivot";
      check_keys(*x, pp, {"point", "mass"});
      const node* point = x->find("point");
      const node* mass = x->find("mass");
      if (point == nullptr || mass == nullptr)
        fail(*x, pp, "a pivot needs \"point\": [x, y, z] (m, body coordinates) and \"mass\" (kg)");
      b.pivoted = true;
      b.pivot = vec3(*point, pp + ".point");
      const int nonzero = (b.pivot.x != 0.0) + (b.pivot.y != 0.0) + (b.pivot.z != 0.0);
      if (nonzero > 1)
        fail(*point, pp + ".point", "the pivot must lie on a principal axis (at most one non-zero coordinate)");
      b.mass = number(*mass, pp + ".mass", 1e-9, 1e9);
    }
    if (const node* x = n.find("shapes")) b.shapes = shapes(*x, path + ".shapes");
    if (const node* x = n.find("arrows")) b.arrows = boolean(*x, path + ".arrows");
    b.arrow_scale = own_arrow_scale(n, path);
    if (const node* x = n.find("channels")) b.channels = boolean(*x, path + ".channels");
    w.bodies.push_back(std::move(b));
  }

  // A channel of the file; its expression is compiled once every channel's name is known
  // (compile_channels: it may read the other channels).
  void channel(const node& n, const std::string& path, world_spec& w) {
    check_keys(n, path, {"name", "unit", "description", "expression"});
    channel_spec c;
    const node* name = n.find("name");
    const node* e = n.find("expression");
    if (name == nullptr || e == nullptr) fail(n, path, "a channel needs \"name\" and \"expression\"");
    c.name = string(*name, path + ".name", 64);
    if (!is_identifier(c.name)) fail(*name, path + ".name", "a name is a letter or _ then letters, digits, _");
    c.expr = e->is_number() ? expr(*e, path + ".expression", true) : world_expression{};
    c.expr.text = e->is_string() ? e->text() : c.expr.text;
    channel_expressions_.push_back(e);
    if (const node* x = n.find("unit")) c.unit = string(*x, path + ".unit", 32);
    if (const node* x = n.find("description")) c.description = string(*x, path + ".description", 400);
    w.channels.push_back(std::move(c));
  }

  // A camera of only "focus" leaves the placement to presentation mode's framing.
  void camera(const node& n, world_spec& w) {
    check_keys(n, "camera", {"target", "distance", "yaw_deg", "pitch_deg", "focus"});
    camera_setup c;
    if (const node* x = n.find("target")) c.target = vec3(*x, "camera.target");
    if (const node* x = n.find("distance")) c.distance = number(*x, "camera.distance", 0.01, 1e6);
    if (const node* x = n.find("yaw_deg")) c.yaw_deg = number(*x, "camera.yaw_deg", -3600, 3600);
    if (const node* x = n.find("pitch_deg")) c.pitch_deg = number(*x, "camera.pitch_deg", -89, 89);
    const node* focus = n.find("focus");
    if (focus == nullptr || n.find("target") || n.find("distance") || n.find("yaw_deg") || n.find("pitch_deg"))
      w.camera = c;
    if (focus == nullptr) return;
    const node& list = array(*focus, "camera.focus");
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      w.focus.push_back(string(list.items()[i], index("camera.focus", i), 64));
      focus_nodes_.push_back(&list.items()[i]);
    }
  }

  // The camera's focus names frames, particles and bodies, known only once the whole file is read.
  void check_focus(const world_spec& w) const {
    for (std::size_t i = 0; i < w.focus.size(); ++i)
      if (!names_used_.contains(w.focus[i]))
        fail(*focus_nodes_[i], index("camera.focus", i), "no frame, particle or body named '" + w.focus[i] + "'");
  }

  void world(const node& root, world_spec& w) {
    check_keys(root, "",
               {"title", "category", "summary", "teaching_text", "readouts", "parameters", "gravity", "integrator",
                "breaks", "arrow_scale", "view_frame", "camera", "frames", "particles", "bodies", "channels",
                "springs"});
    variables_ = expression_variables(names_);
    if (const node* x = root.find("parameters")) parameters(*x, w);
    if (const node* x = root.find("title")) w.title = string(*x, "title", 120);
    if (const node* x = root.find("category")) w.category = string(*x, "category", 64);
    if (const node* x = root.find("summary")) w.summary = string(*x, "summary", 400);
    if (const node* x = root.find("teaching_text")) w.teaching_text = string(*x, "teaching_text", 8000);
    if (const node* x = root.find("integrator")) {
      w.integrator = string(*x, "integrator", 32);
      if (!ode::parse_method(w.integrator)) fail(*x, "integrator", "unknown integrator (rk4, midpoint, explicit-euler)");
    }
    if (const node* x = root.find("breaks")) {
      const node& list = array(*x, "breaks");
      if (list.items().size() > max_world_breaks)
        fail(list, "breaks", "more than " + std::to_string(max_world_breaks) + " breaks in one file");
      for (std::size_t i = 0; i < list.items().size(); ++i)
        w.breaks.push_back(expr(list.items()[i], index("breaks", i), false));
    }
    if (const node* x = root.find("arrow_scale")) w.arrow_scale = number(*x, "arrow_scale", 1e-4, 1e4);
    if (const node* x = root.find("camera")) camera(*x, w);
    if (const node* x = root.find("frames")) {
      const node& list = array(*x, "frames");
      for (std::size_t i = 0; i < list.items().size(); ++i) frame(list.items()[i], index("frames", i), -1, w, 1);
    }
    for (const auto& late : late_frames_)
      w.frames[std::size_t(late.frame_index)].trails[late.trail].frame = frame_named(*late.at, late.path, w);
    w.gravity = {constant_expression(0.0), constant_expression(-9.81), constant_expression(0.0)};
    if (const node* g = root.find("gravity")) {
      if (g->is_array()) {
        w.gravity = expr3(*g, "gravity", false);
      } else {
        check_keys(*g, "gravity", {"vector", "frame"});
        const node* v = g->find("vector");
        if (v == nullptr) fail(*g, "gravity", "missing \"vector\" (m/s^2)");
        w.gravity = expr3(*v, "gravity.vector", false);
        if (const node* f = g->find("frame")) w.gravity_frame = frame_named(*f, "gravity.frame", w);
      }
    }
    if (const node* x = root.find("view_frame")) w.view_frame = frame_named(*x, "view_frame", w);
    if (const node* x = root.find("particles")) {
      const node& list = array(*x, "particles");
      if (list.items().size() > max_world_particles)
        fail(list, "particles", "more than " + std::to_string(max_world_particles) + " particles in one file");
      for (std::size_t i = 0; i < list.items().size(); ++i) particle(list.items()[i], index("particles", i), w);
    }
    if (const node* x = root.find("bodies")) {
      const node& list = array(*x, "bodies");
      if (list.items().size() > max_world_bodies)
        fail(list, "bodies", "more than " + std::to_string(max_world_bodies) + " bodies in one file");
      for (std::size_t i = 0; i < list.items().size(); ++i) body(list.items()[i], index("bodies", i), w);
    }
    if (const node* x = root.find("springs")) springs(*x, w);
    if (const node* x = root.find("channels")) {
      const node& list = array(*x, "channels");
      for (std::size_t i = 0; i < list.items().size(); ++i) channel(list.items()[i], index("channels", i), w);
    }
    if (const node* x = root.find("readouts")) readouts(*x, w);
  }

  // "readouts": channel names, or {"channel": name, "label": words, "digits": n} to show the
  // channel under other words with n digits after the point.
  void readouts(const node& n, world_spec& w) {
    const node& list = array(n, "readouts");
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const node& item = list.items()[i];
      const std::string path = index("readouts", i);
      readout_nodes_.push_back(&item);
      if (!item.is_object()) {
        w.readouts.emplace_back(string(item, path, 64));
        continue;
      }
      check_keys(item, path, {"channel", "label", "digits"});
      const node* channel = item.find("channel");
      if (channel == nullptr) fail(item, path, "missing \"channel\" (a channel's name)");
      readout_def r(string(*channel, path + ".channel", 64));
      if (const node* x = item.find("label")) r.label = string(*x, path + ".label", 64);
      if (const node* x = item.find("digits")) {
        const double d = number(*x, path + ".digits", 0, max_readout_digits);
        if (d != std::floor(d)) fail(*x, path + ".digits", "must be a whole number (digits after the point)");
        r.digits = int(d);
      }
      w.readouts.push_back(std::move(r));
    }
  }

  // Readouts name channels, known only once the whole file is read.
  void check_readouts(const world_spec& w, const std::vector<std::string>& channels) const {
    for (std::size_t i = 0; i < w.readouts.size(); ++i)
      if (std::find(channels.begin(), channels.end(), w.readouts[i].channel) == channels.end())
        fail(*readout_nodes_[i], index("readouts", i), "no channel named '" + w.readouts[i].channel + "'");
  }

  // A file channel's expression reads t, the parameters and the channels of the same step
  // by name (`atan2(bob_local_z, bob_local_x)*180/pi`): `channels` in channel_list's order,
  // the file's own first, so slot k is channel k there.
  void compile_channels(world_spec& w, const std::vector<std::string>& channels) const {
    std::vector<std::string_view> variables = variables_;
    const std::size_t first_slot = variables.size();
    for (const auto& c : channels) variables.push_back(c);
    w.channel_slots = channels.size();
    for (std::size_t i = 0; i < w.channels.size(); ++i) {
      channel_spec& c = w.channels[i];
      c.expr = expr_in(*channel_expressions_[i], index("channels", i) + ".expression", variables);
      c.reads.clear();
      for (const auto& op : c.expr.program.program) {
        const auto variable = static_cast<std::size_t>(op.index);
        if (op.op == expression_op::variable && variable >= first_slot &&
            std::find(c.reads.begin(), c.reads.end(), variable - first_slot) == c.reads.end())
          c.reads.push_back(variable - first_slot);
      }
    }
    check_channel_cycles(w);
  }

  // A channel that reads itself, directly or through other file channels, has no value:
  // refused at its expression, naming the loop ("a -> b -> a").
  void check_channel_cycles(const world_spec& w) const {
    enum class mark { unseen, open, done };
    std::vector<mark> marks(w.channels.size(), mark::unseen);
    std::vector<std::size_t> path;
    const std::function<void(std::size_t)> visit = [&](std::size_t i) {
      marks[i] = mark::open;
      path.push_back(i);
      for (const std::size_t slot : w.channels[i].reads) {
        if (slot >= w.channels.size()) continue;  // a generated channel: reads no channel
        if (marks[slot] == mark::open) {
          std::string loop;
          for (auto k = std::find(path.begin(), path.end(), slot); k != path.end(); ++k) loop += w.channels[*k].name + " -> ";
          const node& at = *channel_expressions_[slot];
          fail(at, index("channels", slot) + ".expression",
               "'" + w.channels[slot].expr.text + "' reads itself (" + loop + w.channels[slot].name +
                   "): a channel may read only channels that do not read it back");
        }
        if (marks[slot] == mark::unseen) visit(slot);
      }
      path.pop_back();
      marks[i] = mark::done;
    };
    for (std::size_t i = 0; i < w.channels.size(); ++i)
      if (marks[i] == mark::unseen) visit(i);
  }

  static std::string fmt(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", x);
    return text;
  }

 private:
  struct late_frame {
    const node* at;
    std::string path;
    int frame_index;
    std::size_t trail;
  };
  const std::string& text_;
  std::string source_;
  std::vector<std::string> names_;
  std::vector<std::string_view> variables_;
  std::set<std::string> names_used_;
  std::vector<late_frame> late_frames_;  // a frame trail's "frame", resolved once every frame is known
  std::vector<const node*> readout_nodes_;
  std::vector<const node*> focus_nodes_;
  std::vector<const node*> channel_expressions_;  // each file channel's "expression", compiled last
};

}  // namespace

bool is_world_document(const located_json& root) {
  return root.is_object() && root.find("scene") == nullptr &&
         (root.find("frames") != nullptr || root.find("particles") != nullptr || root.find("bodies") != nullptr);
}

std::vector<std::string> world_channel_names(const world_spec& w);  // scenes/world/world_scene.cpp

std::optional<std::string> parse_world(const std::string& text, const std::string& source, world_spec& out) {
  located_json root;
  json_limits limits;
  limits.max_bytes = max_world_file_bytes;
  if (auto error = parse_located_json(text, root, limits)) return one_line(source + ":" + *error);
  return parse_world_document(root, text, source, out);
}

std::optional<std::string> parse_world_document(const located_json& root, const std::string& text,
                                                const std::string& source, world_spec& out) {
  if (!root.is_object()) return source + ":1:1: expected a JSON object at the top level";
  try {
    world_spec w;
    w.source = source;
    loader l(text, source);
    l.world(root, w);
    const std::vector<std::string> channels = world_channel_names(w);
    if (channels.size() > max_world_channels)
      return source + ":1:1: the file declares " + std::to_string(channels.size()) + " channels, more than " +
             std::to_string(max_world_channels) + " (set \"channels\": false on frames or particles)";
    std::set<std::string> unique;
    for (const auto& c : channels)
      if (!unique.insert(c).second)
        return one_line(source + ":1:1: two channels are named '" + c + "' (rename a frame, particle or channel)");
    l.compile_channels(w, channels);
    l.check_readouts(w, channels);
    l.check_focus(w);
    if (w.title.empty()) w.title = std::filesystem::path(source).stem().string();
    out = std::move(w);
  } catch (const load_error& e) {
    return one_line(e.message);
  }
  return std::nullopt;
}

std::optional<std::string> load_world(const std::filesystem::path& path, world_spec& out) {
  std::string text;
  if (auto error = read_small_file(path, max_world_file_bytes, text)) return error;
  return parse_world(text, path.string(), out);
}

}  // namespace framelab
