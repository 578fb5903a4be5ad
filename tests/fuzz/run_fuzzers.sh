#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/CMakeLists.txt) in build/fuzz and runs each
# for FRAMELAB_FUZZ_SECONDS (default 60) on a copy of its seed corpus, two at a time.
# Exits non-zero on any finding (crash, sanitizer report, invariant violation, timeout,
# out-of-memory), printing the input file and the command that reproduces it. Appends a
# one-line summary per target to build/fuzz/fuzz_summary.txt. Nothing is written into
# the repository's sources: corpora are copied to a temporary directory.
#
#   tests/fuzz/run_fuzzers.sh                     build + 60 s per target
#   FRAMELAB_FUZZ_SECONDS=600 tests/fuzz/run_fuzzers.sh fuzz_list   one target, longer
#   FRAMELAB_FUZZ_KEEP=1 ...                      keep the temporary directory
#   FRAMELAB_FUZZ_BUILD_DIR=build/asan ...         use the fuzz targets of that build (the asan
#                                                 preset builds them with clang 16), no build here
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$(pwd)
build="${FRAMELAB_FUZZ_BUILD_DIR:-$root/build/fuzz}"
[[ "$build" = /* ]] || build="$root/$build"
seconds=${FRAMELAB_FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_preset fuzz_cli fuzz_list fuzz_expression fuzz_world)

# clang 16 or newer: clang 14 cannot compile GCC 12's <ranges> views (see CMakeLists.txt).
pick() { for c in "$@"; do command -v "$c" > /dev/null && { echo "$c"; return; }; done; }
cxx=${FRAMELAB_FUZZ_CXX:-$(pick clang++-19 clang++-18 clang++-17 clang++-16 clang++)}
cc=${FRAMELAB_FUZZ_CC:-$(pick "${cxx/clang++/clang}" clang)}
[ -n "$cxx" ] || { echo "run_fuzzers: no clang++ found (apt-get install clang-16 libclang-rt-16-dev)" >&2; exit 2; }
llvm_bin=$(dirname "$(readlink -f "$(command -v "$cxx")")")
symbolizer=$(command -v "$(pick "$llvm_bin/llvm-symbolizer" llvm-symbolizer)" || true)

start=$(date +%s)
if [ -z "${FRAMELAB_FUZZ_BUILD_DIR:-}" ]; then
  CC=$cc CXX=$cxx cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" \
    -DFRAMELAB_FUZZ=ON -DFRAMELAB_BUILD_APP=OFF -DFRAMELAB_BUILD_TESTS=OFF > "$build.configure.log" 2>&1 ||
    { cat "$build.configure.log" >&2; exit 2; }
  cmake --build "$build" -j2 --target "${targets[@]}"
  echo "run_fuzzers: built in $(($(date +%s) - start)) s with $cxx"
else
  cmake --build "$build" -j2 --target "${targets[@]}"
  echo "run_fuzzers: using the fuzz targets in $build"
fi

# Per target: corpus folder, longest input, and options.
declare -A corpus=([fuzz_preset]=preset [fuzz_cli]=cli [fuzz_list]=list [fuzz_expression]=expression [fuzz_world]=world)
declare -A max_len=([fuzz_preset]=4096 [fuzz_cli]=512 [fuzz_list]=384 [fuzz_expression]=600 [fuzz_world]=8192)

work=$(mktemp -d "${TMPDIR:-/tmp}/framelab-fuzz.XXXXXX")
[ -n "${FRAMELAB_FUZZ_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:quarantine_size_mb=64:malloc_context_size=20${symbolizer:+:external_symbolizer_path=$symbolizer}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

run_one() {
  local target=$1 dir="$work/$1"
  mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/cwd" "$dir/tmp"
  cp "$root/tests/fuzz/corpus/${corpus[$target]}"/* "$dir/corpus/"
  # An empty working directory (a parse must create no file there) and a private TMPDIR.
  (cd "$dir/cwd" && TMPDIR="$dir/tmp" "$build/tests/fuzz/$target" "$dir/corpus" \
     -max_total_time="$seconds" -max_len="${max_len[$target]}" -timeout=10 -rss_limit_mb=2048 \
     -artifact_prefix="$dir/artifacts/" -print_final_stats=1 -print_pcs=0 > "$dir/log" 2>&1) &&
    echo 0 > "$dir/rc" || echo $? > "$dir/rc"
}

# Two at a time (two cores).
pids=()
for target in "${targets[@]}"; do
  run_one "$target" &
  pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
wait

status=0
mkdir -p "$build"
for target in "${targets[@]}"; do
  dir="$work/$target"
  rc=$(cat "$dir/rc")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$dir/log" | tail -1)
  files=$(ls "$dir/corpus" | wc -l)
  leftovers=$(ls -A "$dir/cwd")
  result=ok
  if [ "$rc" != 0 ] || [ -n "$(ls -A "$dir/artifacts")" ]; then
    result=FINDING
    status=1
    echo "=== $target: finding (exit code $rc); the end of its log:" >&2
    tail -40 "$dir/log" >&2
    for f in "$dir"/artifacts/*; do
      [ -e "$f" ] || continue
      mkdir -p "$build/findings"
      cp "$f" "$build/findings/"
      echo "input: $build/findings/$(basename "$f")" >&2
      echo "reproduce: $build/tests/fuzz/$target $build/findings/$(basename "$f")" >&2
    done
  elif [ -n "$leftovers" ]; then
    result=FINDING
    status=1
    echo "=== $target: files appeared in its working directory: $leftovers" >&2
  fi
  line="$(date -u +%Y-%m-%dT%H:%MZ) $target: $result, ${runs:-0} executions in ${secs:-?} s, corpus ${files} files (seed $(ls "$root/tests/fuzz/corpus/${corpus[$target]}" | wc -l))"
  echo "$line"
  echo "$line" >> "$build/fuzz_summary.txt"
done
echo "run_fuzzers: $([ $status = 0 ] && echo passed || echo FAILED) in $(($(date +%s) - start)) s wall (build included)"
exit $status
