#!/usr/bin/env bash
# Debian's Chromium, headless, as the web tests and bench/web_frame_times.sh run it: WebGL2 on
# SwiftShader, no network of its own (this machine's closed network refuses it), no /dev/shm,
# the console on standard error ("INFO:CONSOLE" lines), a window of WIDTHxHEIGHT.
#   tests/web/headless_chromium.sh PROFILE_FOLDER WIDTHxHEIGHT [CHROMIUM OPTIONS...] URL
set -euo pipefail
profile=$1 size=$2
shift 2
exec chromium --headless=new --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader \
  --disable-background-networking --no-first-run --disable-component-update --disable-sync \
  --disable-dev-shm-usage --user-data-dir="$profile" --enable-logging=stderr --v=0 --window-size="${size/x/,}" "$@"
