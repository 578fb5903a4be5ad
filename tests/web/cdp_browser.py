"""Headless Chromium driven through the Chrome DevTools Protocol, with Python's standard library
only: Chromium's --remote-debugging-pipe (it reads commands on its fd 3 and writes answers and
events on its fd 4, each a JSON text ended by a NUL byte). The browser starts with the web tests'
one command line (headless_chromium.sh). Every wait has a timeout; a browser that dies or does
not answer raises BrowserError, never hangs.
  with Browser() as browser:
      tab = browser.open_tab()
      tab.navigate("file:///.../framelab.html?scene=carousel")
      tab.wait_for(lambda: tab.evaluate("framesDrawn") >= 30, 20, "30 frames")
      tab.screenshot("carousel.png"); print(tab.console)"""
import base64
import json
import os
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.path.join(ROOT, "tests/web/headless_chromium.sh")
COMMAND_SECONDS = 30  # the longest a command may take to be answered


class BrowserError(Exception):
    pass


class Browser:
    """One headless Chromium of `size` ("WIDTHxHEIGHT" CSS pixels) with `flags` added."""

    def __init__(self, size="1280x720", flags=()):
        self.profile = tempfile.TemporaryDirectory(prefix="framelab-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # The browser's fds 3 and 4 (dup2 in the child; first above 4, so neither overwrites the other).
        def child_fds():
            high_read, high_write = os.dup(to_browser_read) + 10, os.dup(from_browser_write) + 10
            os.dup2(to_browser_read, high_read)
            os.dup2(from_browser_write, high_write)
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)
        self.process = subprocess.Popen(
            [CHROMIUM, self.profile.name, size, "--remote-debugging-pipe", *flags, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next_id = 0
        self._answers = {}
        self._listeners = {}  # session id (None: the browser's) -> function(method, params)
        self._lock = threading.Condition()
        self._write_lock = threading.Lock()  # one message at a time into the pipe (tabs may share it)
        self._dead = None
        threading.Thread(target=self._read, daemon=True).start()
        self.version = self.send("Browser.getVersion")["product"]  # the browser started and answers

    # [SECTION] The pipe
    def _read(self):
        buffered = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._lock:
                    self._dead = f"the browser closed its pipe (exit code {self.process.poll()})"
                    self._lock.notify_all()
                return
            buffered += chunk
            *messages, buffered = buffered.split(b"\0")
            for text in messages:
                message = json.loads(text)
                if "id" in message:
                    with self._lock:
                        self._answers[message["id"]] = message
                        self._lock.notify_all()
                else:
                    listener = self._listeners.get(message.get("sessionId"))
                    if listener:
                        listener(message["method"], message.get("params", {}))

    def send(self, method, session=None, timeout=COMMAND_SECONDS, **params):
        """The command's result; BrowserError when the browser refuses it, dies or is silent."""
        with self._lock:
            self._next_id += 1
            ident = self._next_id
        message = {"id": ident, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        try:
            with self._write_lock:
                os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        except OSError as e:
            raise BrowserError(f"{method}: the browser is gone ({e})")
        deadline = time.monotonic() + timeout
        with self._lock:
            while ident not in self._answers:
                if self._dead:
                    raise BrowserError(f"{method}: {self._dead}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BrowserError(f"{method}: no answer in {timeout} s")
                self._lock.wait(left)
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error'].get('message')} {answer['error'].get('data', '')}")
        return answer.get("result", {})

    # [SECTION] Tabs and downloads
    def open_tab(self, width=1280, height=720, device_scale_factor=None, context=None):
        """A new tab (its own target and session), blank, of width x height CSS pixels at
        device_scale_factor device pixels per CSS pixel (1 if not given), in the browser
        context `context` (new_context's) or the default one."""
        extra = {"browserContextId": context} if context else {}
        target = self.send("Target.createTarget", url="about:blank", newWindow=True,
                           width=width, height=height, **extra)["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        tab = Tab(self, target, session)
        self._listeners[session] = tab._event
        for domain in ("Page", "Runtime", "Log"):
            self.send(domain + ".enable", session)
        # The page's viewport exactly (a headless window's own is smaller by its invisible frame).
        self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                  deviceScaleFactor=device_scale_factor or 1, mobile=False)
        return tab

    def new_context(self, downloads=None):
        """A browser context of its own (like a fresh profile); its downloads go into the folder
        `downloads` under their own names. dispose_context ends it."""
        context = self.send("Target.createBrowserContext")["browserContextId"]
        if downloads:
            self.send("Browser.setDownloadBehavior", behavior="allow", downloadPath=os.path.abspath(downloads),
                      browserContextId=context)
        return context

    def dispose_context(self, context):
        self.send("Target.disposeBrowserContext", browserContextId=context)

    def close(self):
        try:
            if self.process.poll() is None and not self._dead:
                self.send("Browser.close", timeout=5)
        except BrowserError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self.profile.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()


class Tab:
    """One page: navigate, evaluate JavaScript, its console and exceptions, screenshots, input."""

    def __init__(self, browser, target, session):
        self.browser, self.target, self.session = browser, target, session
        self.console = []      # console lines, "LEVEL: text" (console.log and friends, the browser's log)
        self.exceptions = []   # uncaught exceptions' texts
        self.file_choosers = []  # backend node ids of <input type=file> whose chooser opened (intercepted)

    def send(self, method, timeout=COMMAND_SECONDS, **params):
        return self.browser.send(method, self.session, timeout, **params)

    def _event(self, method, params):
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            self.console.append(f"{params['type']}: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.exceptions.append(details.get("exception", {}).get("description") or details.get("text", ""))
        elif method == "Log.entryAdded":
            entry = params["entry"]
            self.console.append(f"{entry['level']}: {entry['text']}")
        elif method == "Page.fileChooserOpened":
            self.file_choosers.append(params.get("backendNodeId"))

    def navigate(self, url):
        answer = self.send("Page.navigate", url=url)
        if answer.get("errorText"):
            raise BrowserError(f"{url}: {answer['errorText']}")

    def evaluate(self, expression, user_gesture=False):
        """The value of a JavaScript expression (awaited if a promise); BrowserError on an exception."""
        answer = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True,
                           userGesture=user_gesture)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise BrowserError(f"{expression[:60]}: {details.get('exception', {}).get('description', details.get('text'))}")
        return answer["result"].get("value")

    def wait_for(self, condition, seconds, what):
        """Polls condition() until true; BrowserError naming `what` after `seconds`."""
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise BrowserError(f"no {what} in {seconds} s")
            time.sleep(0.05)

    def screenshot(self, png=None, clip=None, scale=1):
        """The tab's picture, PNG bytes (also written to the file `png` if given); clip (x, y,
        width, height) in CSS pixels for a part, scaled by `scale`."""
        params = {"format": "png"}
        if clip:
            params["clip"] = dict(zip(("x", "y", "width", "height"), clip), scale=scale)
        data = base64.b64decode(self.send("Page.captureScreenshot", **params)["data"])
        if png:
            with open(png, "wb") as f:
                f.write(data)
        return data

    # [SECTION] Input: files, mouse
    def intercept_file_chooser(self):
        """From now on a file chooser does not open: its input lands in file_choosers instead."""
        self.send("Page.setInterceptFileChooserDialog", enabled=True)

    def set_files(self, backend_node, paths):
        self.send("DOM.setFileInputFiles", files=[os.path.abspath(p) for p in paths], backendNodeId=backend_node)

    def drop_file(self, path, selector="#canvas"):
        """Drops the file on the element as a user drags it from the desktop: a real File (from
        the disk through a hidden <input type=file>) in a drop event's DataTransfer."""
        self.evaluate("""(() => { const input = document.createElement('input'); input.type = 'file';
            input.id = 'framelab-test-drop'; input.style.display = 'none'; document.body.appendChild(input); })()""")
        node = self.send("Runtime.evaluate", expression="document.getElementById('framelab-test-drop')")["result"]
        described = self.send("DOM.describeNode", objectId=node["objectId"])
        self.set_files(described["node"]["backendNodeId"], [path])
        return self.evaluate(f"""(() => {{
            const input = document.getElementById('framelab-test-drop');
            const data = new DataTransfer();
            data.items.add(input.files[0]);
            input.remove();
            const target = document.querySelector({json.dumps(selector)});
            for (const type of ['dragenter', 'dragover', 'drop'])
              target.dispatchEvent(new DragEvent(type, {{dataTransfer: data, bubbles: true, cancelable: true}}));
            return data.files[0].size; }})()""")

    def click(self, x, y):
        """A left click at (x, y) CSS pixels: move there, press, release (each a frame's event apart)."""
        for kind, buttons in (("mouseMoved", 0), ("mousePressed", 1), ("mouseReleased", 0)):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left" if kind != "mouseMoved" else "none",
                      buttons=buttons, clickCount=1 if kind != "mouseMoved" else 0)
            time.sleep(0.1)

    def close(self):
        self.browser._listeners.pop(self.session, None)
        try:
            self.browser.send("Target.closeTarget", targetId=self.target, timeout=10)
        except BrowserError:
            pass
