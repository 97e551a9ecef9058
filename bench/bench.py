"""Benchmark (a script, not a test): how fast shapes-print is, and how far from the floor.

Run with `make bench`. Every figure is the median of REPEATS runs on this machine in this
run, so the ratios can be compared from day to day even when the machine changes. The
whole-process figures of sections 3 and 4 are taken in rounds, each command once a round,
so a minute when the shared machine is slow weighs on all of them alike. Wall time is
what a user waits; CPU time (every process of the run) is steadier when other work shares
the machine:

1. the full `make print` work (every game and player count on A4 and Letter), in-process and through
   the command line (a fresh process, start-up included, --jobs = all cores);
2. incremental `make print` (every label set too): from nothing, again with nothing
   changed (its share of the first build's CPU), and after an edit to one game's file
   (how many kits were rewritten: that game's only); and the floor of its catalogue's
   thumbnails: a bare script drawing the same PDFs' first pages with pdfium and Pillow;
3. custom decks of 1,000, 1,800 and 10,000 cards of mixed shapes, one kit each, as whole
   processes: wall seconds and peak memory (RSS), and the 10,000 / 1,000 ratios; and a
   deck of 1,005 distinct cards built as PDFs alone and with Tabletop Simulator's sheets
   (`--format pdf,tts`, 15 sheets of 4000 x 3920 pixels), the second over the first;
4. the render floor: a bare reportlab script (generated below) that draws the same faces,
   backs, marks and furniture as the plan of the 1,800- and 10,000-card decks, each
   distinct face once as a form XObject, with no loading, validation or layout; and
   shapes-print over it. At 1,800 cards also after importing typer, pydantic and PyYAML;
5. `preview --watch`: from saving an edit to the rebuilt PDFs and PNGs (bench_watch.py);
6. start-up: `--help`, `list`, `schema` (its files kept from an earlier run) and `new` as
   whole processes, and the 18-card kit over the floor drawing the same 18 cards;
7. `check` of every game with every label set, and the standard set built on every paper
   with --jobs 2, as whole processes;
8. a designer's own game of 40 cards from a spreadsheet: an edit under `preview --watch`,
   and `check` with every label set (bench_designer.py);
9. the test suite: `make test`'s pytest line, every test on every core, once (its CPU, every
   worker's and every process the tests start, is the figure; some minutes of wall time).

Each figure is printed beside its target and beside the last release's, from
bench/last.json (`--record` writes that file from a run), so a regression shows at a glance.
`--only` runs some sections (a shared machine need not pay for all of them); `--tree` times
another checkout's command in the whole-process sections (to record a release's figures).
"""

from __future__ import annotations

import argparse
import json
import marshal
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import yaml

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from bench_designer import designer_rows  # noqa: E402 - beside this script
from bench_watch import watch_rows  # noqa: E402

from shapes_print.buildcache import BuildCache  # noqa: E402
from shapes_print.geometry.primitives import RGB, Artifact, Group, Item, Line, Rect, Text, Use  # noqa: E402
from shapes_print.geometry.primitives import Path as PathItem  # noqa: E402
from shapes_print.kit.contents import KitRequest  # noqa: E402
from shapes_print.kit.resolved import resolve_kit  # noqa: E402
from shapes_print.pipeline import pipeline  # noqa: E402 - after the path is set
from shapes_print.plan.cardsheets import OVERRUN_PREFIX  # noqa: E402
from shapes_print.plan.kit import plan_kit  # noqa: E402
from shapes_print.write.cataloguepage import THUMBNAILS  # noqa: E402

REPEATS = 7
GAME = "pass-and-pick"
DECK_SIZES = (1_000, 1_800, 10_000)
FLOOR_DECK = 1_800  # the deck whose whole-process target (0.5 s) the floor is also timed for
KIT = ("--players", "4", "--paper", "a4")
# The papers the Makefile's `make print` builds (every game and player count on each).
PRINT_PAPERS = "a4,letter"
# The targets on a 2-core machine, printed beside each figure.
TARGETS = {1_800: "< 0.5 s", 10_000: "< 2 s, < 100 MB"}
TTS_CARDS = 1_005  # distinct cards: 15 TTS sheets of 69 cards (the last one short)
TTS_TARGET = "<= 3x wall, < 300 MB"  # issue 45: the TTS export beside the same kit's PDFs
# The game's two tables of the deck's kinds, which a deck of a thousand kinds would overrun.
KIND_TABLES = {
    "sheets.yaml": ('"Cards in the deck ({deck_summary})"', '"Cards in the deck"'),
    "host-key.yaml": (
        '["Count each kind: {deck_summary}", "{deck_counts} = {deck_size}"]',
        '["Count the cards", "{deck_size}"]',
    ),
}
Row = tuple[str, str, str, str, str]
# The last release's figures (`--record` writes them) and the targets of the start-up section.
LAST = PROJECT / "bench" / "last.json"
STARTUP_TARGET = "< 0.25 s cpu"
SMALL_KIT_TARGET = "<= 2.5x cpu"
FROM_NOTHING_TARGET = "< 10 s cpu"  # issue 31: what labels and papers share is made once
SECTIONS = ("print", "incremental", "decks", "watch", "startup", "check", "designer", "suite")
# Okabe-Ito colours (colour-blind safe), cycled over the card types of the custom deck.
COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")


@dataclass(frozen=True)
class Run:
    """One measurement: wall seconds, CPU seconds (all processes), peak RSS in KiB."""

    wall: float
    cpu: float
    rss: float


# Peak memory is read inside the child, as its own address space's high-water mark (VmHWM)
# when it exits (at exit or at os._exit, which the command uses): a reaped child's ru_maxrss also counts the memory of the process it was
# forked from (Linux keeps that mark across exec), and that is this benchmark, a whole build
# loaded. The child runs the command as `python -m module ...` or `python script ...` would.
PEAK = """
import atexit, os, runpy, sys

def peak():
    with open("/proc/self/status") as status:
        kib = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    with open(os.environ["BENCH_PEAK"], "w") as out:
        out.write(kib)

def exit_at_once(status, _exit=os._exit):  # shapes-print's command skips atexit this way
    peak()
    _exit(status)

atexit.register(peak)
os._exit = exit_at_once
if sys.argv[1] == "-m":
    sys.argv = sys.argv[2:]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
else:
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
"""


# The checkout whose command the whole-process figures time (`--tree`): this one by default.
TREE = {"path": PROJECT}


def run(command: list[str]) -> Run:
    """One whole child process (`python -m ...` or `python script ...`), start-up included:
    wall and CPU seconds from os.wait4 (its reaped workers included) and its peak memory.
    Bytecode is cached as for any installed program, whatever this shell asks.
    """
    with tempfile.NamedTemporaryFile("r") as peak_file:
        env = {**os.environ, "PYTHONPATH": str(TREE["path"]), "BENCH_PEAK": peak_file.name}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        python, *args = command
        start = time.perf_counter()
        child = subprocess.Popen(
            [python, "-c", PEAK, *args], cwd=TREE["path"], env=env, stdout=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            raise SystemExit(f"bench: {' '.join(command)} failed with status {child.returncode}")
        return Run(wall, usage.ru_utime + usage.ru_stime, float(peak_file.read() or "nan"))


def middle(runs: list[Run]) -> Run:
    """Each figure's median over the runs, figure by figure."""
    return Run(*(statistics.median(getattr(r, f) for r in runs) for f in ("wall", "cpu", "rss")))


def median(measure: Callable[[], Run]) -> Run:
    """A measure's median over REPEATS runs."""
    return middle([measure() for _ in range(REPEATS)])


def in_rounds(commands: dict[str, list[str]]) -> dict[str, Run]:
    """Each whole-process command's median over REPEATS rounds, every command run once a
    round (after a warm-up each: bytecode, file caches, the output folder). A shared
    machine that slows for a minute then slows every figure alike, so their ratios hold."""
    for command in commands.values():
        run(command)
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(REPEATS):
        for name, command in commands.items():
            runs[name].append(run(command))
    return {name: middle(taken) for name, taken in runs.items()}


def row(name: str, figures: Run, other: str = "", target: str = "") -> Row:
    """One row of the table: its name, wall and CPU seconds, what else it shows (a rate,
    peak memory) and its target. Every section's rows are printed beside the last
    release's figure of the same name (`beside_last`, from bench/last.json)."""
    cpu = f"{figures.cpu:.3f} s" if figures.cpu else ""
    return (name, f"{figures.wall:.3f} s", cpu, other, target)


def rate(pages: int, seconds: float) -> str:
    return f"{pages / seconds:.0f} pages/s"


def peak(kib: float) -> str:
    return f"{kib / 1024:.0f} MB peak"


def shapes_print(*args: str, force: bool = True) -> list[str]:
    """A build command; with `force` (all but section 2), every run builds every kit, as a
    first build does, rather than finding them up to date."""
    return [sys.executable, "-m", "shapes_print", "build", *args, *(["--force"] if force else [])]


@contextmanager
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="shapes-bench-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def write_deck(content: Path, cards: int) -> None:
    """The game's folder with a deck of `cards` cards: one card type per library shape,
    colours and patterns cycled, counts as even as they come."""
    shutil.copytree(PROJECT / "content" / GAME, content / GAME)
    templates = PROJECT / "templates"
    shapes = list(yaml.safe_load((templates / "shapes.yaml").read_text()))
    patterns = list(yaml.safe_load((templates / "patterns.yaml").read_text()))
    deck = yaml.safe_load((content / GAME / "deck.yaml").read_text())
    back = next(iter(deck["backs"]))
    deck["cards"] = [
        {
            "id": shape,
            "count": cards // len(shapes) + (index < cards % len(shapes)),
            "layout": "shape",
            "back": back,
            "fields": {
                "shape": shape,
                "label": shape.upper(),
                "colour": COLOURS[index % len(COLOURS)],
                "pattern": patterns[index % len(patterns)],
                "pattern_colour": "#000000",
            },
        }
        for index, shape in enumerate(shapes)
    ]
    (content / GAME / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))


def write_distinct_deck(content: Path, cards: int) -> None:
    """The game's folder with `cards` cards all different (each once: its own shape, colour,
    pattern and number), so a TTS export draws every one; the kinds' tables count cards."""
    shutil.copytree(PROJECT / "content" / GAME, content / GAME)
    shapes = list(yaml.safe_load((PROJECT / "templates" / "shapes.yaml").read_text()))
    patterns = list(yaml.safe_load((PROJECT / "templates" / "patterns.yaml").read_text()))
    deck = yaml.safe_load((content / GAME / "deck.yaml").read_text())
    back = next(iter(deck["backs"]))

    def card(number: int) -> dict[str, object]:
        shape = shapes[number % len(shapes)]
        return {
            # The first of each shape keeps the shape's own id, which the game's sheets name.
            "id": shape if number < len(shapes) else f"{shape}-{number}",
            "count": 1,
            "layout": "shape",
            "back": back,
            "fields": {
                "shape": shape,
                "label": f"{shape.upper()} {number}",
                "colour": COLOURS[number % len(COLOURS)],
                "pattern": patterns[number % len(patterns)],
                "pattern_colour": "#000000",
            },
        }

    deck["cards"] = [card(number) for number in range(cards)]
    (content / GAME / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    for name, (summary, count) in KIND_TABLES.items():
        path = content / GAME / name
        path.write_text(path.read_text().replace(summary, count))


def full_print(work: Path) -> list[Row]:
    """Section 1: every game and player count on the papers `make print` builds, standard labels."""
    sources = pipeline.Sources()
    options = pipeline.BuildOptions(paper=PRINT_PAPERS)
    warm = [BuildCache()]  # each build takes what the one before carries, as a watch rebuild
    pages = sum(w.pages for w in pipeline.build(sources, [], options, work / "p", cache=warm[0]))

    def in_process() -> Run:
        warm[0] = warm[0].next()
        start, cpu = time.perf_counter(), time.process_time()
        pipeline.build(sources, [], options, work / "p", force=True, cache=warm[0])
        return Run(time.perf_counter() - start, time.process_time() - cpu, 0)

    inside = median(in_process)
    command = shapes_print("--paper", PRINT_PAPERS, "--out", str(work / "c"))
    run(command)  # warm-up: bytecode and file caches
    cli = median(lambda: run(command))
    return [
        row(f"make print ({pages} pages), in-process", inside, rate(pages, inside.wall)),
        (row(f"make print, CLI --jobs {os.cpu_count()}", cli, rate(pages, cli.wall), "< 3 s")),
    ]


# `make print` as the Makefile runs it, from a copy of content/ that section 2 edits.
MAKE_PRINT = ("--players", "all", "--paper", PRINT_PAPERS, "--labels", "all")
FULL_REPEATS = 3  # a full build is some 10 s of CPU: fewer runs of it
EDITED = ("deck.yaml", "name: circles, count: 6", "name: circles, count: 7")  # to and fro


def stamps(out: Path) -> dict[Path, tuple[int, int]]:
    """Each kit file's inode and modification time: what a rewrite changes."""
    return {
        path: (path.stat().st_ino, path.stat().st_mtime_ns)
        for path in out.glob("*/**/*.pdf")
        if not path.relative_to(out).parts[0].startswith(("_", "."))
    }


def incremental(work: Path) -> list[Row]:
    """Section 2: `make print` from nothing, again with nothing changed, and after an edit
    to one file of one game (counting the kits whose files were rewritten); and the floor
    of the first build's thumbnails (`thumbnail_floor`)."""
    content = work / "incremental-content"
    shutil.copytree(PROJECT / "content", content)
    out = work / "incremental-out"
    command = shapes_print(*MAKE_PRINT, "--content", str(content), "--out", str(out), force=False)
    fulls = []
    for _ in range(FULL_REPEATS):
        shutil.rmtree(out, ignore_errors=True)
        fulls.append(run(command))
    full = middle(fulls)
    manifest = json.loads((out / "manifest.json").read_text())["files"]
    kits = {name.rsplit("/", 1)[0] for name in manifest}
    of_game = {name.rsplit("/", 1)[0] for name, e in manifest.items() if e["game"] == GAME}
    thumbnails = thumbnail_floor(work, out, manifest)  # before an edit changes any PDF
    again = median(lambda: run(command))
    deck = content / GAME / EDITED[0]
    texts = (deck.read_text(), deck.read_text().replace(*EDITED[1:]))
    rewritten: set[int] = set()

    def edit() -> Run:
        deck.write_text(texts[1] if deck.read_text() == texts[0] else texts[0])
        before = stamps(out)
        taken = run(command)
        after = stamps(out)
        changed = {
            path.parent for path in set(before) | set(after) if before.get(path) != after.get(path)
        }
        rewritten.add(len(changed))
        assert {str(folder.relative_to(out)) for folder in changed} == of_game, changed
        return taken

    edited = median(edit)
    return [
        row(f"make print from nothing ({len(kits)} kits)", full, "", FROM_NOTHING_TARGET),
        row(
            "make print again, nothing changed",
            again,
            f"{again.cpu / full.cpu:.1%} of the CPU",
            "< 10% CPU, < 1.5 s",
        ),
        row(
            f"after an edit to {GAME}/{EDITED[0]}",
            edited,
            f"{', '.join(map(str, sorted(rewritten)))} kits rewritten (its {len(of_game)})",
            f"only {GAME}'s",
        ),
        row(
            f"  its {thumbnails.pdfs:,} thumbnails alone: pdfium and Pillow",
            thumbnails.figures,
            f"{thumbnails.figures.cpu / full.cpu:.0%} of from nothing",
        ),
    ]


# The floor of the catalogue's thumbnails (write/thumbnail.py): each PDF's first page drawn
# 160 pixels wide by pdfium and saved by Pillow at zlib's fastest level, the same calls with
# nothing of shapes-print around them. Its data file lists the PDFs, one path a line.
THUMBNAIL_FLOOR = """
import sys
from pathlib import Path

import pypdfium2 as pdfium

out = Path(sys.argv[2])
for number, pdf in enumerate(Path(sys.argv[1]).read_text().splitlines()):
    document = pdfium.PdfDocument(pdf)
    first = document[0]
    image = first.render(scale=160 / first.get_width()).to_pil()
    document.close()
    image.save(out / f"{number}.png", "PNG", compress_level=1)
"""


@dataclass(frozen=True)
class ThumbnailFloor:
    """The thumbnail floor's figures, and how many PDFs it drew the first page of."""

    figures: Run
    pdfs: int


def thumbnail_floor(work: Path, out: Path, manifest: dict[str, dict]) -> ThumbnailFloor:
    """The thumbnail floor for the PDFs `make print` from nothing drew a thumbnail of (one
    for each PDF's bytes): what the from-nothing build cannot go below while the catalogue
    shows every PDF (its target is 10 s of CPU)."""
    drawn = {}
    for name, entry in manifest.items():
        digest = entry["sha256"]
        if name.endswith(".pdf") and (out / THUMBNAILS / f"{digest[:20]}.png").is_file():
            drawn.setdefault(digest, out / name)
    listed, script, pictures = work / "thumbnails.txt", work / "thumbnails.py", work / "pngs"
    listed.write_text("".join(f"{path}\n" for path in drawn.values()))
    script.write_text(THUMBNAIL_FLOOR)

    def draw() -> Run:
        shutil.rmtree(pictures, ignore_errors=True)
        pictures.mkdir()
        return run([sys.executable, str(script), str(listed), str(pictures)])

    draw()  # warm-up: the PDFs' pages in the file cache
    return ThumbnailFloor(middle([draw() for _ in range(FULL_REPEATS)]), len(drawn))


CHECK_TARGET = "< 3 s cpu"
BATCH_TARGET = "< 3 s"


def check_and_batch(work: Path) -> list[Row]:
    """Section 7: `check` of the shipped content with every label set (what it does by
    default): from an empty cache folder, again with nothing changed (every label set's
    game kept from the first, build/checkcache.py), and after an edit to one game's file
    (a comment in its deck: its cards' faces drawn again under every set, the rest of the
    game kept, pipeline/facecheck.py); and the standard set on every paper with
    --jobs 2 (every kit built, as from nothing): whole processes, the median of
    FULL_REPEATS runs (each is seconds of CPU)."""
    content = work / "check-content"
    shutil.copytree(PROJECT / "content", content)
    check = [sys.executable, "-m", "shapes_print", "check", "--content", str(content)]
    batch = shapes_print("--players", "all", "--paper", "all", "--jobs", "2")
    batch += ["--out", str(work / "batch")]
    cache = Path(os.environ["XDG_CACHE_HOME"]) / "shapes-print" / "checked.json"

    def afresh() -> Run:
        cache.unlink(missing_ok=True)
        return run(check)

    deck = content / GAME / EDITED[0]
    original = deck.read_text()
    edits = iter(range(1, 1_000))

    def edited() -> Run:
        # Bytes never checked before, each time: check keeps every group it checked clean
        # (build/checkcache.py), so an edit made and then undone would find both kept.
        deck.write_text(f"{original}# edit {next(edits)}\n")
        return run(check)

    figures = {}
    for name, measure in (("afresh", afresh), ("again", lambda: run(check)), ("edited", edited)):
        measure()  # warm-up: bytecode and file caches
        figures[name] = middle([measure() for _ in range(FULL_REPEATS)])
    run(batch)
    figures["batch"] = middle([run(batch) for _ in range(FULL_REPEATS)])
    return [
        row("check, every game and label set, from nothing", figures["afresh"]),
        row("check again, nothing changed", figures["again"], "", CHECK_TARGET),
        row(f"check after an edit to {GAME}/{EDITED[0]}", figures["edited"], "", CHECK_TARGET),
        row("standard set, every paper, --jobs 2", figures["batch"], "", BATCH_TARGET),
    ]


# The one-pipeline issue: `make test` runs every test in 3.5 minutes of CPU on a 2-core
# machine, and no single test takes over 30 s.
SUITE_TARGET = "< 210 s cpu"
SLOWEST_TARGET = "< 30 s"


def suite_rows() -> list[Row]:
    """Section 8: the tests as `make test` runs them (pyproject.toml's options: one worker
    per core), once: a run is minutes of CPU, steady enough taken once, and the tests start
    every process they need themselves. pytest's own cache is left as it was. The slowest
    test's wall time (its setup, a shared build it waits for among them, its call and its
    teardown) is read from the run's JUnit report."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "junit.xml"
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        tests = run([*pytest, f"--junitxml={report}"])
        cases = ElementTree.parse(report).getroot().iter("testcase")
        seconds, slowest = max((float(c.get("time", 0)), _test_id(c)) for c in cases)
    return [
        row("make test's tests, every core", tests, "", SUITE_TARGET),
        row("  its slowest test", Run(seconds, 0.0, float("nan")), slowest, SLOWEST_TARGET),
    ]


def _test_id(case: ElementTree.Element) -> str:
    """A JUnit test case's test as pytest names it: its module's path and its name."""
    module = case.get("classname", "").replace(".", "/")
    return f"{module}.py::{case.get('name', '')}"


def deck_commands(work: Path) -> dict[str, list[str]]:
    """Section 2's commands: one kit of each deck size, as a whole process."""
    commands = {}
    for cards in DECK_SIZES:
        content = work / f"deck-{cards}"
        write_deck(content, cards)
        out = work / f"out-{cards}"
        commands[f"deck {cards}"] = shapes_print(
            GAME, *KIT, "--content", str(content), "--out", str(out)
        )
    content = work / f"distinct-{TTS_CARDS}"
    write_distinct_deck(content, TTS_CARDS)
    for formats in ("pdf", "pdf,tts"):
        where = ("--content", str(content), "--out", str(work / f"out-{formats}"))
        commands[f"distinct {formats}"] = shapes_print(GAME, *KIT, *where, "--format", formats)
    return commands


def deck_rows(figures: dict[str, Run]) -> list[Row]:
    """Section 2: each deck's time and peak memory, and the largest over the smallest;
    the distinct deck's PDFs, and with TTS sheets over them."""
    decks = {cards: figures[f"deck {cards}"] for cards in DECK_SIZES}
    rows = [
        row(f"{cards:,} cards, CLI process", run, peak(run.rss), TARGETS.get(cards, ""))
        for cards, run in decks.items()
    ]
    small, big = decks[DECK_SIZES[0]], decks[DECK_SIZES[-1]]
    ratio = DECK_SIZES[-1] // DECK_SIZES[0]
    rows.append(
        (
            f"{ratio}x the cards",
            f"{big.wall / small.wall:.2f}x",
            f"{big.cpu / small.cpu:.2f}x",
            f"{big.rss / small.rss:.2f}x memory",
            f"<= {ratio * 1.1:g}x time, flat memory",
        )
    )
    pdf, tts = figures["distinct pdf"], figures["distinct pdf,tts"]
    rows.append(row(f"{TTS_CARDS:,} distinct cards, PDFs alone", pdf, peak(pdf.rss)))
    # The peak is the command's own process: each worker drawing sheets holds one band.
    over = f"{tts.wall / pdf.wall:.2f}x the PDFs' wall, {peak(tts.rss)}"
    rows.append(row(f"  with TTS sheets, --jobs {os.cpu_count()}", tts, over, TTS_TARGET))
    return rows


# The floor: reportlab and nothing else. Its data file (marshal, written by `floor_script`)
# holds the plan's drawings as plain tuples; the script registers the fonts, draws each
# symbol once as a form, then places faces, trim lines, marks and furniture page by page.
FLOOR = """
import marshal
import sys

if sys.argv[3:] == ["libraries"]:  # what any tool built on shapes-print's libraries pays first
    import typer
    import yaml
    from pydantic import BaseModel, RootModel
from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

with open(sys.argv[1], "rb") as data:
    FONTS, SYMBOLS, ORDER, PAGE, FACE_SLOTS, BACK_SLOTS, TRIM, FIXED, BACK_FIXED = marshal.load(data)

def path(c, ops):
    p = c.beginPath()
    for op in ops:
        if op[0] == "M": p.moveTo(*op[1:])
        elif op[0] == "L": p.lineTo(*op[1:])
        elif op[0] == "C": p.curveTo(*op[1:])
        else: p.close()
    return p

def paint(c, fill, stroke, width, cap="butt"):
    if fill: c.setFillColor(HexColor(fill))
    if stroke:
        c.setStrokeColor(HexColor(stroke)); c.setLineWidth(width)
        c.setLineCap(1 if cap == "round" else 0)
    return int(bool(stroke)), int(bool(fill))

def draw(c, item):
    kind = item[0]
    if kind == "path":
        stroke, fill = paint(c, *item[2:6])
        c.drawPath(path(c, item[1]), stroke=stroke, fill=fill, fillMode=FILL_EVEN_ODD)
    elif kind == "rect":
        stroke, fill = paint(c, *item[6:9])
        x, y, w, h, r = item[1:6]
        if r: c.roundRect(x, y, w, h, r, stroke=stroke, fill=fill)
        else: c.rect(x, y, w, h, stroke=stroke, fill=fill)
    elif kind == "line":
        c.setStrokeColor(HexColor(item[5])); c.setLineWidth(item[6])
        c.line(*item[1:5])
    elif kind == "text":
        x, y, s, font, size, colour, anchor = item[1:]
        c.setFillColor(HexColor(colour)); c.setFont(font, size)
        {"middle": c.drawCentredString, "end": c.drawRightString}.get(anchor, c.drawString)(x, y, s)
    elif kind == "use":
        c.saveState(); c.translate(item[2], item[3]); c.doForm(item[1]); c.restoreState()
    else:
        dx, dy, angle, scale, clip, children = item[1:]
        c.saveState(); c.translate(dx, dy)
        if angle: c.rotate(angle)
        if scale != 1: c.scale(scale, scale)
        if clip: c.clipPath(path(c, clip), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        for child in children: draw(c, child)
        c.restoreState()

for name, file in FONTS:
    pdfmetrics.registerFont(TTFont(name, file))
c = Canvas(sys.argv[2], pagesize=PAGE, invariant=1, pdfVersion=(1, 7))
for name, (w, h, items) in SYMBOLS.items():
    c.beginForm(name, lowerx=0, lowery=0, upperx=w, uppery=h)
    for item in items: draw(c, item)
    c.endForm()
cards = [(face, back) for face, back, count in ORDER for _ in range(count)]
for start in range(0, len(cards), len(FACE_SLOTS)):
    sheet = cards[start:start + len(FACE_SLOTS)]
    for (face, _), (x, y) in zip(sheet, FACE_SLOTS):
        draw(c, ("use", face, x, y))
        if TRIM: draw(c, ("rect", x, y, *TRIM))
    for item in FIXED: draw(c, item)
    c.showPage()
    for (_, back), (x, y) in zip(sheet, BACK_SLOTS):
        draw(c, ("use", back, x, y))
    for item in BACK_FIXED: draw(c, item)
    c.showPage()
c.save()
"""


def _hex(colour: RGB | None) -> str | None:
    return colour.hex if colour else None


def _plain(item: Item) -> tuple:
    """A plan primitive as the floor script's plain tuple (an artifact draws as a group)."""
    if isinstance(item, PathItem):
        p = item.paint
        return ("path", item.ops, _hex(p.fill), _hex(p.stroke), p.stroke_width, p.cap)
    if isinstance(item, Rect):
        p = item.paint
        box = (item.x, item.y, item.w, item.h, item.radius)
        return ("rect", *box, _hex(p.fill), _hex(p.stroke), p.stroke_width)
    if isinstance(item, Line):
        return ("line", item.x1, item.y1, item.x2, item.y2, item.colour.hex, item.width)
    if isinstance(item, Text):
        text = (item.text, item.font, item.size, item.colour.hex, item.anchor)
        return ("text", item.x, item.y, *text)
    if isinstance(item, Use):
        return ("use", item.symbol, item.x, item.y)
    if isinstance(item, Artifact):
        return ("group", 0.0, 0.0, 0.0, 1.0, None, [_plain(child) for child in item.items])
    assert isinstance(item, Group)
    children = [_plain(child) for child in item.items]
    return ("group", item.dx, item.dy, item.angle, item.scale, item.clip, children)


def _all_rects(items: tuple[Item, ...]) -> bool:
    return bool(items) and all(isinstance(item, Rect) for item in items)


def floor_script(content: Path, script: Path, data_file: Path) -> None:
    """Write the floor script, and a deck's plan drawings (faces, backs, their overruns past
    the grid, marks and furniture) as its data.

    Like the bare script the issue describes, the floor draws each card face and back once
    as a form and places it, and draws the cut marks and print furniture on every face
    sheet as plain lines and text (shapes-print places them as one more form).
    """
    project = pipeline.load_project(pipeline.Sources(content), [GAME])
    loaded = project.games[GAME]
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    cards = plan_kit(resolved, KitRequest(GAME, 4, "a4"))[0].document
    face_page, back_page = list(cards.pages[:2])
    symbols = cards.symbols
    uses = [item for item in face_page.items if isinstance(item, Use)]
    slots = [u for u in uses if u.symbol.startswith("face-")]
    # The sheet's trim outlines (an artifact of one group of rectangles), drawn by the floor
    # slot by slot.
    outlines = next(
        (
            a
            for a in face_page.items
            if isinstance(a, Artifact)
            and isinstance(a.items[0], Group)
            and _all_rects(a.items[0].items)
        ),
        None,
    )
    trim = outlines.items[0].items[0] if outlines else None
    fixed = [item for item in face_page.items if not isinstance(item, Use) and item is not outlines]
    fixed += [Group(symbols[u.symbol].items, u.x, u.y) for u in uses if u not in slots]
    # The backs' overrun past the grid (the faces' is among `fixed`), as on a full sheet.
    back_fixed = [item for item in back_page.items if not isinstance(item, Use)]
    pair = project.ctx.fonts
    fonts = sorted({(font.name, str(font.path)) for font in (pair.regular, pair.bold)})
    drawings = ("face-", "back-", OVERRUN_PREFIX)
    cards_forms = {name: s for name, s in symbols.items() if name.startswith(drawings)}
    data = (
        fonts,
        {
            name: (s.width, s.height, [_plain(i) for i in s.items])
            for name, s in cards_forms.items()
        },
        [(f"face-{c.id}", f"back-{c.back}", c.count) for c in loaded.deck.cards],
        (face_page.width, face_page.height),
        [(u.x, u.y) for u in slots],
        [(u.x, u.y) for u in back_page.items if isinstance(u, Use)],
        _plain(trim)[3:] if trim else None,
        [_plain(i) for i in fixed],
        [_plain(i) for i in back_fixed],
    )
    data_file.write_bytes(marshal.dumps(data))
    script.write_text(FLOOR)


def floor_commands(work: Path) -> dict[str, list[str]]:
    """Section 3's commands: the bare reportlab floor for the 1,800- and 10,000-card decks
    (written by section 2's commands), at 1,800 cards also after importing the libraries."""
    script = work / "floor.py"
    commands = {}
    for cards in (FLOOR_DECK, DECK_SIZES[-1]):
        data = work / f"floor-{cards}.data"
        floor_script(work / f"deck-{cards}", script, data)
        commands[f"floor {cards}"] = [
            sys.executable,
            str(script),
            str(data),
            str(work / "floor.pdf"),
        ]
    commands["floor libraries"] = [*commands[f"floor {FLOOR_DECK}"], "libraries"]
    return commands


def floor_rows(figures: dict[str, Run]) -> list[Row]:
    """Section 3: the bare reportlab floor for the 1,800- and 10,000-card decks, and
    shapes-print over it.

    shapes-print's figure is its whole kit (cards, sheets and host key); the floor draws
    the cards file only, so the ratio is if anything unkind to shapes-print. At 1,800 cards
    the floor is also timed after importing typer, pydantic and PyYAML, as shapes-print
    must: what is left between that and the 0.5 s target is all a build may spend on
    loading, checking, laying out and writing the kit.
    """
    rows: list[Row] = []
    for cards in (FLOOR_DECK, DECK_SIZES[-1]):
        floor = figures[f"floor {cards}"]
        rows.append(row(f"render floor, {cards:,} cards", floor, peak(floor.rss)))
        if cards == FLOOR_DECK:
            libraries = figures["floor libraries"]
            rows.append(
                row("  after importing typer, pydantic, PyYAML", libraries, peak(libraries.rss))
            )
        ours = figures[f"deck {cards}"]
        rows.append(
            (
                f"shapes-print over the floor, {cards:,} cards",
                f"{ours.wall / floor.wall:.2f}x",
                f"{ours.cpu / floor.cpu:.2f}x",
                "",
                "<= 1.5x" if cards == DECK_SIZES[-1] else "",
            )
        )
    return rows


def startup_commands(work: Path) -> dict[str, list[str]]:
    """Section 6's commands: the light commands, the 18-card kit and its floor. `schema`'s
    files are kept (in the scratch cache folder) by the warm-up run before the rounds."""
    command = [sys.executable, "-m", "shapes_print"]
    data = work / "floor-18.data"
    floor_script(PROJECT / "content", work / "floor.py", data)
    return {
        "help": [*command, "--help"],
        "list": [*command, "list"],
        "schema": [*command, "schema", "--out", str(work / "schemas")],
        "kit 18": shapes_print(GAME, *KIT, "--out", str(work / "out-18")),
        "floor 18": [sys.executable, str(work / "floor.py"), str(data), str(work / "floor.pdf")],
    }


def new_game(work: Path) -> Run:
    """`new` once, into a content folder of its own (it never writes over a game)."""
    content = work / "new-content"
    shutil.rmtree(content, ignore_errors=True)
    return run([sys.executable, "-m", "shapes_print", "new", "my-game", "--content", str(content)])


def startup_rows(figures: dict[str, Run], new: Run) -> list[Row]:
    """Section 6: what a command costs before it does anything much, and a small kit, which
    is nearly all start-up, over the bare floor drawing its cards."""
    kit, floor = figures["kit 18"], figures["floor 18"]
    return [
        row("--help, CLI process", figures["help"], "", STARTUP_TARGET),
        row("list, CLI process", figures["list"], "", STARTUP_TARGET),
        row("schema (files kept), CLI process", figures["schema"]),
        row("new, CLI process", new),
        row("18 cards, CLI process", kit, peak(kit.rss)),
        row("render floor, 18 cards", floor, peak(floor.rss)),
        (
            "shapes-print over the floor, 18 cards",
            f"{kit.wall / floor.wall:.2f}x",
            f"{kit.cpu / floor.cpu:.2f}x",
            "",
            SMALL_KIT_TARGET,
        ),
    ]


def _figure(cell: str) -> float | None:
    """A cell's number ('0.486 s', '0.70x'), or None."""
    try:
        return float(cell.split()[0].rstrip("x"))
    except (IndexError, ValueError):
        return None


def _same_row(name: str) -> str:
    """A row's name without the counts it shows ("make print (1100 pages)"), so a release
    that builds more kits or pages is still compared row for row."""
    return re.sub(r" \([0-9,]+ [a-z]+\)", "", name)


def beside_last(rows: list[Row], last: dict[str, object]) -> list[tuple[str, ...]]:
    """Each row with the last release's cpu figure (wall where a row has no cpu) and the
    change from it: a figure that grew by more than a tenth is marked as a regression. A
    row the release did not measure may hold a figure of its own commit and load."""
    recorded = last.get("rows", {})
    assert isinstance(recorded, dict)
    figures = {_same_row(name): cells for name, cells in recorded.items()}
    shown = []
    for name, wall, cpu, other, target in rows:
        then = figures.get(_same_row(name), {})
        now_cell, then_cell = (cpu, then.get("cpu", "")) if cpu else (wall, then.get("wall", ""))
        now, before = _figure(now_cell), _figure(then_cell)
        if then.get("commit"):  # a row measured at a commit of its own (no release has it)
            then_cell += f" ({then['commit']}, load {then.get('load', '-')})"
        change = ""
        if now is not None and before:
            change = f"{now / before - 1:+.0%}" + (" slower" if now > before * 1.1 else "")
        shown.append((name, wall, cpu, other, target, then_cell, change))
    return shown


def record(rows: list[Row], load: float, path: Path) -> None:
    """The figures of this run as the release's, for later runs to be compared with."""
    commit = subprocess.run(
        ["git", "-C", str(TREE["path"]), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    figures = {name: {"wall": wall, "cpu": cpu} for name, wall, cpu, *_ in rows}
    data = {"commit": commit or "unknown", "load": round(load, 1), "rows": figures}
    path.write_text(json.dumps(data, indent=2) + "\n")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", default=",".join(SECTIONS), help="sections: " + ", ".join(SECTIONS)
    )
    parser.add_argument("--tree", type=Path, default=PROJECT, help="checkout to time")
    parser.add_argument(
        "--record", type=Path, help="write this run's figures here (bench/last.json)"
    )
    return parser.parse_args()


def main() -> None:
    asked = arguments()
    only = set(asked.only.split(","))
    if only - set(SECTIONS):
        raise SystemExit(f"bench: --only knows {', '.join(SECTIONS)}")
    TREE["path"] = asked.tree.resolve()
    python = sys.version.split()[0]
    load = os.getloadavg()[0]
    print(
        f"shapes-print bench: median of {REPEATS} runs, {os.cpu_count()} cores, Python {python}, load {load:.1f}"
    )
    rows: list[Row] = []
    with scratch() as work:
        os.environ["XDG_CACHE_HOME"] = str(work / "cache")  # the user's cache is left alone
        if "print" in only:
            rows += full_print(work)
        if "incremental" in only:
            rows += incremental(work)
        if "decks" in only:
            commands = deck_commands(work)
            figures = in_rounds({**commands, **floor_commands(work)})
            rows += deck_rows(figures) + floor_rows(figures)
        if "watch" in only:
            rows += watch_rows(work)
        if "startup" in only:
            figures = in_rounds(startup_commands(work))
            new_game(work)  # warm-up
            rows += startup_rows(figures, median(lambda: new_game(work)))
        if "check" in only:
            rows += check_and_batch(work)
        if "designer" in only:
            rows += designer_rows(work, run)
        if "suite" in only:
            rows += suite_rows()
    if asked.record:
        record(rows, load, asked.record)
    last = json.loads(LAST.read_text()) if LAST.is_file() else {}
    since = f"last release ({last.get('commit', 'none recorded')}, load {last.get('load', '-')})"
    table = [
        ("", "wall", "cpu", "rate / memory", "target", since, "change"),
        *beside_last(rows, last),
    ]
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for r in table:
        cells = (cell.ljust(width) for cell, width in zip(r, widths, strict=True))
        print("  ".join(cells).rstrip())


if __name__ == "__main__":
    main()
