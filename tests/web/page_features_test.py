#!/usr/bin/env python3
"""The page's Benchmarks panel and its WebM recording, in headless Chromium (real time, not
virtual: the benchmarks time themselves with the page's clock), driven by a GUI script the page
runs (?script=): a copy of the page gets the script written into its file system before the
program starts (one <script> added in front of the program's; the page itself is not changed).
  bench    `show benchmarks`, `bench run`: the run goes in slices, so frames keep coming (the
           page's 2-second frame-time lines go on during the run); a screenshot mid-run shows
           the progress bar; the run ends ("done" in the page's status via the script's
           `bench wait`, then `quit`).
  record   `record start /tmp/t.webm stage`, ~2 s, `record stop`: the page's MediaRecorder
           gives a WebM download (EBML header 1a 45 df a3, non-trivial size; the page's console
           line says the same of the bytes it made).
Chromium is driven through its DevTools protocol by tests/web/cdp_browser.py; the WebM is also
checked as the download it arrives as. PNGs go to shots/ in the web build's folder (web_paths.py).
  tests/web/page_features_test.py [--page WEB_BUILD/framelab.html] [--only bench|record]"""
import argparse
import json
import os
import re
import shutil
import sys
import tempfile

import page_test as pages
from cdp_browser import Browser, BrowserError
from page_files import wait_download
from web_paths import WEB_BUILD

WIDTH, HEIGHT = 1280, 720


def page_with_script(page, folder, script):
    """A copy of the page in `folder` that writes `script` to /test/run.script before the program
    starts, and keeps in framelabTest the time of every frame (postMainLoop) and of every line the
    program prints (performance.now(), ms)."""
    html = open(page, encoding="utf-8").read()
    marker = "var Module = {"
    end = html.index("</script>", html.index(marker)) + len("</script>")
    inject = ("<script>\n"
              "const framelabTest = {frames: [], lines: []};\n"
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

    def __init__(self, browser, page, query, folder, script):
        self.downloads = os.path.join(folder, "downloads")
        os.makedirs(self.downloads)
        self.browser = browser
        self.context = browser.new_context(downloads=self.downloads)
        self.tab = browser.open_tab(WIDTH, HEIGHT, context=self.context)
        self.tab.navigate("file://" + os.path.abspath(page_with_script(page, folder, script)) + query)

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


def bench_problems(browser, page, folder, shots):
    """A run of 72 list cases (quick, 100 to 10,000 elements, 8 and 64 bytes) between two shots
    that mark its start and end: the gaps between frames before it and during it."""
    script = "\n".join(["show benchmarks", "bench select list", "bench set quick 1", "bench set sizes 100,1000,10000",
                         "bench set value-bytes 8,64", "wait 60", "shot /tmp/bench_start.png", "bench run",
                         "bench wait 100000", "shot /tmp/bench_end.png", "wait 10", "quit", ""])
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
        problems += console_errors("bench", b.tab)
    finally:
        b.close()
    return problems


def record_problems(browser, page, folder, shots):
    script = "\n".join(["record start /tmp/t.webm stage", "wait 20", "record stop", "wait 30", ""])
    b = page_tab(browser, page, "?scene=carousel&script=/test/run.script", folder, script)
    problems = []
    try:
        recorded = b.follow(120, until=r"framelab page: recorded")
        b.tab.screenshot(os.path.join(shots, "record_after.png"))
        line = next((l for l in b.console if "framelab page: recorded" in l), "")
        print(f"record: {line or 'no recording line'}")
        found = re.search(r"recorded (\S+): (\d+) bytes of (\S+), header ([0-9a-f ]+)", line)
        if not recorded or not found:
            problems.append("record: the page made no recording: " + " | ".join(b.console[-5:]))
        else:
            size, header = int(found.group(2)), found.group(4).strip()
            if header != "1a 45 df a3":
                problems.append(f"record: the file starts {header}, not WebM's EBML header 1a 45 df a3")
            if size < 20000:
                problems.append(f"record: {size} bytes is too small for 2 s of video")
            try:
                download = wait_download(b.downloads, "t.webm")
                with open(download, "rb") as f:
                    start = f.read(4)
                downloaded = os.path.getsize(download)
                print(f"record: downloaded t.webm, {downloaded} bytes, starting {start.hex(' ')}")
                if downloaded != size:
                    problems.append(f"record: the download has {downloaded} bytes, the page made {size}")
                if start != bytes.fromhex("1a45dfa3"):
                    problems.append("record: the downloaded t.webm does not start with WebM's EBML header")
            except BrowserError as e:
                problems.append(f"record: {e}")
        problems += console_errors("record", b.tab)
    finally:
        b.close()
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default=os.path.join(WEB_BUILD, "framelab.html"))
    parser.add_argument("--only", choices=["bench", "record"])
    args = parser.parse_args()
    shots = os.path.join(os.path.dirname(os.path.abspath(args.page)), "shots")
    os.makedirs(shots, exist_ok=True)
    problems = []
    with Browser(f"{WIDTH}x{HEIGHT}") as browser:
        for name, check in (("bench", bench_problems), ("record", record_problems)):
            if args.only and args.only != name:
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
