#!/usr/bin/env bash
# The web stage (test.sh's last, after the release stage, whose build/release/app/framelab it
# compares with): builds the browser version for tests (cmake/web/setup.sh once, then the
# web-test preset: the shipped page's -O3 objects, quick links without wasm-opt, in
# build/web-test), checks the page's size, compares `sim` under node with the desktop's
# (compare_sim.py) and opens the page for every scene and shipped file in headless Chromium
# (page_test.py). The times of its parts are printed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
start=$SECONDS
./cmake/web/setup.sh
echo "web: SDL2, ImGui and emscripten's cache ready in $((SECONDS - start)) s"
step=$SECONDS
cmake --preset web-test > /dev/null
cmake --build --preset web-test
echo "web: the page and the node program built in $((SECONDS - step)) s"
export FRAMELAB_WEB_BUILD=$PWD/build/web-test
size=$(stat -c %s "$FRAMELAB_WEB_BUILD/framelab.html")
echo "web: framelab.html (quick link) is $((size / 1024)) KB"
[ "$size" -le $((16 * 1024 * 1024)) ] || { echo "web: the page is over 16 MB"; exit 1; }
[ -x build/release/app/framelab ] || cmake --build --preset app
step=$SECONDS
tests/web/compare_sim.py
echo "web: sim compared in $((SECONDS - step)) s"
step=$SECONDS
tests/web/page_test.py
echo "web: pages checked in $((SECONDS - step)) s; the web stage took $((SECONDS - start)) s"
