"""A game's decks as its cards files print them: the main deck, then each of game.yaml's
`extra_decks` (a card template or size of its own, if it names one) and `tokens` (round or
square counters at their diameter or side), every `for_each` expanded, the kit's card
limit held across them all.
"""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import UserError, known_names
from shapes_print.inputs import inside
from shapes_print.load.listing import CARDS
from shapes_print.load.lists import expand_deck
from shapes_print.load.models import CardType, Deck, Game, LoadedDeck
from shapes_print.load.spreadsheet import cards_from_sheet
from shapes_print.load.validate import validate
from shapes_print.load.yamlsrc import Document, Loc, fields_as_written, read_yaml, top_mapping


def load_decks(
    folder: Path, game: Game, lists: dict[str, list], source: Document, max_cards: int
) -> list[LoadedDeck]:
    """The main deck, then the decks printed in files of their own, in game.yaml's order."""
    reading = _Reading(folder, lists, source, max_cards)
    decks = [_load_deck(reading, _DeckFile(game.deck, ("deck",), CARDS, game.cards_title))]
    own_files = [
        (("extra_decks", name), extra, {"card_size": extra.card_size})
        for name, extra in game.extra_decks.items()
    ] + [
        (
            ("tokens", name),
            tokens,
            {"token_side": tokens.diameter or tokens.side, "round": tokens.diameter is not None},
        )
        for name, tokens in game.tokens.items()
    ]
    for entry, spec, size in own_files:
        earlier = sum(most_copies(card) for deck in decks for card in deck.deck.cards)
        where = (*entry, "file")
        loaded = _load_deck(reading, _DeckFile(spec.file, where, entry[1], spec.title), earlier)
        decks.append(replace(loaded, card_template=spec.card_template, entry=entry, **size))
    return decks


class _Reading(Struct, frozen=True):
    """What every deck of a game is read with: the game's folder, its lists (`for_each`),
    game.yaml, and the kit's card limit."""

    folder: Path
    lists: dict[str, list]
    source: Document
    max_cards: int


class _DeckFile(Struct, frozen=True):
    """One deck's file as game.yaml names it, where it does, and the deck's name and title."""

    file: str
    loc: Loc
    name: str
    title: str


def _load_deck(reading: _Reading, named: _DeckFile, earlier: int = 0) -> LoadedDeck:
    """A deck read, its `for_each` expanded, held to the card limit with the `earlier`
    decks' cards."""
    where = reading.source.source(named.loc)
    doc = read_yaml(inside(reading.folder, named.file, where, "game"))
    top_mapping(doc)
    doc = fields_as_written(cards_from_sheet(doc))
    deck, origins = expand_deck(validate(Deck, doc), reading.lists, doc)
    _card_limit(deck, doc, reading.max_cards, origins, earlier)
    _known_kinds(deck, doc)
    return LoadedDeck(named.name, named.title, deck, doc, origins)


def _card_limit(
    deck: Deck, source: Document, max_cards: int, origins: tuple[int, ...], earlier: int
) -> None:
    """Refuse a kit over the card limit at the count that crosses it, before any planning;
    `earlier` cards are in the kit's decks read before this one."""
    total = earlier
    for card, index in zip(deck.cards, origins, strict=True):
        total += most_copies(card)
        if total > max_cards:
            what = "the kit's decks reach" if earlier else "the deck reaches"
            raise UserError(
                source.source(("cards", index, "count")),
                f"{what} {total} cards here, over the limit of {max_cards}",
                "a larger deck needs --max-cards",
            )


def _known_kinds(deck: Deck, source: Document) -> None:
    """Refuse a `kinds:` name for a kind no card is counted with (a misspelt group)."""
    known = list(dict.fromkeys(card.kind() for card in deck.cards))
    for kind in deck.kinds:
        if kind not in known:
            raise UserError(
                source.source(("kinds", kind)),
                f"no card is of the kind {kind!r} (kinds: {known_names(kind, known)})",
                "name a card's group, or the id of a card in no group",
            )


def most_copies(card: CardType) -> int:
    """The most copies of a card any kit holds (a count table's largest entry)."""
    return max(card.count.values(), default=0) if isinstance(card.count, dict) else card.count
