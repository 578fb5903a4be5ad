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

#include "app/share_link.hpp"

namespace framelab::platform {

// Calls frame() once per frame until it returns false. The desktop returns after the last
// frame. The browser hands a copy of frame to its own frame loop, kept as long as the page
// runs, and does not return: it leaves the caller by unwinding its stack, destructors and all,
// so frame must own (or share) what it uses, nothing on the caller's stack. What follows the
// call runs only on the desktop.
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
// The current context's renderer: GL_RENDERER on the desktop ("llvmpipe (LLVM 15.0.6, 256 bits)");
// in the page the browser's unmasked WebGL renderer where it gives it, else its RENDERER
// ("WebKit WebGL"); "" when there is none.
std::string gl_renderer();

// The recordings this build makes (File > Record's default and its lines): .mp4 on the
// desktop; .webm in the page, by the browser's VideoEncoder or, where it has none, its
// MediaRecorder (app/platform/web_video_encoder.cpp): the dialog says which.
struct recording_formats {
  std::string default_extension;
  std::string dialog_line;
};
recording_formats video_outputs();

// What runs the program, for the benchmarks' host line: "" on the desktop (the host line
// says it), "WebAssembly in a browser (Chrome/120.0.0.0), one thread of 2 logical CPUs" in
// the page.
std::string runtime_description();

// [SECTION] The page: its URL, links, files

// How the page was opened: its URL's query (?scene=...: app/cli.hpp's parse_page_url reads
// it) and a scene file its link carried in the # part, unpacked to `link_file`, or why that
// failed. Nothing on the desktop and under node: a command line starts them.
struct page_start {
  std::string query;
  std::string link_file;   // where the link's scene file was put ("" when there is none)
  std::string link_error;  // one line when the # part does not unpack
  int width = 1280;        // the canvas, in CSS pixels
  int height = 720;
};
std::optional<page_start> started_from_page();

// File > Copy link: the link to the clipboard. The desktop copies "framelab.html?..." (a
// scene file of one's own does not travel from there: it says so); the page compresses the
// file into the # part, copies the whole link and shows it in the address bar. Returns the
// status line's message; the page's own result follows as a host message.
struct host_message {
  std::string text;
  bool is_error = false;
  std::string opened_file;  // a file the user picked or dropped, put here to be opened
};
host_message copy_link(const share_link& link);

// The page's messages, each once: a link copied, a file picked or dropped (or refused).
std::optional<host_message> take_host_message();

// The browser's own file picker (File > Open file...): true where there is one.
bool has_file_picker();
void pick_file();

// The status line's message, each time it changes: the page also writes it to the browser's
// console ("framelab: status: TEXT"; its tests read what a dropped or picked file did there).
// Nothing on the desktop: the window shows it.
void status_changed(const std::string& text);

// Hands every saved file to the user: in the page as a download (nothing on the desktop:
// the file is on its disk). Called once at start.
void deliver_saved_files();

}  // namespace framelab::platform
