"""Render stage: one backend per format, each drawing the same planned pages.

Input: a planned `Document` (geometry primitives). Output: bytes: a tagged PDF (or PDF/X-4)
from `render.pdf`, SVG pages and cut files from `render.svg`, PNG pictures from
`render.png`. Backends know nothing of games.
"""
