#pragma once
// The one place where the desktop and the browser differ (app/platform/desktop.cpp,
// app/platform/web.cpp with app/platform/web_shell.html; CMake builds one of the two):
//   - who owns the frame loop: the program (desktop) or the browser, which calls a frame
//     function at each of its display frames (requestAnimationFrame);
//   - the OpenGL context asked for and how its functions are reached (glad or WebGL2);
//   - threads: the desktop's cores, one thread in the page (no SharedArrayBuffer; a
//     std::thread there fails to start and run_parts does its parts on the caller's thread);
//   - the host line of the benchmarks.
// Files, links and downloads in the browser come through the page's JavaScript
// (web_shell.html), which hands the program a command line made from the page's URL, so
// that app/cli.cpp is the one parser of both.
#include <functional>
#include <optional>
#include <string>

namespace framelab::platform {

// Calls frame() once per frame until it returns false. The desktop returns after the last
// frame. The browser hands frame to its own frame loop and does not return: the page runs on,
// and what follows the call runs only on the desktop.
void run_frames(const std::function<bool()>& frame);

// True where the host paces the frames itself (the browser, at the display's rate): the
// program then neither sleeps between frames nor waits for input.
bool host_paces_frames();

// The OpenGL the window asks SDL for (before SDL_GL_CreateContext): 3.3 core on the desktop,
// ES 3.0 = WebGL2 in the browser (render/gl_api.hpp: the matching header and GLSL version).
void request_gl_context();
extern const char* const gl_context_name;  // "OpenGL 3.3 core", "WebGL2 (OpenGL ES 3.0)"
// Reaches the GL functions of the current context: glad's loader on the desktop (the reason
// when it fails or the version is below 3.3), nothing to do in the browser.
std::optional<std::string> load_gl();

// What runs the program, for the benchmarks' host line: "" on the desktop (the host line
// says it), "WebAssembly in a browser, one thread" in the page.
std::string runtime_description();

}  // namespace framelab::platform
