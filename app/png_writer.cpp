#include "app/png_writer.hpp"

#include <glad/gl.h>

#include <filesystem>
#include <vector>

#include "app/png_file.hpp"
#include "common/atomic_file.hpp"

namespace framelab {

std::optional<std::string> write_back_buffer_png(const std::string& path, int width, int height) {
  const auto row_bytes = static_cast<std::size_t>(width) * 3;
  std::vector<unsigned char> pixels(row_bytes * static_cast<std::size_t>(height));
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<unsigned char> flipped(pixels.size());
  for (int y = 0; y < height; ++y) {
    const auto src = pixels.begin() + static_cast<std::ptrdiff_t>(row_bytes * static_cast<std::size_t>(height - 1 - y));
    std::copy(src, src + static_cast<std::ptrdiff_t>(row_bytes),
              flipped.begin() + static_cast<std::ptrdiff_t>(row_bytes * static_cast<std::size_t>(y)));
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
