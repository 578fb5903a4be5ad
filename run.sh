#!/usr/bin/env bash
# Installs what is missing, builds a Release build and starts framelab.
# Arguments pass through: ./run.sh sim --scene tank-turret --steps 100
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
./cmake/install_dependencies.sh >&2
cmake --preset release >&2
cmake --build --preset release >&2
exec ./build/release/app/framelab "$@"
