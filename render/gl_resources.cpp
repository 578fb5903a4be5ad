#include "render/gl_resources.hpp"

#include <stdexcept>
#include <vector>

namespace framelab::render {

namespace {

GLuint compile(GLenum type, std::string_view file) {
  const std::string_view text = shader_source(file);
  if (text.empty()) throw std::runtime_error("shader " + std::string(file) + " is not embedded in the binary");
  const GLuint shader = glCreateShader(type);
  const char* source = text.data();
  const auto length = static_cast<GLint>(text.size());
  glShaderSource(shader, 1, &source, &length);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    glDeleteShader(shader);
    throw std::runtime_error("shader " + std::string(file) + " failed to compile: " + log);
  }
  return shader;
}

}  // namespace

void shader_program::create(std::string_view vertex_file, std::string_view fragment_file,
                            std::string_view geometry_file) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_file);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_file);
  const GLuint gs = geometry_file.empty() ? 0 : compile(GL_GEOMETRY_SHADER, geometry_file);
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  if (gs != 0) glAttachShader(id_, gs);
  glLinkProgram(id_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  if (gs != 0) glDeleteShader(gs);
  GLint ok = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(id_, sizeof log, nullptr, log);
    throw std::runtime_error("shader program " + std::string(vertex_file) + " + " + std::string(fragment_file) +
                             " failed to link: " + log);
  }
}

void shader_program::destroy() {
  if (id_ != 0) glDeleteProgram(id_);
  id_ = 0;
}

void gpu_mesh::upload(const mesh_data& mesh) {
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(mesh_vertex)),
               mesh.vertices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
               mesh.indices.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(mesh_vertex),
                        reinterpret_cast<void*>(offsetof(mesh_vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(mesh_vertex),
                        reinterpret_cast<void*>(offsetof(mesh_vertex, normal)));
  glBindVertexArray(0);
  index_count_ = static_cast<GLsizei>(mesh.indices.size());
}

void gpu_mesh::destroy() {
  if (vao_ != 0) {
    glDeleteBuffers(1, &ebo_);
    glDeleteBuffers(1, &vbo_);
    glDeleteVertexArrays(1, &vao_);
  }
  vao_ = vbo_ = ebo_ = 0;
}

void gpu_mesh::draw() const {
  glBindVertexArray(vao_);
  glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);
}

}  // namespace framelab::render
