#pragma once
// Writes an RGB image as a PNG file (stb_image_write). No GL: the back buffer capture
// (app/png_writer.hpp) and the PNG folder of a recording (app/png_sequence.hpp) use it.
#include <optional>
#include <string>

namespace framelab {

// Writes width*height RGB pixels, rows top-down, straight to `path` (callers that need
// an atomic replace write a temporary name and rename it). Returns the reason on failure.
std::optional<std::string> write_png_file(const std::string& path, int width, int height, const unsigned char* rgb);

}  // namespace framelab
