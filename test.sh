#!/usr/bin/env bash
# Installs what is missing, builds and runs every test, one stage at a time:
#   asan     every unit test but the threaded ones, and the app driven by a GUI script under xvfb-run, with
#            AddressSanitizer + UndefinedBehaviorSanitizer, built by clang 16 (build/asan);
#            the same build makes the libFuzzer targets;
#   tsan     the threaded tests under ThreadSanitizer, with the standard library's bounds checks,
#            clang 16 (build/tsan): the only stage that runs them;
#   fuzz     the libFuzzer targets of build/asan, each for a bounded time (tests/fuzz/run_fuzzers.sh);
#   release  what the ASan stage does not run: the GUI shot of every scene, the endurance
#            soak and the golden hashes, in the Release build the app ships as, GCC (build/release).
#   web      the browser version (tests/web/run.sh): `sim` under node against the Release
#            build's, and the page in headless Chromium for every scene and shipped file.
# The Release build and the browser build need nothing from the stages before them: they
# start in the background right after the dependencies at idle priority (SCHED_IDLE: they run
# only on a core the stages leave unused, while tests wait or run on one core and while the
# last fuzzer runs alone); their stages wait for them, so their own build steps have less or
# nothing left to do.
# Each unit test runs once. Warnings are errors. The last lines give each stage's time.
#   FRAMELAB_FUZZ_SECONDS=60 ./test.sh     longer fuzzing (default 3 s per target: five targets,
#                                          two at a time, keep both cores busy for ~12 s; every
#                                          seed input runs first, whatever the time: a smoke test
#                                          and the corpora as regression tests, not a search)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

stage_names=()
stage_seconds=()
run_stage() {
  local name=$1
  shift
  local start=$SECONDS
  echo "=== test.sh: $name"
  "$@"
  stage_names+=("$name")
  stage_seconds+=($((SECONDS - start)))
}
report_times() {
  echo "=== test.sh: stage times"
  for i in "${!stage_names[@]}"; do
    printf '  %-26s %4d s\n' "${stage_names[$i]}" "${stage_seconds[$i]}"
  done
  printf '  %-26s %4d s\n' "total" "$SECONDS"
}
trap report_times EXIT

run_stage "dependencies" ./cmake/install_dependencies.sh

# Two builds in the background at idle priority (SCHED_IDLE): they run only on a core the
# stages leave unused, while tests wait or run on one core: the Release build (its output in
# build/release-ci.log) and the browser version for its tests (build/web-test, after
# cmake/web/setup.sh; its output in build/web-ci.log). Each is in a process group of its own
# (job control, set -m) so that an early exit stops all of it; not in a session of its own
# (setsid): the kernel's autogroup scheduling would then give that session half the CPU,
# whatever its SCHED_IDLE.
mkdir -p build
release_log=build/release-ci.log
web_log=build/web-ci.log
set -m
idle=(chrt --idle 0)
"${idle[@]}" true 2> /dev/null || idle=(nice -n 19)  # where SCHED_IDLE is not allowed: the lowest nice
"${idle[@]}" bash -c 'cmake --preset release-ci && cmake --build --preset release-ci' > "$release_log" 2>&1 &
release_build=$!
"${idle[@]}" tests/web/run.sh --build-only > "$web_log" 2>&1 &
web_build=$!
set +m
trap 'kill -- -$release_build -$web_build 2> /dev/null || true; report_times' EXIT
# await_background PID LOG WHAT: nothing else of test.sh runs now, so the background build, if
# still going, goes back to normal priority (on a machine shared with other work it would be
# left the idle cycles: on a loaded machine an idle build had done 21 of 49 steps after 20
# minutes), and its end is waited for.
await_background() {
  local group=$1 log=$2 what=$3 pid
  for pid in $(pgrep -g "$group" 2> /dev/null); do
    chrt --other -p 0 "$pid" > /dev/null 2>&1 || renice -n 0 -p "$pid" > /dev/null 2>&1 || true
  done
  wait "$group" || {
    tail -40 "$log"
    echo "=== test.sh: $what failed (its whole output: $log)"
    return 1
  }
}
release_stage() {
  await_background "$release_build" "$release_log" "the Release build"
  cmake --workflow --preset release-ci
}
web_stage() {
  await_background "$web_build" "$web_log" "the browser build"
  grep '^web:' "$web_log" || true  # the build's own times
  tests/web/run.sh --test-only
}

run_stage "asan: build + test" cmake --workflow --preset asan
run_stage "tsan: build + test" cmake --workflow --preset tsan
run_stage "fuzz: run" env FRAMELAB_FUZZ_BUILD_DIR=build/asan FRAMELAB_FUZZ_SECONDS="${FRAMELAB_FUZZ_SECONDS:-3}" \
  tests/fuzz/run_fuzzers.sh
run_stage "release: build + test" release_stage
run_stage "web: test" web_stage
