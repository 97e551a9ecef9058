"""Lengths written in YAML (`63.5mm`, `2.5in`, `12pt`) as points, 1/72 inch."""

from __future__ import annotations

import math
import re
from functools import lru_cache

POINTS_PER_UNIT = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4}

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([a-z]+)\s*$")


class LengthError(ValueError):
    """A length without a unit, with an unknown unit, or not a number at all."""


def parse_length(value: object) -> float:
    """Points for a length string; a bare number is refused rather than guessed at."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise LengthError(f"expected a length such as '63.5mm', got {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise LengthError(f"expected a length such as '63.5mm', got {value!r}")
    if isinstance(value, (int, float)):
        raise LengthError(
            f"length {value!r} has no unit: write it as '{value}mm', '{value}pt' or '{value}in'"
        )
    return _points(value)


@lru_cache(maxsize=4096)
def _points(value: str) -> float:
    """A length string's points, kept: every label set's templates write the same few
    lengths thousands of times."""
    match = _LENGTH.match(value)
    if not match:
        raise LengthError(f"expected a length such as '63.5mm', got {value!r}")
    number, unit = match.groups()
    if unit not in POINTS_PER_UNIT:
        known = ", ".join(POINTS_PER_UNIT)
        raise LengthError(f"unknown unit {unit!r} in {value!r} (use one of {known})")
    return float(number) * POINTS_PER_UNIT[unit]


def mm(value: float) -> float:
    """Points for a length in millimetres (for tests and computed defaults)."""
    return value * POINTS_PER_UNIT["mm"]


_RELATIVE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*%\s*(?:([+-])\s*(.+))?$")
# Compiled on first use (re keeps it): only a custom --card-size or paper needs it.
_SIZE = r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$"


def parse_card_length(value: object) -> tuple[float, float]:
    """A card length as (fraction of the card's side, points): `5mm`, `50%` or `100% - 10mm`.

    Fractions let one layout serve every card size: a box written against the card's own
    width and height stays in place on bridge, mini or tarot cards.
    """
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(map(_finite, value)):
        return float(value[0]), float(value[1])
    if isinstance(value, str) and "%" in value:
        match = _RELATIVE.match(value)
        if not match:
            expected = "expected a card length such as '50%' or '100% - 10mm'"
            raise LengthError(f"{expected}, got {value!r}")
        percent, sign, rest = match.groups()
        offset = parse_length(rest) if rest else 0.0
        return float(percent) / 100, -offset if sign == "-" else offset
    return 0.0, parse_length(value)


def _finite(value: object) -> bool:
    """A number, not a truth value, neither infinite nor NaN."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def parse_size(value: str) -> tuple[float, float]:
    """Width and height in points from `63x88mm` or `8.5x11in` (one unit for both)."""
    match = re.match(_SIZE, value)
    if not match:
        raise LengthError(f"expected a size such as '63x88mm' or '8.5x11in', got {value!r}")
    width, height, unit = match.groups()
    if unit not in POINTS_PER_UNIT:
        known = ", ".join(POINTS_PER_UNIT)
        raise LengthError(f"unknown unit {unit!r} in {value!r} (use one of {known})")
    if float(width) <= 0 or float(height) <= 0:
        raise LengthError(f"size {value!r} must be larger than zero both ways")
    return float(width) * POINTS_PER_UNIT[unit], float(height) * POINTS_PER_UNIT[unit]
