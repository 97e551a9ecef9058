"""Kit stage: what one game prints for one player count and paper.

A kit is the players' files (cards, table sheets) and the host key, always separate files.
Numbers for the count are computed here from the game's YAML, then every document is
planned into pages.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from shapes_print.errors import Source
from shapes_print.load.cardnames import CardName, count_text, many, single
from shapes_print.load.fields import BACK_LOOK, CARD_BACK_LOOK, back_look_name
from shapes_print.load.labels import STANDARD
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import ComputedList, Deck, LoadedDeck
from shapes_print.load.options import Flip, Part, PrintOptions, named_size, same_size, size_name
from shapes_print.load.places import name_place, name_places
from shapes_print.load.values import (
    check_constraints,
    check_counts,
    compute_list,
    compute_numbers,
)
from shapes_print.text.message import counted
from shapes_print.text.words import Words


class DeckSummary(Struct, frozen=True):
    """`{deck_summary}`, "6 circles, 6 triangles": the deck counted by its cards' names
    (a name in two forms "1 owl", `count_text`).

    The names are looked up only when a text prints it, so a complete label set is asked
    for the names that reach a page, never for the ids of a deck that prints no summary.
    """

    cards: tuple[tuple[int, CardName], ...]
    words: Words
    deck: LoadedDeck

    def __str__(self) -> str:
        """Each count's text said at the name it counts (`name_place`), as written there."""
        places = name_places(self.deck)
        return ", ".join(
            self.words.counted(count, count_text(name), {}, places[name])
            for count, name in self.cards
        )


class KitRequest(Struct, frozen=True):
    """One kit to plan: a game for one player count, paper, duplex flip and label set,
    whole or the `part` of it asked for."""

    game: str
    players: int
    paper: str
    flip: Flip = "long"
    options: PrintOptions = field(default_factory=PrintOptions)
    labels: str = STANDARD
    part: Part = field(default_factory=Part)


def kit_stem(loaded: LoadedGame, library: Library, request: KitRequest) -> str:
    """What every file name of a kit starts with: game, players, paper, then the card
    size and label set where they are not the default (a card size equal to the game's
    own, by name or by measure, is its own kit: `card_size_folder`)."""
    size = card_size_folder(loaded, library, request.options.card_size)
    sized = [size] if size else []
    labels = [] if request.labels == STANDARD else [request.labels]
    return "_".join([loaded.game.id, f"{request.players}p", request.paper, *sized, *labels])


def document_names(loaded: LoadedGame) -> list[str]:
    """The files a kit of this game can hold, by name (a document may be empty for a count)."""
    return [*(deck.name for deck in loaded.decks), *(doc.spec.name for doc in loaded.documents)]


def labels_folder(labels: str) -> str:
    """The folder a label set's output sits in: none for standard, its name for others."""
    return "" if labels == STANDARD else f"{labels}/"


def card_size_folder(loaded: LoadedGame, library: Library, card_size: str | None) -> str:
    """The folder a kit at `--card-size` sits in: none at the game's own card size (its
    main deck's template's), the size's name otherwise, so that kits at two sizes never
    share a folder and a kit asked for at its own size is the game's kit."""
    if card_size is None:
        return ""
    asked = named_size(card_size, library.card_sizes, "--card-size")
    template = loaded.card_template(library)
    if template is not None and same_size(asked, (template.card["width"], template.card["height"])):
        return ""
    return size_name(card_size, library.card_sizes, "--card-size")


def kit_folder(request: KitRequest, card_size: str = "") -> str:
    """`game/paper/n-players` (`1-player` for one), under `labels_folder` for label sets
    other than standard and then under `card_size` (`card_size_folder`) where it is
    given; a proof or a partial build sits beside the kit (`Part.folder_tail`)."""
    players = counted(request.players, "player", "players").replace(" ", "-")
    size = f"{card_size}/" if card_size else ""
    tail = request.part.folder_tail()
    return f"{request.game}/{labels_folder(request.labels)}{size}{request.paper}/{players}{tail}"


# The values besides numbers every kit's text may print (kit_values); no number may take
# their names.
TEXT_VALUES = ("deck_counts", "deck_summary", "game_title", "players_max", "players_min")


def kit_values(loaded: LoadedGame, players: int, words: Words | None = None) -> dict[str, Any]:
    """Every number the game's text may print for this player count.

    `deck_summary` counts the deck by its cards' names ("6 circles, 6 triangles"), so a
    sentence about the deck follows a custom deck.
    """
    words = words or Words()
    named = deck_by_name(loaded, players)
    given = {
        "players": players,
        "deck_size": sum(count for count, _ in named),
        **deck_group_counts(loaded, players),
    }
    numbers = compute_numbers(
        loaded.game.numbers,
        given,
        lambda name: loaded.source.source(("numbers", name)),
        TEXT_VALUES,
    )
    check_constraints(
        loaded.game.constraints, numbers, lambda i: loaded.source.source(("constraints", i))
    )
    check_counts(loaded.game.numbers, numbers, lambda loc: loaded.source.source(("numbers", *loc)))
    text = {
        **back_looks(loaded),
        "deck_counts": " + ".join(str(count) for count, _ in named),
        "deck_summary": DeckSummary(named, words, loaded.decks[0]),
        "game_title": loaded.game.title,
        "players_min": loaded.game.players.min,
        "players_max": loaded.game.players.max,
    }
    return {**numbers, **text}


def back_looks(loaded: LoadedGame) -> dict[str, str]:
    """`<back>_back`, "green back": each back's `look` field, as the label set drew it.

    So a sentence about a back ("the Crown cards ({crown_back})") names what is printed,
    not the standard set's colour when a set redraws the backs in black and white.
    """
    return {
        back_look_name(back_id): str(back.fields[BACK_LOOK])
        for deck in loaded.decks
        for back_id, back in deck.deck.backs.items()
        if BACK_LOOK in back.fields
    }


def deck_by_name(loaded: LoadedGame, players: int) -> tuple[tuple[int, CardName], ...]:
    """The main deck for this count as (copies, name), cards of one name together in the
    order they first appear ("10 suns, 10 moons", not "1 suns, 1 suns, ..."); a card a
    count table leaves out at this count is not counted."""
    return cards_by_name(loaded.deck, players)


class NameSaid(Struct, frozen=True):
    """A card's name, as one card is called, and the line of its deck entry that writes it."""

    name: str
    where: Source


def card_names(deck: LoadedDeck) -> dict[str, NameSaid]:
    """Each named card of the deck, by its id. Tabletop Simulator's decks name each card
    so (plan/tabletop.py), a text no other file may print: `check` counts it as printed
    (kit/unnamed.py), `labels extract` lists it at that line (pipeline/translating.py)."""
    return {
        card.id: NameSaid(single(card.name), name_place(deck, position))
        for position, card in enumerate(deck.deck.cards)
        if card.name
    }


def cards_by_name(deck: Deck, players: int) -> tuple[tuple[int, CardName], ...]:
    """Any deck for this count as `deck_by_name` counts the main deck."""
    totals: dict[CardName, int] = {}
    for card in deck.cards:
        if copies := card.copies(players):
            name = card.name or card.id
            totals[name] = totals.get(name, 0) + copies
    return tuple((count, name) for name, count in totals.items())


class Kind(Struct, frozen=True):
    """A kind of card of a deck for one count: its key (`card.kind()`, where `kinds:` names
    it), its copies, what the deck's `kinds:` calls it (or none), and its cards by name
    (`cards_by_name`, a card without a name as none)."""

    key: str
    count: int
    name: str | None
    cards: tuple[tuple[int, CardName | None], ...]


def cards_by_kind(deck: Deck, players: int) -> tuple[Kind, ...]:
    """A deck for this count by kind, in the order the kinds first appear: so a checklist
    says "10 RED" where the host key says `{count_red}`, from the same pools."""
    pools: dict[str, dict[CardName | None, int]] = {}
    for card in deck.cards:
        if copies := card.copies(players):
            names = pools.setdefault(card.kind(), {})
            names[card.name] = names.get(card.name, 0) + copies
    return tuple(
        Kind(
            kind,
            sum(names.values()),
            deck.kinds.get(kind),
            tuple((n, c) for c, n in names.items()),
        )
        for kind, names in pools.items()
    )


def deck_group_counts(loaded: LoadedGame, players: int) -> dict[str, int]:
    """`count_<group>` for every card group and card id (hyphens become underscores).

    So YAML can say `deck_size - count_stop_turn` instead of repeating a deck count.
    """
    totals: dict[str, int] = {}
    for card in loaded.deck.cards:
        for key in dict.fromkeys((card.id, card.kind())):
            name = "count_" + key.replace("-", "_")
            totals[name] = totals.get(name, 0) + card.copies(players)
    return totals


def kit_lists(loaded: LoadedGame, values: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The game's lists, its computed lists for this count, and `deck` (the main deck's cards,
    each with its `name` as sheets count it, or its id, and its back: `back` the id,
    `back_look` the words the sheets name it by, "red back", or its id where it has none)."""
    computed = {
        name: compute_list(spec.count, spec.fields, values, loaded.source.source(("lists", name)))
        for name, spec in loaded.game.lists.items()
        if isinstance(spec, ComputedList)
    }
    players = values["players"]
    deck = [
        {
            "id": card.id,
            "name": many(card.name) if card.name else card.id,
            "count": card.copies(players),
            "back": card.back,
            CARD_BACK_LOOK: loaded.deck.backs[card.back].fields.get(BACK_LOOK, card.back),
            **card.fields,
        }
        for card in loaded.deck.cards
        if card.copies(players)
    ]
    return {**loaded.lists, **computed, "deck": deck}
