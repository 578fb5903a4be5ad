#include "app/png_file.hpp"

#include <stb_image_write.h>

namespace framelab {

std::optional<std::string> write_png_file(const std::string& path, int width, int height, const unsigned char* rgb) {
  if (stbi_write_png(path.c_str(), width, height, 3, rgb, width * 3) == 0) {
    return path + ": cannot write the PNG (does the directory exist and is it writable?)";
  }
  return std::nullopt;
}

}  // namespace framelab
