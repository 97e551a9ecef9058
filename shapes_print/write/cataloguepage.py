"""Write stage, the catalogue's page: the HTML of `index.html`, from the kits listed.

Input: the kits of an output folder, grouped (`Kit`, `Listed`), with each file's thumbnail.
Output: one page of plain HTML and CSS that loads nothing from the network: a section per
game, version (the label set, by its title), paper and player count, every file linked, host
keys marked, an anchor on every kit, and a finder (write/cataloguefilter.py) whose little
inline script narrows the page to the kits asked for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from html import escape
from pathlib import Path
from urllib.parse import quote

from msgspec import Struct, field

from shapes_print.write import cataloguefilter

THUMBNAILS = "_thumbnails"
SHOWN_WIDTH = 110
HOST = "host"
CALIBRATION = "calibration"  # the folder of `calibrate`'s sheets, which are no game's
KIB = 1024
# Kit files that are not PDFs, as the page names them.
LOOSE_TITLES = {".brf": "Embosser file (ASCII braille, .brf)"}
# The printing checklist of docs/printing.md, short: what to get right before the first sheet.
CHECKLIST = (
    "<strong>Look first.</strong> <code>shapes-print preview GAME --players N</code> draws "
    "every page of a kit as a picture.",
    "<strong>Actual size / 100%.</strong> Never &ldquo;Fit&rdquo; or &ldquo;Shrink&rdquo;; "
    "turn browser headers and footers off.",
    "<strong>Ruler check.</strong> Print one page and measure the 50&nbsp;mm ruler in its "
    "margin before you print the rest.",
    "<strong>Cards are two-sided:</strong> flip on long edge (unless the kit was built with "
    "<code>--flip short</code>). Sheets and host keys are one-sided; each file's print line "
    "says which it is.",
    "<strong>Paper.</strong> Cards on card stock of about 200&ndash;250&nbsp;g/m&sup2; that "
    "the shapes do not show through; sheets on ordinary paper.",
    "<strong>Cut</strong> along the lines the margins&rsquo; cut marks show, edge to edge; "
    "once a margin is off, follow the line drawn round each card.",
    "<strong>Keep the host key apart:</strong> it is for the host only.",
)


class Thumbnail(Struct, frozen=True):
    """A PDF's first page as a PNG in `_thumbnails/`, and what the page shows of the PDF."""

    file: str
    width: int
    height: int
    title: str
    pages: int
    lang: str = ""  # the PDF's /Lang, so a screen reader reads its title in its language


class Listed(Struct):
    """One PDF of a kit as the page lists it, with the SVG files drawn from it."""

    path: str
    audience: str
    size: int
    thumbnail: Thumbnail | None
    extras: list[str] = field(default_factory=list)
    # A file without a thumbnail (an embosser file) says its pages here, and its title and
    # the language of its words, where its manifest entry has them.
    pages: int = 0
    own_title: str = ""
    own_lang: str = ""

    @property
    def title(self) -> str:
        """The file's title in its label set's words ("" where none is known)."""
        return self.thumbnail.title if self.thumbnail else self.own_title

    @property
    def lang(self) -> str:
        return self.thumbnail.lang if self.thumbnail else self.own_lang


class Kit(Struct):
    """One kit folder: where it sits in the page (game, label set, paper) and its files."""

    game: str
    title: str
    labels: str
    paper: str
    heading: str
    order: tuple[int, str]
    version: str  # the label set in plain words: "Large print"
    players: str  # "4", or "" for calibration sheets, which are for no count of players
    files: list[Listed] = field(default_factory=list)
    prefix: str = ""  # "Pass and pick shapes: ", which every title of the kit starts with
    suffix: str = ""  # or " \u2014 Pass and pick shapes", which every title ends with


def page(listed: list[Kit]) -> str:
    """The whole page: a contents list, the checklist, then the kits."""
    games = _group(listed, lambda kit: kit.game)
    count, files = len(listed), sum(len(kit.files) for kit in listed)
    sheets = len(games.get(CALIBRATION, []))
    summary = f"{_count(count - sheets, 'kit')} of {_count(len(games) - bool(sheets), 'game')}"
    if sheets:
        summary += f" and {_count(sheets, 'calibration sheet')}"
    summary += f", {_count(files, 'PDF')}."
    contents = "".join(
        f'<li><a href="#{_anchor(game)}">{escape(kits_of[0].title)}</a>'
        f"<ul>{''.join(_contents_item(game, kits_of, labels) for labels in _labels(kits_of))}"
        "</ul></li>"
        for game, kits_of in games.items()
    )
    body = "".join(_game(game, kits_of) for game, kits_of in games.items())
    checklist = "".join(f"<li>{item}</li>" for item in CHECKLIST)
    empty = "" if listed else "<p>Nothing has been built into this folder yet.</p>"
    finder = cataloguefilter.finder(_choices(listed)) if listed else ""
    script = f"<script>{cataloguefilter.SCRIPT}</script>" if listed else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Printable kits</title>
<style>{STYLE}{cataloguefilter.STYLE}</style>
</head>
<body>
<a class="skip" href="#kits">Skip to the kits</a>
<header>
<h1>Printable kits</h1>
<p>{summary} Open a PDF to print it; <strong>a host key is for the host only</strong>.</p>
</header>
{finder}<nav aria-labelledby="contents-heading">
<h2 id="contents-heading">Contents</h2>
<ul>
<li><a href="#checklist">Printing checklist</a></li>
{contents}
</ul>
</nav>
<section id="checklist" aria-labelledby="checklist-heading">
<h2 id="checklist-heading">Printing checklist</h2>
<ol>{checklist}</ol>
</section>
<main id="kits">
{empty}{body}
</main>
{script}
</body>
</html>
"""


def _contents_item(game: str, kits_of: list[Kit], labels: str) -> str:
    kits_in = [kit for kit in kits_of if kit.labels == labels]
    return (
        f'<li><a href="#{_anchor(game, labels)}">{escape(kits_in[0].version)}</a> '
        f"({_count(len(kits_in), 'kit')})</li>"
    )


def _game(game: str, kits_of: list[Kit]) -> str:
    parts = [
        f'<section aria-labelledby="{_anchor(game)}">'
        f'<h2 id="{_anchor(game)}">{escape(kits_of[0].title)}</h2>'
    ]
    for labels in _labels(kits_of):
        anchor = _anchor(game, labels)
        kits_in = [kit for kit in kits_of if kit.labels == labels]
        parts.append(
            f'<section aria-labelledby="{anchor}"><h3 id="{anchor}">'
            f"{escape(kits_in[0].version)}</h3>"
        )
        for paper, kits_on in _group(kits_in, lambda k: k.paper).items():
            parts.append(f'<div class="paper"><h4>{escape(_paper(paper))}</h4>')
            parts.extend(_kit_html(kit) for kit in kits_on)
            parts.append("</div>")
        parts.append("</section>")
    parts.append("</section>")
    return "\n".join(parts)


def _kit_html(kit: Kit) -> str:
    """A kit's box: its heading names game, version and paper too, shown on a narrow screen
    (where the section headings have scrolled away) and always read by a screen reader."""
    files = "".join(_file_html(kit, listed) for listed in kit.files)
    context = ", ".join((kit.title, kit.version, _paper(kit.paper)))
    data = {"game": kit.game, "version": kit.labels, "paper": kit.paper, "players": kit.players}
    attributes = "".join(f' data-{name}="{escape(value)}"' for name, value in data.items())
    return (
        f'<div class="kit"{attributes}>'
        f'<h5 id="{_anchor(kit.game, kit.labels, kit.paper, kit.heading)}">'
        f'<span class="context">{escape(context)}, </span>{escape(kit.heading)}</h5>'
        f'<ul class="files">{files}</ul></div>'
    )


def _choices(listed: list[Kit]) -> dict[str, list[tuple[str, str]]]:
    """What the finder offers, each once, in the page's order (papers by name, player
    counts as numbers)."""
    players = sorted({kit.players for kit in listed if kit.players}, key=int)
    return {
        "game": list(dict.fromkeys((kit.game, kit.title) for kit in listed)),
        "version": list(dict.fromkeys((kit.labels, kit.version) for kit in listed)),
        "paper": [(paper, _paper(paper)) for paper in sorted({kit.paper for kit in listed})],
        "players": [(count, count) for count in players],
    }


def _file_html(kit: Kit, listed: Listed) -> str:
    thumbnail = listed.thumbnail
    if listed.title:
        title = listed.title
        shown_title = title.removeprefix(kit.prefix).removesuffix(kit.suffix)
        shown_title = shown_title[:1].upper() + shown_title[1:]
    else:
        title = shown_title = _loose_title(listed.path)
    lang = f' lang="{escape(listed.lang)}"' if listed.lang else ""
    host = listed.audience == HOST
    warning = '<p class="warning">Host only: keep away from players</p>' if host else ""
    pages = thumbnail.pages if thumbnail else listed.pages
    facts = [_count(pages, "page")] if pages else []
    facts.append(_size(listed.size) if listed.size else "")
    meta = ", ".join(fact for fact in facts if fact)
    picture = ""
    if thumbnail:
        # Said as the file's whole title in its own language, as its first page reads: the
        # link beside it names what it is, and English words around a French title would
        # be read in one voice or the other, wrongly. The finder reads it too.
        shown = round(thumbnail.height * SHOWN_WIDTH / thumbnail.width)
        picture = (
            f'<img src="{quote(f"{THUMBNAILS}/{thumbnail.file}")}" width="{SHOWN_WIDTH}" '
            f'height="{shown}" loading="lazy" alt="{escape(title)}"{lang}>'
        )
    extras = ""
    if listed.extras:
        links = "".join(
            f'<li><a href="{quote(name)}">{escape(name.rsplit("/", 1)[-1])}</a></li>'
            for name in listed.extras
        )
        extras = (
            f"<details><summary>{_count(len(listed.extras), 'SVG file')}</summary>"
            f"<ul>{links}</ul></details>"
        )
    return (
        f'<li class="file{" host" if host else ""}">{warning}'
        f'<a class="open" href="{quote(listed.path)}"{lang}>{escape(shown_title)}</a>'
        f'<p class="meta">{meta}</p>{picture}{extras}</li>'
    )


def _labels(kits_of: Iterable[Kit]) -> list[str]:
    return list(dict.fromkeys(kit.labels for kit in kits_of))


def _group(kits_in: Iterable[Kit], key: Callable[[Kit], str]) -> dict[str, list[Kit]]:
    groups: dict[str, list[Kit]] = {}
    for kit in kits_in:
        groups.setdefault(key(kit), []).append(kit)
    return groups


def _anchor(*parts: str) -> str:
    """An id for a game or a label set's section: label set names come from file names."""
    return re.sub(r"[^a-z0-9-]+", "-", "--".join(parts).lower())


def _loose_title(path: str) -> str:
    """What a file the catalogue draws no thumbnail of is, by its kind, where no title of
    its own is known (an entry of an earlier version's); else its name."""
    name = path.rsplit("/", 1)[-1]
    return LOOSE_TITLES.get(Path(name).suffix, name)


def _paper(name: str) -> str:
    """`a4` as A4, `letter` as Letter; a custom `300x400mm` as it is."""
    return name.upper() if re.fullmatch(r"[a-z]\d+", name) else name.capitalize()


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _size(n: int) -> str:
    return f"{n / KIB:.0f} KB" if n < KIB * KIB else f"{n / KIB / KIB:.1f} MB"


STYLE = """
:root { color-scheme: light; --ink: #1a1a1a; --muted: #4d4d4d; --line: #c8c8c8;
  --accent: #0072B2; --host: #D55E00; --host-ground: #fff1e6; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 76rem; padding: 0 1.25rem 3rem; color: var(--ink);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
  background: #fafafa; }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
.skip { position: absolute; left: -100rem; }
.skip:focus { position: static; display: inline-block; margin-top: .5rem; }
header h1 { margin: 1.5rem 0 .25rem; font-size: 2rem; }
h2 { margin: 2.5rem 0 .5rem; font-size: 1.6rem; border-bottom: 2px solid var(--ink); }
h3 { margin: 1.75rem 0 .25rem; font-size: 1.25rem; }
h4 { margin: 1rem 0 .25rem; font-size: 1.05rem; color: var(--muted); }
h5 { font-size: 1rem; }
nav ul { margin: 0; padding-left: 1.25rem; }
nav > ul > li { margin: .25rem 0; }
nav li ul { display: flex; flex-wrap: wrap; gap: 0 1.25rem; padding: 0; list-style: none; }
#checklist ol { max-width: 48rem; padding-left: 1.5rem; }
#checklist li { margin: .2rem 0; }
.kit { display: grid; grid-template-columns: 6.5rem 1fr; gap: .5rem; margin: .5rem 0;
  padding: .6rem; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
.kit h5 { margin: .2rem 0 0; }
.files { display: flex; flex-wrap: wrap; gap: .6rem; margin: 0; padding: 0;
  list-style: none; }
.file { position: relative; display: flex; flex-direction: column; width: 9rem;
  padding: .4rem; border: 1px solid var(--line); border-radius: 4px; font-size: .9rem;
  line-height: 1.35; }
.file:hover, .file:focus-within { border-color: var(--accent);
  box-shadow: 0 0 0 2px var(--accent); }
.file img { order: -2; align-self: center; margin-bottom: .4rem; height: auto;
  max-width: 100%; border: 1px solid var(--line); background: #fff; }
.file .open { font-weight: 600; text-decoration: none; }
.file .open::after { content: ""; position: absolute; inset: 0; }
.file .meta { margin: .1rem 0 0; color: var(--muted); font-size: .8rem; }
.file details { position: relative; z-index: 1; font-size: .8rem; }
.file.host { border: 3px dashed var(--host); background: var(--host-ground);
  padding: calc(.4rem - 2px); }
.warning { order: -1; margin: 0 0 .4rem; padding: .1rem .3rem; font-weight: 700;
  font-size: .8rem; color: #000; background: #fff; border: 2px solid var(--host);
  border-radius: 3px; }
.warning::before { content: "\\26A0\\FE0E  "; }
@media (max-width: 40rem) { .kit { grid-template-columns: 1fr; } }
"""
