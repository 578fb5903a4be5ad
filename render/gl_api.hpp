#pragma once
// The one place that decides which OpenGL the program speaks and how its functions are
// reached: OpenGL 3.3 core through glad's loader on the desktop, OpenGL ES 3.0 (WebGL2)
// from emscripten's headers in the browser. Every other file includes this header and
// uses only what both have (no geometry shaders, no glPolygonMode, no double attributes,
// no texture buffers), so one renderer and one set of shaders serve both.
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif

namespace framelab::render {

// The first lines of every shader, prepended at load (shaders/*.vert|frag start without a
// #version line): the GLSL version, and for OpenGL ES the default precisions ES requires.
#ifdef __EMSCRIPTEN__
inline constexpr const char* glsl_header = "#version 300 es\nprecision highp float;\nprecision highp int;\n";
inline constexpr const char* glsl_version_line = "#version 300 es";
#else
inline constexpr const char* glsl_header = "#version 330 core\n";
inline constexpr const char* glsl_version_line = "#version 330 core";
#endif

// Point sprites sized by the vertex shader's gl_PointSize: always so in OpenGL ES, a switch
// in desktop OpenGL.
inline void enable_program_point_size() {
#ifndef __EMSCRIPTEN__
  glEnable(GL_PROGRAM_POINT_SIZE);
#endif
}

// The smallest and largest point sizes (pixels) gl_PointSize may set: one query in OpenGL ES,
// another name for it in the desktop's core profile.
#ifdef __EMSCRIPTEN__
inline constexpr GLenum point_size_range_query = GL_ALIASED_POINT_SIZE_RANGE;
#else
inline constexpr GLenum point_size_range_query = GL_POINT_SIZE_RANGE;
#endif

}  // namespace framelab::render
