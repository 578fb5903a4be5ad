#!/usr/bin/env python3
"""The page's Benchmarks panel and its WebM recording, in headless Chromium (real time, not
virtual: the benchmarks time themselves with the page's clock), driven by a GUI script the page
runs (?script=): a copy of the page gets the script written into its file system before the
program starts (one <script> added in front of the program's; the page itself is not changed).
  bench    `show benchmarks`, `bench run`: the run goes in slices, so frames keep coming (the
           page's 2-second frame-time lines go on during the run); a screenshot mid-run shows
           the progress bar; the run ends ("done" in the page's status via the script's
           `bench wait`). Then the panel's Export CSV and Export JSON are clicked: both arrive
           as downloads, the CSV with the records of the same cases as the native
           `framelab bench list` with the same options, the JSON's host WebAssembly in a browser.
  record   `record start /tmp/t.webm stage`, 20 frames, `record stop`: the page's VideoEncoder
           gives a WebM download (EBML header 1a 45 df a3; the page's console line says the same
           of the bytes it made) that webm_file.py reads back: a VP8 track of the recording's size,
           one block per frame the program wrote, block i at i / fps and a Duration of frames /
           fps (within a frame), however slowly the page drew them.
  record-mediarecorder  (only with --only) the same where VideoEncoder is hidden: the page's
           MediaRecorder fallback makes the WebM; its length is printed, not checked.
  bench-all  (only with --only; minutes) every benchmark in turn (--quick where it has it): the
           longest gap between frames during each run, for the README.
Chromium is driven through its DevTools protocol by tests/web/cdp_browser.py; the WebM is also
checked as the download it arrives as. PNGs go to shots/ in the web build's folder (web_paths.py).
  tests/web/page_features_test.py [--page WEB_BUILD/framelab.html] [--native FRAMELAB]
                                  [--only bench|record|record-mediarecorder|bench-all]"""
import argparse
import base64
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import page_test as pages
import webm_file
from cdp_browser import Browser, BrowserError
from page_files import PANEL_BUTTON, dialog_buttons, wait_download
from web_paths import NATIVE, WEB_BUILD

WIDTH, HEIGHT = 1280, 720


def page_with_script(page, folder, script, before=""):
    """A copy of the page in `folder` that writes `script` to /test/run.script before the program
    starts, and keeps in framelabTest the time of every frame (postMainLoop) and of every line the
    program prints (performance.now(), ms); `before`: JavaScript run ahead of the program's."""
    html = open(page, encoding="utf-8").read()
    marker = "var Module = {"
    end = html.index("</script>", html.index(marker)) + len("</script>")
    inject = ("<script>\n"
              "const framelabTest = {frames: [], lines: []};\n" + before + "\n"
              "Module.preRun.push(() => { FS.mkdir('/test'); FS.writeFile('/test/run.script', "
              + json.dumps(script) + "); });\n"
              "const pageFrame = Module.postMainLoop, pagePrint = Module.print;\n"
              "Module.postMainLoop = () => { framelabTest.frames.push(performance.now()); pageFrame(); };\n"
              "Module.print = (text) => { framelabTest.lines.push([performance.now(), text]); pagePrint(text); };\n"
              "</script>")
    copy = os.path.join(folder, "framelab.html")
    with open(copy, "w", encoding="utf-8") as out:
        out.write(html[:end] + inject + html[end:])
    return copy


class page_tab:
    """The page (a copy with `script`) in a tab of its own browser context, whose downloads go to
    `folder`/downloads; follow() waits for a console line."""

    def __init__(self, browser, page, query, folder, script, before=""):
        self.downloads = os.path.join(folder, "downloads")
        os.makedirs(self.downloads)
        self.browser = browser
        self.context = browser.new_context(downloads=self.downloads)
        self.tab = browser.open_tab(WIDTH, HEIGHT, context=self.context)
        self.tab.navigate("file://" + os.path.abspath(page_with_script(page, folder, script, before)) + query)

    @property
    def console(self):
        return self.tab.console + ["EXCEPTION " + e for e in self.tab.exceptions]

    def follow(self, seconds, until):
        """True once a console line matches `until`; False after `seconds`."""
        try:
            self.tab.wait_for(lambda: any(re.search(until, line) for line in self.tab.console), seconds, until)
            return True
        except BrowserError:
            return False

    def close(self):
        self.tab.close()
        self.browser.dispose_context(self.context)


# [SECTION] The checks
def console_errors(check, tab):
    """page_test's console errors of the tab (exceptions, error lines), as one problem."""
    errors = pages.console_errors(tab)
    return [f"{check}: " + "; ".join(errors[:3])] if errors else []


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


# The list benchmark's options for the page's run (`bench set`) and the native one (--quick ...).
# In the page sizes above the list's slice_max (bench/list_bench.cpp) are left out: 100000 here.
BENCH_OPTIONS = [("quick", "1"), ("sizes", "100,1000,10000,100000"), ("value-bytes", "8,64")]
LIST_SLICE_MAX = 10000


def csv_rows(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def export_problems(tab, downloads, shots, native):
    """After the run: the panel's Export CSV and Export JSON buttons (the lowest row of two panel
    buttons in the panel's right half) clicked; each file arrives as a download. The CSV has the
    header and one row per record, the same cases (its parameter columns, in any order) as the
    native `framelab bench list` with the same options and the sizes up to the page's cap; the JSON
    has as many records, those capped sizes among its options, and its host says WebAssembly in a
    browser."""
    left = WIDTH // 2
    png = os.path.join(shots, "bench_export.png")
    buttons = dialog_buttons(tab.screenshot(png, clip=(left, 0, WIDTH - left, HEIGHT)), 2, PANEL_BUTTON)
    if len(buttons) != 2:
        return [f"bench: no Export CSV / Export JSON buttons found in the panel ({png})"]
    problems = []
    try:
        for x, y in buttons:
            tab.click(left + x, y)
        page_csv = csv_rows(wait_download(downloads, "framelab-bench-list.csv"))
        with open(wait_download(downloads, "framelab-bench-list.json")) as f:
            page_json = json.load(f)
    except (BrowserError, ValueError) as e:
        return [f"bench: export: {e}"]
    # The native run: the same options with the sizes the page keeps (the cap: the JSON's options).
    capped = ",".join(s for s in dict(BENCH_OPTIONS)["sizes"].split(",") if int(s) <= LIST_SLICE_MAX)
    native_csv_path = os.path.join(downloads, "native.csv")
    command = [native, "bench", "list", "--csv", native_csv_path]
    for key, value in BENCH_OPTIONS:
        command += ["--quick"] if key == "quick" else [f"--{key}", capped if key == "sizes" else value]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, timeout=120)
    native_csv = csv_rows(native_csv_path)
    params = native_csv[0].index("ns_per_element")  # the columns before it name the case
    cases = lambda rows: sorted(tuple(row[:params]) for row in rows[1:])
    print(f"bench: exported framelab-bench-list.csv ({len(page_csv) - 1} records) and .json "
          f"({len(page_json.get('records', []))} records, host '{page_json.get('host')}'); "
          f"the native run of the same options with sizes {capped}: {len(native_csv) - 1} records")
    if page_csv[0] != native_csv[0]:
        problems.append(f"bench: the CSV's header {page_csv[0]} is not the native {native_csv[0]}")
    if cases(page_csv) != cases(native_csv):
        problems.append(f"bench: the CSV's {len(page_csv) - 1} records are not the native run's {len(native_csv) - 1}")
    if page_json.get("options", {}).get("sizes") != capped:
        problems.append(f"bench: the run's sizes {page_json.get('options', {}).get('sizes')}, not the capped {capped}")
    if len(page_json.get("records", [])) != len(page_csv) - 1:
        problems.append(f"bench: the JSON has {len(page_json.get('records', []))} records, the CSV {len(page_csv) - 1}")
    if "WebAssembly in a browser" not in page_json.get("host", ""):
        problems.append(f"bench: the JSON's host '{page_json.get('host')}' does not say WebAssembly in a browser")
    return problems


def bench_problems(browser, page, folder, shots, native):
    """A run of 36 list cases (quick, 100 to 10,000 elements (100,000 asked for: over the page's
    cap), 8 and 64 bytes) between two shots
    that mark its start and end: the gaps between frames before it and during it; then its
    exports (export_problems)."""
    script = "\n".join(["show benchmarks", "bench select list"] + [f"bench set {k} {v}" for k, v in BENCH_OPTIONS] +
                        ["wait 60", "shot /tmp/bench_start.png", "bench run", "bench wait 100000",
                         "shot /tmp/bench_end.png", "wait 100000", ""])
    b = page_tab(browser, page, "?scene=carousel&script=/test/run.script", folder, script)
    problems = []
    try:
        if not b.follow(180, until=r"wrote /tmp/bench_start.png"):
            return ["bench: the script did not reach the run: " + " | ".join(b.console[-5:])]
        b.follow(3, until=r"wrote /tmp/bench_end.png")
        png = os.path.join(shots, "bench_mid_run.png")
        b.tab.screenshot(png)
        if not b.follow(900, until=r"wrote /tmp/bench_end.png|framelab: error"):
            problems.append("bench: the run did not end within 15 minutes")
        test = json.loads(b.tab.evaluate("JSON.stringify(framelabTest)"))
        start = next(t for t, text in test["lines"] if "bench_start.png" in text)
        end = next((t for t, text in test["lines"] if "bench_end.png" in text), test["frames"][-1])
        frames = test["frames"]
        gaps_before = [b_ - a_ for a_, b_ in zip(frames, frames[1:]) if b_ < start]
        # the first frame of the run finishes the start shot (a PNG written): left out
        during = [t for t in frames if start < t <= end][1:]
        gaps_during = [b_ - a_ for a_, b_ in zip(during, during[1:])]
        print(f"bench: {len(during)} frames in the {(end - start) / 1000:.1f} s run; between frames "
              f"before it median {median(gaps_before[-40:]):.0f} ms; during it median {median(gaps_during):.0f} ms, "
              f"longest {max(gaps_during, default=0):.0f} ms; screenshot {png}")
        print("bench: the page's 2-second reports: " + " ".join(
            m.group(1) for line in b.console if (m := re.search(r"page: ([0-9.]+) ms per frame", line))))
        # A frozen page (every case before the first frame) has one gap as long as the run.
        limit = max(1000.0, 3 * median(gaps_before[-40:]))
        if len(during) < 20:
            problems.append(f"bench: only {len(during)} frames during the run")
        if max(gaps_during, default=0) > limit:
            problems.append(f"bench: {max(gaps_during):.0f} ms without a frame during the run (limit {limit:.0f} ms)")
        problems += export_problems(b.tab, b.downloads, shots, native)
        problems += console_errors("bench", b.tab)
    finally:
        b.close()
    return problems


# Every benchmark, each with --quick where it has it (render and tank have none: their defaults).
ALL_BENCHMARKS = [("ad", True), ("broadphase", True), ("hierarchy", True), ("integrators", True), ("joints", True),
                  ("list", True), ("pairs", True), ("render", False), ("tank", False), ("world", True)]


def bench_all_problems(browser, page, folder, shots):
    """(Only when asked: minutes.) Every benchmark run in the page in turn, a shot before each
    marking where it starts: per benchmark its frames, the longest gap between frames and the
    panel's longest case. A measurement for the README; it fails only if a run does not end."""
    steps = ["show benchmarks", "wait 30"]
    for name, quick in ALL_BENCHMARKS:
        steps += [f"bench select {name}"] + (["bench set quick 1"] if quick else [])
        steps += [f"shot /tmp/bench_{name}.png", "bench run", "bench wait 1000000"]
    steps += ["shot /tmp/bench_end.png", "wait 100000", ""]
    b = page_tab(browser, page, "?scene=carousel&script=/test/run.script", folder, "\n".join(steps))
    problems = []
    try:
        if not b.follow(3600, until=r"wrote /tmp/bench_end.png|framelab: error"):
            problems.append("bench-all: the runs did not end within an hour")
        test = json.loads(b.tab.evaluate("JSON.stringify(framelabTest)"))
        marks = [(t, m.group(1)) for t, text in test["lines"] if (m := re.search(r"wrote /tmp/bench_(\w+)\.png", text))]
        frames = test["frames"]
        before = [y - x for x, y in zip(frames, frames[1:]) if y < marks[0][0]] if marks else []
        print(f"bench-all: before the runs a frame every {median(before[-40:]):.0f} ms (median)")
        longest = 0.0
        for (start, name), (end, _) in zip(marks, marks[1:]):
            during = [t for t in frames if start < t <= end][1:]  # the shot's own frame left out
            gaps = [y - x for x, y in zip(during, during[1:])]
            longest = max(longest, max(gaps, default=0))
            print(f"bench-all: {name}: {(end - start) / 1000:.1f} s, {len(during)} frames, median gap "
                  f"{median(gaps):.0f} ms, longest {max(gaps, default=0):.0f} ms")
        print(f"bench-all: the longest gap between frames in every run: {longest:.0f} ms")
        # The page's own shots (each shows the previous run's "Longest case" line) into shots/.
        for _, name in marks:
            data = b.tab.evaluate(f"""(() => {{ const bytes = FS.readFile('/tmp/bench_{name}.png'); let s = '';
                for (const x of bytes) s += String.fromCharCode(x); return btoa(s); }})()""")
            with open(os.path.join(shots, f"bench_all_{name}.png"), "wb") as f:
                f.write(base64.b64decode(data))
        problems += console_errors("bench-all", b.tab)
    finally:
        b.close()
    return problems


def recording_timing_problems(download, frames, fps, width, height, exact):
    """The WebM's own account (webm_file.py, read from the bytes): EBML header, a VP8 track of the
    recording's size, one SimpleBlock per frame the program wrote, the first a keyframe, and it
    lasts frames / fps within one frame (its Duration, or where it has none its last block's time
    + 1 / fps). `exact`: also block i at i / fps (within the 1 ms tick). Returns (problems, line)."""
    with open(download, "rb") as f:
        data = f.read()
    try:
        found = webm_file.timing(data)
    except webm_file.WebmError as e:
        return [f"record: the download is not a readable WebM: {e}"], ""
    blocks = found["blocks"]
    duration = found["duration"]
    if duration is None and blocks:
        duration = blocks[-1][0] + 1 / fps
    line = (f"{found['doc_type']} {found['codec_id']} {found['width']}x{found['height']}, {len(blocks)} blocks, "
            f"{'Duration' if found['duration'] is not None else 'blocks'} {duration:.3f} s "
            f"for {frames} frames at {fps} fps ({frames / fps:.3f} s)")
    problems = []
    if found["doc_type"] != "webm" or found["codec_id"] != "V_VP8":
        problems.append(f"record: DocType {found['doc_type']}, codec {found['codec_id']}: not a VP8 WebM")
    if (found["width"], found["height"]) != (width, height):
        problems.append(f"record: the video is {found['width']}x{found['height']}, the recording {width}x{height}")
    if len(blocks) != frames:
        problems.append(f"record: {len(blocks)} frames in the file, the program wrote {frames}")
    if not blocks or not blocks[0][1]:
        problems.append("record: the video does not start with a keyframe")
    if abs(duration - frames / fps) > 1 / fps:
        problems.append(f"record: it lasts {duration:.3f} s, not {frames} frames / {fps} fps = {frames / fps:.3f} s")
    if exact:
        off = [(i, t) for i, (t, _) in enumerate(blocks) if abs(t - i / fps) > 0.0006]
        if off:
            problems.append(f"record: frame {off[0][0]} at {off[0][1]:.4f} s, not {off[0][0] / fps:.4f} s "
                            f"({len(off)} frames off their 1/fps times)")
    return problems, line


def long_recording_problems(tab):
    """The page's WebM writer (web_shell.html's `webm.file`) on made-up frames longer than a
    test can record: 250 frames at 60 fps with a keyframe every 120 (a cluster at each), and 40
    frames at 1 fps with one keyframe (a second cluster before a block's int16 ms offset would
    overflow). webm_file.py reads back each frame at i / fps, the keyframe flags, a Duration of
    frames / fps, clusters starting at 0, 2, 4 s and 0, 31 s, and Cues naming where each starts."""
    problems = []
    for count, fps, key_every, cluster_starts in ((250, 60, 120, [0, 2, 4]), (40, 1, 1000, [0, 31])):
        made = tab.evaluate(f"""Array.from(webm.file(Array.from({{length: {count}}}, (_, i) =>
            ({{index: i, key: i % {key_every} === 0, data: Uint8Array.of(i & 255, 7, 7)}})),
            {{codecId: 'V_VP8', width: 64, height: 48, fps: {fps}}}))""")
        found = webm_file.timing(bytes(made))
        what = f"record: the writer's {count} frames at {fps} fps"
        times = [t for t, _ in found["blocks"]]
        if len(times) != count or any(abs(t - i / fps) > 0.0006 for i, t in enumerate(times)):
            problems.append(f"{what}: blocks at {times[:4]}..., not i / {fps} s")
        if [key for _, key in found["blocks"]] != [i % key_every == 0 for i in range(count)]:
            problems.append(f"{what}: keyframe flags not on every {key_every}th frame")
        if abs(found["duration"] - count / fps) > 1e-9:
            problems.append(f"{what}: Duration {found['duration']} s, not {count / fps} s")
        if [round(t, 6) for t, _ in found["clusters"]] != cluster_starts:
            problems.append(f"{what}: clusters at {found['clusters']} s, not {cluster_starts}")
        if found["cues"] != found["clusters"]:
            problems.append(f"{what}: Cues {found['cues']} do not name the clusters {found['clusters']}")
    return problems


def playback_problems(tab, download, frames, fps, width, height):
    """Chromium's own WebM demuxer and VP8 decoder (a <video> in the tab) open the download: its
    size, its duration (frames / fps within a frame) and a seek to its last frame."""
    played = tab.evaluate("""new Promise((resolve) => {
      const video = Object.assign(document.createElement('video'), {muted: true, preload: 'auto'});
      const said = {};
      video.onerror = () => resolve({error: video.error ? video.error.code + ' ' + video.error.message : '?'});
      video.onloadeddata = () => {
        Object.assign(said, {duration: video.duration, width: video.videoWidth, height: video.videoHeight});
        video.onseeked = () => resolve(Object.assign(said, {seeked: video.currentTime}));
        video.currentTime = video.duration - 0.5 / %d;
      };
      setTimeout(() => resolve(Object.assign(said, {error: 'no answer in 10 s'})), 10000);
      video.src = %s;
    })""" % (fps, json.dumps("file://" + os.path.abspath(download))))
    print(f"record: Chromium's <video> plays it: {played}")
    if "error" in played:
        return [f"record: Chromium's <video> does not play the download: {played}"]
    problems = []
    if (played["width"], played["height"]) != (width, height):
        problems.append(f"record: Chromium decodes {played['width']}x{played['height']}, not {width}x{height}")
    if abs(played["duration"] - frames / fps) > 1 / fps:
        problems.append(f"record: Chromium says it lasts {played['duration']:.3f} s, not {frames / fps:.3f} s")
    return problems


def record_problems(browser, page, folder, shots, method="VideoEncoder"):
    """Records the stage for 20 frames; the page (and the Record dialog's line) names `method`.
    MediaRecorder: the page's fallback, made to run by hiding VideoEncoder before the program starts;
    its frames carry the time they were drawn, so its length is reported, not checked."""
    script = "\n".join(["record start /tmp/t.webm stage", "wait 20", "record stop", "wait 30", ""])
    hide = "window.VideoEncoder = undefined;" if method == "MediaRecorder" else ""
    b = page_tab(browser, page, "?scene=carousel&script=/test/run.script", folder, script, before=hide)
    problems = []
    try:
        recorded = b.follow(120, until=r"framelab page: recorded|was not saved")
        b.tab.screenshot(os.path.join(shots, "record_after.png"))
        line = next((l for l in b.console if "framelab page: recorded" in l), "")
        print(f"record: {line or 'no recording line'}")
        found = re.search(r"recorded (\S+): (\d+) bytes of (\S+) by (\w+), (\d+) frames at (\d+) fps, header ([0-9a-f ]+)",
                          line)
        # What the program wrote (app/screen_recorder's summary), independently of the page's line.
        wrote = next((m for l in b.console if (m := re.search(r"wrote /tmp/t.webm \((\d+) frames, (\d+)x(\d+), (\d+) fps", l))),
                     None)
        if not recorded or not found or not wrote:
            problems.append("record: the page made no recording: " + " | ".join(b.console[-5:]))
        else:
            size, used, header = int(found.group(2)), found.group(4), found.group(7).strip()
            frames, width, height, fps = (int(g) for g in wrote.groups())
            if used != method:
                problems.append(f"record: recorded by {used}, not {method}")
            if header != "1a 45 df a3":
                problems.append(f"record: the file starts {header}, not WebM's EBML header 1a 45 df a3")
            test = json.loads(b.tab.evaluate("JSON.stringify(framelabTest.frames)"))
            gaps = [y - x for x, y in zip(test, test[1:])]
            print(f"record: the page drew a frame every {median(gaps[-60:]):.0f} ms (median); "
                  f"the video has one every {1000 / fps:.1f} ms")
            try:
                download = wait_download(b.downloads, "t.webm")
                downloaded = os.path.getsize(download)
                if downloaded != size:
                    problems.append(f"record: the download has {downloaded} bytes, the page made {size}")
                timing_problems, timing_line = recording_timing_problems(download, frames, fps, width, height,
                                                                         exact=method == "VideoEncoder")
                print(f"record: downloaded t.webm, {downloaded} bytes: {timing_line}")
                if method == "VideoEncoder":
                    problems += timing_problems + playback_problems(b.tab, download, frames, fps, width, height)
                    problems += long_recording_problems(b.tab)
            except BrowserError as e:
                problems.append(f"record: {e}")
        problems += console_errors("record", b.tab)
    finally:
        b.close()
    return problems


def record_fallback_problems(browser, page, folder, shots):
    return record_problems(browser, page, folder, shots, method="MediaRecorder")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default=os.path.join(WEB_BUILD, "framelab.html"))
    parser.add_argument("--native", default=NATIVE, help="the desktop framelab (bench: the same cases exported)")
    parser.add_argument("--only", choices=["bench", "record", "record-mediarecorder", "bench-all"],
                        help="one case; record-mediarecorder (the fallback where the browser has no VideoEncoder) "
                             "and bench-all (every benchmark in turn: minutes) run only when asked")
    args = parser.parse_args()
    shots = os.path.join(os.path.dirname(os.path.abspath(args.page)), "shots")
    os.makedirs(shots, exist_ok=True)
    problems = []
    with Browser(f"{WIDTH}x{HEIGHT}") as browser:
        for name, check in (("bench", lambda *a: bench_problems(*a, native=args.native)), ("record", record_problems),
                            ("record-mediarecorder", record_fallback_problems), ("bench-all", bench_all_problems)):
            if args.only != name and (args.only or name in ("record-mediarecorder", "bench-all")):
                continue
            folder = tempfile.mkdtemp(prefix=f"framelab-{name}-")
            try:
                problems += check(browser, args.page, folder, shots)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    for p in problems:
        print("page_features_test: " + p)
    print(f"page_features_test: {'fine' if not problems else 'FAILED'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
