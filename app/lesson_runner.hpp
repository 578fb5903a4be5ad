#pragma once
// Lessons in the running app: the Lessons menu lists the *.lesson files of the assets'
// lessons folder; picking one plays it as a GUI script (app/gui_script.hpp) at real
// time, its captions and pauses shown by the UI (ui_state::lesson). A lesson that
// cannot be read, or whose step fails, stops with the reason on the status line.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/gui_script.hpp"
#include "ui/ui_state.hpp"

namespace framelab {

// FRAMELAB_LESSONS if set, else the source tree's assets/lessons (the app runs from its build).
std::filesystem::path lessons_directory();

// The *.lesson files of `dir`, sorted by name; empty when the folder is missing.
std::vector<std::string> find_lessons(const std::filesystem::path& dir);

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
