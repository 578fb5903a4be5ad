// The desktop's side of app/platform/platform.hpp: the program owns its loop.
#include "app/platform/platform.hpp"

#include <SDL.h>

#include "render/gl_api.hpp"

namespace framelab::platform {

void run_frames(const std::function<bool()>& frame) {
  while (frame()) {
  }
}

bool host_paces_frames() { return false; }

const char* const gl_context_name = "OpenGL 3.3 core";

void request_gl_context() {
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
}

std::optional<std::string> load_gl() {
  const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress));
  if (version == 0) return std::string("glad could not load OpenGL functions");
  if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
    return "OpenGL 3.3 needed, got " + std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
           std::to_string(GLAD_VERSION_MINOR(version));
  }
  return std::nullopt;
}

std::string gl_renderer() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name != nullptr ? name : "";
}

std::string runtime_description() { return ""; }

recording_formats video_outputs() { return {".mp4", "Record into (.mp4, .gif, .webm, or a folder/ for PNGs):"}; }

std::optional<page_start> started_from_page() { return std::nullopt; }

host_message copy_link(const share_link& link) {
  const std::string text = "framelab.html" + link.query;
  if (SDL_SetClipboardText(text.c_str()) != 0) return {"Link not copied: " + std::string(SDL_GetError()), true, {}};
  if (!link.file_text.empty()) {
    return {"Copied " + text + " without the scene file " + link.file_name +
                ": a file of your own travels in links made in the browser version (open the file there, then "
                "File > Copy link)",
            true, {}};
  }
  return {"Copied " + text + " (put your page's address before framelab.html)", false, {}};
}

std::optional<host_message> take_host_message() { return std::nullopt; }

bool has_file_picker() { return false; }

void pick_file() {}

void status_changed(const std::string&) {}

void deliver_saved_files() {}

}  // namespace framelab::platform
