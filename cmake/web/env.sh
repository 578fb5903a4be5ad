# Sourced by cmake/web/setup.sh, run.sh web and tests/web: where the browser build keeps what
# it caches, and the environment Debian's emscripten needs.
#   build/web-deps/src      SDL2 and Dear ImGui, unpacked by `apt-get source` (Debian's versions)
#   build/web-deps/emcache  a copy of emscripten's cache of system libraries (EM_CACHE): builds
#                           write there, never into /usr/share/emscripten
#   build/web-deps/sdl2     SDL2 built with emcc (its own emscripten backend), installed
#   build/web-deps/imgui    Dear ImGui's sources and its SDL2 + OpenGL ES 3 backends built with emcc
#   build/web-deps/include  links to the header folders the web build may see (never /usr/include
#                           itself: that pulls glibc's headers in)
#   build/web               the CMake build of framelab (emcmake); build/web/framelab.html
framelab_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export FRAMELAB_WEB_DEPS=$framelab_root/build/web-deps
export FRAMELAB_WEB_BUILD=$framelab_root/build/web
export EM_CACHE=$FRAMELAB_WEB_DEPS/emcache
# emcc's JavaScript optimiser finds Debian's acorn only here.
export NODE_PATH=/usr/share/nodejs
