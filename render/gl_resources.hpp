#pragma once
// Thin owners of OpenGL objects: a linked shader program, a mesh on the GPU, and a
// buffer streamed anew every frame. Needs a current context (render/gl_api.hpp).
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "render/gl_api.hpp"
#include "render/primitive_mesh.hpp"

namespace framelab::render {

// Defined in the build-generated embedded_shaders.cpp (shaders/*.vert|frag).
std::string_view shader_source(std::string_view file_name);

class shader_program {
 public:
  // Compiles (each stage after render::glsl_header; a stage of several files, such as a
  // fragment shader after the shared lighting.frag, as their concatenation) and links;
  // throws std::runtime_error naming the file and the GL log on failure.
  void create(std::string_view vertex_file, std::initializer_list<std::string_view> fragment_files);
  void destroy();
  void use() const { glUseProgram(id_); }
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  GLuint id_ = 0;
};

// A unit mesh's vertices (attributes 0: position, 1: normal) and triangles, in a vertex
// array object that also takes the per-instance attributes the caller points at.
class gpu_mesh {
 public:
  void upload(const mesh_data& mesh);
  void destroy();
  void bind() const { glBindVertexArray(vao_); }
  void draw_instanced(GLsizei instances) const;

 private:
  GLuint vao_ = 0, vbo_ = 0, ebo_ = 0;
  GLsizei index_count_ = 0;
};

// An array buffer refilled every frame: its storage is orphaned at the start of each frame
// (the driver hands a fresh block while the GPU may still read the last frame's), and grows
// geometrically, never shrinking, so that steady frames allocate nothing.
class stream_buffer {
 public:
  void create();
  void destroy();
  // Binds the buffer to GL_ARRAY_BUFFER with room for `bytes`; an error message when the
  // storage could not grow (the GL is out of memory), nothing otherwise.
  std::optional<std::string> begin_frame(std::size_t bytes);
  // Copies `bytes` from `data` to `offset` of the bound buffer (offset + bytes <= begin_frame's bytes).
  void write(std::size_t offset, const void* data, std::size_t bytes) const;
  // Binds it to GL_ARRAY_BUFFER again (attribute pointers read the buffer bound when they are set).
  void bind() const;

 private:
  GLuint id_ = 0;
  std::size_t capacity_ = 0;
};

// The first OpenGL error raised since the last call (all of them cleared), as text, or nothing.
std::optional<std::string> take_gl_error();

}  // namespace framelab::render
