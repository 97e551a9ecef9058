"""Proof that a change to a backend moved nothing: every page of two output folders,
rendered alike and compared pixel by pixel.

    .venv/bin/python bench/compare_pixels.py BEFORE AFTER [--dpi 100] [--jobs 2]

BEFORE and AFTER are `shapes-print build --out` folders of the same kits (for example
`make print`'s, built from main and from a branch). Every PDF in either is matched by its
path; each page is rendered by pdfium at `--dpi` and compared. A page that differs is named
with its size of difference: how many pixels, the largest channel difference, the box they
fall in (in points from the page's lower-left corner, as the plan has it) and the first
pixel. Files present on one side only, and pages counts that differ, are named too. Exit
status 0 when every page is the same, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import ImageChops

POINTS_PER_INCH = 72


@dataclass(frozen=True)
class Difference:
    """Where one page of one file differs."""

    file: str
    page: int  # from 1
    pixels: int
    largest: int  # the largest difference of one channel, 0 to 255
    box: tuple[float, float, float, float]  # llx, lly, urx, ury in points
    first: tuple[int, int]  # the first differing pixel (column, row from the top)

    def __str__(self) -> str:
        llx, lly, urx, ury = self.box
        return (
            f"{self.file} page {self.page}: {self.pixels} pixels differ (at most {self.largest}/255), "
            f"within {llx:.1f} {lly:.1f} {urx:.1f} {ury:.1f} pt, first at pixel {self.first}"
        )


@dataclass(frozen=True)
class FileResult:
    file: str
    pages: int
    differences: tuple[Difference, ...]
    problem: str = ""


def compare_file(before: Path, after: Path, name: str, dpi: float) -> FileResult:
    """Render both files' pages and compare them."""
    scale = dpi / POINTS_PER_INCH
    old, new = pdfium.PdfDocument(before / name), pdfium.PdfDocument(after / name)
    try:
        if len(old) != len(new):
            return FileResult(name, len(old), (), f"{len(old)} pages before, {len(new)} after")
        found = []
        for index in range(len(old)):
            height = old[index].get_height()
            first = old[index].render(scale=scale).to_pil().convert("RGB")
            second = new[index].render(scale=scale).to_pil().convert("RGB")
            if first.size != second.size:
                found.append(Difference(name, index + 1, -1, 255, (0, 0, 0, 0), (0, 0)))
                continue
            delta = ImageChops.difference(first, second)
            box = delta.getbbox()
            if box is None:
                continue
            grey = delta.convert("L").point(lambda v: 255 if v else 0)
            pixels = grey.histogram()[255]
            largest = max(high for _, high in delta.getextrema())
            left, top, right, bottom = box
            points = (left / scale, height - bottom / scale, right / scale, height - top / scale)
            first_pixel = next(
                (x, y)
                for y in range(top, bottom)
                for x in range(left, right)
                if grey.getpixel((x, y))
            )
            found.append(Difference(name, index + 1, pixels, largest, points, first_pixel))
        return FileResult(name, len(old), tuple(found))
    finally:
        old.close()
        new.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--dpi", type=float, default=100.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    names = {str(p.relative_to(args.before)) for p in args.before.rglob("*.pdf")}
    others = {str(p.relative_to(args.after)) for p in args.after.rglob("*.pdf")}
    status = 0
    for name in sorted(names ^ others):
        print(f"only in {'before' if name in names else 'after'}: {name}")
        status = 1
    shared = sorted(names & others)
    pages = differing = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(compare_file, args.before, args.after, n, args.dpi) for n in shared]
        for job in jobs:
            result = job.result()
            pages += result.pages
            if result.problem:
                print(f"{result.file}: {result.problem}")
                status = 1
            for difference in result.differences:
                print(difference)
                differing += 1
                status = 1
    print(
        f"{len(shared)} files, {pages} pages compared at {args.dpi:g} dpi: {differing} pages differ"
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
