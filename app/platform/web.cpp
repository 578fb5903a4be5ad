// The browser's side of app/platform/platform.hpp: the browser owns the loop and calls the
// frame function at each display frame (emscripten_set_main_loop with the display's rate).
// simulate_infinite_loop leaves the caller's stack as it is, so the frame function may keep
// referring to the caller's locals, as Dear ImGui's emscripten examples do.
#include "app/platform/platform.hpp"

#include <SDL.h>
#include <emscripten.h>

namespace framelab::platform {

namespace {

std::function<bool()> frame_function;

void call_frame() {
  if (!frame_function()) emscripten_cancel_main_loop();
}

}  // namespace

void run_frames(const std::function<bool()>& frame) {
  frame_function = frame;
  emscripten_set_main_loop(call_frame, 0, /*simulate_infinite_loop=*/1);
}

bool host_paces_frames() { return true; }

const char* const gl_context_name = "WebGL2 (OpenGL ES 3.0)";

void request_gl_context() {
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
}

std::optional<std::string> load_gl() { return std::nullopt; }  // emscripten links the WebGL2 functions

std::string runtime_description() { return "WebAssembly in a browser, one thread"; }

}  // namespace framelab::platform
