"""The example game of picture cards (tests/example/), copied beside the shipped games.

Its cards are read from a CSV file: a PNG with transparency (`contain`), a low-resolution
JPEG covering the top of its card (`cover`, cropped; it warns), the same PNG on a second
card type, and an SVG badge that stays vector. The picture tests build it, and so do the
tests of hostile files, partial and incremental builds, the tabletop export and watching.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image as PilImage
from PIL import ImageDraw

from tests.project_copy import copy_project

EXAMPLE = Path(__file__).parent / "example"
GAME = "content/pictures"
# The sun's disc and the square at its centre.
ORANGE, BLUE = (0xE6, 0x9F, 0x00), (0x00, 0x72, 0xB2)
ROWS = (
    "id,name,count,layout,back,art,label\n"
    "sun,suns,6,picture,standard,art/sun.png,SUN\n"
    "moon,moons,6,photo,standard,art/moon.jpg,MOON\n"
    "badge,badges,5,picture,standard,art/badge.svg,BADGE\n"
    "big-sun,big suns,1,photo,standard,art/sun.png,BIG SUN\n"
)


def draw_sun(path: Path) -> None:
    """800 x 800 pixels: an orange disc on transparency, a blue square at its centre."""
    image = PilImage.new("RGBA", (800, 800), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.ellipse((50, 50, 750, 750), fill=(*ORANGE, 255))
    pen.rectangle((300, 300, 500, 500), fill=(*BLUE, 255))
    image.save(path)


def draw_moon(path: Path) -> None:
    """120 x 80 pixels of grey with a white disc: far too few for its box."""
    image = PilImage.new("RGB", (120, 80), (128, 128, 128))
    ImageDraw.Draw(image).ellipse((35, 15, 85, 65), fill=(255, 255, 255))
    image.save(path, quality=90)


def example(root: Path, rows: str = ROWS) -> Path:
    """The project copied, with the example game beside the shipped ones."""
    copy_project(root)
    game = root / GAME
    shutil.copytree(EXAMPLE, game)
    (game / "cards.csv").write_text(rows, encoding="utf-8")
    draw_sun(game / "art/sun.png")
    draw_moon(game / "art/moon.jpg")
    return root


def build_args(root: Path, out: Path, *extra: str) -> list[str]:
    """`build pictures` from the copy, 4 players on A4."""
    folders = ("--content", str(root / "content"), "--templates", str(root / "templates"))
    return [
        "build",
        "pictures",
        *folders,
        "--players",
        "4",
        "--paper",
        "a4",
        "--out",
        str(out),
        *extra,
    ]
