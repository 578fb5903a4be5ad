#include "common/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>

namespace framelab {

namespace {
void (*saved_file_observer)(const std::filesystem::path&) = nullptr;

std::string describe(const std::filesystem::path& path, const std::string& what) {
  return path.string() + ": " + what;
}
}  // namespace

std::filesystem::path temporary_path_for(const std::filesystem::path& path) {
  return path.string() + ".tmp." + std::to_string(::getpid());
}

std::optional<std::string> commit_temporary_file(const std::filesystem::path& temp, const std::filesystem::path& path) {
  std::error_code ec;
  const int fd = ::open(temp.c_str(), O_RDONLY);
  const bool synced = fd >= 0 && ::fsync(fd) == 0;
  const int saved_errno = errno;
  if (fd >= 0) ::close(fd);
  if (!synced) {
    std::filesystem::remove(temp, ec);
    return std::string("cannot flush to disk: ") + std::strerror(saved_errno);
  }
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    return "cannot replace: " + ec.message();
  }
  if (saved_file_observer != nullptr) saved_file_observer(path);
  return std::nullopt;
}

void set_saved_file_observer(void (*observer)(const std::filesystem::path& path)) { saved_file_observer = observer; }

std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  const std::filesystem::path parent = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::error_code ec;
  if (!std::filesystem::is_directory(parent, ec)) return describe(path, "directory does not exist");
  if (std::filesystem::is_directory(path, ec)) return describe(path, "is a directory");
  const std::filesystem::path temp = temporary_path_for(path);
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr) return describe(path, std::string("cannot write: ") + std::strerror(errno));
  const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size();
  const bool flushed = std::fflush(file) == 0;
  const int saved_errno = errno;
  const bool closed = std::fclose(file) == 0;
  if (!written || !flushed || !closed) {
    std::filesystem::remove(temp, ec);
    return describe(path, std::string("write failed: ") + std::strerror(saved_errno));
  }
  if (auto error = commit_temporary_file(temp, path)) return describe(path, *error);
  return std::nullopt;
}

std::optional<std::string> read_small_file(const std::filesystem::path& path, std::size_t max_bytes,
                                           std::string& content) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return describe(path, "no such file");
  if (std::filesystem::is_directory(status)) return describe(path, "is a directory, not a file");
  if (!std::filesystem::is_regular_file(status)) return describe(path, "is not a regular file");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return describe(path, "cannot read size: " + ec.message());
  if (size > max_bytes) {
    return describe(path, "too large (" + std::to_string(size) + " bytes; at most " + std::to_string(max_bytes) + ")");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return describe(path, std::string("cannot open: ") + std::strerror(errno));
  content.assign(static_cast<std::size_t>(size), '\0');
  in.read(content.data(), static_cast<std::streamsize>(size));
  if (!in) return describe(path, "read failed");
  return std::nullopt;
}

}  // namespace framelab
