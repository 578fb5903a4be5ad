#!/usr/bin/env bash
# Installs what is missing, builds and runs every test:
#   1. the unit tests, and the app driven by a GUI script under xvfb-run, with
#      AddressSanitizer + UndefinedBehaviorSanitizer (build/asan);
#   2. the threaded tests under ThreadSanitizer (build/tsan);
#   3. the libFuzzer targets, each for a bounded time (build/fuzz; tests/fuzz/run_fuzzers.sh);
#   4. every test, GUI tests under xvfb-run, in the Release build (build/release).
# Warnings are errors. The last lines are ctest's summary of the Release run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
./cmake/install_dependencies.sh

cmake --preset asan
cmake --build --preset asan
ctest --preset asan

cmake --preset tsan
cmake --build --preset tsan
ctest --preset tsan

FRAMELAB_FUZZ_SECONDS=${FRAMELAB_FUZZ_SECONDS:-60} tests/fuzz/run_fuzzers.sh

cmake --preset release -DFRAMELAB_WERROR=ON
cmake --build --preset release
ctest --preset release
