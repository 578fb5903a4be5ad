#!/usr/bin/env bash
# Prepares the browser build with Debian's packages only (run.sh web and test.sh's web stage
# call it; a second run does nothing):
#   1. installs emscripten, chromium (the web test's browser) and dpkg-dev (apt-get source);
#   2. adds a deb-src entry for Debian's archive if there is none, so that
#   3. `apt-get source` unpacks SDL2 and Dear ImGui, the desktop's own versions, under
#      build/web-deps/src;
#   4. copies emscripten's cache of system libraries to build/web-deps/emcache (EM_CACHE);
#   5. builds SDL2 (its own emscripten backend) and ImGui (with its SDL2 and OpenGL ES 3 =
#      WebGL2 backends) with emcc, once.
# Nothing else is downloaded and nothing of it is committed. Folders: cmake/web/env.sh.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$framelab_root"

./cmake/install_dependencies.sh emscripten chromium dpkg-dev >&2
mkdir -p "$FRAMELAB_WEB_DEPS"
deps=$FRAMELAB_WEB_DEPS
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

# [SECTION] Sources: SDL2 and ImGui at the versions the desktop build links
source_version() { dpkg-query -W -f='${source:Version}' "$1"; }
sdl2_version=$(source_version libsdl2-dev)
imgui_version=$(source_version libimgui-dev)
# dpkg-source unpacks into NAME-VERSION without the Debian revision: libsdl2-2.26.5+dfsg
sdl2_src=$deps/src/libsdl2-${sdl2_version%-*}
imgui_src=$deps/src/imgui-${imgui_version%-*}
have_deb_src() {
  grep -Eqs '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    /etc/apt/sources.list.d/*.sources
}
if [ ! -f "$deps/src/.fetched-$sdl2_version-$imgui_version" ]; then
  if ! have_deb_src; then
    echo "framelab web: adding Debian's source packages to apt (/etc/apt/sources.list.d/framelab-deb-src.sources)" >&2
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm bookworm-updates' \
      'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
      "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/framelab-deb-src.sources > /dev/null
    "${sudo_cmd[@]}" apt-get update -q >&2
  fi
  rm -rf "$deps/src"
  mkdir -p "$deps/src"
  echo "framelab web: apt-get source libsdl2=$sdl2_version imgui=$imgui_version" >&2
  (cd "$deps/src" && apt-get source -q "libsdl2=$sdl2_version" "imgui=$imgui_version" > fetch.log 2>&1) || {
    cat "$deps/src/fetch.log" >&2
    exit 1
  }
  touch "$deps/src/.fetched-$sdl2_version-$imgui_version"
fi
[ -d "$sdl2_src" ] || { echo "framelab web: $sdl2_src missing after apt-get source" >&2; exit 1; }
[ -d "$imgui_src" ] || { echo "framelab web: $imgui_src missing after apt-get source" >&2; exit 1; }

# [SECTION] emscripten's cache, copied so that builds never write into the system
if [ ! -f "$EM_CACHE/.copied" ]; then
  rm -rf "$EM_CACHE"
  cp -a /usr/share/emscripten/cache "$EM_CACHE"
  touch "$EM_CACHE/.copied"
fi

# [SECTION] Compiling a library's sources for WebAssembly, two at a time, into one archive
# build_archive DIR NAME DRIVER FLAGS... -- FILES...: compiles FILES (paths relative to the
# current folder, a library's source root) into DIR/lib/libNAME.a; objects in DIR/obj are
# named after the paths, so equal file names in two folders do not collide. DRIVER is emcc
# (C) or em++ (C++); it is asked once for the flags it would give clang (--cflags, with the
# FLAGS that are emscripten settings, -s..., and the -O level), and clang compiles each file
# with those and the other FLAGS: the same objects, byte for byte, without starting emcc's
# Python for each file (SDL2's 131 files: 20 CPU s against 47).
build_archive() {
  local dir=$1 name=$2 driver=$3
  shift 3
  local settings=() flags=()
  while [ "$1" != "--" ]; do
    case "$1" in
      -s* | -O*) settings+=("$1") ;;
      *) flags+=("$1") ;;
    esac
    shift
  done
  shift
  local compiler=clang driver_flags version
  [ "$driver" = em++ ] && compiler=clang++
  version=$(em-config CLANG_ADD_VERSION)  # Debian's: clang-14, as emcc itself runs it
  compiler="$(em-config LLVM_ROOT)/$compiler${version:+-$version}"
  read -r -a driver_flags <<< "$("$driver" --cflags "${settings[@]}")"
  rm -rf "$dir/obj" && mkdir -p "$dir/obj" "$dir/lib"
  printf '%s\n' "$@" |
    xargs -P 2 -I{} sh -c 'out="$1/$(echo "{}" | tr / _).o"; shift; "$@" -c "{}" -o "$out"' sh "$dir/obj" \
      "$compiler" "${driver_flags[@]}" "${flags[@]}" || return 1
  (cd "$dir/obj" && emar rcs "$dir/lib/lib$name.a" ./*.o)
}

# [SECTION] SDL2 with its own emscripten backend, as SDL configures itself for emscripten
# (include/SDL_config_emscripten.h: video, events, WebGL, no threads) and without its CMake:
# its ~160 feature checks each start emcc and took 5-7 minutes on the 2-core host, the
# compile itself under a minute. The folders are the drivers that configuration names.
sdl2_folders=(. atomic audio audio/disk audio/dummy audio/emscripten cpuinfo dynapi events file filesystem/emscripten
              haptic haptic/dummy joystick joystick/emscripten libm loadso/dlopen locale locale/emscripten misc
              misc/emscripten power power/emscripten render render/opengles2 render/software sensor sensor/dummy
              stdlib thread thread/generic timer timer/unix video video/emscripten video/yuv2rgb)
if [ ! -f "$deps/sdl2/lib/libSDL2.a" ]; then
  echo "framelab web: building SDL2 $sdl2_version with emcc (log: $deps/sdl2-build.log)" >&2
  rm -rf "$deps/sdl2"
  mkdir -p "$deps/sdl2/include/SDL2"
  cp "$sdl2_src"/include/*.h "$deps/sdl2/include/SDL2/"
  sdl2_files=()
  for folder in "${sdl2_folders[@]}"; do
    for file in "$sdl2_src/src/$folder"/*.c; do sdl2_files+=("src/$folder/$(basename "$file")"); done
  done
  sdl2_files+=(src/hidapi/SDL_hidapi.c)
  if ! (cd "$sdl2_src" && build_archive "$deps/sdl2" SDL2 emcc -O2 -Iinclude -- "${sdl2_files[@]}") \
         > "$deps/sdl2-build.log" 2>&1; then
    tail -40 "$deps/sdl2-build.log" >&2
    rm -f "$deps/sdl2/lib/libSDL2.a"
    exit 1
  fi
fi

# [SECTION] The header folders the web build sees (Debian's header-only libraries)
mkdir -p "$deps/include"
for folder in /usr/include/glm /usr/include/nlohmann /usr/include/CLI /usr/include/fmt /usr/include/stb /usr/include/eigen3; do
  ln -sfn "$folder" "$deps/include/$(basename "$folder")"
done

# [SECTION] Dear ImGui, its std::string helpers and its SDL2 + OpenGL3 backends; the backend
# speaks OpenGL ES 3 (WebGL2)
imgui_sources=(imgui.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp imgui_demo.cpp misc/cpp/imgui_stdlib.cpp
               backends/imgui_impl_sdl.cpp backends/imgui_impl_opengl3.cpp)
if [ ! -f "$deps/imgui/lib/libimgui.a" ]; then
  echo "framelab web: building Dear ImGui $imgui_version with emcc" >&2
  rm -rf "$deps/imgui"
  mkdir -p "$deps/imgui/include/imgui/backends"
  cp "$imgui_src"/*.h "$imgui_src"/misc/cpp/imgui_stdlib.h "$deps/imgui/include/imgui/"
  cp "$imgui_src"/backends/imgui_impl_sdl.h "$imgui_src"/backends/imgui_impl_opengl3*.h "$deps/imgui/include/imgui/backends/"
  (cd "$imgui_src" && build_archive "$deps/imgui" imgui em++ -std=c++20 -O2 -DIMGUI_IMPL_OPENGL_ES3 -sUSE_SDL=0 -I. \
                        -I"$deps/sdl2/include/SDL2" -I"$deps/include/stb" -- "${imgui_sources[@]}") || exit 1
fi
