#pragma once
// Scene presets: a JSON file naming a scene, values for (some of) its parameters
// and a camera, e.g.
//   { "scene": "tank-turret",
//     "parameters": { "drive_speed": 3.0, "inertia": [1, 2, 3], "gyro": true },
//     "camera": { "target": [0, 0, 0], "distance": 12, "yaw_deg": 30, "pitch_deg": 25 } }
// Loading validates everything before anything is applied; each problem is reported
// as "file:key: reason". Parameters left out keep their defaults.
#include <filesystem>
#include <optional>
#include <string>

#include "core/scene_view.hpp"
#include "scenes/registry.hpp"

namespace framelab {

struct preset {
  std::string scene;
  param_values values;                 // complete: defaults filled in
  std::optional<camera_setup> camera;  // none: the scene's own camera
};

inline constexpr std::size_t max_preset_bytes = 1 << 20;

// Parses and validates preset text; `source` names the file in messages.
std::optional<std::string> parse_preset(const std::string& text, const std::string& source, preset& out);
// A preset file, or a world scene file (scenes/world/, docs/scene-files.md: one without
// "scene"), which is loaded, registered under its path and named by `out.scene`.
std::optional<std::string> load_preset(const std::filesystem::path& path, preset& out);

std::string preset_to_json(const preset& p);
// Atomic: a failed save leaves the old file as it was.
std::optional<std::string> save_preset(const std::filesystem::path& path, const preset& p);

// `--scene` accepts a scene name, a .json preset path or a world scene file. Fills `out` with the scene
// and complete values (defaults for a bare name).
std::optional<std::string> resolve_scene_argument(const std::string& argument, preset& out);

// "unknown scene 'NAME' (valid: tank-turret, carousel, ...)": every registered name.
std::string unknown_scene_reason(const std::string& name);

}  // namespace framelab
