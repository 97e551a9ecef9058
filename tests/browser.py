"""Headless Chromium for tests, driven over the DevTools protocol on a pipe (no network port,
no client library): open a page at a window size as a phone or a desktop shows it, run
script in it, type into it, and take screenshots. A test opens a Browser of its own, or a
tab of a Chromium its module shares."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# As root on this machine, with nothing reaching for the network it does not have.
HEADLESS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
DESKTOP = (1280, 900)
PHONE = (390, 844)  # CSS pixels of a common phone held upright

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium)"
)


class Chromium:
    """One headless Chromium, closed as a context manager: its tabs (`tab`) each open in a
    browser context of its own, so a module's tests share one start of the browser (most of
    what a test in it costs) and nothing else."""

    def __init__(self) -> None:
        self._profile = tempfile.TemporaryDirectory()
        to_chromium, self._commands = os.pipe()
        self._replies, from_chromium = os.pipe()

        def pipes_as_3_and_4() -> None:  # where --remote-debugging-pipe looks for them
            # Copies first: either end may itself be 3 or 4, which the other dup2 would close.
            reading, writing = os.dup(to_chromium), os.dup(from_chromium)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self._process = subprocess.Popen(
            [
                str(CHROMIUM),
                *HEADLESS,
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={self._profile.name}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=pipes_as_3_and_4,  # only dup2, before exec
            close_fds=False,
        )
        os.close(to_chromium)
        os.close(from_chromium)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *_: object) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.send("Browser.close")
        try:
            self._process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._commands)
        os.close(self._replies)
        self._profile.cleanup()

    def tab(self, size: tuple[int, int] = DESKTOP) -> Tab:
        """A new tab at the window's size, in a browser context of its own."""
        return Tab(self, size)

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """One protocol command; its result, after any events that came first."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def read(self) -> dict[str, Any]:
        """The next message Chromium sends, a reply or an event of any tab."""
        while b"\0" not in self._buffer:
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)


class Tab:
    """One tab of a Chromium, at a window's size as a phone or a desktop shows it; closing
    it (as a context manager) closes its browser context, what it stored with it."""

    def __init__(self, chromium: Chromium, size: tuple[int, int]) -> None:
        self._chromium = chromium
        self._context = chromium.send("Target.createBrowserContext")["browserContextId"]
        target = chromium.send(
            "Target.createTarget", url="about:blank", browserContextId=self._context
        )["targetId"]
        self._session = chromium.send("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        width, height = size
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < DESKTOP[0] // 2,
        )
        self.call("Page.enable")

    def __enter__(self) -> Tab:
        return self

    def __exit__(self, *_: object) -> None:
        self._chromium.send("Target.disposeBrowserContext", browserContextId=self._context)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        return self._chromium.send(method, self._session, **params)

    def open(self, url: str) -> None:
        """Load `url` and wait for its load event."""
        events = self._chromium.events
        events[:] = [e for e in events if e.get("sessionId") != self._session]
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def wait_for(self, event: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while not any(
            e.get("method") == event and e.get("sessionId") == self._session
            for e in self._chromium.events
        ):
            if time.monotonic() > end:
                raise TimeoutError(event)
            self._chromium.events.append(self._chromium.read())

    def run(self, script: str) -> Any:
        """The value of a script (a promise is awaited)."""
        result = self.call(
            "Runtime.evaluate", expression=script, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def until(self, script: str, timeout: float = 10) -> Any:
        """The first true value of `script`, tried every 50 ms for up to `timeout` seconds."""
        end = time.monotonic() + timeout
        while not (value := self.run(script)):
            if time.monotonic() > end:
                raise TimeoutError(script)
            time.sleep(0.05)
        return value

    def type(self, text: str) -> None:
        """Type into the focused control as a keyboard would."""
        self.call("Input.insertText", text=text)

    def screenshot(self, picture: Path) -> None:
        picture.write_bytes(base64.b64decode(self.call("Page.captureScreenshot")["data"]))


class Browser(Tab):
    """One headless Chromium with one tab, both closed as a context manager: for a test
    that opens one."""

    def __init__(self, size: tuple[int, int] = DESKTOP) -> None:
        self._own = Chromium()
        super().__init__(self._own, size)

    def __exit__(self, *_: object) -> None:
        self._own.__exit__()
