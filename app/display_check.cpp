#include "app/display_check.hpp"

#include <cstdlib>

namespace framelab {

namespace {
bool is_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}
}  // namespace

display_kind find_display() {
  if (is_set("SDL_VIDEODRIVER")) return display_kind::chosen_by_user;
  if (is_set("DISPLAY") || is_set("WAYLAND_DISPLAY")) return display_kind::screen;
  return display_kind::none;
}

std::optional<std::string> choose_video_driver(bool rehearsed) {
  if (find_display() != display_kind::none) return std::nullopt;
  if (!rehearsed) return "no display (set DISPLAY or use sim/shot under xvfb-run)";
  ::setenv("SDL_VIDEODRIVER", "offscreen", /*overwrite=*/0);
  return std::nullopt;
}

}  // namespace framelab
