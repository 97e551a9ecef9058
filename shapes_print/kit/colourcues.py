"""Colour never the only cue: a set that promises it (`colour_cues: true`, colour-blind)
holds every game to it, or skips the game with one line saying which card falls short.

A shipped set gives the shipped games their patterns and colour words (`games:`), and a
game of one's own gives its own (`labels/<set>.yaml`, which `new` writes for its example).
A game that has neither would be built exactly as standard prints it and still be listed
as the set's ("Colour-blind safe"): so a card that fills a shape or box with a colour from
its fields and no pattern, or leaves out the colour word its layout has a place for, skips
the game, or is refused when the game and set are asked for by name. Only a deck of two
colours or more is held: one colour alone (a game's coins) tells no card from another.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import RGB
from shapes_print.kit.coverage import game_skips, own_file
from shapes_print.load.cardmodels import CardTemplate, Layout
from shapes_print.load.fields import placeholder_names
from shapes_print.load.labels import LoadedLabels
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.places import card_place
from shapes_print.text.message import fill

# The field a layout prints a colour's word from (templates/cards/poker.yaml's colour-word).
COLOUR_WORD = "colour_word"
_FILLED = ("shape", "rect", "ellipse")
_HELPS = "can give each colour a pattern and its word"  # the game's own file for the set


class Uncued(UserError):
    """A coloured card with no pattern or colour word, under a set that promises both."""


def cue_skips(
    labels: LoadedLabels,
    library: Library,
    games: Mapping[str, LoadedGame],
    refuse: Collection[str],
) -> dict[str, str]:
    """The games a set promising colour cues cannot keep the promise for, each with its skip
    line; a game in `refuse` raises instead, at the card's place."""
    if not labels.spec.colour_cues:
        return {}

    def uncued(_: str, game: LoadedGame) -> UserError | None:
        found = _first_uncued(library, game)
        if found is None:
            return None
        where, why = found
        return Uncued(
            where, f"label set {labels.name!r}: {why}", f"{own_file(game, labels)} {_HELPS}"
        )

    return game_skips(labels, games, refuse, uncued, _HELPS)


def _first_uncued(library: Library, game: LoadedGame) -> tuple[Source, str] | None:
    """The first face of a deck of two colours or more that is coloured without a pattern,
    or without the colour word its layout prints, and what it lacks."""
    for deck in game.decks:
        template = game.card_template(library, deck)
        coloured = list(_coloured_faces(deck, template)) if template else []
        if len({colour for _, _, colour, _ in coloured}) < 2:
            continue
        for where, card_id, colour, lacks in coloured:
            if lacks:
                return where, f"card {card_id!r} is coloured {colour} with no {lacks}"
    return None


def _coloured_faces(
    deck: LoadedDeck, template: CardTemplate
) -> Iterator[tuple[Source, str, str, str]]:
    """Each coloured card face: its place, its id, its first colour, and the cue it lacks
    ('pattern' where none of its coloured fills has one, 'colour word', or '')."""
    for position, card in enumerate(deck.deck.cards):
        layout = template.layouts.get(card.layout)
        if layout is None:
            continue
        fields = {"id": card.id, **card.fields}
        where = card_place(deck, position)
        fills = list(_coloured_fills(layout, fields, where))
        if not fills:
            continue
        lacks = "" if any(patterned for _, patterned in fills) else "pattern"
        if not lacks and _names_colour_word(layout) and not fields.get(COLOUR_WORD):
            lacks = "colour word"
        yield where, card.id, fills[0][0], lacks


def _coloured_fills(
    layout: Layout, fields: Mapping[str, object], where: Source
) -> Iterator[tuple[str, bool]]:
    """The colours (not black, white or a grey) a face's shapes and boxes take from its
    fields, each with whether it is patterned."""
    for element in layout.elements:
        if element.hidden or element.kind not in _FILLED or not element.fill:
            continue
        if (element.when and not fields.get(element.when)) or "{" not in element.fill:
            continue
        try:
            colour = RGB.parse(fill(element.fill, fields, where))
        except ValueError:  # no colour: the contrast check names it
            continue
        if colour.red == colour.green == colour.blue:
            continue
        pattern = fill(element.pattern, fields, where) if element.pattern else "none"
        yield colour.hex, pattern not in ("", "none")


def _names_colour_word(layout: Layout) -> bool:
    """Whether the layout has a place for the colour's word."""
    return any(
        not element.hidden and COLOUR_WORD in placeholder_names(element.text or "")
        for element in layout.elements
    )
