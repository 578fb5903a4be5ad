#include "app/png_sequence.hpp"

#include <cstdio>

#include "app/png_file.hpp"
#include "common/atomic_file.hpp"

namespace framelab {

namespace fs = std::filesystem;

png_sequence::~png_sequence() {
  discard();
}

std::string png_sequence::frame_name(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%05d.png", index);
  return name;
}

std::optional<std::string> png_sequence::open(const std::string& path, int width, int height) {
  std::string folder = path;
  while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
  folder_ = folder;
  std::error_code ec;
  const fs::path temporary = temporary_path_for(folder_);
  if (!fs::create_directory(temporary, ec) || ec) {
    return path + ": cannot create a folder next to it: " + (ec ? ec.message() : "it exists already");
  }
  temporary_ = temporary;
  width_ = width;
  height_ = height;
  rgb_.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  return std::nullopt;
}

std::optional<std::string> png_sequence::add_frame(const unsigned char* rgba_bottom_up) {
  if (temporary_.empty() || failed_) return folder_.string() + ": the recording is not open";
  const auto w = static_cast<std::size_t>(width_);
  const auto h = static_cast<std::size_t>(height_);
  // GL's first row is the bottom of the picture, a PNG's the top; the alpha is dropped.
  for (std::size_t y = 0; y < h; ++y) {
    const unsigned char* src = rgba_bottom_up + (h - 1 - y) * w * 4;
    unsigned char* dst = rgb_.data() + y * w * 3;
    for (std::size_t x = 0; x < w; ++x) {
      dst[3 * x + 0] = src[4 * x + 0];
      dst[3 * x + 1] = src[4 * x + 1];
      dst[3 * x + 2] = src[4 * x + 2];
    }
  }
  const std::string file = (temporary_ / frame_name(frames_)).string();
  if (auto error = write_png_file(file, width_, height_, rgb_.data())) {
    failed_ = true;
    return folder_.string() + ": frame " + std::to_string(frames_) + ": " + *error;
  }
  ++frames_;
  return std::nullopt;
}

std::optional<std::string> png_sequence::finish() {
  if (temporary_.empty() || failed_) {
    discard();
    return folder_.string() + ": the recording failed; nothing was written";
  }
  std::error_code ec;
  fs::rename(temporary_, folder_, ec);
  if (ec) {
    discard();
    return folder_.string() + ": cannot move the frames into place: " + ec.message();
  }
  temporary_.clear();
  return std::nullopt;
}

void png_sequence::discard() {
  if (temporary_.empty()) return;
  std::error_code ec;
  fs::remove_all(temporary_, ec);
  temporary_.clear();
}

}  // namespace framelab
