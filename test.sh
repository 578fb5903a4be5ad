#!/usr/bin/env bash
# Installs what is missing, builds and runs every test through ctest:
#   1. the unit tests under AddressSanitizer + UndefinedBehaviorSanitizer (build/asan);
#   2. every test, GUI tests under xvfb-run, in the Release build (build/release).
# Warnings are errors. The last lines are ctest's summary of the full run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
./cmake/install_dependencies.sh

cmake --preset asan
cmake --build --preset asan
ctest --preset asan

cmake --preset release -DFRAMELAB_WERROR=ON
cmake --build --preset release
ctest --preset release
