#include "scenes/registry.hpp"

#include <algorithm>
#include <deque>
#include <mutex>
#include <stdexcept>

namespace framelab {

namespace {
// A function-local static so registration works whatever the static-initialisation order.
std::vector<scene_entry>& registry() {
  static std::vector<scene_entry> entries;
  return entries;
}
// Loaded files; never erased, so a pointer from find_scene stays valid (a file loaded
// again is replaced in place).
std::deque<scene_entry>& file_scenes() {
  static std::deque<scene_entry> entries;
  return entries;
}
std::mutex& file_scenes_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

const scene_entry& register_file_scene(scene_entry entry) {
  const std::lock_guard lock(file_scenes_mutex());
  for (auto& e : file_scenes())
    if (e.info.name == entry.info.name) return e = std::move(entry);  // the same address, the new file
  return file_scenes().emplace_back(std::move(entry));
}

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
  const std::lock_guard lock(file_scenes_mutex());
  for (const auto& entry : file_scenes())
    if (entry.info.name == name) return &entry;
  return nullptr;
}

}  // namespace framelab
