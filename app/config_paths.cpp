#include "app/config_paths.hpp"

#include <cstdlib>
#include <system_error>

namespace framelab {

std::optional<std::filesystem::path> config_directory() {
  std::filesystem::path base;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && xdg[0] == '/') {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
    base = std::filesystem::path(home) / ".config";
  } else {
    return std::nullopt;
  }
  const auto dir = base / "framelab";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir, ec)) return std::nullopt;
  return dir;
}

}  // namespace framelab
