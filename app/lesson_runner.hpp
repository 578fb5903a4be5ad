#pragma once
// Lessons in the running app: the Lessons menu lists the *.lesson files of the shipped
// lessons folder and of the user's own (user_lessons_directory()); picking one, or File >
// Open lesson, plays it as a GUI script (app/gui_script.hpp) at real time, its captions
// and pauses shown by the UI (ui_state::lesson). A lesson that cannot be read or names a
// scene or a `set` the scene refuses is not started; one whose step fails stops; the
// status line says why.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/gui_script.hpp"
#include "ui/ui_state.hpp"

namespace framelab {

// FRAMELAB_LESSONS if set, else the source tree's assets/lessons (the app runs from its build).
std::filesystem::path lessons_directory();

// The lecturer's own lessons: $XDG_DATA_HOME/framelab/lessons, else
// ~/.local/share/framelab/lessons; nothing when neither variable is usable.
std::optional<std::filesystem::path> user_lessons_directory();

// The *.lesson files of `dir`, sorted by name; empty when the folder is missing.
std::vector<std::string> find_lessons(const std::filesystem::path& dir);

// What the Lessons menu lists: the shipped lessons, then the user's own.
std::vector<std::string> find_all_lessons();

// --lesson NAME|FILE (the page's ?lesson=): an existing file, else the shipped lesson of
// that name (carousel-coriolis: lessons_directory()/carousel-coriolis.lesson); nullopt if neither.
std::optional<std::filesystem::path> find_lesson(const std::string& name_or_file);

class lesson_runner {
 public:
  // Starts a lesson the menu asked for, stops one that was ended, and plays the current
  // one's steps due before this frame.
  void before_frame(ui::ui_state& state);
  bool playing() const { return player_.has_value(); }

 private:
  void start(ui::ui_state& state, const std::string& file);
  void stop(ui::ui_state& state);

  std::optional<script_player> player_;
};

}  // namespace framelab
