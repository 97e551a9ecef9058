"""Braille: text into Grade 1 braille cells (UEB for English, Spanish braille for Spanish).

Input: words as the kit prints them and the label set's locale. Output: cells as Unicode
braille patterns (`cells.py`) and lines of cells that fit a width. The plan stage draws
them as dots on cards (`plan/braille.py`) and lays out the `.brf` embosser file
(`plan/embosser.py`).
"""
