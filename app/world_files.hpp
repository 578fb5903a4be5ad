#pragma once
// The shipped world scene files (assets/worlds/*.json) the Scenes panel lists beside the
// built-in scenes.
#include <filesystem>
#include <string>
#include <vector>

namespace framelab {

// FRAMELAB_WORLDS if set, else the source tree's assets/worlds (the app runs from its build).
std::filesystem::path worlds_directory();

// The *.json files of `dir`, sorted by name; empty when the folder is missing.
std::vector<std::string> find_world_files(const std::filesystem::path& dir);

// The regular files of `dir` whose extension is `extension` (".json"), sorted by name;
// empty when the folder is missing (the lessons' and the worlds' one listing).
std::vector<std::string> files_with_extension(const std::filesystem::path& dir, const std::string& extension);

}  // namespace framelab
