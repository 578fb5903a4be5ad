#pragma once
// Writing files so that a failed save never destroys the previous version:
// write a temporary file next to the target, flush it to the disk (fsync), then
// rename it over the target (rename is atomic within one directory on POSIX file
// systems). Every save in framelab goes through here: presets, settings, benchmark
// exports, `sim --csv`, screenshots.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace framelab {

// Returns the reason on failure (missing directory, read-only directory, full
// disk...); the old file, if any, is then left intact.
std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::string_view content);

// For writers that stream (a long CSV, an encoder): write to temporary_path_for(path),
// close it, then commit_temporary_file. The temporary sits next to the target, so the
// rename stays within one directory.
std::filesystem::path temporary_path_for(const std::filesystem::path& path);

// fsyncs `temp` and renames it over `path`. On failure `temp` is removed, the old
// file is left intact, and the reason is returned ("cannot replace: ...").
std::optional<std::string> commit_temporary_file(const std::filesystem::path& temp, const std::filesystem::path& path);

// Called with each file a save has just put in place (commit_temporary_file, so every
// save above): the browser version hands it to the browser as a download
// (app/platform/web.cpp). None by default.
void set_saved_file_observer(void (*observer)(const std::filesystem::path& path));

// Reads a whole regular file of at most max_bytes. Returns the reason on failure.
std::optional<std::string> read_small_file(const std::filesystem::path& path, std::size_t max_bytes,
                                           std::string& content);

}  // namespace framelab
