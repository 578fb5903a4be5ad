#!/usr/bin/env bash
# WebAssembly against native on one thread, the same run: `sim` of four scenes (wall time, node's
# start included; rows only at the start and the end, --every STEPS: the simulation, not the
# writing of numbers) and the flat hierarchy sweep (`bench hierarchy`, ns per node),
# each by the desktop's Release program and by the browser build's node program, one after the
# other; prints both and their ratio (wasm / native; the README's target is <= 2). Each is the
# fastest of FRAMELAB_REPEAT runs (default 3), native and wasm taking turns: a shared host's
# other work slows single runs by up to 50 %.
#   bench/web_speed.sh [NODE_JS [FRAMELAB]]
#     NODE_JS   default build/web/framelab_node.js (the shipped page's flags: -O3 and wasm-opt);
#               build/web-test's skips wasm-opt and is not what the page ships
#     FRAMELAB  default build/release/app/framelab
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
node_js=${1:-build/web/framelab_node.js}
native=${2:-build/release/app/framelab}
# node 20's fetch cannot load the wasm from a path: emscripten 3.1.6 then reads the file.
wasm=(node --no-experimental-fetch "$node_js")
repeat=${FRAMELAB_REPEAT:-3}

seconds_of() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

min() { echo "if ($1 < $2) $1 else $2" | bc -l; }

printf '%-44s %10s %10s %6s\n' case native wasm ratio
for sim in "tank-turret 200000" "carousel 100000" "tennis-racket 40000" "assets/worlds/foucault-pendulum.json 200000"; do
  read -r scene steps <<< "$sim"
  n=1000000 w=1000000
  for ((i = 0; i < repeat; ++i)); do
    n=$(min "$n" "$(seconds_of "$native" sim --scene "$scene" --steps "$steps" --every "$steps")")
    w=$(min "$w" "$(seconds_of "${wasm[@]}" sim --scene "$scene" --steps "$steps" --every "$steps")")
  done
  printf '%-44s %8.2f s %8.2f s %5.2fx\n' "sim $(basename "$scene" .json) $steps steps" "$n" "$w" "$(echo "$w / $n" | bc -l)"
done

# The flat sweep's ns per node for each level, from the bench's CSVs (ns_per_node: the minimum
# over a run's samples; the least over the runs).
flat_ns() {
  awk -F, 'FNR == 1 { for (i = 1; i <= NF; ++i) if ($i == "ns_per_node") col = i; next }
           $1 == "flat hierarchy" && (!($3 in best) || $col < best[$3]) { best[$3] = $col }
           END { for (level in best) print level, best[level] }' "$@"
}
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
hierarchy=(bench hierarchy --nodes 100000 --threads 1 --kernels portable --locals exact)
for ((i = 0; i < repeat; ++i)); do
  "$native" "${hierarchy[@]}" --csv "$folder/native$i.csv" > /dev/null 2>&1
  "${wasm[@]}" "${hierarchy[@]}" --csv "$folder/wasm$i.csv" > /dev/null 2>&1
done
join <(flat_ns "$folder"/native*.csv | sort) <(flat_ns "$folder"/wasm*.csv | sort) |
  while read -r level n w; do
    printf '%-44s %7.1f ns %7.1f ns %5.2fx\n' "hierarchy $level, 10^5 nodes" "$n" "$w" "$(echo "$w / $n" | bc -l)"
  done
