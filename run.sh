#!/usr/bin/env bash
# Installs what is missing, builds the framelab program (Release) and starts it.
# Arguments pass through: ./run.sh sim --scene tank-turret --steps 100
# The build's output goes to build/release/build.log; it is shown only if the build fails.
#
#   ./run.sh web [--no-serve]   the browser version instead: builds build/web/framelab.html, ONE
#                               self-contained page (cmake/web/), and serves it at
#                               http://127.0.0.1:8080/framelab.html (--no-serve: only builds)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ "${1:-}" = web ]; then
  [ $# -le 2 ] && { [ $# -eq 1 ] || [ "$2" = --no-serve ]; } ||
    { echo "usage: ./run.sh web [--no-serve]" >&2; exit 2; }
  ./cmake/web/setup.sh
  mkdir -p build/web
  log=build/web/build.log
  echo "framelab web: building build/web/framelab.html (log: $log)" >&2
  if ! { cmake --preset web && cmake --build --preset web; } > "$log" 2>&1; then
    cat "$log" >&2
    echo "framelab web: the build failed; the full log is in $log" >&2
    exit 1
  fi
  echo "framelab web: build/web/framelab.html, $(du -k build/web/framelab.html | cut -f1) KB; opens from disk too" >&2
  [ "${2:-}" = --no-serve ] && exit 0
  echo "framelab web: serving at http://127.0.0.1:8080/framelab.html (Ctrl+C stops)" >&2
  exec python3 -m http.server 8080 --bind 127.0.0.1 --directory build/web
fi
./cmake/install_dependencies.sh >&2
mkdir -p build/release
log=build/release/build.log
[ -x build/release/app/framelab ] || echo "framelab: building (the first start takes a few minutes; log: $log)" >&2
if ! { cmake --preset release && cmake --build --preset app; } > "$log" 2>&1; then
  cat "$log" >&2
  echo "framelab: the build failed; the full log is in $log" >&2
  exit 1
fi
exec ./build/release/app/framelab "$@"
