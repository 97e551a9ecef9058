"""Test support: the catalogue page's HTML read as a reader's tools see it."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import unquote


class Parsed(HTMLParser):
    """The page's links (and each one's words and language), pictures, headings, ids and
    the text of each host-key entry."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.links: list[str] = []
        self.link_texts: dict[str, str] = {}
        self.link_langs: dict[str, str | None] = {}
        self._link: str | None = None
        self.images: list[dict[str, str | None]] = []
        self.headings: list[tuple[str, str]] = []
        self.ids: set[str] = set()
        self.lang: str | None = None
        self.host_items: list[str] = []
        self._heading: str | None = None
        self._host_depth = 0
        self._depth = 0
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "html":
            self.lang = found.get("lang")
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
            self._link = unquote(str(found["href"]))
            self.link_langs[self._link] = found.get("lang")
        if tag == "img":
            self.images.append(found)
        if tag in ("h1", "h2", "h3", "h4", "h5"):
            self._heading = tag
            self.headings.append((tag, ""))
        if tag == "li":
            self._depth += 1
            if "host" in (found.get("class") or "").split():
                self._host_depth = self._depth
                self.host_items.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._link = None
        if tag == self._heading:
            self._heading = None
        if tag == "li":
            if self._depth == self._host_depth:
                self._host_depth = 0
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._link and data.strip():
            self.link_texts[self._link] = self.link_texts.get(self._link, "") + data
        if self._heading:
            tag, text = self.headings[-1]
            self.headings[-1] = (tag, text + data)
        if self._host_depth:
            self.host_items[-1] += data
