#!/usr/bin/env bash
# Installs the Debian packages framelab needs, skipping those already installed.
# Used by run.sh and test.sh; uses sudo when not root. Arguments name further packages
# (cmake/web/setup.sh: the browser build's).
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  lld  # the linker (cmake/linker.cmake; GNU ld where it is missing)
  libsdl2-dev libimgui-dev libglm-dev python3-glad
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libstb-dev
  libfmt-dev  # header-only: Dragonbox for number text where std::to_chars has no floating point (the browser)
  libgl1-mesa-dri xvfb xauth
  fonts-dejavu-core  # the interface font (DejaVu Sans, found at run time; ImGui's built-in font otherwise)
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev  # recordings: H.264 .mp4 (libx264 comes with libavcodec), GIF
  libeigen3-dev  # benchmarks only: Eigen's AutoDiffScalar as the reference in `framelab bench ad`
  clang-16 libclang-rt-16-dev  # tests only: libFuzzer (tests/fuzz); clang 14 cannot compile GCC 12's <ranges>
  "$@"
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "framelab: installing missing Debian packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "framelab: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
