#include "app/config_paths.hpp"

#include <cstdlib>
#include <system_error>

namespace framelab {

namespace {

// $VARIABLE/framelab, else $HOME/<fallback>/framelab; only absolute paths count.
std::optional<std::filesystem::path> user_directory(const char* variable, const char* fallback_below_home) {
  if (const char* xdg = std::getenv(variable); xdg != nullptr && xdg[0] == '/') {
    return std::filesystem::path(xdg) / "framelab";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
    return std::filesystem::path(home) / fallback_below_home / "framelab";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::filesystem::path> config_directory() {
  const auto dir = user_directory("XDG_CONFIG_HOME", ".config");
  if (!dir) return std::nullopt;
  std::error_code ec;
  std::filesystem::create_directories(*dir, ec);
  if (ec || !std::filesystem::is_directory(*dir, ec)) return std::nullopt;
  return dir;
}

std::optional<std::filesystem::path> data_directory() {
  return user_directory("XDG_DATA_HOME", ".local/share");
}

}  // namespace framelab
