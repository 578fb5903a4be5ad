#pragma once
// Writing files so that a failed save never destroys the previous version:
// write a temporary file next to the target, flush it, then rename it over the
// target (rename is atomic within one directory on POSIX file systems).
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace framelab {

// Returns the reason on failure (missing directory, read-only directory, full
// disk...); the old file, if any, is then left intact.
std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::string_view content);

// Reads a whole regular file of at most max_bytes. Returns the reason on failure.
std::optional<std::string> read_small_file(const std::filesystem::path& path, std::size_t max_bytes,
                                           std::string& content);

}  // namespace framelab
