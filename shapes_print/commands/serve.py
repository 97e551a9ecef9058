"""`preview --serve`: the kit's pages in a browser on this computer, redrawn after every save.

Input: what `preview --watch` takes, and a port (0: any free one). Output: a page at
http://127.0.0.1:PORT/ (this computer only) showing every page of the kit as a picture, one
under another or as the contact sheets, and a line the terminal prints saying where it is.
The watching is `preview --watch`'s (commands/watch.py): after each rebuild it says one
line, and this module hands the page that line with the new pictures, or with the build's
error (`file:line:col: message`) over the last good pictures, pushed to the page as a
server-sent event: the page never asks again. Pictures are held in memory and named by
their SHA-256, so a page that did not change keeps its address and is not fetched again,
and a rebuild swapping folders on disk never leaves the page a missing file. Ctrl-C stops
the watcher, ends every open page's event stream and closes the server.

The server is the standard library's (ThreadingHTTPServer): one thread per request, so an
open event stream never holds up a picture.
"""

from __future__ import annotations

import hashlib
import json
import struct
import threading
from collections.abc import Callable, Mapping, Sequence
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from msgspec import Struct, field

from shapes_print.commands.report import shrunk_lines
from shapes_print.commands.servepage import PAGE
from shapes_print.commands.watch import watch
from shapes_print.errors import Source, UserError
from shapes_print.pipeline.preview import CONTACT_SHEET, HOST_CONTACT_SHEET, PageCache, Preview
from shapes_print.plan.boxes import LEGEND

HOST = "127.0.0.1"  # this computer only: a preview is nobody else's business
PICTURES = "/pictures/"
# Seconds an event stream waits for news before it sends a comment line: a page that has
# gone away is found out then, and its thread ends.
KEEPALIVE = 15
PNG_SIZE = struct.Struct(">II")  # width and height, at byte 16 of every PNG (its IHDR)
SHEET_TITLES = {CONTACT_SHEET: "Contact sheet", HOST_CONTACT_SHEET: "Host key contact sheet"}

Build = Callable[[PageCache], Sequence[Preview]]
# The overlay's colours, each a swatch and what it outlines, shown while boxes are.
LEGEND_ITEMS = "".join(
    f'<li><span class="swatch" style="border-color: #{key.colour.red:02X}'
    f'{key.colour.green:02X}{key.colour.blue:02X}"></span>{escape(key.outlines)}</li>'
    for key in LEGEND
)


class Studio(Struct):
    """What the page shows, and the news of each change for the event streams waiting.

    `news` counts what was said; a stream sends `shown()` whenever it has grown. Pictures
    of the last build and the one before are kept, so a page still loading the older ones
    when a rebuild lands finds them."""

    game: str
    out: Path  # the kits' folder, which the page names each kit's folder from
    boxes: bool = False  # whether the page opens with the element boxes switched on
    news: int = 0
    closed: bool = False
    status: str = "building…"
    error: dict[str, str] | None = None
    kits: list[dict[str, object]] = field(default_factory=list)
    pictures: dict[str, bytes] = field(default_factory=dict)
    _older: dict[str, bytes] = field(default_factory=dict)
    _change: threading.Condition = field(default_factory=threading.Condition)

    def built(self, kits: Sequence[Preview]) -> None:
        """Take in a good build's pictures (the line saying so comes next, by `say`)."""
        pictures: dict[str, bytes] = {}
        shown = [_kit(kit, self.out, pictures) for kit in kits]
        with self._change:
            self._older, self.pictures = self.pictures, pictures
            self.kits, self.error = shown, None

    def failed(self, error: UserError) -> None:
        """Keep the last good pictures; the page shows the error over them."""
        with self._change:
            self.error = {"line": error.line(), "hint": error.hint or ""}

    def say(self, line: str) -> None:
        """A line of the watcher's: the page's status, and news for every stream."""
        with self._change:
            self.status = line
            self.news += 1
            self._change.notify_all()

    def close(self) -> None:
        with self._change:
            self.closed = True
            self._change.notify_all()

    def picture(self, name: str) -> bytes | None:
        with self._change:
            return self.pictures.get(name) or self._older.get(name)

    def wait(self, seen: int) -> tuple[int, str] | None:
        """After news beyond `seen`, the news count and what to show as JSON; None when
        nothing happened for `KEEPALIVE` seconds. Raises EOFError once closed."""
        with self._change:
            self._change.wait_for(lambda: self.closed or self.news != seen, KEEPALIVE)
            if self.closed:
                raise EOFError
            if self.news == seen:
                return None
            shown = {"status": self.status, "error": self.error, "kits": self.kits}
            return self.news, json.dumps(shown)


def _kit(kit: Preview, out: Path, pictures: dict[str, bytes]) -> dict[str, object]:
    """One kit as the page lists it: its folder (within `out`), its pages and contact sheets, each with
    the address, size and words the page shows; their bytes go into `pictures`."""

    def shown(path: Path, title: str) -> dict[str, object]:
        png = path.read_bytes()
        name = f"{hashlib.sha256(png).hexdigest()[:32]}.png"
        pictures[name] = png
        width, height = PNG_SIZE.unpack_from(png, 16)
        return {"src": PICTURES + name, "width": width, "height": height, "title": title}

    pages = []
    for path, file in zip(kit.pages, kit.shows, strict=True):  # a .brf's pages as well
        number = path.stem.rsplit("_p", 1)[1]
        pages.append(shown(path, f"{file}, page {int(number)}"))
    sheets = [shown(path, SHEET_TITLES.get(path.name, path.name)) for path in kit.contact_sheets]
    folder = kit.folder.parent
    shown_folder = folder.relative_to(out) if folder.is_relative_to(out) else folder
    # A kit with its element boxes drawn is shown when the page's switch is on, with the
    # lines `preview --boxes` prints of the texts that shrank; the kit itself when it is off.
    shrunk = shrunk_lines(kit)[1:] if kit.boxes else []
    said = {"boxes": kit.boxes, "shrunk": [line.strip() for line in shrunk]}
    return {"folder": shown_folder.as_posix(), "pages": pages, "sheets": sheets, **said}


class Handler(BaseHTTPRequestHandler):
    """The page, its event stream and its pictures; nothing else is served."""

    studio: Studio  # set on the subclass `serve` makes
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        if not self._from_this_computer():
            self._send(HTTPStatus.FORBIDDEN, b"only for 127.0.0.1\n", "text/plain")
        elif self.path == "/":
            boxes = "checked" if self.studio.boxes else ""
            page = PAGE.replace("GAME", escape(self.studio.game)).replace("BOXES", boxes)
            page = page.replace("LEGEND", LEGEND_ITEMS)
            self._send(HTTPStatus.OK, page.encode(), "text/html; charset=utf-8")
        elif self.path == "/events":
            self._events()
        elif self.path.startswith(PICTURES) and (
            png := self.studio.picture(self.path.removeprefix(PICTURES))
        ):
            self._send(HTTPStatus.OK, png, "image/png", "public, max-age=86400, immutable")
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")

    def _from_this_computer(self) -> bool:
        """A Host of 127.0.0.1 or localhost: another site's page that names this port by a
        name of its own (DNS rebinding) is refused."""
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        return host in (HOST, "localhost")

    def _send(self, status: HTTPStatus, body: bytes, kind: str, cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        """What to show now, then again after each change, until the server closes or
        the page goes away."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        seen = -1
        try:
            while True:
                news = self.studio.wait(seen)
                if news is None:
                    self.wfile.write(b": still here\n\n")
                else:
                    seen, shown = news
                    self.wfile.write(f"data: {shown}\n\n".encode())
                self.wfile.flush()
        except (EOFError, ConnectionError):
            return

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal's lines are the watcher's."""


def studio_server(studio: Studio, port: int) -> ThreadingHTTPServer:
    """A server of `studio`'s page on 127.0.0.1 at `port` (0: a free one), not yet started."""
    handler = type("StudioHandler", (Handler,), {"studio": studio})
    try:
        return ThreadingHTTPServer((HOST, port), handler)
    except OSError as error:
        raise UserError(
            Source(Path("--port")),
            f"cannot serve on {HOST}:{port}: {error.strerror or error}",
            "choose another port, or leave --port out for a free one",
        ) from None


def serve(
    build: Build,
    folders: Sequence[Path],
    roots: Mapping[str, Path],
    out: Path,
    game: str,
    port: int,
    say: Callable[[str], None],
    boxes: bool = False,
) -> None:
    """Serve the page on `port` (0: a free one) and say where, then watch and rebuild as
    `preview --watch` does, showing each build in the page, until Ctrl-C. The page opens
    showing the kits with their element boxes drawn when `boxes` asks."""
    studio = Studio(game, out, boxes)
    server = studio_server(studio, port)
    thread = threading.Thread(target=server.serve_forever, name="preview-server", daemon=True)
    thread.start()
    say(f"serving http://{HOST}:{server.server_address[1]}/ (Ctrl-C stops)")

    def shown(cache: PageCache) -> Sequence[Preview]:
        try:
            kits = build(cache)
        except UserError as error:
            studio.failed(error)
            raise
        studio.built(kits)
        return kits

    def told(line: str) -> None:
        say(line)
        studio.say(line)

    try:
        watch(shown, folders, roots, out, told)
    finally:
        studio.close()
        server.shutdown()
        server.server_close()
        thread.join()
        say("stopped serving")
