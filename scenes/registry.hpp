#pragma once
// The scene registry: each scene registers itself with one line in its own .cpp,
//   const int my_scene_registered = framelab::register_scene<my_scene>({...});
// (named after the file: unity builds compile several files as one, cmake/unity_build.cmake)
// as Box2D's samples do. The CLI, the UI, the benchmarks and the tests all list
// scenes from here.
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "scenes/scene.hpp"

namespace framelab {

struct scene_info {
  std::string name;           // CLI and preset name, e.g. "tank-turret"
  std::string category;       // scene browser group, e.g. "Moving frames"
  std::string summary;        // one line, for `framelab list-scenes`
  std::string teaching_text;  // a paragraph the UI shows next to the scene
  // The channels presentation mode reads out, most telling first (ui/presentation.hpp).
  std::vector<readout_def> readouts = {};
  // What the window shows as the scene's name when it is not `name` (a scene file's title;
  // its name is its path).
  std::string title = {};
};

// The name to show: the title if there is one, else the name.
inline const std::string& display_name(const scene_info& info) { return info.title.empty() ? info.name : info.title; }

// A function, so that a scene loaded from a file can keep its model (scenes/world/world_scene.hpp).
using scene_factory = std::function<std::unique_ptr<scene>()>;

struct scene_entry {
  scene_info info;
  scene_factory create = nullptr;
};

// Adds a scene; returns its registration number. A second scene of the same name is
// refused with std::logic_error (a programming error caught at start-up).
int register_scene(scene_info info, scene_factory create);

// A new T, as a scene: the factory register_scene<T> records.
template <class T>
std::unique_ptr<scene> make_scene() {
  return std::make_unique<T>();
}

// Adds scene class T, made by its default constructor: a scene's .cpp needs no factory.
template <class T>
int register_scene(scene_info info) {
  static_assert(std::is_base_of_v<scene, T>, "register_scene<T>: T must derive from framelab::scene");
  static_assert(std::is_default_constructible_v<T>, "register_scene<T>: T must be default-constructible");
  return register_scene(std::move(info), &make_scene<T>);
}

// Every registered scene, ordered by category then name.
std::vector<scene_entry> registered_scenes();

// A scene loaded from a file (scenes/world/), named by the file's path: kept beside the
// built-ins so find_scene finds it, but not listed by registered_scenes(). Loading the
// same file again replaces its entry in place (a find_scene pointer stays valid and then
// reads the new file; the simulation keeps its own copy of the entry it runs).
const scene_entry& register_file_scene(scene_entry entry);

// The scene of that name (a built-in or a loaded file), or nullptr.
const scene_entry* find_scene(const std::string& name);

// The scene the GUI opens when none is named.
inline constexpr const char* default_scene_name = "tank-turret";

}  // namespace framelab
