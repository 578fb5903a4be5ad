#include "app/lesson_runner.hpp"

#include "app/world_files.hpp"

#include <algorithm>
#include <cstdlib>

namespace framelab {

std::filesystem::path lessons_directory() {
  if (const char* dir = std::getenv("FRAMELAB_LESSONS"); dir != nullptr && dir[0] != '\0') return dir;
  return std::filesystem::path(FRAMELAB_ASSETS_DIR) / "lessons";
}

std::vector<std::string> find_lessons(const std::filesystem::path& dir) { return files_with_extension(dir, ".lesson"); }

void lesson_runner::start(ui::ui_state& state, const std::string& file) {
  stop(state);
  gui_script script;
  if (auto error = load_gui_script(file, script)) {
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
