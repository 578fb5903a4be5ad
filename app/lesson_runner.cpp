#include "app/lesson_runner.hpp"

#include <algorithm>
#include <cstdlib>

#include "app/config_paths.hpp"
#include "app/world_files.hpp"

namespace framelab {

namespace {

// The scene a lesson starts in: the running one (or the default scene, with nothing loaded).
const scene_entry& starting_scene(const ui::ui_state& state) {
  if (state.sim != nullptr && state.sim->loaded()) return state.sim->entry();
  return *find_scene(default_scene_name);
}

param_values starting_values(const ui::ui_state& state) {
  if (state.sim != nullptr && state.sim->loaded()) return state.sim->parameters();
  return param_values::defaults(find_scene(default_scene_name)->create()->parameters());
}

}  // namespace

std::filesystem::path lessons_directory() {
  if (const char* dir = std::getenv("FRAMELAB_LESSONS"); dir != nullptr && dir[0] != '\0') return dir;
  return std::filesystem::path(FRAMELAB_ASSETS_DIR) / "lessons";
}

std::optional<std::filesystem::path> user_lessons_directory() {
  const auto data = data_directory();
  if (!data) return std::nullopt;
  return *data / "lessons";
}

std::vector<std::string> find_lessons(const std::filesystem::path& dir) { return files_with_extension(dir, ".lesson"); }

std::vector<std::string> find_all_lessons() {
  std::vector<std::string> files = find_lessons(lessons_directory());
  if (const auto mine = user_lessons_directory()) {
    for (auto& file : find_lessons(*mine)) files.push_back(std::move(file));
  }
  return files;
}

void lesson_runner::start(ui::ui_state& state, const std::string& file) {
  stop(state);
  gui_script script;
  auto error = load_gui_script(file, script);
  if (!error) error = validate_script_scenes(script, starting_scene(state), starting_values(state));
  if (error) {
    ui::set_message(state, "Lesson not started: " + *error, true);
    return;
  }
  player_.emplace(std::move(script));
  state.lesson.title = ui::lesson_name(file);
  ui::set_message(state, "Lesson: " + state.lesson.title, false);
}

void lesson_runner::stop(ui::ui_state& state) {
  player_.reset();
  state.lesson = {};
  state.hidden = {};  // what the lesson hid for the class to predict comes back
}

void lesson_runner::before_frame(ui::ui_state& state) {
  if (state.lesson.stop_requested) stop(state);
  if (!state.lesson_to_start.empty()) start(state, std::exchange(state.lesson_to_start, std::string()));
  if (!player_) return;
  if (auto error = player_->before_frame(state)) {
    stop(state);
    ui::set_message(state, "Lesson stopped: " + *error, true);
    return;
  }
  player_->take_shot_request();                                       // a lesson takes no pictures
  if (player_->finished() && !state.lesson.waiting) player_.reset();  // the last caption stays until "End lesson"
}

}  // namespace framelab
