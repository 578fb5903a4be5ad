#!/usr/bin/env bash
# WebAssembly against native on one thread, the same run: `sim` of four scenes (wall time, node's
# start included; rows only at the start and the end, --every STEPS: the simulation, not the
# writing of numbers) and the flat hierarchy sweep (`bench hierarchy`, ns per node),
# each by the desktop's Release program and by the browser build's node program, one after the
# other; prints both and their ratio (wasm / native; the README's target is <= 2). Each is the
# fastest of FRAMELAB_REPEAT runs (default 3), native and wasm taking turns: a shared host's
# other work slows single runs by up to 50 %.
#   bench/web_speed.sh [NODE_JS [FRAMELAB [NODE_JS_BEFORE]]]
#     NODE_JS   default build/web/framelab_node.js (the shipped page's flags: -O3 and wasm-opt);
#               build/web-test's skips wasm-opt and is not what the page ships
#     FRAMELAB  default build/release/app/framelab
#     NODE_JS_BEFORE  another node program (a copy of an earlier build's framelab_node.js with its
#               .wasm beside it), run in the same turns: a "before" column, ratios of both
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
node_js=${1:-build/web/framelab_node.js}
native=${2:-build/release/app/framelab}
# node 20's fetch cannot load the wasm from a path: emscripten 3.1.6 then reads the file.
wasm=(node --no-experimental-fetch "$node_js")
before_js=${3:-}
before=(node --no-experimental-fetch "$before_js")
repeat=${FRAMELAB_REPEAT:-3}

seconds_of() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

min() { echo "if ($1 < $2) $1 else $2" | bc -l; }

# One line: the case, native, [before, before's ratio,] wasm, wasm's ratio.
row() {
  local name=$1 unit=$2 n=$3 b=$4 w=$5
  printf '%-44s %8.2f %-2s' "$name" "$n" "$unit"
  [ -n "$before_js" ] && printf ' %8.2f %-2s %5.2fx' "$b" "$unit" "$(echo "$b / $n" | bc -l)"
  printf ' %8.2f %-2s %5.2fx\n' "$w" "$unit" "$(echo "$w / $n" | bc -l)"
}

printf '%-44s %11s' case native
[ -n "$before_js" ] && printf ' %11s %6s' before ratio
printf ' %11s %6s\n' wasm ratio
for sim in "tank-turret 200000" "carousel 100000" "tennis-racket 40000" "assets/worlds/foucault-pendulum.json 200000"; do
  read -r scene steps <<< "$sim"
  run=(sim --scene "$scene" --steps "$steps" --every "$steps")
  n=1000000 b=1000000 w=1000000
  for ((i = 0; i < repeat; ++i)); do
    n=$(min "$n" "$(seconds_of "$native" "${run[@]}")")
    [ -n "$before_js" ] && b=$(min "$b" "$(seconds_of "${before[@]}" "${run[@]}")")
    w=$(min "$w" "$(seconds_of "${wasm[@]}" "${run[@]}")")
  done
  row "sim $(basename "$scene" .json) $steps steps" s "$n" "$b" "$w"
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
  [ -n "$before_js" ] && "${before[@]}" "${hierarchy[@]}" --csv "$folder/before$i.csv" > /dev/null 2>&1
  "${wasm[@]}" "${hierarchy[@]}" --csv "$folder/wasm$i.csv" > /dev/null 2>&1
done
[ -n "$before_js" ] || cp "$folder/wasm0.csv" "$folder/before0.csv"  # (a column not shown)
join <(flat_ns "$folder"/native*.csv | sort) <(flat_ns "$folder"/before*.csv | sort) |
  join - <(flat_ns "$folder"/wasm*.csv | sort) |
  while read -r level n b w; do
    row "hierarchy $level, 10^5 nodes" ns "$n" "$b" "$w"
  done
