"""Render stage: one backend per format, each drawing the same planned pages.

Input: a planned `Document` (geometry primitives). Output: bytes: a tagged PDF (or PDF/X-4)
from `render.pdf`, SVG pages and cut files from `render.svg`, PNG pictures from
`render.png` and Tabletop Simulator sheets from `render.tabletop`. Every picture of a PDF
page (those, previews and thumbnails) is drawn by one rasteriser, `render.raster`.
Backends know nothing of games.
"""
