#!/usr/bin/env python3
"""The page in headless Chromium (Debian's, WebGL2 on SwiftShader), opened from disk (file://)
with URL parameters: every scene, every shipped scene file and preset, each in presentation mode
(?present=1) and one with the panels. For each it screenshots the page and checks that
  - the stage is drawn: the middle of the picture has many colours and is not one flat fill;
  - the console has no error (an uncaught exception, an abort, a framelab error line);
  - with present=1 the top rows show no menu bar (they are the stage's, like the rows below),
    and without it they do (the menu bar's own flat colour);
  - a set= value reaches the parameters (the page prints the parameter it applied).
PNGs go to build/web/shots/ to be looked at.
  tests/web/page_test.py [--page build/web/framelab.html] [--only NAME]"""
import argparse
import glob
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIDTH, HEIGHT = 1280, 720


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG (Chromium's)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunk = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unsupported PNG"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def region_colours(rows, x0, x1, y0, y1):
    return {rows[y][x] for y in range(y0, y1, 2) for x in range(x0, x1, 2)}


def stage_drawn(rows, width, height):
    """Many colours in the middle half of the picture: bodies, grid and shading, not a clear colour."""
    colours = region_colours(rows, width // 4, 3 * width // 4, height // 4, 3 * height // 4)
    return len(colours) >= 30, len(colours)


def menu_bar_shown(rows, width):
    """The menu bar's first item, "File", in white text at the top-left corner (presentation
    mode has nothing bright there: its readout box's title starts lower and is grey)."""
    bright = sum(1 for y in range(3, 18) for x in range(5, 45) if min(rows[y][x]) > 200)
    return bright >= 10


CONSOLE_ERRORS = ("Uncaught", "Aborted(", "RuntimeError", "framelab: error", "exception thrown")


def open_page(page, query, png, user_data):
    command = [
        "chromium", "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
        "--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={user_data}", "--enable-logging=stderr", "--v=0", f"--window-size={WIDTH},{HEIGHT}",
        "--virtual-time-budget=8000", f"--screenshot={png}", "file://" + os.path.abspath(page) + query]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    console = [line for line in result.stderr.splitlines() if "CONSOLE" in line]
    return console, time.perf_counter() - start


def cases():
    scenes = subprocess.run(["node", "--no-experimental-fetch", os.path.join(ROOT, "build/web/framelab_node.js"),
                             "list-scenes"], capture_output=True, text=True, check=True).stdout.split("\n")
    names = [line.split()[0] for line in scenes if line.strip()]
    files = sorted(glob.glob(os.path.join(ROOT, "assets/worlds/*.json")) + glob.glob(os.path.join(ROOT, "assets/scenes/*.json")))
    return names + ["/assets/" + os.path.relpath(f, os.path.join(ROOT, "assets")) for f in files]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", default=os.path.join(ROOT, "build/web/framelab.html"))
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    shots = os.path.join(ROOT, "build/web/shots")
    os.makedirs(shots, exist_ok=True)
    failures = []
    with tempfile.TemporaryDirectory() as user_data:
        runs = [(scene, f"?scene={scene}&present=1") for scene in cases() if args.only in scene]
        runs.append(("panels", "?scene=carousel&set=initial_rate=1.5"))
        for name, query in runs:
            png = os.path.join(shots, os.path.basename(name).removesuffix(".json") + ".png")
            if os.path.exists(png):
                os.remove(png)
            console, seconds = open_page(args.page, query, png, user_data)
            problems = [line for line in console if any(e in line for e in CONSOLE_ERRORS)]
            if not os.path.exists(png):
                problems.append("no screenshot")
            else:
                width, height, rows = read_png(png)
                drawn, colours = stage_drawn(rows, width, height)
                if not drawn:
                    problems.append(f"stage blank ({colours} colours in the middle)")
                if menu_bar_shown(rows, width) != (name == "panels"):
                    problems.append("menu bar " + ("missing" if name == "panels" else "shown in presentation mode"))
            if name == "panels" and not any("--set initial_rate = 1.5" in line for line in console):
                problems.append("set=initial_rate=1.5 did not reach the parameters")
            print(f"{'ok  ' if not problems else 'FAIL'} {query} ({seconds:.1f} s) {'; '.join(problems)}")
            if problems:
                failures.append(name)
                for line in console[-8:]:
                    print("    " + line)
    print(f"page_test: {len(runs) - len(failures)} of {len(runs)} pages fine; screenshots in {shots}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
