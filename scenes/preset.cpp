#include "scenes/preset.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "common/atomic_file.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {

namespace {

using json = nlohmann::json;

// Converts one JSON value to a parameter value of the declared kind, or says why not.
std::optional<std::string> json_to_param(const param_def& def, const json& j, param_value& out) {
  switch (def.kind) {
    case param_kind::number:
      if (!j.is_number()) return std::string("expected a number");
      out = j.get<double>();
      break;
    case param_kind::integer:
      if (j.is_number_integer()) {
        out = j.get<std::int64_t>();
      } else if (j.is_number_float() && std::isfinite(j.get<double>()) && std::trunc(j.get<double>()) == j.get<double>() &&
                 std::abs(j.get<double>()) < 9.0e15) {
        out = static_cast<std::int64_t>(j.get<double>());
      } else {
        return std::string("expected an integer");
      }
      break;
    case param_kind::boolean:
      if (!j.is_boolean()) return std::string("expected true or false");
      out = j.get<bool>();
      break;
    case param_kind::vector: {
      if (!j.is_array()) return "expected an array of " + std::to_string(def.components) + " numbers";
      std::vector<double> v;
      for (const auto& x : j) {
        if (!x.is_number()) return "expected an array of " + std::to_string(def.components) + " numbers";
        v.push_back(x.get<double>());
      }
      out = std::move(v);
      break;
    }
    case param_kind::choice:
    case param_kind::text:
      if (!j.is_string()) return std::string("expected a string");
      out = j.get<std::string>();
      break;
  }
  return validate_param(def, out);
}

json param_to_json(const param_value& value) {
  return std::visit([](const auto& v) { return json(v); }, value);
}

std::optional<std::string> read_vec3(const json& j, glm::dvec3& out) {
  if (!j.is_array() || j.size() != 3) return std::string("expected an array of 3 numbers");
  for (int i = 0; i < 3; ++i) {
    if (!j[static_cast<std::size_t>(i)].is_number()) return std::string("expected an array of 3 numbers");
    out[i] = j[static_cast<std::size_t>(i)].get<double>();
    if (!std::isfinite(out[i])) return std::string("must be finite");
  }
  return std::nullopt;
}

std::optional<std::string> read_finite(const json& j, double min, double max, double& out) {
  if (!j.is_number()) return std::string("expected a number");
  out = j.get<double>();
  if (!std::isfinite(out) || out < min || out > max) {
    return "must be in [" + json(min).dump() + ", " + json(max).dump() + "]";
  }
  return std::nullopt;
}

// Parses {"target": [x,y,z], "distance": d, "yaw_deg": y, "pitch_deg": p}; every key optional.
std::optional<std::string> read_camera(const json& j, const std::string& where, camera_setup& camera) {
  if (!j.is_object()) return where + ": expected an object";
  for (const auto& [key, value] : j.items()) {
    std::optional<std::string> error;
    if (key == "target") {
      error = read_vec3(value, camera.target);
    } else if (key == "distance") {
      error = read_finite(value, 0.01, 1.0e6, camera.distance);
    } else if (key == "yaw_deg") {
      error = read_finite(value, -3600.0, 3600.0, camera.yaw_deg);
    } else if (key == "pitch_deg") {
      error = read_finite(value, -89.0, 89.0, camera.pitch_deg);
    } else {
      error = std::string("unknown key (expected target, distance, yaw_deg, pitch_deg)");
    }
    if (error) return where + "." + key + ": " + *error;
  }
  return std::nullopt;
}

bool looks_like_file(const std::string& argument) {
  return argument.find('/') != std::string::npos || (argument.size() > 5 && argument.ends_with(".json"));
}

// Registers a parsed world file as a scene (scenes/registry.hpp, named by its path).
const scene_entry& register_world(const located_json& root, const std::string& text, const std::string& source,
                                  std::optional<std::string>& error) {
  static const scene_entry none{};
  auto spec = std::make_shared<world_spec>();
  error = parse_world_document(root, text, source, *spec);
  if (error) return none;
  return register_file_scene(make_world_entry(std::move(spec)));
}

// Reads a scene file and tells a world file from a preset (a preset names a "scene"):
// the one place that decides. A world file is registered and `world` set to its entry.
std::optional<std::string> read_scene_file(const std::filesystem::path& path, std::string& text, located_json& root,
                                           const scene_entry*& world) {
  world = nullptr;
  if (auto error = read_small_file(path, max_world_file_bytes, text)) return error;
  json_limits limits;
  limits.max_bytes = max_world_file_bytes;
  if (auto error = parse_located_json(text, root, limits)) {
    if (text.size() > max_preset_bytes)
      return path.string() + ": too large for a preset (" + std::to_string(text.size()) + " bytes; at most " +
             std::to_string(max_preset_bytes) + ") and not a world scene file: " + *error;
    return path.string() + ":" + *error;
  }
  if (!is_world_document(root)) return std::nullopt;
  std::optional<std::string> error;
  const scene_entry& entry = register_world(root, text, path.string(), error);
  if (!error) world = &entry;
  return error;
}

}  // namespace

std::optional<std::string> parse_preset(const std::string& text, const std::string& source, preset& out) {
  json root;
  try {
    root = json::parse(text);
  } catch (const json::exception& e) {  // syntax errors, and numbers too large for a double
    return source + ": not valid JSON (" + e.what() + ")";
  }
  if (!root.is_object()) return source + ": expected a JSON object at the top level";
  if (!root.contains("scene")) return source + ":scene: missing";
  if (!root["scene"].is_string()) return source + ":scene: expected a string";
  const std::string scene_name = root["scene"].get<std::string>();
  const scene_entry* entry = find_scene(scene_name);
  if (entry == nullptr && looks_like_file(scene_name)) {  // a preset of a world file: load the file
    std::string world_text;
    located_json world_root;
    if (auto error = read_scene_file(scene_name, world_text, world_root, entry)) return source + ":scene: " + *error;
    if (entry == nullptr) return source + ":scene: '" + scene_name + "' is a preset, not a scene file";
  }
  if (entry == nullptr) return source + ":scene: " + unknown_scene_reason(scene_name);

  preset result;
  result.scene = scene_name;
  const auto scene_instance = entry->create();
  const auto defs = scene_instance->parameters();
  result.values = param_values::defaults(defs);
  for (const auto& [key, value] : root.items()) {
    if (key == "scene") continue;
    if (key == "parameters") {
      if (!value.is_object()) return source + ":parameters: expected an object";
      for (const auto& [name, j] : value.items()) {
        const param_def* def = find_param(defs, name);
        if (def == nullptr) return source + ":parameters." + name + ": " + unknown_param_reason(defs, scene_name);
        param_value v;
        if (auto error = json_to_param(*def, j, v)) return source + ":parameters." + name + ": " + *error;
        result.values.set(name, std::move(v));
      }
    } else if (key == "camera") {
      camera_setup camera;
      if (auto error = read_camera(value, source + ":camera", camera)) return error;
      result.camera = camera;
    } else {
      return source + ":" + key + ": unknown key (expected scene, parameters, camera)";
    }
  }
  if (auto error = scene_instance->check(result.values)) return source + ":parameters: " + *error;
  out = std::move(result);
  return std::nullopt;
}

std::optional<std::string> load_preset(const std::filesystem::path& path, preset& out) {
  std::string text;
  located_json root;
  const scene_entry* world = nullptr;
  if (auto error = read_scene_file(path, text, root, world)) return error;
  if (world == nullptr) {
    if (text.size() > max_preset_bytes)
      return path.string() + ": too large for a preset (" + std::to_string(text.size()) + " bytes; at most " +
             std::to_string(max_preset_bytes) + ")";
    return parse_preset(text, path.string(), out);
  }
  preset result;
  result.scene = world->info.name;
  const auto instance = world->create();
  result.values = param_values::defaults(instance->parameters());
  if (auto error = instance->check(result.values)) return path.string() + ": " + *error;
  result.camera.reset();  // the file's camera is the scene's own
  out = std::move(result);
  return std::nullopt;
}

std::string preset_to_json(const preset& p) {
  json root;
  root["scene"] = p.scene;
  json params = json::object();
  for (const auto& [name, value] : p.values.all()) params[name] = param_to_json(value);
  root["parameters"] = params;
  if (p.camera) {
    root["camera"] = {{"target", {p.camera->target.x, p.camera->target.y, p.camera->target.z}},
                      {"distance", p.camera->distance},
                      {"yaw_deg", p.camera->yaw_deg},
                      {"pitch_deg", p.camera->pitch_deg}};
  }
  return root.dump(2) + "\n";
}

std::optional<std::string> save_preset(const std::filesystem::path& path, const preset& p) {
  return write_file_atomically(path, preset_to_json(p));
}

std::string unknown_scene_reason(const std::string& name) {
  std::string names;
  for (const auto& entry : registered_scenes()) append_separated(names, ", ", entry.info.name);
  return "unknown scene '" + name + "' (valid: " + names + "; framelab list-scenes describes them)";
}

std::optional<std::string> resolve_scene_argument(const std::string& argument, preset& out) {
  if (looks_like_file(argument)) return load_preset(argument, out);
  const scene_entry* entry = find_scene(argument);
  if (entry == nullptr) return unknown_scene_reason(argument);
  out.scene = argument;
  out.values = param_values::defaults(entry->create()->parameters());
  out.camera.reset();
  return std::nullopt;
}

}  // namespace framelab
