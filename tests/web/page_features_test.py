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
           gives a WebM (its console line: the size and the EBML header 1a 45 df a3).
Chromium is driven through its DevTools protocol by the few lines of websocket below (Python's
standard library only). PNGs go to shots/ in the web build's folder (web_paths.py).
  tests/web/page_features_test.py [--page WEB_BUILD/framelab.html] [--only bench|record]"""
import argparse
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

from web_paths import ROOT, WEB_BUILD

CHROMIUM = os.path.join(ROOT, "tests/web/headless_chromium.sh")
WIDTH, HEIGHT = 1280, 720


# [SECTION] A minimal DevTools client: one websocket (RFC 6455: masked text frames out)
class devtools:
    def __init__(self, ws_url):
        host, port, path = re.match(r"ws://([^:/]+):(\d+)(/.*)", ws_url).groups()
        self.sock = socket.create_connection((host, int(port)), timeout=150)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += self.sock.recv(4096)
        assert b" 101 " in reply.split(b"\r\n")[0], reply
        self.buffer = reply.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0
        self.events = []  # (method, params) received while waiting for answers

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            message += self._read(n)
            if first & 0x80:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else struct.pack(">BH", 0x80 | 126, n)
                                  if n < 65536 else struct.pack(">BQ", 0x80 | 127, n))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append((message["method"], message.get("params", {})))

    def console_lines(self):
        """The console lines so far (taken: each once)."""
        self.call("Runtime.evaluate", expression="0")  # lets the events that came in be read
        lines = []
        for method, params in self.events:
            if method == "Runtime.consoleAPICalled":
                lines.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
            elif method == "Runtime.exceptionThrown":
                lines.append("EXCEPTION " + params["exceptionDetails"].get("text", ""))
        self.events.clear()
        return lines


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


class browser:
    """Headless Chromium on a page, its console followed through DevTools."""

    def __init__(self, page, query, profile):
        self.process = subprocess.Popen(
            [CHROMIUM, profile, f"{WIDTH}x{HEIGHT}", "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        for line in self.process.stderr:
            found = re.search(r"DevTools listening on ws://127.0.0.1:(\d+)/", line)
            if found:
                port = found.group(1)
                break
        assert port, "Chromium did not open its DevTools port"
        # Chromium's log keeps coming on stderr: read it away so that it never blocks.
        self.log = tempfile.TemporaryFile("w+")
        self.drain = subprocess.Popen(["cat"], stdin=self.process.stderr, stdout=self.log)
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        target = next(t for t in targets if t["type"] == "page")
        self.tools = devtools(target["webSocketDebuggerUrl"])
        self.tools.call("Runtime.enable")
        self.tools.call("Page.enable")
        self.tools.call("Page.bringToFront")  # a page in the background gets few frames
        self.tools.call("Emulation.setFocusEmulationEnabled", enabled=True)
        self.tools.call("Page.navigate", url="file://" + os.path.abspath(page) + query)
        self.console = []

    def follow(self, seconds, until=None):
        """Collects console lines for up to `seconds` (less once a line matches `until`)."""
        end = time.time() + seconds
        while time.time() < end:
            fresh = self.tools.console_lines()
            self.console += fresh
            if until and any(re.search(until, line) for line in fresh):
                return True
            time.sleep(0.25)
        return False

    def screenshot(self, png):
        data = self.tools.call("Page.captureScreenshot", format="png")["data"]
        with open(png, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self):
        self.process.kill()
        self.process.wait()
        self.drain.wait()


# [SECTION] The checks
def console_errors(check, console):
    errors = [line for line in console if "framelab: error" in line or "EXCEPTION" in line]
    return [f"{check}: " + "; ".join(errors[:3])] if errors else []


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def bench_problems(page, folder, shots):
    """A run of 72 list cases (quick, 100 to 10,000 elements, 8 and 64 bytes) between two shots
    that mark its start and end: the gaps between frames before it and during it."""
    script = "\n".join(["show benchmarks", "bench select list", "bench set quick 1", "bench set sizes 100,1000,10000",
                         "bench set value-bytes 8,64", "wait 60", "shot /tmp/bench_start.png", "bench run",
                         "bench wait 100000", "shot /tmp/bench_end.png", "wait 10", "quit", ""])
    b = browser(page_with_script(page, folder, script), "?scene=carousel&script=/test/run.script",
                os.path.join(folder, "profile"))
    problems = []
    try:
        if not b.follow(180, until=r"wrote /tmp/bench_start.png"):
            return ["bench: the script did not reach the run: " + " | ".join(b.console[-5:])]
        b.follow(3)
        png = os.path.join(shots, "bench_mid_run.png")
        b.screenshot(png)
        if not b.follow(900, until=r"wrote /tmp/bench_end.png|framelab: error"):
            problems.append("bench: the run did not end within 15 minutes")
        test = json.loads(b.tools.call("Runtime.evaluate", expression="JSON.stringify(framelabTest)")["result"]["value"])
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
        problems += console_errors("bench", b.console)
    finally:
        b.close()
    return problems


def record_problems(page, folder, shots):
    script = "\n".join(["record start /tmp/t.webm stage", "wait 20", "record stop", "wait 30", ""])
    b = browser(page_with_script(page, folder, script), "?scene=carousel&script=/test/run.script",
                os.path.join(folder, "profile"))
    problems = []
    try:
        recorded = b.follow(120, until=r"framelab page: recorded")
        b.screenshot(os.path.join(shots, "record_after.png"))
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
        problems += console_errors("record", b.console)
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
    for name, check in (("bench", bench_problems), ("record", record_problems)):
        if args.only and args.only != name:
            continue
        folder = tempfile.mkdtemp(prefix=f"framelab-{name}-")
        try:
            problems += check(args.page, folder, shots)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    for p in problems:
        print("page_features_test: " + p)
    print(f"page_features_test: {'fine' if not problems else 'FAILED'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
