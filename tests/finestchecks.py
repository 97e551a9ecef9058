"""No line thinner and no word smaller than the finest anything may print (sheet.yaml's)."""

from __future__ import annotations

import ctypes
import functools
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from shapes_print.load.content import load_library
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.load.printmodels import Finest
from tests.pdfread import sized_runs


@functools.cache
def finest() -> Finest:
    """The thinnest line and smallest word anything may print: templates/sheet.yaml's."""
    return load_library(DEFAULT_TEMPLATES).style.finest


def stroke_widths(path: Path) -> list[float]:
    """Every stroked path's line width as printed (its width times the scale of every form
    and matrix around it), forms included, read with pdfium."""
    widths: list[float] = []
    document = pdfium.PdfDocument(path)

    def matrix(thing: pdfium_c.FPDF_PAGEOBJECT) -> tuple[float, ...]:
        found = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFPageObj_GetMatrix(thing, ctypes.byref(found))
        return (found.a, found.b, found.c, found.d)

    def times(first: tuple[float, ...], then: tuple[float, ...]) -> tuple[float, ...]:
        a, b, c, d = first
        e, f, g, h = then
        return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)

    def walk(thing: pdfium_c.FPDF_PAGEOBJECT, around: tuple[float, ...]) -> None:
        kind = pdfium_c.FPDFPageObj_GetType(thing)
        here = times(matrix(thing), around)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            for index in range(pdfium_c.FPDFFormObj_CountObjects(thing)):
                walk(pdfium_c.FPDFFormObj_GetObject(thing, index), here)
        elif kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            mode, stroked = ctypes.c_int(), ctypes.c_int()
            pdfium_c.FPDFPath_GetDrawMode(thing, ctypes.byref(mode), ctypes.byref(stroked))
            if stroked.value:
                width = ctypes.c_float()
                pdfium_c.FPDFPageObj_GetStrokeWidth(thing, ctypes.byref(width))
                a, b, c, d = here
                widths.append(width.value * abs(a * d - b * c) ** 0.5)

    try:
        for page in document:
            for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
                walk(pdfium_c.FPDFPage_GetObject(page.raw, index), (1.0, 0.0, 0.0, 1.0))
    finally:
        document.close()
    return widths


def thin_line_problems(path: Path) -> list[str]:
    least = finest().line
    thin = [width for width in stroke_widths(path) if width < least - 1e-3]
    return [f"{len(thin)} lines under {least:g} pt, thinnest {min(thin):.3f}"] if thin else []


def small_text_problems(path: Path) -> list[str]:
    """Runs of text printed smaller than the finest. Read without the pictures the runs are
    in: a run is of one size, so a character printed too small is in a run too small
    however runs of its size are cut by picture, and no structure need be read."""
    smallest = finest().text
    runs = sized_runs(path, pictures=False)
    small = [run for page in runs for run in page if run.size < smallest - 1e-3]
    if not small:
        return []
    least = min(small, key=lambda run: run.size)
    return [f"{len(small)} runs under {smallest:g} pt, {least.text!r} at {least.size} pt"]
