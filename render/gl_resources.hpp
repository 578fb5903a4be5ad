#pragma once
// Thin owners of OpenGL objects: a linked shader program and a mesh on the GPU.
// Needs a current OpenGL 3.3 core context loaded by glad.
#include <string>
#include <string_view>

#include <glad/gl.h>

#include "render/primitive_mesh.hpp"

namespace framelab::render {

// Defined in the build-generated embedded_shaders.cpp (shaders/*.vert|frag|geom).
std::string_view shader_source(std::string_view file_name);

class shader_program {
 public:
  // Compiles and links; throws std::runtime_error naming the file and the GL log on failure.
  // A geometry stage is added when geometry_file is not empty.
  void create(std::string_view vertex_file, std::string_view fragment_file, std::string_view geometry_file = {});
  void destroy();
  void use() const { glUseProgram(id_); }
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  GLuint id_ = 0;
};

class gpu_mesh {
 public:
  void upload(const mesh_data& mesh);
  void destroy();
  void draw() const;

 private:
  GLuint vao_ = 0, vbo_ = 0, ebo_ = 0;
  GLsizei index_count_ = 0;
};

}  // namespace framelab::render
