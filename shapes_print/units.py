"""Lengths written in YAML (`63.5mm`, `2.5in`, `12pt`) as points, 1/72 inch."""

from __future__ import annotations

import math
import re

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
        raise LengthError(f"length {value!r} has no unit: write it as '{value}mm', '{value}pt' or '{value}in'")
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
