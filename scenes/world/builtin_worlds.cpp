#include "scenes/world/builtin_worlds.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include "scenes/world/world_loader.hpp"

namespace framelab {

std::shared_ptr<const world_spec> builtin_world(std::string_view file_name) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const world_spec>, std::less<>> loaded;
  const std::lock_guard lock(mutex);
  if (const auto it = loaded.find(file_name); it != loaded.end()) return it->second;
  const std::string_view text = builtin_world_text(file_name);
  const std::string source = "assets/builtin/" + std::string(file_name);
  if (text.empty()) throw std::logic_error(source + ": not embedded in this build (scenes/CMakeLists.txt)");
  auto spec = std::make_shared<world_spec>();
  if (auto error = parse_world(std::string(text), source, *spec)) throw std::logic_error(*error);
  loaded.emplace(std::string(file_name), spec);
  return spec;
}

}  // namespace framelab
