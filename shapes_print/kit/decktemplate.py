"""Kit stage, card templates: which template and size each deck draws with (the game's
`card_template` at `--card-size`, or a deck's own template or size from game.yaml's
`extra_decks`: mini cards beside poker cards, tokens, which `--card-size` leaves as it
is), resized, its boxes checked, and given its braille zones under a braille label set.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.errors import Source, UserError
from shapes_print.kit.braillezone import with_braille_zones
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.layout import check_boxes
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.options import name_of_size, named_size
from shapes_print.load.templates import element_place

# Templates resized, made tokens or cut to their backgrounds, each by the template it was
# made from and the game it is of (both pinned): every kit of the game draws with the same
# object, so what is drawn from it (plan/cardfile.py) is found by its identity.
TEMPLATES: Region[Pinned[CardTemplate]] = Region("card templates", partial(Pinned, 1024))


def card_template(
    loaded: LoadedGame,
    library: Library,
    card_size: str | None,
    deck: LoadedDeck | None = None,
    cache: BuildCache | None = None,
) -> CardTemplate:
    """The card template of a deck (default: the main one) at the size asked for (a named
    size or e.g. `63x88mm`): a deck that names its own template or size in game.yaml's
    `extra_decks`, or a token deck, keeps that, whatever `--card-size` asks (`card_size`).
    Under a braille label set, the game's own face layouts get their braille zones at that
    size (kit/braillezone.py), so the cards, their collision check and the .brf read one
    template. A build passes its `cache`, so each kit is given the same template object."""
    cache = cache or BuildCache()
    sized = sized_deck_template(loaded, library, card_size, deck, cache)
    return with_braille_zones(loaded, library, sized, deck or loaded.decks[0], cache)


def sized_deck_template(
    loaded: LoadedGame,
    library: Library,
    card_size: str | None,
    deck: LoadedDeck | None,
    cache: BuildCache,
) -> CardTemplate:
    """`card_template` before its braille zones: every element but those zones, which
    draw no picture (kit/pictures.py reads a deck's pictures from it)."""
    template = loaded.card_template(library, deck)
    own = deck is not None and deck.fixes_size
    at = deck.entry if own and deck is not None else ()
    if template is None:
        known = ", ".join([*loaded.templates, *library.templates])
        named = deck.card_template if own and deck is not None else loaded.game.card_template
        raise UserError(
            loaded.source.source((*at, "card_template") if at else ("card_template",)),
            f"card template {named!r} not found",
            f"known templates: {known}",
        )
    if deck is not None and deck.token_side:
        return _token_template(loaded, library, template, deck, cache)
    if own:
        card_size = deck.card_size if deck is not None else None
    if card_size is None:
        width, height = template.card["width"], template.card["height"]
        size = name_of_size((width, height), library.card_sizes)
        return loaded.sized_template(library, template.id, size) or template
    asked = card_size

    def resized() -> CardTemplate:
        width, height = _deck_size(loaded, library, asked, at)
        size = name_of_size((width, height), library.card_sizes)
        sized = loaded.sized_template(library, template.id, size)
        if sized is not None:  # the label set lays this size out its own way (checked at load)
            return sized
        made = template.model_copy(update={"card": {"width": width, "height": height}})
        doc = loaded.template_source(library, template.id)
        check_boxes(made, library.printing.bleed, element_place(doc))
        return made

    return cache.region(TEMPLATES).made((loaded, template), ("sized", asked), resized)


def _token_template(
    loaded: LoadedGame,
    library: Library,
    template: CardTemplate,
    deck: LoadedDeck,
    cache: BuildCache,
) -> CardTemplate:
    """A token deck's template at its side, a round token's corners rounded to a circle
    (the cut outline, the trim hairline guiding scissors or a punch, the print shop's die)."""
    side = deck.token_side or 0.0
    radius = side / 2 if deck.round else template.corner_radius

    def token() -> CardTemplate:
        card = {"width": side, "height": side}
        resized = template.model_copy(update={"card": card, "corner_radius": radius})
        doc = loaded.template_source(library, template.id)
        check_boxes(resized, library.printing.bleed, element_place(doc))
        return resized

    return cache.region(TEMPLATES).made((loaded, template), ("token", side, radius), token)


def backgrounds_template(
    loaded: LoadedGame, template: CardTemplate, cache: BuildCache
) -> CardTemplate:
    """The template with only its backgrounds (`bleed` elements), which home sheets draw
    past the cut as their overrun (plan/cardfile.py), made once for the game in a build."""

    def backgrounds() -> CardTemplate:
        layouts = {
            name: layout.model_copy(update={"elements": [e for e in layout.elements if e.bleed]})
            for name, layout in template.layouts.items()
        }
        return template.model_copy(update={"layouts": layouts})

    return cache.region(TEMPLATES).made((loaded, template), ("backgrounds",), backgrounds)


def size_place(
    loaded: LoadedGame,
    library: Library,
    template: CardTemplate,
    deck: LoadedDeck,
    card_size: str | None,
) -> Source:
    """Where a deck's card size is written, for an error of cards too big for the paper:
    `--card-size`, the deck's `card_size` in game.yaml, or its template's `card`."""
    if deck.token_side:
        return loaded.source.source((*deck.entry, "diameter" if deck.round else "side"))
    if deck.card_size:
        return loaded.source.source((*deck.entry, "card_size"))
    if card_size and not deck.fixes_size:
        return Source(Path(f"--card-size {card_size}"))
    return loaded.template_source(library, template.id).source(("card",))


def _deck_size(
    loaded: LoadedGame, library: Library, card_size: str, at: tuple[str, ...]
) -> tuple[float, float]:
    """A card size by name or as written (`44x63mm`): `--card-size`'s, or where `at` names
    a deck's own, that deck's, its errors at its line of game.yaml."""
    try:
        return named_size(card_size, library.card_sizes, "--card-size")
    except UserError as error:
        if not at:
            raise
        where = loaded.source.source((*at, "card_size"))
        raise UserError(where, error.message.replace("size", "card_size", 1)) from None
