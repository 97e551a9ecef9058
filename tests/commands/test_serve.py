"""`preview --serve` as a designer uses it: a page in a real browser (headless Chromium)
that shows the kit's pages, draws a saved change without being asked, shows a mistake with
its file and line over the last good pictures, and a Ctrl-C that stops everything.

Also `preview --card-size`, and a port that is taken."""

from __future__ import annotations

import io
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from shapes_print.commands.cli import main
from shapes_print.commands.serve import HOST, Studio, studio_server
from shapes_print.errors import Source, UserError
from tests.browser import Browser, needs_chromium
from tests.project_copy import GAME, copy_project
from tests.watching import CIRCLE, DECK, Watcher

KIT = Path("pass-and-pick/a4/4-players")  # the kit the page shows, in the build's folder
# The page's pictures, as the browser has them: address, caption, whether drawn, and
# whether outlined as changed by the last rebuild.
PICTURES = """[...document.querySelectorAll("#kits figure")].map(figure => {
  const image = figure.querySelector("img");
  return {src: image.getAttribute("src"), caption: figure.querySelector("figcaption").textContent,
          drawn: image.complete && image.naturalWidth > 0,
          changed: figure.classList.contains("changed")};
})"""
ERROR = """(() => { const error = document.getElementById("error");
  return error.hidden ? "" : error.querySelector("pre").textContent; })()"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Watcher, str]]:
    """`preview --serve` of the 4-player Pass and pick kit in its own process, as
    `preview --watch` is tested, once up; and the address it printed."""
    started = Watcher(copy_project(tmp_path / "project"), tmp_path / "out", GAME, "--serve")
    try:
        line = started.next_line()
        found = re.fullmatch(rf"serving (http://{re.escape(HOST)}:\d+/) \(Ctrl-C stops\)", line)
        assert found, line
        started.up()
        yield started, found.group(1)
    finally:
        if started.process.poll() is None:
            started.process.kill()
            started.process.wait()


def kit_pages(process: Watcher) -> int:
    """Every page of every PDF of the kit served: the page shows each of them."""
    return sum(len(pdfium.PdfDocument(pdf)) for pdf in (process.out / KIT).glob("*.pdf"))


def fetched(url: str) -> Image.Image:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return Image.open(io.BytesIO(answer.read())).convert("RGB")


def circle(image: Image.Image) -> tuple[int, int, int]:
    """The middle of the first card's big shape on the first cards page."""
    return image.getpixel((round(image.width * 0.19), round(image.height * 0.22)))


@needs_chromium
def test_the_page_shows_the_kit_redraws_a_save_shows_a_mistake_and_stops(
    server: tuple[Watcher, str],
) -> None:
    process, address = server
    deck = process.root / DECK
    with Browser() as browser:
        browser.open(address)
        pictures = browser.until(
            f"(() => {{ const p = {PICTURES}; return p.length && p.every(x => x.drawn) && p; }})()"
        )
        pages = kit_pages(process)
        assert len(pictures) == pages
        assert pictures[0]["caption"] == "pass-and-pick_4p_a4_cards.pdf, page 1"
        assert not any(picture["changed"] for picture in pictures)
        assert circle(fetched(address + pictures[0]["src"][1:])) == (0x56, 0xB4, 0xE9)
        assert browser.run('document.querySelector("#kits h2").textContent') == (
            "pass-and-pick/a4/4-players"
        )

        # No polling: while nothing changes, the page asks the server for nothing more.
        asked = 'performance.getEntriesByType("resource").length'
        before = browser.run(asked)
        time.sleep(2)
        assert browser.run(asked) == before

        browser.run('document.querySelector("input[value=sheets]").click()')
        sheets = browser.until(
            f"(() => {{ const p = {PICTURES}; return p.length === 2 && p.every(x => x.drawn) && p; }})()"
        )
        assert [sheet["caption"] for sheet in sheets] == [
            "Contact sheet",
            "Host key contact sheet",
        ]
        browser.run('document.querySelector("input[value=pages]").click()')

        # The switch shows the cards with their element boxes drawn, built beside the kit
        # (its -boxes folder), and the texts that shrank; switched off, the kit again.
        browser.run('document.querySelector("input[name=boxes]").click()')
        boxed = browser.until(
            f"(() => {{ const p = {PICTURES}; return p.length === 4 && p.every(x => x.drawn) && p; }})()"
        )
        assert boxed[0]["caption"] == "pass-and-pick_4p_a4_cards.pdf, page 1"
        assert not {p["src"] for p in boxed} & {p["src"] for p in pictures}
        assert browser.run('document.querySelector("#kits h2").textContent') == (
            "pass-and-pick/a4/4-players-boxes"
        )
        assert browser.run('document.querySelector("#kits .sizes li").textContent') == (
            "Every card text is set at the size its layout asks."
        )
        browser.run('document.querySelector("input[name=boxes]").click()')
        assert len(browser.run(PICTURES)) == pages

        saved = time.monotonic()
        deck.write_text(deck.read_text().replace(CIRCLE, 'colour: "#D55E00"'))
        first = pictures[0]["src"]
        redrawn = browser.until(
            f"(() => {{ const p = {PICTURES}; return p[0].src !== {first!r} && p[0].drawn && p; }})()",
            timeout=60,
        )
        waited = time.monotonic() - saved
        assert process.next_line().startswith("rebuilt (deck.yaml changed) in ")
        assert redrawn[0]["changed"] and redrawn[0]["caption"].endswith("page 1 (changed)")
        assert circle(fetched(address + redrawn[0]["src"][1:])) == (0xD5, 0x5E, 0x00)
        # Only the pages the edit changed are new, and only those are outlined.
        old = {picture["src"] for picture in pictures}
        assert [p["changed"] for p in redrawn] == [p["src"] not in old for p in redrawn]
        assert 0 < sum(p["changed"] for p in redrawn) < pages
        print(f"a saved change was on the page {waited:.2f} s later")

        deck.write_text(deck.read_text().replace("count: 6,", "count: six,", 1))
        error = browser.until(ERROR, timeout=60)
        assert process.next_line().startswith(f"error: {deck}:")
        assert re.fullmatch(
            rf"{re.escape(str(deck))}:\d+:\d+: cards\.0\.count: must be a whole number, got 'six'",
            error,
        ), error
        assert [p["src"] for p in browser.run(PICTURES)] == [p["src"] for p in redrawn]

        deck.write_text(deck.read_text().replace("count: six,", "count: 6,"))
        browser.until(f"!{ERROR}", timeout=60)
        assert process.next_line().startswith("rebuilt (deck.yaml changed) in ")

        process.stop()  # Ctrl-C: exits 0, having said "stopped watching"
        assert process.next_line() == "stopped serving"
        assert "not answering" in browser.until(
            'document.getElementById("status").textContent.includes("not answering") && '
            'document.getElementById("status").textContent'
        )
    with pytest.raises(OSError):
        urllib.request.urlopen(address, timeout=5)


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[tuple[Studio, str]]:
    """A server of a studio with nothing built yet, in this process, and its address."""
    shown = Studio(GAME, tmp_path)
    server = studio_server(shown, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield shown, f"http://{HOST}:{server.server_address[1]}"
    finally:
        shown.close()
        server.shutdown()
        server.server_close()
        thread.join()


def answer(url: str, host: str | None = None) -> tuple[int, str, bytes]:
    """The status, type and body of a GET, with another Host header if given."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as got:
            return got.status, got.headers["Content-Type"], got.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read()


def test_the_server_answers_only_this_computer_and_only_what_it_shows(
    studio: tuple[Studio, str],
) -> None:
    _, address = studio
    status, kind, page = answer(f"{address}/")
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert b"<title>Preview: pass-and-pick</title>" in page
    assert b"http" not in page  # nothing from elsewhere: the event stream is the page's own
    port = address.rsplit(":", 1)[1]
    assert answer(f"{address}/", f"localhost:{port}")[0] == 200
    assert answer(f"{address}/", f"rebound.example:{port}")[0] == 403  # DNS rebinding
    for path in ("/pictures/0123.png", "/../manifest.json", "/preview", "/?x"):
        assert answer(address + path)[0] == 404, path


def test_the_page_opens_with_the_boxes_switched_on_when_asked(tmp_path: Path) -> None:
    for boxes, shown in ((False, b'name="boxes" >'), (True, b'name="boxes" checked>')):
        server = studio_server(Studio(GAME, tmp_path, boxes), 0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            page = answer(f"http://{HOST}:{server.server_address[1]}/")[2]
        finally:
            server.shutdown()
            server.server_close()
            thread.join()
        assert shown in page


def test_each_event_says_what_to_show_after_each_line(studio: tuple[Studio, str]) -> None:
    shown, address = studio
    with urllib.request.urlopen(f"{address}/events", timeout=10) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        first = json.loads(stream.readline().removeprefix(b"data: "))
        assert stream.readline() == b"\n"
        assert first == {"status": "building…", "error": None, "kits": []}
        shown.failed(UserError(Source(Path("deck.yaml"), 3, 7), "no such card", "say which"))
        shown.say("error: deck.yaml:3:7: no such card")
        second = json.loads(stream.readline().removeprefix(b"data: "))
    assert second["error"] == {"line": "deck.yaml:3:7: no such card", "hint": "say which"}
    assert second["status"] == "error: deck.yaml:3:7: no such card"


def test_a_port_that_is_taken_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["preview", GAME, "--serve", "--port", str(port), "--out", str(tmp_path)])
    assert code == 2
    assert capsys.readouterr().err.splitlines() == [
        f"--port: cannot serve on {HOST}:{port}: Address already in use",
        "hint: choose another port, or leave --port out for a free one",
    ]
    assert list(tmp_path.iterdir()) == []  # refused before anything is built


def test_preview_takes_a_card_size_as_build_does(tmp_path: Path) -> None:
    """Mini cards fit twice as many to a sheet: half the cards pages of the default."""

    def card_pages(*size: str) -> int:
        out = tmp_path / (size[-1] if size else "default")
        asked = ["preview", GAME, "--players", "4", "--paper", "a4", "--dpi", "20"]
        assert main([*asked, *size, "--out", str(out)]) == 0
        kit = out / GAME / (size[-1] if size else "") / "a4" / "4-players"  # mini's own folder
        return len(list(kit.glob("preview/*_cards_p*.png")))

    assert card_pages() == 4
    assert card_pages("--card-size", "mini") == 2
