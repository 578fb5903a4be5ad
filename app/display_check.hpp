#pragma once
// Before SDL starts: is there a screen to open a window on? With no DISPLAY (X11),
// no WAYLAND_DISPLAY and no SDL_VIDEODRIVER chosen by the user, SDL 2 can fall back to
// a driver with no visible window, and an interactive session then runs unseen at full
// CPU until killed. So the interactive GUI refuses to start there. A rehearsed run (a
// `shot` or a `--script`) needs no screen: it renders with SDL's offscreen driver
// (Mesa's EGL, pixel-identical to a window under Xvfb).
#include <optional>
#include <string>

namespace framelab {

// Where the window can go, from the environment the process started with.
enum class display_kind {
  screen,          // DISPLAY or WAYLAND_DISPLAY is set
  chosen_by_user,  // SDL_VIDEODRIVER is set: SDL uses what the user asked for
  none,            // nothing: no window can be shown
};

display_kind find_display();

// Picks the video driver for a GUI run. Returns the error message (for
// "framelab: error: <message>", exit code 1) when an interactive run has no display;
// for a rehearsed run with no display it selects SDL's offscreen driver.
std::optional<std::string> choose_video_driver(bool rehearsed);

}  // namespace framelab
