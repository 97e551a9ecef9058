"""Print options a build can be asked for, parsed once from their command-line words.

The CLI passes the raw words here; the plan and write stages see only these typed values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.limits import MAX_SIDE, MAX_SIDE_MM
from shapes_print.units import LengthError, parse_length, parse_size

# How a duplex printer turns the sheet: the backs are placed for it.
Flip = Literal["long", "short"]
FORMATS = ("pdf", "svg", "png", "tts")
# Formats only print-shop files are written in: one picture per card side for a shop's uploader.
PRINT_SHOP_FORMATS = ("png",)
# The widest bleed asked for that is still a bleed: shops ask for 1/16 in to 1/4 in, and a
# half inch is already half a poker card's width of picture that is cut away.
MAX_BLEED_IN = 0.5


class PrintOptions(Struct, frozen=True):
    """How cards are printed: size, print-shop pages, duplex offset, ink saver, formats,
    and fold sheets beside the duplex ones (`fold`).

    `card_size` is a name from templates/card-sizes.yaml or a size such as `63x88mm`; None
    keeps the game's template size. `back_offset` is in points, (x, y) as seen on the back.
    `bleed` is the print-shop bleed in points; None keeps templates/print.yaml's.
    """

    card_size: str | None = None
    print_shop: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    formats: tuple[str, ...] = ("pdf",)
    bleed: float | None = None
    fold: bool = False

    @classmethod
    def from_words(
        cls,
        card_size: str | None,
        print_shop: bool,
        back_offset: str,
        ink_saver: bool,
        formats: str,
        bleed: str | None = None,
    ) -> PrintOptions:
        """Options from the command line's words: `1.2mm,-0.5mm`, `pdf,svg`, `0.125in`."""
        offset = parse_offset(back_offset)
        if print_shop and offset != (0.0, 0.0):
            raise UserError(
                Source(Path("--back-offset")),
                "a printer offset moves home-printed backs; --print-shop pages have none to move",
            )
        chosen = parse_formats(formats)
        for name in PRINT_SHOP_FORMATS:
            if name in chosen and not print_shop:
                raise UserError(
                    Source(Path("--format")),
                    f"{name} pictures are one per card side for a print service: add --print-shop",
                )
        if bleed is not None and not print_shop:
            raise UserError(
                Source(Path("--bleed")),
                "the bleed is for print-shop pages (home sheets butt their cards): "
                "add --print-shop",
            )
        points = None if bleed is None else parse_bleed(bleed)
        return cls(card_size, print_shop, offset, ink_saver, chosen, points)

    def folded(self, fold: bool) -> PrintOptions:
        """These options with fold sheets (`--fold`) or without: home printing only."""
        if fold and self.print_shop:
            raise UserError(
                Source(Path("--fold")),
                "fold sheets are for home printers; a print shop prints both sides: "
                "leave out --fold or --print-shop",
            )
        return replace(self, fold=fold)


class Part(Struct, frozen=True):
    """Which part of a kit to build: all of it (the default), a proof sheet (`proof`: one
    of each face and back, labelled), or only some decks' or cards' files. Anything but
    the whole kit is marked partial in the manifest, so it is never taken for the kit.
    `boxes` (`preview --boxes`): its cards files with each layout element's box drawn over
    the cards, a picture of the layout that must never be printed as the kit."""

    proof: bool = False
    decks: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    boxes: bool = False

    @classmethod
    def from_words(cls, proof: bool, decks: str | None, cards: str | None) -> Part:
        """`--proof`, `--deck cards,task-cards`, `--cards red-1,wild`: names once each."""
        return cls(proof, _names(decks, "--deck"), _names(cards, "--cards"))

    def describe(self) -> str:
        """What the kit folder holds in words ("proof sheet; decks cards"), "" for a whole kit."""
        said = ["proof sheet"] if self.proof else []
        said += [f"decks {', '.join(self.decks)}"] if self.decks else []
        said += [f"cards {', '.join(self.cards)}"] if self.cards else []
        said += ["element boxes drawn"] if self.boxes else []
        return "; ".join(said)

    def folder_tail(self) -> str:
        """What a kit folder's name ends with, so a part is written beside the whole kit,
        never over it: `-proof` for a proof sheet, `-part` for some decks or cards, then
        `-boxes` where the element boxes are drawn."""
        tail = "-proof" if self.proof else "-part" if self.decks or self.cards else ""
        return tail + "-boxes" * self.boxes


def _names(text: str | None, option: str) -> tuple[str, ...]:
    """A list of names as asked for, once each; an empty one is a mistake."""
    if text is None:
        return ()
    names = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not names:
        raise UserError(Source(Path(option)), f"name at least one, e.g. {option} NAME,NAME")
    return names


def parse_bleed(text: str) -> float:
    """`3mm`, `0.125in` as points: none at all up to `MAX_BLEED_IN`."""
    where = Source(Path("--bleed"))
    try:
        points = parse_length(text)
    except LengthError as error:
        raise UserError(where, str(error)) from None
    if points < 0:
        raise UserError(where, f"a bleed cannot be negative, got {text!r}")
    if points > MAX_BLEED_IN * 72 + 1e-9:
        raise UserError(
            where, f"a bleed of {text!r} is over the {MAX_BLEED_IN:g} in a print shop could want"
        )
    return points


def parse_offset(text: str) -> tuple[float, float]:
    """`1.2mm,-0.5mm` as points; each part needs its unit."""
    parts = [part.strip() for part in text.split(",")]
    try:
        if len(parts) != 2:
            raise LengthError(f"expected two lengths such as '1.2mm,-0.5mm', got {text!r}")
        return parse_length(parts[0]), parse_length(parts[1])
    except LengthError as error:
        raise UserError(Source(Path("--back-offset")), str(error)) from None


def check_offset(offset: tuple[float, float], most: float) -> None:
    """A back offset is what the calibration sheet measured, so no larger than its scales
    read (`most`, points): more would only push the backs off the sheet's printable area."""
    largest = max(abs(offset[0]), abs(offset[1]))
    if largest > most + 1e-6:
        raise UserError(
            Source(Path("--back-offset")),
            f"an offset of {largest * 25.4 / 72:.1f} mm is more than the {most * 25.4 / 72:.1f} mm "
            "the calibration sheet measures; print it (shapes-print calibrate) and read the "
            "offset from its scales",
        )


def parse_formats(text: str) -> tuple[str, ...]:
    """`pdf,svg` as a tuple in a fixed order; PDF is always written."""
    asked = {part.strip() for part in text.split(",") if part.strip()}
    unknown = sorted(asked - set(FORMATS))
    if unknown:
        raise UserError(
            Source(Path("--format")), f"unknown format {unknown[0]!r} (known: {', '.join(FORMATS)})"
        )
    return tuple(name for name in FORMATS if name in asked or name == "pdf")


def named_size(
    name: str, known: dict[str, tuple[float, float]], option: str
) -> tuple[float, float]:
    """A named size from a template table in any case (A4 is a4), or a custom size such as
    `300x400mm`."""
    if name in known:
        return known[name]
    if name.lower() in known:
        return known[name.lower()]
    try:
        size = parse_size(name)
    except LengthError as error:
        raise UserError(
            Source(Path(option)),
            f"unknown size {name!r}: use one of {', '.join(known)} or e.g. 63x88mm ({error})",
        ) from None
    if max(size) > MAX_SIDE:
        raise UserError(
            Source(Path(option)), f"size {name!r} is over the {MAX_SIDE_MM:,} mm limit on a side"
        )
    return size


def size_name(name: str, known: dict[str, tuple[float, float]], option: str) -> str:
    """The name a size goes by in folder and file names: a template's name in its own case
    (A4 is a4, and so is 210x297mm: one paper, one name), or a custom size as written
    without spaces (`210 x 300mm` is 210x300mm), so no name holds a space."""
    size = named_size(name, known, option)
    for known_name in known:
        if name.lower() == known_name.lower():
            return known_name
    return name_of_size(size, known) or "".join(name.split()).lower()


def name_of_size(size: tuple[float, float], known: dict[str, tuple[float, float]]) -> str:
    """The name of the known size with these sides, to a hundredth of a point (a custom
    63.5x88.9mm card is poker), or ""."""
    for name, sides in known.items():
        if same_size(sides, size):
            return name
    return ""


def same_size(one: tuple[float, float], other: tuple[float, float]) -> bool:
    """Whether two sizes in points are one, to a hundredth of a point (63.5x88.9mm is poker)."""
    return all(abs(a - b) < 0.01 for a, b in zip(one, other, strict=True))
