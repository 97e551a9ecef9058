"""The small game "tiny" that tests write: its game.yaml for the documents a test gives it,
and its deck, one card, SUN, twice, on the shipped `shape` layout with a plain back (the
card questions are elsewhere; these tests ask of sheets), and a players' document of the
blocks a test writes."""


def game(documents: list[str], more: str = "") -> str:
    """tiny's game.yaml, its `documents` listed, `more` (YAML lines) after them."""
    return (
        "id: tiny\ntitle: Tiny\nsource: written for a test\nplayers: {min: 2, max: 2}\n"
        f"card_template: poker\ncards_title: cards\ndeck: deck.yaml\ndocuments: [{', '.join(documents)}]\n"
        + more
    )


DECK = """\
backs:
  plain:
    layout: back
    fields: {title: Tiny, fill: "#2F3E66", pattern: none, pattern_colour: "#000000",
             title_colour: "#FFFFFF"}
cards:
  - {id: sun, count: 2, layout: shape, back: plain,
     fields: {shape: circle, label: SUN, colour: "#E69F00", pattern: none,
              pattern_colour: "#000000"}}
"""


def sheets(*blocks: str) -> str:
    """A players' document `sheets`, one section of `blocks` (each a block's YAML, written as
    a list item's line: `heading: Turn`)."""
    lines = "".join(f"      - {block}\n" for block in blocks)
    return "name: sheets\ntitle: sheets\naudience: players\nsections:\n  - blocks:\n" + lines
