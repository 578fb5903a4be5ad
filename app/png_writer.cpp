#include "app/png_writer.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "app/png_file.hpp"
#include "common/atomic_file.hpp"
#include "render/gl_api.hpp"

namespace framelab {

std::optional<std::string> write_back_buffer_png(const std::string& path, int width, int height) {
  // RGBA is the one format OpenGL ES (WebGL2) always reads back; the PNG keeps RGB, rows top first.
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<unsigned char> pixels(w * h * 4);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<unsigned char> flipped(w * h * 3);
  for (std::size_t y = 0; y < h; ++y) {
    const unsigned char* src = pixels.data() + (h - 1 - y) * w * 4;
    unsigned char* dst = flipped.data() + y * w * 3;
    for (std::size_t x = 0; x < w; ++x) std::copy(src + 4 * x, src + 4 * x + 3, dst + 3 * x);
  }
  const std::string temp = temporary_path_for(path).string();
  if (write_png_file(temp, width, height, flipped.data())) {
    std::error_code ec;
    std::filesystem::remove(temp, ec);
    return path + ": cannot write the PNG (does the directory exist and is it writable?)";
  }
  if (auto error = commit_temporary_file(temp, path)) return path + ": " + *error;
  return std::nullopt;
}

}  // namespace framelab
