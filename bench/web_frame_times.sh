#!/usr/bin/env bash
# Every scene in the browser beside the desktop, same machine, one after the other: the page
# (build/web/framelab.html, or the one given) in headless Chromium on SwiftShader, opened from
# disk at 1280x720 with the panels, for SECONDS of real time: the time from opening the file to
# its first frame and the median of its 2-second frame-time reports (web_shell.html prints
# them); the desktop program (build/release/app/framelab) in the real window under Xvfb
# (llvmpipe), the same size: `shot`'s mean frame time over 120 frames.
#   bench/web_frame_times.sh [PAGE [FRAMELAB]]      FRAMELAB_SECONDS=12 by default
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
page=$(realpath "${1:-build/web/framelab.html}")
native=${2:-build/release/app/framelab}
seconds=${FRAMELAB_SECONDS:-12}
size=1280x720
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

# Prints "first_frame_ms median_frame_ms" of the page on one scene ("- -" when it drew none).
page_times() {
  local lines
  rm -rf "${profile:?}"/*
  # Without a screenshot or a DOM to take, Chromium keeps the page running until it is stopped.
  lines=$(timeout "$seconds" tests/web/headless_chromium.sh "$profile" "$size" --remote-debugging-port=0 \
            "file://$page?scene=$1" 2>&1 |
            sed -n 's/.*"framelab page: \(.*\)", source.*/\1/p' || true)
  local first median
  first=$(echo "$lines" | sed -n 's/^first frame \([0-9]*\) ms after opening$/\1/p')
  median=$(echo "$lines" | sed -n 's/^\([0-9.]*\) ms per frame$/\1/p' | sort -n |
             awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }')
  echo "${first:--} ${median:--}"
}

native_ms() {
  local png report
  png=$(mktemp --suffix .png)
  report=$(xvfb-run -a -s "-screen 0 ${size}x24" "$native" shot --scene "$1" --frames 120 --size "$size" --out "$png" 2>&1)
  rm -f "$png"
  echo "$report" | sed -n 's/^mean frame time: \([0-9.]*\) ms.*/\1/p'
}

printf '%-16s | %-22s %-22s | %-18s %-8s\n' "scene" "page: first frame (ms)" "page: frame (ms)" "desktop: frame (ms)" "ratio"
for scene in $("$native" list-scenes | awk 'NF && $1 !~ /\// { print $1 }'); do
  read -r first page_ms < <(page_times "$scene")
  desktop_ms=$(native_ms "$scene")
  ratio=$(awk -v a="$page_ms" -v b="$desktop_ms" 'BEGIN { if (a == "-" || b == "") print "-"; else printf "%.1fx", a / b }')
  printf '%-16s | %-22s %-22s | %-18s %-8s\n' "$scene" "$first" "$page_ms" "${desktop_ms:--}" "$ratio"
done
