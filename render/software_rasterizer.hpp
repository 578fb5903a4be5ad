#pragma once
// Whether an OpenGL renderer runs its rasterizer on the CPU. There every fragment of a hidden
// ball costs the same cores the simulation runs on, and culling the hidden balls of a large
// batch before drawing (render/sphere_occlusion.hpp) shortens the frame (100,000 balls under
// llvmpipe: 65 ms against 85); a GPU draws them for next to nothing, and the culling would only
// add its CPU time (~45 ns per ball with AVX2, ~80 without, more in WebAssembly).
#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace framelab::render {

// `renderer`: GL_RENDERER, or in a browser its unmasked WebGL renderer (WEBGL_debug_renderer_info).
// Software: Mesa's llvmpipe, softpipe and swrast; Google's SwiftShader (Chrome's WebGL without a
// usable GPU); Microsoft's WARP ("Basic Render Driver", under ANGLE in browsers on Windows) and
// "GDI Generic"; Apple's "Software Renderer". Compared ignoring case.
inline bool software_rasterizer(std::string_view renderer) {
  constexpr std::array<std::string_view, 7> names = {"llvmpipe",     "softpipe",           "swrast",     "swiftshader",
                                                      "basic render", "software renderer", "gdi generic"};
  const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  return std::any_of(names.begin(), names.end(), [&](std::string_view name) {
    return std::search(renderer.begin(), renderer.end(), name.begin(), name.end(),
                       [&](char a, char b) { return lower(a) == b; }) != renderer.end();
  });
}

}  // namespace framelab::render
