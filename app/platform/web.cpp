// The browser's side of app/platform/platform.hpp: the browser owns the loop and calls the
// frame function at each display frame (emscripten_set_main_loop with the display's rate).
// simulate_infinite_loop returns to the browser by a JavaScript exception that unwinds main's
// stack (with WebAssembly's exceptions its destructors run), so the frame function keeps
// nothing there: it owns what the frames use (app/gui_app.cpp's gui_session), and its copy
// here lives as long as the page.
#include "app/platform/platform.hpp"

#include "app/display_check.hpp"
#include "common/atomic_file.hpp"

#include <SDL.h>
#include <emscripten.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

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

// [SECTION] The page's JavaScript (web_shell.html's framelabPage) and the program exchange
// JSON texts: `which` 0 is how the page started, 1 the oldest of its messages (taken by the copy).
namespace {

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"
// The text's length in UTF-8 bytes; -1 when there is none (no page: node; no message).
EM_JS(int, page_text_length, (int which), {
  if (typeof framelabPage === 'undefined') return -1;
  const text = which === 0 ? framelabPage.start : framelabPage.outbox[0];
  return typeof text === 'string' ? lengthBytesUTF8(text) : -1;
});
EM_JS(void, copy_page_text, (int which, char* buffer, int size), {
  const text = which === 0 ? framelabPage.start : framelabPage.outbox.shift();
  stringToUTF8(text, buffer, size);
});
EM_JS(void, page_copy_link, (const char* query, const char* file_name, const char* file_text), {
  framelabPage.copyLink(UTF8ToString(query), UTF8ToString(file_name), UTF8ToString(file_text));
});
EM_JS(void, page_pick_file, (), { framelabPage.pickFile(); });
// "WebAssembly in a browser (Chrome/120.0.0.0), one thread of 2 logical CPUs"; under node
// "WebAssembly under node v18.19.0, one thread of 2 logical CPUs".
EM_JS(void, copy_runtime_text, (char* buffer, int size), {
  var where = "in a browser";
  if (typeof navigator !== "undefined" && navigator.userAgent) {
    var found = navigator.userAgent.match(new RegExp("(Firefox|Edg|Chrome)/[0-9.]+"));
    if (found) where += " (" + found[0] + ")";
  } else if (typeof process !== "undefined" && process.version) {
    where = "under node " + process.version;
  }
  var cpus = typeof navigator !== "undefined" && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 0;
  var text = "WebAssembly " + where + ", one thread" + (cpus > 0 ? " of " + cpus + " logical CPU" + (cpus === 1 ? "" : "s") : "");
  stringToUTF8(text, buffer, size);
});
// "VideoEncoder", "MediaRecorder" or "" (none; no page: node): web_shell.html's recordingMethod.
EM_JS(void, copy_recording_method, (char* buffer, int size), {
  stringToUTF8(typeof framelabPage === "undefined" ? "" : framelabPage.recordingMethod(), buffer, size);
});
// The canvas's WebGL2 context (SDL's) renderer: unmasked where the browser allows it.
EM_JS(void, copy_gl_renderer, (char* buffer, int size), {
  var gl = typeof Module !== "undefined" && Module["canvas"] ? Module["canvas"].getContext("webgl2") : null;
  var text = "";
  if (gl) {
    var info = gl.getExtension("WEBGL_debug_renderer_info");
    text = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) || "");
  }
  stringToUTF8(text, buffer, size);
});
EM_JS(void, page_download, (const char* path), { framelabPage.download(UTF8ToString(path)); });
#pragma clang diagnostic pop

std::optional<nlohmann::json> page_text(int which) {
  const int length = page_text_length(which);
  if (length < 0) return std::nullopt;
  std::vector<char> buffer(static_cast<std::size_t>(length) + 1);
  copy_page_text(which, buffer.data(), length + 1);
  auto parsed = nlohmann::json::parse(buffer.data(), nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object()) return std::nullopt;
  return parsed;
}

std::string text_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void download(const std::filesystem::path& path) { page_download(path.c_str()); }

}  // namespace

std::optional<page_start> started_from_page() {
  const auto start = page_text(0);
  if (!start) return std::nullopt;
  return page_start{text_field(*start, "query"), text_field(*start, "linkFile"), text_field(*start, "linkError"),
                    start->value("width", 1280), start->value("height", 720)};
}

host_message copy_link(const share_link& link) {
  page_copy_link(link.query.c_str(), link.file_name.c_str(), link.file_text.c_str());
  return {link.file_text.empty() ? "Making the link..." : "Packing " + link.file_name + " into the link...", false, {}};
}

std::optional<host_message> take_host_message() {
  const auto message = page_text(1);
  if (!message) return std::nullopt;
  return host_message{text_field(*message, "text"), message->value("error", false), text_field(*message, "opened")};
}

bool has_file_picker() { return page_text_length(0) >= 0; }

std::string runtime_description() {
  char text[256] = {};
  copy_runtime_text(text, sizeof text);
  return text;
}

std::string gl_renderer() {
  char text[256] = {};
  copy_gl_renderer(text, sizeof text);
  return text;
}

void pick_file() { page_pick_file(); }

recording_formats video_outputs() {
  char method[32] = {};
  copy_recording_method(method, sizeof method);
  const std::string how =
      std::string(method) == "VideoEncoder"
          ? "VP8 by the browser's VideoEncoder at exact frame times: it plays at true speed"
      : std::string(method) == "MediaRecorder"
          ? "the browser's MediaRecorder (no VideoEncoder here): it plays at the speed the page drew"
          : "this browser records no .webm (neither VideoEncoder nor MediaRecorder)";
  return {".webm", "Record into (.webm, or a folder/ for PNGs):\nVideo: " + how};
}

void status_changed(const std::string& text) { std::printf("framelab: status: %s\n", text.c_str()); }

void deliver_saved_files() {
  if (has_file_picker()) set_saved_file_observer(download);
}

}  // namespace framelab::platform

namespace framelab {

// The page's canvas is always there to draw on: SDL's emscripten driver.
std::optional<std::string> choose_video_driver(bool) { return std::nullopt; }

}  // namespace framelab
