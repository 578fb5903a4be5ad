#pragma once
// Where framelab keeps per-user files, never in the current directory:
//   settings (window layout):  $XDG_CONFIG_HOME/framelab, else $HOME/.config/framelab
//   data (the user's lessons): $XDG_DATA_HOME/framelab,   else $HOME/.local/share/framelab
// (the XDG base directory specification; a relative variable is ignored, as it says).
#include <filesystem>
#include <optional>

namespace framelab {

// The directory, created if missing; nothing when neither variable is usable or it
// cannot be created (the app then runs without persisting its layout).
std::optional<std::filesystem::path> config_directory();

// $XDG_DATA_HOME/framelab (or $HOME/.local/share/framelab), not created; nothing when
// neither variable is usable.
std::optional<std::filesystem::path> data_directory();

}  // namespace framelab
