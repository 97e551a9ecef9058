"""Plan stage, printing guide: the one page that says how to print the kit at hand.

Input: the kit's planned files (names, audiences, documents), its paper, duplex flip and
print-shop bleed. Output: the guide's pages: a table of the files (pages, paper, sides,
for whom; the print-and-play file, what it is for) and the steps for this kind of kit, from
templates/ filled with its files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from shapes_print.geometry.primitives import (
    Document,
)
from shapes_print.load.filenames import SIDE_SUFFIX
from shapes_print.plan.cardfile import bleed_values, shop_bleed
from shapes_print.plan.cardsheets import (
    FrontSheets,
    SheetPages,
    is_cards_file,
)
from shapes_print.plan.kitcontext import KitContext
from shapes_print.plan.madepages import unfooted
from shapes_print.plan.planned import KitFile
from shapes_print.plan.sheetpages import is_turned
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.words import Said


def plan_guide(
    kit: KitContext,
    inputs: SheetInputs,
    files: Sequence[KitFile],
    brf_pages: int | None = None,
    print_and_play: KitFile | None = None,
) -> tuple[str, str, Document]:
    """The printing guide (name, audience, document) listing the kit's files, cards first.

    The words for stock, sides and audiences are YAML's and, like every value filled in,
    pass through the label set's words. File and paper names are names, not words.
    `brf_pages` are the pages of a braille kit's embosser file, listed last;
    `print_and_play` the file of all the players' pages, listed after the files it holds,
    with what it is for (printing everything at once).
    """
    doc, words = kit.library.guide, kit.words
    rows = _file_rows(kit, files, brf_pages, print_and_play)
    values = _guide_values(kit, inputs, files)
    guide_inputs = replace(inputs, values=values, lists={**inputs.lists, "kit_files": rows})
    where = doc.source.source(("title",))
    names = (words.say(values["game_title"], where), words.fill(doc.spec.title, values, where))
    pages = plan_sheets(doc, guide_inputs, kit.page, kit.ctx, names)
    title = kit.titled(*names)
    symbols = {face.name: face for face in inputs.faces.values()}
    return (
        doc.spec.name,
        doc.spec.audience,
        Document(title, pages, symbols, "none", words.locale),
    )


def _guide_values(kit: KitContext, inputs: SheetInputs, files: Sequence[KitFile]) -> dict[str, Any]:
    """What the guide's text may name: the kit's numbers, its stem, paper, flip, paper
    weight, how its cards are cut and which kind of kit it is."""
    printing = kit.library.printing
    bleed = shop_bleed(printing, kit.options)
    printed = [f.printed for f in files]
    sheets = [p for d in printed if isinstance(p := unfooted(d.pages), SheetPages | FrontSheets)]
    cutting = "print_shop" if bleed is not None else sheets[0].cutting if sheets else "marked"
    cut_words = printing.cutting[cutting]  # type: ignore[index]
    if bleed is not None:  # the print shop's step says the bleed
        where = kit.library.printing_source.source(("cutting", "print_shop"))
        cut_words = Said(kit.words.fill(cut_words, bleed_values(bleed), where))
    swell = any(isinstance(unfooted(d.pages), FrontSheets) for d in printed)
    return {
        **inputs.values,
        "file_stem": Said(f"{kit.stem}_"),
        "paper_name": kit.words.named(kit.request.paper),
        "flip": kit.request.flip,
        "paper_weight": printing.paper_weight,
        "cutting": cut_words,
        # The guide's steps choose by it (`{kit, select, print_shop {...} other {...}}`).
        # `swell`: braille cards on swell paper, fronts only (`fronts_only`): no back to check.
        "kit": Said("print_shop" if bleed is not None else "swell" if swell else "home"),
    }


def any_turned(kit: KitContext, files: Sequence[KitFile]) -> bool:
    """Whether a sheet file of `files` prints a page turned on the paper (a score sheet too
    wide for it upright); a cards file's pages are the paper's, made when drawn, not asked
    here."""
    sheets = [f.printed for f in files if not is_cards_file(f.printed)]
    return any(is_turned(page, kit.page) for d in sheets for page in d.pages)


def _file_rows(
    kit: KitContext,
    files: Sequence[KitFile],
    brf_pages: int | None,
    print_and_play: KitFile | None,
) -> list[dict[str, Any]]:
    """The guide's table of files: each file, then the print-and-play file and the
    embosser file."""
    printing, stem = kit.library.printing, f"{kit.stem}_"

    def sides(name: str, document: Document) -> str:
        """A print-shop file's sides say which sides it holds; a home file's, its duplex."""
        if document.press is None or not is_cards_file(document):
            return printing.sides[document.duplex]
        for side, suffix in SIDE_SUFFIX.items():
            if name.endswith(suffix):
                return printing.sides[f"print_shop_{side}s"]  # type: ignore[index]
        return printing.sides["print_shop"]

    def row(name: str, pages: int, stock: str, side: str, audience: str) -> dict[str, Any]:
        return {
            "file": Said(name),
            "part": Said(name.removeprefix(stem)),
            "pages": pages,
            "stock": stock,
            "sides": side,
            "audience": printing.audiences[audience],  # type: ignore[index]
            "for": Said(audience),  # players or host (or print_and_play), for a `select`
        }

    def file_row(file: KitFile) -> dict[str, Any]:
        d = file.printed
        stock = printing.stock["cards" if is_cards_file(d) else "sheets"]
        return row(f"{file.name}.pdf", len(d.pages), stock, sides(file.name, d), file.audience)

    rows = [file_row(f) for f in files]
    if print_and_play is not None:
        d = print_and_play.printed
        stock, side = printing.stock["print_and_play"], printing.sides[d.duplex]
        rows.append(row(f"{print_and_play.name}.pdf", len(d.pages), stock, side, "print_and_play"))
    if brf_pages is not None:
        stock, side = printing.stock["embosser"], printing.sides["embosser"]
        rows.append(row(f"{stem}embosser.brf", brf_pages, stock, side, "players"))
    return rows
