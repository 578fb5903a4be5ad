#pragma once
// The world scene files the built-in scenes stand on (assets/builtin/*.json: tank-turret,
// carousel), embedded in the binary at build time (cmake/embed.cmake), so a built-in scene
// runs from any directory. Each is parsed once per process, on first use.
#include <memory>
#include <string_view>

#include "scenes/world/world_spec.hpp"

namespace framelab {

// The embedded text of assets/builtin/<file_name>, empty if there is none.
std::string_view builtin_world_text(std::string_view file_name);

// The loaded file. Throws std::logic_error naming the file and the problem if it is not
// embedded or does not load (a defect of the build, which the tests catch).
std::shared_ptr<const world_spec> builtin_world(std::string_view file_name);

}  // namespace framelab
