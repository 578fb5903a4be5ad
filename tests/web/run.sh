#!/usr/bin/env bash
# The browser version's tests: builds it for tests (cmake/web/setup.sh once, then the web-test
# preset: the shipped page's -O3 objects, quick links without wasm-opt, in build/web-test),
# checks the page's size, compares `sim` under node with the desktop's Release build
# (compare_sim.py) and opens the page for every scene and shipped file in headless Chromium
# (page_test.py), then its Benchmarks panel and WebM recording (page_features_test.py). The
# times of its parts are printed.
#   tests/web/run.sh                both
#   tests/web/run.sh --build-only   only the build (test.sh runs it in the background)
#   tests/web/run.sh --test-only    only the tests, on that build (test.sh's web stage, after
#                                   the release stage, whose build/release/app/framelab it needs)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
what=${1:-all}
case "$what" in
  all | --build-only | --test-only) ;;
  *) echo "tests/web/run.sh: unknown option '$what' (--build-only, --test-only or nothing)" >&2; exit 2 ;;
esac
start=$SECONDS
export FRAMELAB_WEB_BUILD=$PWD/build/web-test
if [ "$what" != --test-only ]; then
  ./cmake/web/setup.sh
  echo "web: SDL2, ImGui and emscripten's cache ready in $((SECONDS - start)) s"
  step=$SECONDS
  cmake --preset web-test > /dev/null
  cmake --build --preset web-test
  echo "web: the page and the node program built in $((SECONDS - step)) s"
fi
[ "$what" != --build-only ] || exit 0
size=$(stat -c %s "$FRAMELAB_WEB_BUILD/framelab.html")
echo "web: framelab.html (quick link) is $((size / 1024)) KB"
[ "$size" -le $((16 * 1024 * 1024)) ] || { echo "web: the page is over 16 MB"; exit 1; }
[ -x build/release/app/framelab ] || cmake --build --preset app
step=$SECONDS
tests/web/compare_sim.py
echo "web: sim compared in $((SECONDS - step)) s"
step=$SECONDS
tests/web/page_test.py
echo "web: pages checked in $((SECONDS - step)) s"
step=$SECONDS
tests/web/page_features_test.py
echo "web: the Benchmarks panel and WebM recording checked in $((SECONDS - step)) s; the web tests took $((SECONDS - start)) s"
