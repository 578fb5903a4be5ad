#include "app/world_files.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

namespace framelab {

std::filesystem::path worlds_directory() {
  if (const char* dir = std::getenv("FRAMELAB_WORLDS"); dir != nullptr && dir[0] != '\0') return dir;
  return std::filesystem::path(FRAMELAB_ASSETS_DIR) / "worlds";
}

std::vector<std::string> find_world_files(const std::filesystem::path& dir) { return files_with_extension(dir, ".json"); }

std::vector<std::string> files_with_extension(const std::filesystem::path& dir, const std::string& extension) {
  std::vector<std::string> files;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == extension && it->is_regular_file(ec)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace framelab
