"""Kit stage, for a braille label set: the embosser file of one kit.

Input: the game, its planned players' documents, the label set's words and braille style.
Output: the kit's `.brf` (an `EmbosserFile`): each card named as its braille zone names it
(the same words the card's dots spell), how many there are, what it says it does (its
`role: rule` texts, which its zone has no room for), and the players' sheets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Document
from shapes_print.kit.braillefit import braille_lines
from shapes_print.kit.context import DrawContext
from shapes_print.kit.decktemplate import card_template
from shapes_print.load.cardmodels import Element, card_box
from shapes_print.load.cardnames import many
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.places import card_place, value_place
from shapes_print.plan.cardtext import braille_text
from shapes_print.plan.embosser import EmbosserFile, Passage, embosser_file, sheets_passages
from shapes_print.plan.icons import spoken
from shapes_print.plan.kitcontext import KitContext, title_place


class Listed(NamedTuple):
    """A card as the embosser file lists it: its name, how many, the rule it prints ('' for
    none), and where the card is written and where its rule's text is."""

    name: str
    copies: str
    rule: str
    where: Source
    rule_where: Source


def listed_cards(
    loaded: LoadedGame,
    library: Library,
    ctx: DrawContext,
    card_size: str | None,
    players: int,
    cache: BuildCache | None = None,
) -> list[list[Listed]]:
    """Every card a kit for `players` holds, deck by deck (the main deck, then each deck
    printed in a file of its own), in deck order: the words its face's braille element
    spells (`braille_text`, as its dots do), or its name as the sheets count it where its
    layout has no braille zone (a shipped token), and what the card says it does
    (`_rule`). A kit passes its build's `cache`, so the templates are those its cards were
    drawn with."""
    decks: list[list[Listed]] = []
    for deck in loaded.decks:
        template = card_template(loaded, library, card_size, deck, cache)
        named: list[Listed] = []
        decks.append(named)
        for position, card in enumerate(deck.deck.cards):
            if not (count := card.copies(players)):
                continue
            where = card_place(deck, position)
            fields = {
                "name": many(card.name) if card.name else card.id,
                "id": card.id,
                **card.fields,
            }
            elements = template.layouts[card.layout].elements
            zone = next((e for e in elements if e.kind == "braille"), None)
            name = (
                braille_text(zone, elements, fields, ctx, where, f"card {card.id!r}")
                if zone
                else spoken(ctx, ctx.words.fill("{name}", fields, where), where)
            )
            rule, rule_where = _rule(elements, fields, ctx, where)
            named.append(Listed(name, str(count), rule, where, rule_where))
    return decks


def _rule(
    elements: Sequence[Element], fields: Mapping[str, object], ctx: DrawContext, where: Source
) -> tuple[str, Source]:
    """What a card says it does: the words its face's `role: rule` texts print, in the
    set's language, an icon as its words ('' for a card with none), and where the first
    is written (the field it names, as `value_place` finds it)."""
    written = [
        e.text
        for e in elements
        if e.kind == "text" and e.text and e.what == "rule" and not e.hidden
        if not e.when or fields.get(e.when)
    ]
    texts = [spoken(ctx, ctx.words.fill(text, fields, where), where) for text in written]
    rule = " ".join(" ".join(text.split()) for text in texts if text.strip())
    return rule, value_place(written[0] if written else None, where)[0]


def braille_fits(loaded: LoadedGame, library: Library, ctx: DrawContext, size: str) -> bool:
    """Whether every card's braille fits its zone on cards of a named `size`."""
    style = ctx.style.braille
    if style is None:
        return True
    try:
        for deck in loaded.decks:
            template = card_template(loaded, library, size, deck)
            for card, index in zip(deck.deck.cards, deck.origins, strict=True):
                where = deck.source.source(("cards", index))
                fields = {"id": card.id, **card.fields}
                elements = template.layouts[card.layout].elements
                for zone in elements:
                    if zone.kind == "braille" and not zone.hidden:
                        text = braille_text(zone, elements, fields, ctx, where, card.id)
                        box = card_box(zone, template)
                        braille_lines(text, ctx.words.locale, box, style, where, card.id)
    except UserError:
        return False
    return True


def with_fitting_sizes(
    error: UserError, loaded: LoadedGame, library: Library, ctx: DrawContext
) -> UserError:
    """The error of a card whose braille has no room, saying at which card sizes this
    label set's braille fits every card of the game (or that it fits none)."""
    sizes = [size for size in library.card_sizes if braille_fits(loaded, library, ctx, size)]
    fits = (
        f"this label set's braille fits every card at --card-size {', '.join(sizes)}"
        if sizes
        else "this label set's braille fits none of templates/card-sizes.yaml"
    )
    return UserError(error.source, f"{error.message}; {fits}", error.hint)


def braille_file(
    kit: KitContext, sheets: Sequence[tuple[Document, Source | None]]
) -> EmbosserFile | None:
    """The kit's embosser file, or None when the label set draws no braille: each text
    with where it is written (the sheets' each with its file), so one braille has no sign
    for is refused there, as a card's words are."""
    ctx, loaded, title, words = kit.ctx, kit.loaded, kit.game_title, kit.ctx.words
    style = ctx.style.braille
    if style is None:
        return None
    size, players = kit.options.card_size, kit.players
    main, *extra = listed_cards(loaded, kit.library, ctx, size, players, kit.cache)
    # Cards in a file of their own (Collect 3's Task cards) are not shuffled in: each deck
    # is listed under its own file's title, so the deck's count stays the deck's.
    heading = style.embosser.cards_heading
    cards = [Passage(words.say(heading, None), "heading", where=words.written_at(heading))]
    for number, (deck, listed) in enumerate(zip(loaded.decks, [main, *extra], strict=True)):
        if number:
            named = kit.titled(title, words.say(deck.title, deck.source.source(())))
            where = words.place_of(deck.title, loaded.source.source((*deck.entry, "title")))
            cards.append(Passage(named, "heading", 0, where))
        for card in listed:
            cards.append(Passage(f"{card.name}: {card.copies}", "item", 0, card.where))
            cards += [Passage(card.rule, "rule", 0, card.rule_where)] * bool(card.rule)
    heads = Passage(title, "heading", 0, title_place(loaded, words))
    own = style.embosser.title
    in_print = kit.titled(title, words.say(own, words.written_at(own)))
    passages = [heads, *cards, *sheets_passages(sheets)]
    return embosser_file(passages, words, style.embosser, in_print, tuple(style.hyphenation))
