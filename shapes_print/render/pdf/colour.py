"""Colour spaces: how the pen writes a colour, in one place.

Input: the plan's colours (sRGB, primitives.RGB) and whether they fill or stroke. Output:
the colour operator of a content stream.

- Home files keep the colours as they are: DeviceRGB (`r g b rg`), the bytes they have
  always had.
- Print-shop files are made for a press (primitives.Press): every colour is converted
  from sRGB into the press's CMYK with a real colour engine (littleCMS, through Pillow's
  ImageCms) and its ICC profile, relative colorimetric with black point compensation (flat
  colours keep their hue; the paper's white stays paper). Black and grey go on the black
  plate alone (`0 0 0 1 k`), text, strokes and areas alike, a grey as the tone of black
  ink that is as light: the profile would make them four-plate blacks (its black is C75
  M63 Y58 K97, 293% of ink), which blur text at 6-10 pt when the plates do not line up
  and fringe the white words knocked out of a black or grey area in colour.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Protocol

from shapes_print.geometry.primitives import BLACK, Colour, Press
from shapes_print.render.pdf.objects import numbers

_PURE_BLACK = (0.0, 0.0, 0.0, 1.0)
# Tones of one ink an 8-bit conversion tells apart.
_TONES = 256
# CIE L* from luminance: a cube root above epsilon, kappa times it below.
_CIE_EPSILON = 216 / 24389
_CIE_KAPPA = 24389 / 27


class ColourSpace(Protocol):
    """How a file's colours are written: its name keeps the drawings made for one space
    apart from another's; `overprinted` is the fill whose text overprints, if any."""

    name: str

    @property
    def overprinted(self) -> str | None: ...

    def fill(self, colour: Colour) -> str:
        """The operator setting the fill colour (an area's, or text's: its fill is its ink)."""
        ...

    def stroke(self, colour: Colour) -> str:
        """The operator setting the stroke colour."""
        ...


class DeviceRGB:
    """sRGB colours written as they are: home printing."""

    name = "rgb"
    overprinted = None

    @staticmethod
    @lru_cache(maxsize=256)
    def fill(colour: Colour) -> str:
        return f"{numbers(*colour.fractions)} rg"

    @staticmethod
    @lru_cache(maxsize=256)
    def stroke(colour: Colour) -> str:
        return f"{numbers(*colour.fractions)} RG"


class PressCMYK:
    """sRGB colours converted into a press's CMYK through its ICC profile. Text in black
    ink alone overprints, as shops expect: a word on a colour prints over it, so a plate
    that shifts leaves no white edge around the letters."""

    overprinted = f"{numbers(*_PURE_BLACK)} k"

    def __init__(self, profile: Path) -> None:
        from PIL import ImageCms  # only print-shop files need the colour engine

        self.name = f"cmyk:{profile}"
        self.profile = profile
        self._transform = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"),
            ImageCms.getOpenProfile(str(profile)),
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )
        self._inks: dict[Colour, tuple[float, ...]] = {}
        self._fills: dict[Colour, str] = {}
        self._strokes: dict[Colour, str] = {}
        self._black_tones: list[float] = []

    def inks(self, colour: Colour) -> tuple[float, ...]:
        """Cyan, magenta, yellow and black, 0 to 1: black alone for black and grey."""
        if colour == BLACK:
            return _PURE_BLACK
        if colour.red == colour.green == colour.blue:
            return (0.0, 0.0, 0.0, self._black_for(colour))
        inks = self._inks.get(colour)
        if inks is None:
            from PIL import Image, ImageCms

            pixel = Image.new("RGB", (1, 1), (colour.red, colour.green, colour.blue))
            converted = ImageCms.applyTransform(pixel, self._transform)
            assert converted is not None
            values = converted.getpixel((0, 0))
            assert isinstance(values, tuple)
            inks = self._inks[colour] = tuple(value / 255 for value in values)
        return inks

    def _black_for(self, grey: Colour) -> float:
        """The black ink alone that prints a grey as light as the profile would: its
        lightness carried from sRGB's range (black to white) onto black ink's (full to
        none), and the tone of black nearest it."""
        tones = self._black_tones
        if not tones:
            tones.extend(self._black_lightness())
        darkest, paper = tones[-1], tones[0]
        luminance = grey.luminance
        if luminance > _CIE_EPSILON:
            lightness = 116 * luminance ** (1 / 3) - 16
        else:
            lightness = _CIE_KAPPA * luminance
        wanted = darkest + lightness / 100 * (paper - darkest)
        level = min(range(len(tones)), key=lambda k: abs(tones[k] - wanted))
        return level / (len(tones) - 1)

    def _black_lightness(self) -> list[float]:
        """CIE L* (the paper's white 100) of every tone of black ink alone, none to full."""
        from PIL import Image, ImageCms

        to_lab = ImageCms.buildTransform(
            ImageCms.getOpenProfile(str(self.profile)),
            ImageCms.createProfile("LAB"),
            "CMYK",
            "LAB",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        )
        ramp = Image.new("CMYK", (_TONES, 1))
        ramp.putdata([(0, 0, 0, level) for level in range(_TONES)])
        lab = ImageCms.applyTransform(ramp, to_lab)
        assert lab is not None
        lightness = []
        for level in range(_TONES):
            pixel = lab.getpixel((level, 0))
            assert isinstance(pixel, tuple)
            lightness.append(pixel[0] * 100 / 255)
        return lightness

    def fill(self, colour: Colour) -> str:
        operator = self._fills.get(colour)
        if operator is None:
            operator = self._fills[colour] = f"{numbers(*self.inks(colour))} k"
        return operator

    def stroke(self, colour: Colour) -> str:
        operator = self._strokes.get(colour)
        if operator is None:
            operator = self._strokes[colour] = f"{numbers(*self.inks(colour))} K"
        return operator


DEVICE_RGB = DeviceRGB()


@lru_cache(maxsize=4)
def _press_space(profile: Path) -> PressCMYK:
    return PressCMYK(profile)


def colour_space(press: Press | None) -> ColourSpace:
    """The colour space of a file: the press's CMYK, or sRGB as it is for home printing."""
    return DEVICE_RGB if press is None else _press_space(Path(press.profile))
