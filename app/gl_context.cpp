#include "app/gl_context.hpp"

#include "app/leak_check.hpp"

#include <SDL.h>

#include "app/platform/platform.hpp"
#include "render/gl_api.hpp"

namespace framelab {

std::optional<std::string> gl_window::open(const char* title, int width, int height, bool vsync) {
  SDL_SetHint(SDL_HINT_VIDEO_HIGHDPI_DISABLED, "0");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) return std::string("SDL: ") + SDL_GetError();
  sdl_started_ = true;
  platform::request_gl_context();
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  window_ = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (window_ == nullptr) return std::string("SDL window: ") + SDL_GetError();
  context_ = SDL_GL_CreateContext(window_);
  if (context_ == nullptr) return platform::gl_context_name + std::string(" context: ") + SDL_GetError();
  SDL_GL_MakeCurrent(window_, context_);
  SDL_GL_SetSwapInterval(vsync ? 1 : 0);
  return platform::load_gl();
}

gl_window::~gl_window() {
  keep_libraries_for_leak_check();  // before SDL unloads the GL driver (AddressSanitizer builds only)
  if (context_ != nullptr) SDL_GL_DeleteContext(context_);
  if (window_ != nullptr) SDL_DestroyWindow(window_);
  if (sdl_started_) SDL_Quit();
}

void gl_window::swap() { SDL_GL_SwapWindow(window_); }

void gl_window::flush() { glFlush(); }

std::optional<std::string> gl_window::set_fullscreen(bool on) {
  if (on) SDL_GetWindowSize(window_, &windowed_width_, &windowed_height_);
  if (SDL_SetWindowFullscreen(window_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0) return std::string(SDL_GetError());
  // Without a window manager (e.g. under Xvfb) X11 does not give the old size back by itself.
  if (!on && windowed_width_ > 0) SDL_SetWindowSize(window_, windowed_width_, windowed_height_);
  return std::nullopt;
}

float gl_window::display_dpi() const {
  float diagonal = 0.0f;
  const int display = SDL_GetWindowDisplayIndex(window_);
  if (display < 0 || SDL_GetDisplayDPI(display, &diagonal, nullptr, nullptr) != 0) return 0.0f;
  return diagonal;
}

int gl_window::display_refresh_hz() const {
  SDL_DisplayMode mode{};
  const int display = SDL_GetWindowDisplayIndex(window_);
  if (display < 0 || SDL_GetCurrentDisplayMode(display, &mode) != 0) return 0;
  return mode.refresh_rate;
}

std::pair<int, int> gl_window::drawable_size() const {
  int width = 0;
  int height = 0;
  SDL_GL_GetDrawableSize(window_, &width, &height);
  return {width, height};
}

}  // namespace framelab
