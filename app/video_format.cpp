#include "app/video_format.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace framelab {

std::optional<std::string> video_format_for(const std::string& path, video_format& format) {
  if (path.empty()) return std::string("needs a file name (") + supported_video_outputs + ")";
  std::error_code ec;
  if (path.back() == '/' || std::filesystem::is_directory(path, ec)) {
    format = video_format::png_folder;
    return std::nullopt;
  }
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".mp4") {
    format = video_format::mp4;
  } else if (extension == ".gif") {
    format = video_format::gif;
  } else if (extension == ".webm") {
    format = video_format::webm;
  } else if (extension.empty()) {
    return path + ": no extension; use " + supported_video_outputs;
  } else {
    return path + ": unknown extension '" + extension + "'; use " + supported_video_outputs;
  }
  return std::nullopt;
}

bool needs_even_sides(video_format format) {
  return format == video_format::mp4 || format == video_format::webm;
}

std::optional<std::string> check_video_size(video_format format, int width, int height) {
  if (width < 1 || height < 1) {
    return "frame size " + std::to_string(width) + "x" + std::to_string(height) + " is empty";
  }
  if (needs_even_sides(format) && (width % 2 != 0 || height % 2 != 0)) {
    return std::string(format == video_format::mp4 ? "H.264 (.mp4)" : "VP8 (.webm)") +
           " needs an even width and height, got " + std::to_string(width) + "x" + std::to_string(height) +
           " (use .gif or a folder for odd sizes)";
  }
  return std::nullopt;
}

std::optional<std::string> check_video_output(const std::string& path, video_format format) {
  namespace fs = std::filesystem;
  std::string name = path;
  while (name.size() > 1 && name.back() == '/') name.pop_back();
  const fs::path target(name);
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(parent, ec)) return path + ": the folder it goes in (" + parent.string() + ") does not exist";
  const bool exists = fs::exists(target, ec);
  const bool is_folder = fs::is_directory(target, ec);
  if (format != video_format::png_folder) {
    if (is_folder) return path + ": is a folder";
    return std::nullopt;
  }
  if (exists && !is_folder) return path + ": exists and is not a folder";
  if (exists && !fs::is_empty(target, ec))
    return path + ": the folder is not empty; record into a new or an empty folder";
  return std::nullopt;
}

int gif_frame_stride(int fps) {
  int k = 1;
  while (fps / k > max_gif_fps || fps % k != 0) ++k;
  return k;
}

}  // namespace framelab
