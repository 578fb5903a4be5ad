#!/usr/bin/env python3
"""The page in headless Chromium (Debian's, WebGL2 on SwiftShader), opened from disk (file://)
with URL parameters: every scene, every shipped scene file and preset, each in presentation mode
(?present=1) and one with the panels. For each it screenshots the page and checks that
  - the stage is drawn: the middle of the picture has many colours and is not one flat fill;
  - the console has no error (an uncaught exception, an abort, a framelab error line);
  - with present=1 the top rows show no menu bar (they are the stage's, like the rows below),
    and without it they do (the menu bar's own flat colour);
  - a set= value reaches the parameters (the page prints the parameter it applied);
  - a share link made by the page's own packer (web_shell.html's, run under node) from an edited
    scene file opens to the same first CSV rows as the native `framelab sim` of that file
    (compare_sim.py's tolerance), with its set= applied;
  - a link whose scene file is malformed, with an unknown parameter, names both on the status line
    (the loader's file:line:column: key, as the desktop says it) and a default scene runs;
  - a browser without WebGL2 gets a sentence saying so;
  - on a screen of 2 device pixels per CSS pixel the canvas has twice the pixels.
Two pages open at a time (one Chromium each, with its own profile folder): the 2-core host's
Chromium leaves a core idle while it starts and while the page loads.
PNGs go to shots/ in the web build's folder (web_paths.py) to be looked at.
  tests/web/page_test.py [--page WEB_BUILD/framelab.html] [--only NAME]"""
import argparse
import base64
import concurrent.futures
import glob
import re
import os
import queue
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from compare_sim import TOLERANCE, largest_difference
from web_paths import NATIVE, ROOT, WEB_BUILD
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


CHROMIUM = os.path.join(ROOT, "tests/web/headless_chromium.sh")


def chromium(page, query, user_data, *output):
    """Headless Chromium on the page with the query, for 8 s of the page's (virtual) time;
    (its result, seconds). `output` says what it gives: --screenshot=PNG, or --dump-dom (the
    page's DOM on standard output)."""
    command = [CHROMIUM, user_data, f"{WIDTH}x{HEIGHT}", "--virtual-time-budget=8000", *output,
               "file://" + os.path.abspath(page) + query]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    return result, time.perf_counter() - start


def console_of(result):
    """The page's console lines in Chromium's log."""
    return [line for line in result.stderr.splitlines() if "CONSOLE" in line]


def console_errors(console):
    return [line for line in console if any(e in line for e in CONSOLE_ERRORS)]


def open_page(page, query, png, user_data):
    result, seconds = chromium(page, query, user_data, f"--screenshot={png}")
    return console_of(result), seconds


def high_dpi_problems(page, user_data):
    """On a screen of 2 device pixels per CSS pixel the canvas has 2 pixels per CSS pixel: the
    stage and its text are sharp, not a 1280-pixel picture stretched."""
    result, _ = chromium(page, "?scene=carousel&present=1", user_data, "--force-device-scale-factor=2", "--dump-dom")
    canvas = re.search(r'<canvas id="canvas"[^>]* width="(\d+)"', result.stdout)
    if not canvas:
        return ["no canvas with a width in the page"]
    width = int(canvas.group(1))
    return [] if width == 2 * WIDTH else [f"the canvas is {width} pixels wide at 2 device pixels per CSS pixel, not {2 * WIDTH}"]


def no_webgl2_problems(page, user_data):
    """A browser without WebGL2 (Chromium with its 3D APIs off) gets the page's sentence saying
    so, and the program is not started."""
    result, _ = chromium(page, "?scene=carousel", user_data, "--disable-3d-apis", "--dump-dom")
    problems = [] if "framelab needs WebGL2" in result.stdout else ["no 'framelab needs WebGL2' on the page"]
    return problems + console_errors(console_of(result))


SHELL = os.path.join(ROOT, "app/platform/web_shell.html")


def page_packed(text):
    """The scene file `text` packed as File > Copy link packs it: the page's own functions
    (web_shell.html, from its [SECTION] on bytes to framelabPage) under node."""
    shell = open(SHELL).read()
    helpers = shell[shell.index("// [SECTION] Bytes through"):shell.index("const framelabPage")]
    program = helpers + """
let text = '';
process.stdin.on('data', (d) => { text += d; });
process.stdin.on('end', async () => {
  const packed = await throughStream(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  process.stdout.write(toBase64url(packed));
});"""
    packed = subprocess.run(["node", "-e", program], input=text, capture_output=True, text=True, check=True).stdout
    # An independent unpacking (Python's zlib) gives the file back.
    assert zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), -15).decode() == text
    return packed


def edited_foucault(folder, replace, by):
    text = open(os.path.join(ROOT, "assets/worlds/foucault-pendulum.json")).read()
    assert replace in text
    path = os.path.join(folder, "edited.json")
    with open(path, "w") as f:
        f.write(text.replace(replace, by))
    return path, text.replace(replace, by)


def native_first_rows(native, scene, sets):
    command = [native, "sim", "--scene", scene, "--steps", "2"]
    for assignment in sets:
        command += ["--set", assignment]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return [line.split(",") for line in text.splitlines()]


def console_text(line):
    """A console line's message: "text", source: ..."""
    match = re.search(r'CONSOLE[^"]*"(.*)", source:', line)
    return match.group(1) if match else ""


def page_rows(console):
    """The CSV rows the page printed after opening a link's scene file (app/main.cpp)."""
    texts = [console_text(line) for line in console]
    marker = [i for i, t in enumerate(texts) if t.startswith("framelab: the link's scene")]
    return [t.split(",") for t in texts[marker[0] + 1:marker[0] + 5]] if marker else []  # header, t = 0, 2 steps


def rows_agree(native, page):
    """The same header and, after it, numbers within compare_sim.py's tolerance."""
    if len(native) != 4 or len(page) != 4 or native[0] != page[0]:
        return False
    def numbers(rows):
        return [[float(x) for x in row] for row in rows[1:]]
    return largest_difference(numbers(native), numbers(page)) <= TOLERANCE


def link_cases(folder, native):
    """(name, query, check(console) -> problems) for the share-link cases."""
    edited, text = edited_foucault(folder, '"latitude": { "value": 48.85', '"latitude": { "value": -33.9')
    expected = native_first_rows(native, edited, ["amplitude=3"])

    def check_link(console):
        problems = []
        if not rows_agree(expected, page_rows(console)):
            problems.append(f"first rows differ from framelab sim's: {page_rows(console)} against {expected}")
        if not any("--set amplitude = 3" in line for line in console):
            problems.append("set=amplitude=3 did not reach the parameters")
        return problems

    _, bad = edited_foucault(folder, '"length": { "value": 10', '"length": { "valu": 10')

    def check_bad(console):
        wanted = ["/link/bad.json:19:17: parameters.length.valu: unknown key", "unknown URL parameter 'colour'"]
        status = [console_text(line) for line in console if "framelab: status:" in line]
        return [f"the status line does not say '{w}': {status}" for w in wanted if not any(w in s for s in status)]

    return [("share-link", f"?set=amplitude=3#file=edited.json&deflate={page_packed(text)}", check_link),
            ("bad-link", f"?colour=red#file=bad.json&deflate={page_packed(bad)}", check_bad)]


def cases():
    scenes = subprocess.run(["node", "--no-experimental-fetch", os.path.join(WEB_BUILD, "framelab_node.js"),
                             "list-scenes"], capture_output=True, text=True, check=True).stdout.split("\n")
    names = [line.split()[0] for line in scenes if line.strip()]
    files = sorted(glob.glob(os.path.join(ROOT, "assets/worlds/*.json")) + glob.glob(os.path.join(ROOT, "assets/scenes/*.json")))
    return names + ["/assets/" + os.path.relpath(f, os.path.join(ROOT, "assets")) for f in files]


PAGES_AT_ONCE = 2


def page_problems(page, name, query, check, png, user_data):
    """Opens one page; (its console, seconds, the problems seen)."""
    if os.path.exists(png):
        os.remove(png)
    console, seconds = open_page(page, query, png, user_data)
    problems = console_errors(console)
    if check:
        problems += check(console)
    if not os.path.exists(png):
        problems.append("no screenshot")
    else:
        width, height, rows = read_png(png)
        drawn, colours = stage_drawn(rows, width, height)
        if not drawn:
            problems.append(f"stage blank ({colours} colours in the middle)")
        with_menu = name in {"panels", "share-link", "bad-link"}
        if menu_bar_shown(rows, width) != with_menu:
            problems.append("menu bar " + ("missing" if with_menu else "shown in presentation mode"))
    if name == "panels" and not any("--set initial_rate = 1.5" in line for line in console):
        problems.append("set=initial_rate=1.5 did not reach the parameters")
    return console, seconds, problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", default=os.path.join(WEB_BUILD, "framelab.html"))
    parser.add_argument("--only", default="")
    parser.add_argument("--native", default=NATIVE)
    args = parser.parse_args()
    shots = os.path.join(WEB_BUILD, "shots")
    os.makedirs(shots, exist_ok=True)
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        runs = [(scene, f"?scene={scene}&present=1", None) for scene in cases() if args.only in scene]
        runs.append(("panels", "?scene=carousel&set=initial_rate=1.5", None))
        runs += [case for case in link_cases(folder, args.native) if args.only in case[0]]
        profiles = queue.Queue()
        for i in range(PAGES_AT_ONCE):
            profiles.put(os.path.join(folder, f"profile{i}"))

        def open_one(run):
            name, query, check = run
            profile = profiles.get()
            try:
                png = os.path.join(shots, os.path.basename(name).removesuffix(".json") + ".png")
                return page_problems(args.page, name, query, check, png, profile)
            finally:
                profiles.put(profile)

        with concurrent.futures.ThreadPoolExecutor(PAGES_AT_ONCE) as pool:
            for (name, query, _), (console, seconds, problems) in zip(runs, pool.map(open_one, runs)):
                shown = query if len(query) < 90 else query[:80] + "..."
                print(f"{'ok  ' if not problems else 'FAIL'} {shown} ({seconds:.1f} s) {'; '.join(problems)}")
                if problems:
                    failures.append(name)
                    for line in console[-8:]:
                        print("    " + line)
        for name, what, check in (("no-webgl2", "no WebGL2 (--disable-3d-apis)", no_webgl2_problems),
                                  ("high-dpi", "2 device pixels per CSS pixel", high_dpi_problems)):
            if args.only not in name:
                continue
            problems = check(args.page, os.path.join(folder, name))
            print(f"{'ok  ' if not problems else 'FAIL'} {what} {'; '.join(problems)}")
            runs.append((name, "", None))
            if problems:
                failures.append(name)
    print(f"page_test: {len(runs) - len(failures)} of {len(runs)} pages fine; screenshots in {shots}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
