# The browser build's dependencies (CMakeLists.txt includes this instead of its find_package
# calls when emscripten compiles): the targets the desktop build gets from Debian's packages,
# here over what cmake/web/setup.sh prepared under build/web-deps (cmake/web/env.sh).
#   glm, nlohmann-json, CLI11, fmt, stb, Eigen (bench ad)   Debian's headers, links in build/web-deps/include
#   SDL2                             built by emcc from Debian's source (its emscripten backend)
#   ImGui                            built by emcc from Debian's source, backends for SDL2 + ES 3
#   Threads                          none: the page runs on one thread (no SharedArrayBuffer)
#   glad                             none: render/gl_api.hpp includes <GLES3/gl3.h>
set(FRAMELAB_WEB_DEPS "${PROJECT_SOURCE_DIR}/build/web-deps" CACHE PATH "What cmake/web/setup.sh prepared")
if(NOT EXISTS "${FRAMELAB_WEB_DEPS}/imgui/lib/libimgui.a" OR NOT EXISTS "${FRAMELAB_WEB_DEPS}/sdl2/lib/libSDL2.a")
  message(FATAL_ERROR "framelab web: run cmake/web/setup.sh first (it builds SDL2 and ImGui into ${FRAMELAB_WEB_DEPS})")
endif()

# C++ exceptions (the code throws and catches: CLI11, the loaders) and memory that grows
# with big scenes. The exceptions are WebAssembly's own (-fwasm-exceptions: Chrome 95, Firefox
# 100, Safari 15.2, node 17 and later), thrown and caught inside the WebAssembly; emscripten's
# JavaScript ones (-fexceptions) send every call that may throw past a destructor or a catch
# (15,849 of the program's 87,314 call sites) out to a JavaScript invoke_* wrapper and back.
# They also run destructors for the JavaScript exception by which app/platform/web.cpp hands the
# frames to the browser (emscripten_set_main_loop's simulate_infinite_loop): what the frames use
# lives on the heap (app/gui_app.cpp's gui_session), not on main's stack.
# -mbulk-memory: memcpy, memmove and memset as WebAssembly's memory.copy and memory.fill (a
# trail's 900 points moved each step by vector::erase were 38 % of tennis-racket's time in a
# byte loop); -mnontrapping-fptoint: float-to-int conversions without a range check each.
# Both: Chrome 75, Firefox 79, Safari 15, node 12 and later.
# -msimd128: WebAssembly's 128-bit SIMD for clang's vectoriser (Chrome 91, Firefox 89, Safari
# 16.4): the hierarchy sweeps 3-7 % faster under node, carousel's `sim` ~20 % (README).
set(framelab_web_code_flags -fwasm-exceptions -mbulk-memory -mnontrapping-fptoint -msimd128)
add_compile_options(${framelab_web_code_flags})
add_link_options(${framelab_web_code_flags} -sALLOW_MEMORY_GROWTH=1)

# wasm-ld takes whole archives as GNU ld does (ui/CMakeLists.txt links framelab_ui whole);
# CMake's Emscripten platform does not declare it.
set(CMAKE_CXX_LINK_LIBRARY_USING_WHOLE_ARCHIVE "-Wl,--whole-archive <LIBRARY> -Wl,--no-whole-archive")
set(CMAKE_CXX_LINK_LIBRARY_USING_WHOLE_ARCHIVE_SUPPORTED TRUE)

function(framelab_web_headers target)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  target_include_directories(${target} SYSTEM INTERFACE "${FRAMELAB_WEB_DEPS}/include")
endfunction()
framelab_web_headers(glm::glm)
framelab_web_headers(nlohmann_json::nlohmann_json)
framelab_web_headers(CLI11::CLI11)
framelab_web_headers(fmt::fmt-header-only)
target_compile_definitions(fmt::fmt-header-only INTERFACE FMT_HEADER_ONLY=1)
framelab_web_headers(PkgConfig::STB)
target_include_directories(PkgConfig::STB SYSTEM INTERFACE "${FRAMELAB_WEB_DEPS}/include/stb")
add_library(Threads::Threads INTERFACE IMPORTED GLOBAL)
add_library(framelab_glad INTERFACE)

# -sUSE_SDL=0 keeps emcc's SDL 1.2 headers off the include path.
add_library(SDL2::SDL2 STATIC IMPORTED GLOBAL)
set_target_properties(SDL2::SDL2 PROPERTIES IMPORTED_LOCATION "${FRAMELAB_WEB_DEPS}/sdl2/lib/libSDL2.a")
target_include_directories(SDL2::SDL2 SYSTEM INTERFACE "${FRAMELAB_WEB_DEPS}/sdl2/include/SDL2")
target_compile_options(SDL2::SDL2 INTERFACE -sUSE_SDL=0)
target_link_options(SDL2::SDL2 INTERFACE -sUSE_SDL=0)

add_library(PkgConfig::IMGUI STATIC IMPORTED GLOBAL)
set_target_properties(PkgConfig::IMGUI PROPERTIES IMPORTED_LOCATION "${FRAMELAB_WEB_DEPS}/imgui/lib/libimgui.a")
target_compile_definitions(PkgConfig::IMGUI INTERFACE IMGUI_IMPL_OPENGL_ES3)
set(IMGUI_INCLUDE_DIRS "${FRAMELAB_WEB_DEPS}/imgui/include/imgui")
set(IMGUI_BACKENDS_DIR "${IMGUI_INCLUDE_DIRS}/backends" CACHE PATH "ImGui's SDL2 and OpenGL3 backends")
target_link_libraries(PkgConfig::IMGUI INTERFACE SDL2::SDL2)
