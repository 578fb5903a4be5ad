#!/usr/bin/env python3
"""The WebAssembly build's `sim` (framelab_node.js under node) against the desktop's
(build/release/app/framelab; web_paths.py): the same CSV header and rows, every number within 1e-12 of the
desktop's relative to the largest magnitude in the CSV (libm's sin, cos and exp may differ in the
last bit between glibc and emscripten's musl, so not bit for bit). Relative to the whole CSV,
not to each column: error columns such as carousel's path_error (2.8e-9 m at most) are
differences of metre-sized quantities and carry their last bits (1.7e-15 m apart, 6e-7 of
the column). 600 steps (5 s): tennis-racket's explicit-Euler column is unstable and grows a
last-bit difference ~100x per 2 s (measured: 2.6e-15 at 500 steps, 2.4e-13 at 750, 1.7e-11 at
1000), while every other column and scene stays within 1e-14.

  tests/web/compare_sim.py [--native PATH] [--node-js PATH] [--steps N]

Prints one line per case (rows, the largest relative difference, both run times) and exits 1
when a case differs."""
import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time

from web_paths import NATIVE, ROOT, WEB_BUILD
CASES = ["tank-turret", "carousel", "tennis-racket", "assets/worlds/foucault-pendulum.json"]
TOLERANCE = 1e-12


def run(command, cwd):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"compare_sim: {' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    return seconds


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], [[float(x) for x in row] for row in rows[1:]]


def largest_difference(native, web):
    """The largest |a - b| over all numbers, relative to the largest |a| in the CSV."""
    scale = max(abs(a) for row in native for a in row)
    worst = max(abs(a - b) for a_row, b_row in zip(native, web) for a, b in zip(a_row, b_row))
    return worst / scale if scale > 0 else worst


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--native", default=NATIVE)
    parser.add_argument("--node-js", default=os.path.join(WEB_BUILD, "framelab_node.js"))
    parser.add_argument("--steps", default="600")
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for case in CASES:
            name = os.path.basename(case).removesuffix(".json")
            sim = ["sim", "--scene", case, "--steps", args.steps]
            native_csv = os.path.join(folder, name + "-native.csv")
            web_csv = os.path.join(folder, name + "-web.csv")
            native_s = run([args.native, *sim, "--csv", native_csv], ROOT)
            # node 20's fetch cannot load the wasm from a path: emscripten 3.1.6 then reads the file
            web_s = run(["node", "--no-experimental-fetch", args.node_js, *sim, "--csv", web_csv], ROOT)
            native_header, native_rows = read(native_csv)
            web_header, web_rows = read(web_csv)
            if native_header != web_header or len(native_rows) != len(web_rows):
                print(f"{case}: header or row count differ ({len(native_rows)} against {len(web_rows)} rows)")
                failed = True
                continue
            worst = largest_difference(native_rows, web_rows)
            ok = worst <= TOLERANCE
            failed |= not ok
            print(f"{'ok  ' if ok else 'FAIL'} {case}: {len(native_rows)} rows x {len(native_header)} columns, "
                  f"largest relative difference {worst:.2e} (limit {TOLERANCE:.0e}); "
                  f"native {native_s:.2f} s, wasm under node {web_s:.2f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
