#include "scenes/registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace framelab {

namespace {
// A function-local static so registration works whatever the static-initialisation order.
std::vector<scene_entry>& registry() {
  static std::vector<scene_entry> entries;
  return entries;
}
}  // namespace

int register_scene(scene_info info, scene_factory create) {
  if (find_scene(info.name) != nullptr) throw std::logic_error("scene '" + info.name + "' registered twice");
  registry().push_back({std::move(info), create});
  return static_cast<int>(registry().size());
}

std::vector<scene_entry> registered_scenes() {
  std::vector<scene_entry> sorted = registry();
  std::sort(sorted.begin(), sorted.end(), [](const scene_entry& a, const scene_entry& b) {
    return std::tie(a.info.category, a.info.name) < std::tie(b.info.category, b.info.name);
  });
  return sorted;
}

const scene_entry* find_scene(const std::string& name) {
  for (const auto& entry : registry()) {
    if (entry.info.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace framelab
