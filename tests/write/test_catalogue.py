"""The catalogue page, `index.html`: what it lists, that every link and picture resolves (on
disk and in headless Chromium), and that thumbnails are made once per distinct PDF."""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from msgspec.structs import replace
from PIL import Image
from pypdf import PdfWriter
from pypdf.generic import NameObject, TextStringObject

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.write import catalogue
from shapes_print.write.catalogue import INDEX
from shapes_print.write.cataloguepage import THUMBNAILS
from shapes_print.write.manifest import read_manifest, sha256, verify
from shapes_print.write.thumbnail import THUMBNAIL_WIDTH, draw_thumbnail, first_page
from tests.browser import CHROMIUM, HEADLESS
from tests.cataloguehtml import Parsed

WARNING = "Host only: keep away from players"


def build(out: Path, game: str, players: str, *, labels: tuple[str, ...] = ()) -> None:
    project = pipeline.load_project(pipeline.Sources(), [game], labels)
    pipeline.build_project(project, pipeline.BuildOptions(players=players, paper="a4"), out)


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pass and pick for 3 and 4 players, then Collect 3 in Spanish into the same folder."""
    out = tmp_path_factory.mktemp("catalogue")
    build(out, "pass-and-pick", "3-4")
    build(out, "collect-3", "3", labels=("es",))
    return out


def parsed(out: Path) -> Parsed:
    return Parsed((out / INDEX).read_text(encoding="utf-8"))


def test_every_file_in_the_manifest_is_linked_and_nothing_else(two_games: Path) -> None:
    page = parsed(two_games)
    files = [link for link in page.links if not link.startswith("#")]
    assert sorted(unquote(link) for link in files) == sorted(
        read_manifest(two_games, strict=True).files
    )
    assert all((two_games / unquote(link)).is_file() for link in files)
    assert verify(two_games) == ([], len(files))  # the page and pictures are not kit files


def test_a_build_of_one_game_keeps_the_other_games_entries(two_games: Path) -> None:
    headings = parsed(two_games).headings
    assert ("h2", "Pass and pick shapes") in headings
    assert ("h2", "Collect 3") in headings
    assert ("h3", "Spanish") in headings  # the label set es, by its title
    assert [text for tag, text in headings if tag == "h5"] == [
        "Collect 3, Spanish, A4, 3 players",
        "Pass and pick shapes, Standard, A4, 3 players",
        "Pass and pick shapes, Standard, A4, 4 players",
    ]


def test_every_picture_is_a_thumbnail_of_a_first_page_with_alt_text(two_games: Path) -> None:
    page = parsed(two_games)
    manifest = read_manifest(two_games, strict=True).files
    pdfs = [name for name in manifest if name.endswith(".pdf")]
    assert len(page.images) == len(pdfs)
    for image in page.images:
        assert image["alt"]
        path = two_games / unquote(str(image["src"]))
        assert path.parent.name == THUMBNAILS
        with Image.open(path) as picture:
            assert picture.width == THUMBNAIL_WIDTH
            # A page of print: mostly white paper, with some dark ink on it.
            grey = picture.convert("L")
            assert grey.getpixel((1, 1)) > 240
            assert grey.getextrema()[0] < 80
    # The PDF's own title alone, in the PDF's language, as the link beside it is marked:
    # not "First page of Reúne 3: …", English words around a Spanish title.
    alts = {(str(image["alt"]), image.get("lang")) for image in page.images}
    assert ("Pass and pick shapes: shape cards", "en") in alts
    assert ("Reúne 3: guía de impresión", "es") in alts
    assert {lang for _, lang in alts} == {"en", "es"}


def test_the_host_key_is_marked_host_only(two_games: Path) -> None:
    page = parsed(two_games)
    manifest = read_manifest(two_games, strict=True).files
    hosts = [name for name, entry in manifest.items() if entry["audience"] == "host"]
    assert len(page.host_items) == len(hosts) == 3
    for text in page.host_items:
        assert WARNING in text
        assert "host key" in text.lower() or "anfitrión" in text


def test_the_page_is_navigable_by_headings_and_skip_link(two_games: Path) -> None:
    page = parsed(two_games)
    assert page.lang == "en"
    assert [text for tag, text in page.headings if tag == "h1"] == ["Printable kits"]
    assert ("h2", "Printing checklist") in page.headings
    anchors = [link[1:] for link in page.links if link.startswith("#")]
    assert anchors[0] == "kits"  # the skip link comes first
    assert set(anchors) <= page.ids
    text = (two_games / INDEX).read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text  # nothing loaded from the network


def test_thumbnails_are_made_once_and_reused_while_the_pdf_is_unchanged(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(out, "pass-and-pick", "3-4")
    folder = out / THUMBNAILS
    before = {path.name: path.stat() for path in folder.glob("*.png")}
    digests = {
        e["sha256"] for n, e in read_manifest(out, strict=True).files.items() if n.endswith(".pdf")
    }
    assert len(before) == len(digests)
    build(out, "pass-and-pick", "3-4")
    after = {path.name: path.stat() for path in folder.glob("*.png")}
    assert sorted(after) == sorted(before)
    for name, stat in after.items():
        assert (stat.st_ino, stat.st_mtime_ns) == (before[name].st_ino, before[name].st_mtime_ns)
    build(out, "pass-and-pick", "4")  # the 3-player kit stays listed, so do its pictures
    assert sorted(path.name for path in folder.glob("*.png")) == sorted(before)
    assert json.loads((folder / "documents.json").read_text()).keys() == digests


def test_thumbnails_of_pdfs_no_longer_listed_are_deleted(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(out, "pass-and-pick", "4")
    old = {path.name for path in (out / THUMBNAILS).iterdir()}
    game = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, game)
    yaml = game / "pass-and-pick" / "game.yaml"
    yaml.write_text(yaml.read_text().replace("title: Pass and pick shapes", "title: Pick (B)"))
    project = pipeline.load_project(pipeline.Sources(content=game), ["pass-and-pick"])
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), out)
    new = {path.name for path in (out / THUMBNAILS).iterdir()}
    assert len(new) == len(old)
    assert new & old == {"documents.json"}  # every PDF changed, so every picture did
    assert ("h2", "Pick (B)") in parsed(out).headings


def test_the_page_is_the_same_bytes_wherever_it_is_built(two_games: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    build(again, "pass-and-pick", "3-4")
    build(again, "collect-3", "3", labels=("es",))
    assert (again / INDEX).read_bytes() == (two_games / INDEX).read_bytes()


# A copy of the page with this script added marks what Chromium resolved: each picture that
# loaded (lazy loading turned off, so all of them load) and each link's resolved address.
PROBE = """<script>
for (const img of document.images) img.loading = "eager";
const report = () => {
  const images = [...document.images].map(i => ({src: i.currentSrc, ok: i.complete && i.naturalWidth > 0}));
  if (images.some(i => !i.ok) && performance.now() < 8000) return setTimeout(report, 100);
  const links = [...document.querySelectorAll("a[href]")].map(a => a.href);
  const out = document.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify({images, links});
  document.body.append(out);
};
addEventListener("load", () => setTimeout(report, 50));
</script>"""


@pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium)"
)
def test_chromium_opens_the_page_and_every_picture_and_link_resolves(two_games: Path) -> None:
    page = (two_games / INDEX).read_text(encoding="utf-8")
    probe = two_games / "_probe.html"  # beside the page, so relative addresses mean the same
    probe.write_text(page.replace("</body>", f"{PROBE}</body>"), encoding="utf-8")
    try:
        with tempfile.TemporaryDirectory() as profile:
            dom = subprocess.run(
                [
                    str(CHROMIUM),
                    *HEADLESS,
                    f"--user-data-dir={profile}",
                    "--virtual-time-budget=10000",
                    "--dump-dom",
                    probe.as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            ).stdout
    finally:
        probe.unlink()
    report = json.loads(html.unescape(dom.split('<pre id="probe">', 1)[1].split("</pre>")[0]))
    images = report["images"]
    assert len(images) == len(Parsed(page).images) > 0
    assert [image["src"] for image in images if not image["ok"]] == []
    files = [urlparse(link) for link in report["links"] if "#" not in link]
    assert len(files) == len(read_manifest(two_games, strict=True).files)
    for link in files:
        assert link.scheme == "file"
        assert Path(unquote(link.path)).is_file(), link.path


def test_thumbnails_drawn_by_worker_processes_are_the_same_bytes(
    two_games: Path, tmp_path: Path
) -> None:
    """Enough new thumbnails for two workers (at `PER_WORKER` each): the folder's PDFs,
    and copies of them made other bytes by a comment after their end, which pdfium draws
    as it draws the PDF copied."""
    copy = tmp_path / "copy"
    shutil.copytree(two_games, copy)
    shutil.rmtree(copy / THUMBNAILS)
    entries = read_manifest(copy, strict=True).files
    pdfs = sorted(name for name in entries if name.endswith(".pdf"))
    distinct = len({entries[name]["sha256"] for name in pdfs})  # a thumbnail each
    copied: dict[str, str] = {}  # the copy's SHA-256: its PDF's
    for index in range(max(0, 2 * catalogue.PER_WORKER - distinct)):
        name = pdfs[index % len(pdfs)]
        other = copy / "copies" / str(index) / Path(name).name
        other.parent.mkdir(parents=True)
        other.write_bytes((copy / name).read_bytes() + f"%copy {index}\n".encode())
        copied[sha256(other)] = str(entries[name]["sha256"])
        entries[other.relative_to(copy).as_posix()] = {**entries[name], "sha256": sha256(other)}
    assert distinct + len(copied) >= 2 * catalogue.PER_WORKER
    catalogue.write_catalogue(copy, entries, jobs=2)
    made = json.loads((copy / THUMBNAILS / catalogue.DOCUMENTS).read_text())
    for digest, pdf_digest in copied.items():
        assert (copy / THUMBNAILS / made[digest]["file"]).read_bytes() == (
            two_games / THUMBNAILS / made[pdf_digest]["file"]
        ).read_bytes()
    catalogue.write_catalogue(copy, read_manifest(copy, strict=True).files)  # copies gone
    drawn = {path.name: path.read_bytes() for path in (copy / THUMBNAILS).iterdir()}
    assert drawn == {path.name: path.read_bytes() for path in (two_games / THUMBNAILS).iterdir()}
    assert (copy / INDEX).read_bytes() == (two_games / INDEX).read_bytes()


def test_a_pdf_built_again_is_drawn_into_each_folder_as_its_first_drawing(
    two_games: Path, tmp_path: Path
) -> None:
    """A PDF drawn a second time in one process, from a copy elsewhere (kept by its SHA-256,
    write/thumbnail.py), gives each folder the picture and record a fresh drawing of its
    file gives, each named by the digest asked for; another PDF's picture is not taken for
    it."""
    entries = read_manifest(two_games, strict=True).files
    pdfs = sorted(name for name in entries if name.endswith(".pdf"))[:2]
    assert len({entries[name]["sha256"] for name in pdfs}) == 2
    for name in pdfs:
        digest = str(entries[name]["sha256"])
        png, fresh = first_page(two_games / name)
        for folder in ("first", "again"):
            (tmp_path / folder).mkdir()
            copy = tmp_path / f"{folder}.pdf"
            shutil.copy(two_games / name, copy)
            thumbnail = draw_thumbnail(copy, tmp_path / folder, digest)
            assert thumbnail == replace(fresh, file=f"{digest[:20]}.png")
            assert [p.name for p in (tmp_path / folder).iterdir()] == [thumbnail.file]
            assert (tmp_path / folder / thumbnail.file).read_bytes() == png
            shutil.move(tmp_path / folder, tmp_path / f"{folder}-{digest}")
        made = json.loads((two_games / THUMBNAILS / catalogue.DOCUMENTS).read_text())[digest]
        assert png == (two_games / THUMBNAILS / made["file"]).read_bytes()


def test_a_planted_link_for_the_thumbnails_folder_is_refused(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    out.mkdir()
    (out / THUMBNAILS).symlink_to(elsewhere)
    with pytest.raises(UserError, match="symbolic link"):
        build(out, "pass-and-pick", "4")
    assert list(elsewhere.iterdir()) == []


def test_svg_files_are_linked_under_the_pdf_they_were_drawn_from(tmp_path: Path) -> None:
    out = tmp_path / "out"
    printing = PrintOptions(formats=("pdf", "svg"))
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
    options = pipeline.BuildOptions(players="4", paper="a4", printing=printing)
    pipeline.build_project(project, options, out)
    files = read_manifest(out, strict=True).files
    svgs = [name for name in files if name.endswith(".svg")]
    assert any(name.endswith("_cut.svg") for name in svgs)
    links = [unquote(link) for link in parsed(out).links if not link.startswith("#")]
    assert sorted(links) == sorted(files)
    text = (out / INDEX).read_text(encoding="utf-8")
    cards = text.split('href="pass-and-pick/a4/4-players/pass-and-pick_4p_a4_cards.pdf"')[1]
    cards = cards.split('<li class="file')[0]  # the cards file's own entry
    assert sorted(n for n in svgs if "_cards_p" in n) == sorted(
        unquote(link) for link in Parsed(cards).links
    )


def test_a_pdf_that_names_its_language_has_its_title_marked_so(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(out, "pass-and-pick", "4")
    manifest = read_manifest(out, strict=True).files
    name = next(n for n in manifest if n.endswith("_sheets.pdf"))
    writer = PdfWriter(clone_from=out / name)
    writer.root_object[NameObject("/Lang")] = TextStringObject("es-ES")
    with (out / name).open("wb") as handle:
        writer.write(handle)
    manifest[name]["sha256"] = sha256(out / name)
    catalogue.write_catalogue(out, manifest)
    text = (out / INDEX).read_text(encoding="utf-8")
    assert text.count(' lang="es-ES"') == 2  # its link and its picture's words
    assert f'href="{name}" lang="es-ES">' in text
    entry = text.split(f'href="{name}" lang="es-ES">')[1].split("</li>")[0]
    assert (
        ' loading="lazy" alt="Pass and pick shapes: table sheets for 4 players" lang="es-ES">'
        in entry
    )


def test_an_embosser_file_is_listed_by_what_it_is_with_its_pages(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(out, "collect-3", "2", labels=("braille",))
    manifest = read_manifest(out, strict=True).files
    name = next(n for n in manifest if n.endswith(".brf"))
    text = (out / INDEX).read_text(encoding="utf-8")
    entry = text.split(f'href="{name}" lang="en">')[1].split("</li>")[0]
    pages = (out / name).read_bytes().count(b"\f") + 1
    assert entry.startswith("Embosser file (ASCII braille, .brf)</a>")
    assert f"{pages} pages, " in entry
