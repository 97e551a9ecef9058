"""Kit stage, braille zones: a braille label set's zone on a game's own card layouts.

The shipped layouts write their braille zones themselves (templates/cards/), measured with
labels/braille.yaml's changes for each card size. A game's own layout (its `cards/`
folder) was written without braille in mind, and a braille kit's card must never be
printed without its dots: so each of its face layouts that writes no braille element gets
one here, across the text-safe width at the bottom of the card, below every element that
inks it (and below their turned copies), kept clear of them by the blank between two
cells. It spells the card's title and card words (plan/cardtext.py, `braille_text`), as
the kit's .brf does. A layout whose ink leaves no room for a line of dots at this card
size is refused at its line, and the kit stage adds the card sizes where it fits.

Input: the deck's template at its card size, the deck, the label set's braille style.
Output: the template with those zones added (the same template when there is none to add).
"""

from __future__ import annotations

from functools import partial

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.kit.braillefit import MM, BrailleRoomError, clearance, dot_rows, lines_down
from shapes_print.load.cardmodels import CardTemplate, Element, Layout
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.patches import named_layouts
from shapes_print.load.printmodels import BrailleStyle
from shapes_print.load.templates import shipped_paths

# The name the added zone goes by in a collision's message.
ZONE_NAME = "card-braille"


# Templates given their braille zones, by the template and game (pinned): each kit of the
# game draws with the same one.
ZONED: Region[Pinned[CardTemplate]] = Region("braille zones", partial(Pinned, 1024))


def with_braille_zones(
    loaded: LoadedGame,
    library: Library,
    template: CardTemplate,
    deck: LoadedDeck,
    cache: BuildCache,
) -> CardTemplate:
    """The deck's template with a braille zone on each face layout of the game's own that
    has none, when the label set draws braille."""
    style = library.style.braille
    own = loaded.template_sources.get(template.id)
    if style is None or own is None:
        return template
    shipped = named_layouts(own, shipped_paths(library.template_files))
    faces = dict.fromkeys(card.layout for card in deck.deck.cards)
    bare = [
        name
        for name in faces
        if name in template.layouts
        and name not in shipped
        and not any(e.kind == "braille" for e in template.layouts[name].elements)
    ]
    if not bare:
        return template

    def zoned() -> CardTemplate:
        layouts = {
            name: _zoned(template, name, style, loaded, library) if name in bare else layout
            for name, layout in template.layouts.items()
        }
        return template.model_copy(update={"layouts": layouts})

    return cache.region(ZONED).made((loaded, template), tuple(bare), zoned)


def _zoned(
    template: CardTemplate, name: str, style: BrailleStyle, loaded: LoadedGame, library: Library
) -> Layout:
    """The layout with its zone: from below its lowest ink down to the text-safe edge."""
    layout = template.layouts[name]
    width, height = template.card["width"], template.card["height"]
    left, right, bottom = (
        template.text_safe,
        width - template.text_safe,
        height - template.text_safe,
    )
    ink_ends, lowest = template.text_safe, None  # from the card's top, y down
    for element in layout.elements:
        if not element.inks:
            continue
        x, y, w, h = element.drawn(width, height)
        turned = [(width - x - w, height - y - h, w, h)] if element.mirror else []
        for bx, by, bw, bh in [(x, y, w, h), *turned]:
            if bx < right and bx + bw > left and by + bh > ink_ends:
                ink_ends, lowest = by + bh, element
    top = ink_ends + clearance(style) if lowest else ink_ends
    if lines_down(bottom - top, style) < 1:
        doc = loaded.template_source(library, template.id)
        named = f"{lowest.name!r}" if lowest and lowest.name else "its lowest element"
        raise BrailleRoomError(
            doc.source(("layouts", name)),
            f"template {template.id!r}, layout {name!r}: no room for braille at the bottom of a "
            f"{width / MM:.1f} x {height / MM:.1f} mm card: {named} leaves "
            f"{max(bottom - ink_ends, 0.0) / MM:.1f} mm above the text-safe edge, and a line of "
            f"dots needs {dot_rows(style) / MM:.1f} mm and {clearance(style) / MM:.1f} mm clear "
            "of other ink",
            f"move {named} up, or write the layout's own braille element (kind: braille)",
        )
    box = ((0.0, left), (0.0, top), (0.0, right - left), (0.0, bottom - top))
    zone = Element(kind="braille", name=ZONE_NAME, box=box)
    return layout.model_copy(update={"elements": [*layout.elements, zone]})
