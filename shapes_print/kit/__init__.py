"""Kit stage: what one kit prints, decided before anything is placed.

Input: the loaded content and a label set. Output: the label set applied (`Variant`: its
library, drawing context, words and decks), which games it covers (coverage, contrast),
for one game at a card size its `ResolvedKit` (its drawing context, every picture and icon
its cards and boards draw read, its file names claimed, the check that no host text is
routed into a players' file, kit/audience.py), and for one player count and paper a
`KitRequest` with its numbers, lists and folder, the card templates its decks draw with
(sized, boxes and room checked, braille zones added) and its player aid. The plan stage
turns these into pages, reading no file.
"""
