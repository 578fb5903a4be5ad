#!/usr/bin/env bash
# The web stage (for test.sh, after the release stage, whose build/release/app/framelab it
# compares with): builds the browser version (cmake/web/setup.sh once, then the web preset),
# checks the page's size, compares `sim` under node with the desktop's (compare_sim.py) and
# opens the page for every scene and shipped file in headless Chromium (page_test.py).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
start=$SECONDS
./cmake/web/setup.sh
cmake --preset web > /dev/null
cmake --build --preset web
echo "web: built in $((SECONDS - start)) s"
size=$(stat -c %s build/web/framelab.html)
echo "web: build/web/framelab.html is $((size / 1024)) KB"
[ "$size" -le $((16 * 1024 * 1024)) ] || { echo "web: the page is over 16 MB"; exit 1; }
[ -x build/release/app/framelab ] || cmake --build --preset app
tests/web/compare_sim.py
tests/web/page_test.py
