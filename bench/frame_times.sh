#!/usr/bin/env bash
# Frame times of the real window (Xvfb, Mesa's llvmpipe, the whole window with the UI) on
# the collisions scene at 300, 4,000, 20,000 and 100,000 balls (two steps of 1/120 s each
# frame, as `shot` runs), and the CPU time per frame
# spent building the draw data, from `framelab shot`'s own report; and the CPU time per
# frame of every thread (the app's and llvmpipe's; /usr/bin/time's user + system of a run
# of FRAMES frames less that of a run of 5, over the difference), which a host busy with
# other work inflates far less than the frame time.
#   bench/frame_times.sh [FRAMELAB [BASELINE_FRAMELAB]]
# With a second binary (e.g. one built from an earlier commit) both run in the same
# invocation, each ball count one after the other, and the table gets their ratio.
# A binary that refuses a ball count (the old limit was 4,000) shows "-". FRAMELAB_BALLS
# (e.g. "300 4000") runs only those ball counts. FRAMELAB_CLOCK=real runs the frames as the
# interactive window does (`shot --real-time`: each frame advances the simulation by the time
# it took, within the frame budget) and adds the simulated seconds per real second; a second
# binary must then know --real-time too.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
new=${1:-build/release/app/framelab}
old=${2:-}
frames=${FRAMELAB_FRAMES:-40}
size=1280x720
clock_flag=
if [ "${FRAMELAB_CLOCK:-fixed}" = real ]; then clock_flag=--real-time; fi

# The radius that lets n balls start in the default 3 x 3 x 1.5 m box, and the broadphase:
# the scene's default up to 4,000 balls (auto, which takes the uniform grid from 1,200 balls;
# sort-and-sweep in a binary from before auto), the uniform grid beyond (at 10^5 boxes
# sort-and-sweep takes ~0.2 s a step, `framelab bench broadphase`).
radius_for() {
  if [ "$1" -le 4000 ]; then echo 0.07; elif [ "$1" -le 20000 ]; then echo 0.04; else echo 0.024; fi
}
broadphase_for() {
  if [ "$1" -gt 4000 ]; then echo --set broadphase=uniform-grid; fi
}

# One shot of `frames` frames: shot's report and a last line "cpu USER SYSTEM" (seconds).
shot() {
  local binary=$1 balls=$2 frames=$3 png
  png=$(mktemp --suffix .png)
  xvfb-run -a -s "-screen 0 ${size}x24" /usr/bin/time -f "cpu %U %S" "$binary" shot --scene collisions \
    --set "balls=$balls" --set "radius=$(radius_for "$balls")" $(broadphase_for "$balls") \
    --frames "$frames" --size "$size" --out "$png" $clock_flag 2>&1
  local status=$?
  rm -f "$png"
  return $status
}

# Prints "frame_ms draw_data_us cpu_ms_per_frame real_time_factor" for one run ("-" for the
# factor of a fixed clock), or "- - - -" when the binary refuses it.
measure() {
  local binary=$1 balls=$2 report short
  if report=$(shot "$binary" "$balls" "$frames") && short=$(shot "$binary" "$balls" 5); then
    local cpu_ms
    cpu_ms=$(awk -v long="$(echo "$report" | sed -n 's/^cpu //p')" -v short="$(echo "$short" | sed -n 's/^cpu //p')" \
      -v n="$frames" 'BEGIN { split(long, a, " "); split(short, b, " "); printf "%.1f", 1000 * (a[1] + a[2] - b[1] - b[2]) / (n - 5) }')
    local factor
    factor=$(echo "$report" | sed -n 's/^simulated.*(\([0-9.e-]*\)x real time)$/\1/p')
    echo "$report" | sed -n "s/^mean frame time: \([0-9.]*\) ms.*built in \([0-9.]*\) us per frame$/\1 \2 $cpu_ms ${factor:--}/p;
                               s/^mean frame time: \([0-9.]*\) ms.*fps)$/\1 - $cpu_ms ${factor:--}/p"
  else
    echo "- - - -"
  fi
}

printf '%-8s | %-11s %-15s %-12s %-14s' "balls" "frame (ms)" "draw data (us)" "ns per ball" "CPU (ms/frame)"
[ -n "$clock_flag" ] && printf ' %-13s' "x real time"
[ -n "$old" ] && printf ' | %-14s %-9s %-14s' "before: frame" "speed-up" "before: CPU"
[ -n "$old" ] && [ -n "$clock_flag" ] && printf ' %-20s' "before: x real time"
echo
for balls in ${FRAMELAB_BALLS:-300 4000 20000 100000}; do
  read -r ms us cpu factor < <(measure "$new" "$balls")
  per_ball=$(awk -v us="$us" -v n="$balls" 'BEGIN { if (us == "-") print "-"; else printf "%.1f", 1000 * us / n }')
  printf '%-8s | %-11s %-15s %-12s %-14s' "$balls" "$ms" "$us" "$per_ball" "$cpu"
  [ -n "$clock_flag" ] && printf ' %-13s' "$factor"
  if [ -n "$old" ]; then
    read -r old_ms _ old_cpu old_factor < <(measure "$old" "$balls")
    ratio=$(awk -v a="$old_ms" -v b="$ms" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%.2fx", a / b }')
    printf ' | %-14s %-9s %-14s' "$old_ms" "$ratio" "$old_cpu"
    [ -n "$clock_flag" ] && printf ' %-20s' "$old_factor"
  fi
  echo
done
