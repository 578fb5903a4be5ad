#!/usr/bin/env bash
# Installs what is missing, builds the framelab program (Release) and starts it.
# Arguments pass through: ./run.sh sim --scene tank-turret --steps 100
# The build's output goes to build/release/build.log; it is shown only if the build fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
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
