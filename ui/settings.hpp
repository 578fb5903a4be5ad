#pragma once
// What framelab remembers between runs, in <config>/settings.json: the recent scenes
// (names or preset files, most recent first), which panels are open and the UI scale. The window
// layout itself is ImGui's <config>/imgui.ini.
//
// A settings file that cannot be used (not JSON, wrong types, too big, unreadable) is
// moved aside to <file>.corrupt and replaced by the defaults, with a message saying so;
// the app never fails to start because of it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "ui/ui_state.hpp"

namespace framelab::ui {

inline constexpr std::size_t max_recent_scenes = 8;
inline constexpr std::size_t max_settings_bytes = 1 << 20;

struct app_settings {
  std::vector<std::string> recent_scenes;  // most recent first, at most max_recent_scenes
  panel_visibility panels;
  std::optional<int> ui_scale_percent;  // none: the display's own (ui/ui_scale.hpp)
};

struct settings_load {
  app_settings settings;               // the file's, or the defaults
  std::optional<std::string> message;  // set when the file was unusable (and moved aside)
};

// Reads the settings; a missing file gives the defaults and no message.
settings_load load_settings(const std::filesystem::path& file);

// Writes them atomically; returns the reason on failure (the old file is then intact).
std::optional<std::string> save_settings(const std::filesystem::path& file, const app_settings& settings);

// A file the app keeps but does not parse itself (imgui.ini): if it is unreadable, too
// big or not text, moves it aside to <file>.corrupt; returns the message, if any.
std::optional<std::string> quarantine_if_not_text(const std::filesystem::path& file);

// How a scene argument is remembered: a scene name as it is, a preset file by its
// absolute path (so Open recent finds it from any working directory).
std::string recent_entry(const std::string& name_or_file);

// Puts `scene` first in the recent list (once), keeping at most max_recent_scenes.
void remember_recent(std::vector<std::string>& recent, const std::string& scene);

// Between the settings and the live UI state.
app_settings settings_from(const ui_state& state);
void apply_settings(const app_settings& settings, ui_state& state);

}  // namespace framelab::ui
