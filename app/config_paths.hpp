#pragma once
// Where framelab keeps per-user settings (window layout): $XDG_CONFIG_HOME/framelab,
// else $HOME/.config/framelab. Never the current directory.
#include <filesystem>
#include <optional>

namespace framelab {

// The directory, created if missing; nothing when neither variable is usable or it
// cannot be created (the app then runs without persisting its layout).
std::optional<std::filesystem::path> config_directory();

}  // namespace framelab
