"""Braille: text into Grade 1 braille cells (UEB for English, Spanish braille for Spanish),
the cells' dots for a card's drawing, and the embosser (.brf) file of a kit.

Input: words as the kit prints them and the label set's locale. Output: cells as Unicode
braille patterns (`cells.py`), lines of cells that fit a width, and `.brf` pages.
"""
