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

std::string runtime_description() { return ""; }

}  // namespace framelab::platform
