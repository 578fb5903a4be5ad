#pragma once
// Loads a world scene file: JSON with comments (scenes/world/located_json.hpp), nested
// like MJCF (a frame's children inside it), every key known, every expression parsed.
// The whole file is read and checked into a new world_spec before anything uses it;
// each problem is one message "file:line:column: key: reason". docs/scene-files.md
// documents every key.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "scenes/world/located_json.hpp"
#include "scenes/world/world_spec.hpp"

namespace framelab {

inline constexpr std::size_t max_world_frames = 50'000;
inline constexpr std::size_t max_world_particles = 10'000;
inline constexpr std::size_t max_world_bodies = 1'000;
inline constexpr std::size_t max_world_breaks = 256;
inline constexpr std::size_t max_world_channels = 4'096;  // generated and declared together
inline constexpr std::size_t max_world_file_bytes = 4u << 20;

// The parameters every world scene adds to the file's own (their names are reserved).
inline constexpr const char* world_integrator_param = "integrator";
inline constexpr const char* world_view_frame_param = "view_frame";
inline constexpr const char* world_arrow_scale_param = "arrow_scale";

// Whether parsed JSON is a world file rather than a preset: a world has "frames",
// "particles" or "bodies" and no "scene" (a preset names its scene; scenes/preset.cpp). The one
// place that decides.
bool is_world_document(const located_json& root);

std::optional<std::string> parse_world(const std::string& text, const std::string& source, world_spec& out);
// The same for text already parsed into `root` (scenes/preset.cpp parses once and decides).
std::optional<std::string> parse_world_document(const located_json& root, const std::string& text,
                                                const std::string& source, world_spec& out);
std::optional<std::string> load_world(const std::filesystem::path& path, world_spec& out);

}  // namespace framelab
