#pragma once
// Captures the current OpenGL back buffer and writes it as a PNG.
#include <optional>
#include <string>

namespace framelab {

// Reads (0, 0, width, height) of the back buffer (call before swapping), flips the
// rows (GL's origin is bottom-left) and writes an RGB PNG atomically. Returns the
// reason on failure.
std::optional<std::string> write_back_buffer_png(const std::string& path, int width, int height);

}  // namespace framelab
