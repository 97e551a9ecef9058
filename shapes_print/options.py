"""Print options a build can be asked for, parsed once from their command-line words.

The CLI passes the raw words here; the plan and write stages see only these typed values.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shapes_print.errors import Source, UserError
from shapes_print.limits import MAX_SIDE, MAX_SIDE_MM
from shapes_print.units import LengthError, parse_length, parse_size

FORMATS = ("pdf", "svg")


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """How cards are printed: size, print-shop pages, duplex offset, ink saver, formats.

    `card_size` is a name from templates/card-sizes.yaml or a size such as `63x88mm`; None
    keeps the game's template size. `back_offset` is in points, (x, y) as seen on the back.
    """

    card_size: str | None = None
    print_shop: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    formats: tuple[str, ...] = ("pdf",)

    @classmethod
    def from_words(
        cls,
        card_size: str | None,
        print_shop: bool,
        back_offset: str,
        ink_saver: bool,
        formats: str,
    ) -> PrintOptions:
        """Options from the command line's words: `1.2mm,-0.5mm`, `pdf,svg`."""
        offset = parse_offset(back_offset)
        if print_shop and offset != (0.0, 0.0):
            raise UserError(
                Source(Path("--back-offset")),
                "a printer offset moves home-printed backs; --print-shop pages have none to move",
            )
        return cls(card_size, print_shop, offset, ink_saver, parse_formats(formats))


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
    """A named size from a template table, or a custom size such as `300x400mm`."""
    if name in known:
        return known[name]
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
