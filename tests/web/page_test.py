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
  - on a screen of 2 device pixels per CSS pixel the canvas has twice the pixels;
  - the browser equivalents of the desktop's files (page_files.py): File > Open file..., a file
    dropped, a malformed one and one over 4 MiB dropped, Save scene and Save preset as downloads.
One headless Chromium (cdp_browser.py) opens every page in a tab of its own, two tabs at a time
(the 2-core host's Chromium leaves a core idle while a page loads), and takes the picture once the
page has drawn FRAMES frames after its first (web_shell.html counts them); a browser of its own
without WebGL2. PNGs go to shots/ in the web build's folder (web_paths.py) to be looked at.
  tests/web/page_test.py [--page WEB_BUILD/framelab.html] [--only NAME] [--native FRAMELAB]"""
import argparse
import base64
import concurrent.futures
import glob
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from cdp_browser import Browser, BrowserError
from compare_sim import TOLERANCE, largest_difference
from web_paths import NATIVE, ROOT, WEB_BUILD
WIDTH, HEIGHT = 1280, 720


def read_png(png):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG (Chromium's): a
    file, or its bytes."""
    data = png if isinstance(png, bytes) else open(png, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
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
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
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


def stage_drawn(tab):
    """Many colours in the middle half of the page (a picture of it at half scale): bodies, grid
    and shading, not a clear colour."""
    width, height, rows = read_png(tab.screenshot(clip=(WIDTH // 4, HEIGHT // 4, WIDTH // 2, HEIGHT // 2), scale=0.5))
    colours = {rows[y][x] for y in range(height) for x in range(width)}
    return len(colours) >= 30, len(colours)


def menu_bar_shown(tab):
    """The menu bar's first item, "File", in white text at the top-left corner (presentation
    mode has nothing bright there: its readout box's title starts lower and is grey)."""
    _, _, rows = read_png(tab.screenshot(clip=(0, 0, 48, 20)))
    bright = sum(1 for y in range(3, 18) for x in range(5, 45) if min(rows[y][x]) > 200)
    return bright >= 10


CONSOLE_ERRORS = ("Uncaught", "Aborted(", "RuntimeError", "framelab: error", "exception thrown")
FRAMES = 2           # frames drawn after the first before the picture is taken (the panels settle in two)
PAGE_SECONDS = 60    # the longest a page may take to draw them


def console_errors(tab):
    """The page's errors: uncaught exceptions, console.error lines, a framelab error line."""
    return ([f"exception: {e}" for e in tab.exceptions] +
            [line for line in tab.console if line.startswith("error:") or any(e in line for e in CONSOLE_ERRORS)])


def frames_drawn(tab):
    """Frames the page has drawn (web_shell.html's count, after emscripten's main loop)."""
    return tab.evaluate("typeof framesDrawn === 'undefined' ? 0 : framesDrawn") or 0


def open_page(browser, page, query, width=WIDTH, height=HEIGHT, device_scale_factor=None, frames=FRAMES,
              context=None):
    """A new tab on the page with the query, once it has drawn `frames` frames after its first."""
    tab = browser.open_tab(width, height, device_scale_factor, context)
    try:
        tab.navigate("file://" + os.path.abspath(page) + query)
        tab.wait_for(lambda: frames_drawn(tab) > frames, PAGE_SECONDS, f"{frames} frames drawn")
    except BrowserError as e:
        tab.close()
        raise BrowserError(f"{e}; the console: {tab.console[-4:]} {tab.exceptions[-2:]}")
    return tab


def high_dpi_problems(browser, page):
    """On a screen of 2 device pixels per CSS pixel the canvas has 2 pixels per CSS pixel: the
    stage and its text are sharp, not a 1280-pixel picture stretched."""
    tab = open_page(browser, page, "?scene=carousel&present=1", device_scale_factor=2, frames=1)
    try:
        width = tab.evaluate("document.getElementById('canvas').width")
        problems = [] if width == 2 * WIDTH else [
            f"the canvas is {width} pixels wide at 2 device pixels per CSS pixel, not {2 * WIDTH}"]
        return problems + console_errors(tab)
    finally:
        tab.close()


def no_webgl2_problems(page):
    """A browser without WebGL2 (Chromium with its 3D APIs off: a browser of its own) gets the
    page's sentence saying so, and the program is not started."""
    with Browser(f"{WIDTH}x{HEIGHT}", ["--disable-3d-apis"]) as browser:
        tab = browser.open_tab()
        tab.navigate("file://" + os.path.abspath(page) + "?scene=carousel")
        sentence = lambda: tab.evaluate("(document.getElementById('message') || {}).textContent") or ""
        try:
            tab.wait_for(lambda: "framelab needs WebGL2" in sentence(), 20, "'framelab needs WebGL2' on the page")
        except BrowserError as e:
            return [str(e)]
        time.sleep(1)  # the program must not start (and fail) after the sentence
        return console_errors(tab) + ([f"{frames_drawn(tab)} frames drawn without WebGL2"] if frames_drawn(tab) else [])


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


def edited_foucault(folder, replace, by, name="edited.json"):
    """(path, text) of the shipped Foucault file with `replace` replaced `by`, written to folder/name."""
    text = open(os.path.join(ROOT, "assets/worlds/foucault-pendulum.json")).read()
    assert replace in text
    path = os.path.join(folder, name)
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
    """A console line's message (without its level)."""
    return line.split(": ", 1)[1] if ": " in line else line


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


TABS_AT_ONCE = 2  # the 2-core host's Chromium leaves a core idle while a page loads


def picture_problems(tab, png, with_menu):
    """The page's picture (into `png`, to be looked at): the stage drawn; the menu bar shown or not.
    The checks decode small parts of it only (this PNG decoder is Python's, slow)."""
    tab.screenshot(png)
    drawn, colours = stage_drawn(tab)
    problems = [] if drawn else [f"stage blank ({colours} colours in the middle)"]
    if menu_bar_shown(tab) != with_menu:
        problems.append("menu bar " + ("missing" if with_menu else "shown in presentation mode"))
    return problems


def page_problems(browser, page, name, query, check, png):
    """Opens one page in a tab of its own; (its console, seconds, the problems seen)."""
    start = time.perf_counter()
    if os.path.exists(png):
        os.remove(png)
    tab = None
    try:
        tab = open_page(browser, page, query)
        problems = console_errors(tab) + (check(tab.console) if check else [])
        problems += picture_problems(tab, png, with_menu=name in {"panels", "share-link", "bad-link"})
        if name == "panels" and not any("--set initial_rate = 1.5" in line for line in tab.console):
            problems.append("set=initial_rate=1.5 did not reach the parameters")
    except BrowserError as e:
        problems = [str(e)]
    finally:
        if tab:
            tab.close()
    return (tab.console if tab else []), time.perf_counter() - start, problems


def report(name, problems, console, failures):
    print(f"{'ok  ' if not problems else 'FAIL'} {name} {'; '.join(problems)}", flush=True)
    if problems:
        failures.append(name)
        for line in console[-8:]:
            print("    " + line)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", default=os.path.join(WEB_BUILD, "framelab.html"))
    parser.add_argument("--only", default="", help="only the cases whose name contains this")
    parser.add_argument("--native", default=NATIVE)
    args = parser.parse_args()
    shots = os.path.join(WEB_BUILD, "shots")
    os.makedirs(shots, exist_ok=True)
    failures, checked = [], 0
    start = time.perf_counter()
    # The page composited in software: WebGL2 still draws on SwiftShader, and the GPU process
    # spends about half the CPU (tank-turret's two pages: 2.3 s against 4.2).
    with tempfile.TemporaryDirectory() as folder, Browser(f"{WIDTH}x{HEIGHT}", ["--disable-gpu-compositing"]) as browser:
        runs = [(scene, f"?scene={scene}&present=1", None) for scene in cases() if args.only in scene]
        if args.only in "panels":
            runs.append(("panels", "?scene=carousel&set=initial_rate=1.5", None))
        if any(args.only in name for name in ("share-link", "bad-link")):
            runs += [case for case in link_cases(folder, args.native) if args.only in case[0]]

        def open_one(run):
            name, query, check = run
            png = os.path.join(shots, os.path.basename(name).removesuffix(".json") + ".png")
            return page_problems(browser, args.page, name, query, check, png)

        from page_files import FILE_CASES, file_cases  # (it uses this file's functions)
        if any(args.only in name for name in FILE_CASES):
            # First: the longest cases, while the pages fill the other tab.
            runs = [(name, None, run) for name, run in file_cases(folder, args.native) if args.only in name] + runs

        def file_case(name, run):
            """A case of page_files.py in a browser context of its own, with its own download folder."""
            downloads = os.path.join(folder, "downloads-" + name)
            os.makedirs(downloads)
            start, tab, context = time.perf_counter(), None, None
            try:
                context = browser.new_context(downloads)
                tab = open_page(browser, args.page, "?scene=carousel", frames=3, context=context)
                problems = run(tab, downloads, shots)
            except BrowserError as e:
                problems = [str(e)]
            finally:
                if tab:
                    tab.close()
                if context:
                    browser.dispose_context(context)
            return (tab.console if tab else []), time.perf_counter() - start, problems

        with concurrent.futures.ThreadPoolExecutor(TABS_AT_ONCE) as pool:
            outcomes = pool.map(lambda run: open_one(run) if run[1] is not None else file_case(run[0], run[2]), runs)
            for (name, query, _), (console, seconds, problems) in zip(runs, outcomes):
                shown = name if query is None else query if len(query) < 90 else query[:80] + "..."
                report(f"{shown} ({seconds:.1f} s)", problems, console, failures)
                checked += 1
        if args.only in "high-dpi":
            try:
                problems = high_dpi_problems(browser, args.page)
            except BrowserError as e:
                problems = [str(e)]
            report("2 device pixels per CSS pixel", problems, [], failures)
            checked += 1
    if args.only in "no-webgl2":
        try:
            problems = no_webgl2_problems(args.page)
        except BrowserError as e:
            problems = [str(e)]
        report("no WebGL2 (--disable-3d-apis)", problems, [], failures)
        checked += 1
    print(f"page_test: {checked - len(failures)} of {checked} pages fine in {time.perf_counter() - start:.0f} s; "
          f"screenshots in {shots}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
