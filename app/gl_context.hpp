#pragma once
// An SDL2 window with an OpenGL context: 3.3 core loaded by glad on the desktop, ES 3.0
// (WebGL2) in the browser (app/platform/platform.hpp).
#include <optional>
#include <string>
#include <utility>

struct SDL_Window;

namespace framelab {

class gl_window {
 public:
  gl_window() = default;
  gl_window(const gl_window&) = delete;
  gl_window& operator=(const gl_window&) = delete;
  ~gl_window();

  // Resizable, HiDPI-aware. Returns the reason on failure (no display, no GL 3.3).
  std::optional<std::string> open(const char* title, int width, int height, bool vsync);
  void swap();
  // Hands the frame drawn so far to the GL without waiting for it (glFlush): a software GL
  // (Mesa's llvmpipe) starts rasterising it on its own threads while this one goes on.
  void flush();
  // The framebuffer size in pixels (larger than the window size on HiDPI screens).
  std::pair<int, int> drawable_size() const;
  // Fullscreen at the desktop's resolution, or back to the window; the reason on failure.
  std::optional<std::string> set_fullscreen(bool on);
  // The display's diagonal density in dots per inch, 0 when SDL cannot tell.
  float display_dpi() const;
  // The display's refresh rate in Hz, 0 when SDL cannot tell.
  int display_refresh_hz() const;

  SDL_Window* sdl_window() const { return window_; }
  void* gl_context() const { return context_; }

 private:
  SDL_Window* window_ = nullptr;
  void* context_ = nullptr;
  bool sdl_started_ = false;
  int windowed_width_ = 0;  // the size to return to when fullscreen ends
  int windowed_height_ = 0;
};

}  // namespace framelab
