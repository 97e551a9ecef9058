"""Plan stage, printing guide: the one page that says how to print the kit at hand.

Input: the kit's planned files (names, audiences, documents), its paper, duplex flip and
print-shop bleed. Output: the guide's pages: a table of the files (pages, paper, sides,
for whom; the print-and-play file, what it is for) and the steps for this kind of kit, from
templates/ filled with its files.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from shapes_print.geometry.primitives import (
    Document,
)
from shapes_print.kit.context import DrawContext
from shapes_print.load.content import Library
from shapes_print.load.filenames import SIDE_SUFFIX
from shapes_print.load.options import Flip
from shapes_print.plan.cardfile import bleed_values
from shapes_print.plan.cardsheets import (
    FrontSheets,
    SheetPages,
    is_cards_file,
)
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.words import Said


def plan_guide(
    library: Library,
    ctx: DrawContext,
    inputs: SheetInputs,
    files: Sequence[tuple[str, str, Document]],
    paper: tuple[str, tuple[float, float]],
    flip: Flip,
    bleed: float | None,
    stem: str,
    brf_pages: int | None = None,
    print_and_play: tuple[str, Document] | None = None,
) -> tuple[str, str, Document]:
    """The printing guide (name, audience, document) listing the kit's files, cards first.

    `files` are (name, audience, document), each name `stem` and its part; the words for
    stock, sides and audiences are YAML's and, like every value filled in, pass through the
    label set's words. File and paper names are names, not words. `bleed` is the
    print-shop bleed (None for a home kit), which the print-shop kit's sending step says;
    `brf_pages` the pages of a braille kit's embosser file, listed last;
    `print_and_play` (name, document) the file of all the players' pages, listed after
    the files it holds, with what it is for (printing everything at once).
    """
    printing, doc = library.printing, library.guide
    sheets = [d.pages for _, _, d in files if isinstance(d.pages, SheetPages | FrontSheets)]
    cutting = "print_shop" if bleed is not None else sheets[0].cutting if sheets else "marked"
    cut_words = printing.cutting[cutting]  # type: ignore[index]
    if bleed is not None:  # the print shop's step says the bleed
        where = library.printing_source.source(("cutting", "print_shop"))
        cut_words = Said(ctx.words.fill(cut_words, bleed_values(bleed), where))

    def sides(name: str, document: Document) -> str:
        """A print-shop file's sides say which sides it holds; a home file's, its duplex."""
        if document.press is None or not is_cards_file(document):
            return printing.sides[document.duplex]
        for side, suffix in SIDE_SUFFIX.items():
            if name.endswith(suffix):
                return printing.sides[f"print_shop_{side}s"]  # type: ignore[index]
        return printing.sides["print_shop"]

    kit_files = [
        {
            "file": Said(f"{name}.pdf"),
            "part": Said(f"{name.removeprefix(stem)}.pdf"),
            "pages": len(document.pages),
            "stock": printing.stock["cards" if is_cards_file(document) else "sheets"],
            "sides": sides(name, document),
            "audience": printing.audiences[audience],  # type: ignore[index]
            "for": Said(audience),  # players or host (or print_and_play), for a `select`
        }
        for name, audience, document in files
    ]
    if print_and_play is not None:
        name, document = print_and_play
        kit_files.append(
            {
                "file": Said(f"{name}.pdf"),
                "part": Said(f"{name.removeprefix(stem)}.pdf"),
                "pages": len(document.pages),
                "stock": printing.stock["print_and_play"],
                "sides": printing.sides[document.duplex],
                "audience": printing.audiences["print_and_play"],
                "for": Said("print_and_play"),
            }
        )
    if brf_pages is not None:
        kit_files.append(
            {
                "file": Said(f"{stem}embosser.brf"),
                "part": Said("embosser.brf"),
                "pages": brf_pages,
                "stock": printing.stock["embosser"],
                "sides": printing.sides["embosser"],
                "audience": printing.audiences["players"],
                "for": Said("players"),
            }
        )
    values = {
        **inputs.values,
        "file_stem": Said(stem),
        "paper_name": ctx.words.named(paper[0]),
        "flip": flip,
        "paper_weight": printing.paper_weight,
        "cutting": cut_words,
        # The guide's steps choose by it (`{kit, select, print_shop {...} other {...}}`).
        # `swell`: braille cards on swell paper, fronts only (`fronts_only`): no back to check.
        "kit": Said(
            "print_shop"
            if bleed is not None
            else "swell"
            if any(isinstance(d.pages, FrontSheets) for _, _, d in files)
            else "home"
        ),
    }
    guide_inputs = replace(inputs, values=values, lists={**inputs.lists, "kit_files": kit_files})
    words, where = ctx.words, doc.source.source(("title",))
    names = (words.say(values["game_title"], where), words.fill(doc.spec.title, values, where))
    pages = plan_sheets(doc, guide_inputs, paper[1], ctx, names)
    title = ": ".join(names)
    symbols = {face.name: face for face in inputs.faces.values()}
    return (
        doc.spec.name,
        doc.spec.audience,
        Document(title, pages, symbols, "none", words.locale),
    )
