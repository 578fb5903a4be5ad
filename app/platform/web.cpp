// The browser's side of app/platform/platform.hpp: the browser owns the loop and calls the
// frame function at each display frame (emscripten_set_main_loop with the display's rate).
// simulate_infinite_loop returns to the browser by a JavaScript exception, and the frame
// function keeps referring to its caller's locals (run_gui's), as Dear ImGui's emscripten
// examples do. With C++ exceptions on, each invoke_ wrapper that exception passes resets
// the stack pointer upwards, and every later call from JavaScript (the frames, SDL's event
// handlers) would reuse the memory of those locals. So once main has returned, the stack
// pointer is put back where run_frames found it, below them, and stays there.
#include "app/platform/platform.hpp"

#include "app/display_check.hpp"

#include <SDL.h>
#include <emscripten.h>

#include <cstdint>

// emscripten's stack pointer (compiler-rt's stack_ops.S).
extern "C" std::uintptr_t stackSave();
extern "C" void stackRestore(std::uintptr_t);

namespace framelab::platform {

namespace {

std::function<bool()> frame_function;
std::uintptr_t frame_stack = 0;  // the stack pointer in run_frames: the caller's locals lie above

void call_frame() {
  stackRestore(frame_stack);  // (already there since main returned: see run_frames)
  if (!frame_function()) emscripten_cancel_main_loop();
}

}  // namespace

void run_frames(const std::function<bool()>& frame) {
  frame_function = frame;
  frame_stack = stackSave();
  // Runs in JavaScript after main has returned by the exception, before any frame.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"  // EM_ASM's $0
  EM_ASM({ addOnPostRun(function() { stackRestore($0); }); }, frame_stack);
#pragma clang diagnostic pop
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

namespace framelab {

// The page's canvas is always there to draw on: SDL's emscripten driver.
std::optional<std::string> choose_video_driver(bool) { return std::nullopt; }

}  // namespace framelab
