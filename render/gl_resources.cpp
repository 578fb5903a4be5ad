#include "render/gl_resources.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace framelab::render {

namespace {

GLuint compile(GLenum type, std::initializer_list<std::string_view> files) {
  std::vector<const char*> sources = {glsl_header};
  std::vector<GLint> lengths = {-1};
  for (const std::string_view file : files) {
    const std::string_view text = shader_source(file);
    if (text.empty()) throw std::runtime_error("shader " + std::string(file) + " is not embedded in the binary");
    sources.push_back(text.data());
    lengths.push_back(static_cast<GLint>(text.size()));
  }
  const std::string name(*(files.end() - 1));
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, static_cast<GLsizei>(sources.size()), sources.data(), lengths.data());
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    glDeleteShader(shader);
    throw std::runtime_error("shader " + name + " failed to compile: " + log);
  }
  return shader;
}

const char* gl_error_name(GLenum error) {
  switch (error) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "an unknown GL error";
  }
}

}  // namespace

void shader_program::create(std::string_view vertex_file, std::initializer_list<std::string_view> fragment_files) {
  const GLuint vs = compile(GL_VERTEX_SHADER, {vertex_file});
  GLuint fs = 0;
  try {
    fs = compile(GL_FRAGMENT_SHADER, fragment_files);
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  glLinkProgram(id_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(id_, sizeof log, nullptr, log);
    throw std::runtime_error("shader program " + std::string(vertex_file) + " + " +
                             std::string(*(fragment_files.end() - 1)) + " failed to link: " + log);
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

void gpu_mesh::draw_instanced(GLsizei instances) const {
  glDrawElementsInstanced(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr, instances);
}

void stream_buffer::create() {
  glGenBuffers(1, &id_);
  capacity_ = 0;
}

void stream_buffer::destroy() {
  if (id_ != 0) glDeleteBuffers(1, &id_);
  id_ = 0;
  capacity_ = 0;
}

std::optional<std::string> stream_buffer::begin_frame(std::size_t bytes) {
  glBindBuffer(GL_ARRAY_BUFFER, id_);
  if (bytes > capacity_) {
    const std::size_t wanted = std::max(bytes, 2 * capacity_);
    take_gl_error();  // so that the check below sees this allocation's error only
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(wanted), nullptr, GL_STREAM_DRAW);
    if (auto error = take_gl_error()) {
      capacity_ = 0;
      return "could not allocate " + std::to_string((wanted >> 20) + 1) + " MiB of GPU memory for the drawing (" +
             *error + ")";
    }
    capacity_ = wanted;
  } else if (capacity_ > 0) {
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_), nullptr, GL_STREAM_DRAW);  // orphan
  }
  return std::nullopt;
}

void stream_buffer::write(std::size_t offset, const void* data, std::size_t bytes) const {
  if (bytes > 0) glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), data);
}

void stream_buffer::bind() const {
  glBindBuffer(GL_ARRAY_BUFFER, id_);
}

std::optional<std::string> take_gl_error() {
  const GLenum first = glGetError();
  if (first == GL_NO_ERROR) return std::nullopt;
  for (int k = 0; k < 16 && glGetError() != GL_NO_ERROR; ++k) {
  }
  return std::string(gl_error_name(first));
}

}  // namespace framelab::render
