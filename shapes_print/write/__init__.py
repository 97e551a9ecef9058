"""Write stage: planned kits into an output folder, whole or not at all.

Input: the planned files of each kit and the output folder. Output: every kit rendered in
a staging folder and moved into place, `manifest.json` (what each file is, its SHA-256 and
what it was made from), and the catalogue page `index.html` with its thumbnails.
"""
