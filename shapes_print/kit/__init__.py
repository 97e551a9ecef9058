"""Kit stage: what one kit prints, decided before anything is placed.

Input: the loaded content and a label set. Output: the label set applied (`Variant`: its
library, drawing context, words and decks), which games it covers (coverage, contrast),
and for one game, player count and paper a `KitRequest` with its numbers, lists, folder
and file names, the card templates its decks draw with (sized, boxes and room checked,
braille zones added), its player aid, and the check that no host text is routed into a
players' file (kit/audience.py). The plan stage turns these into pages.
"""
