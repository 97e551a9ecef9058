"""A label set applied to the loaded content: its library, drawing context and decks.

Content is read once; each label set gets its own merged style and card templates, its
fonts, its words and its per-game card fields, then is held to its contrast minimums.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.braille.codes import CODES
from shapes_print.braille.translate import BrailleError, code_for
from shapes_print.errors import Source, UserError, known_names
from shapes_print.inputs import inside, note_missing
from shapes_print.kit.colourcues import cue_skips
from shapes_print.kit.context import DrawContext, on_sheets
from shapes_print.kit.coverage import contrast_skips, game_words, unfit_skip
from shapes_print.kit.pictures import icon_def
from shapes_print.load.content import load_library
from shapes_print.load.defaults import STANDARD
from shapes_print.load.fields import check_fields_are_read
from shapes_print.load.labels import Layered, LoadedLabels, own_files
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import Deck, LoadedDeck
from shapes_print.load.ownlayouts import (
    check_element_names,
    check_own_element_names,
    check_own_layouts,
    with_own_layouts,
)
from shapes_print.load.printmodels import FONT_FACES, IconStyle, SheetStyle
from shapes_print.load.shapes import ShapeLibrary
from shapes_print.load.templates import element_names, own_templates
from shapes_print.load.yamlsrc import Loc, deep_merge, remembered
from shapes_print.text.fonts import PACKAGE, FontPair, font_file, load_font
from shapes_print.text.listeners import listening
from shapes_print.text.words import Words

# What a label set (or a game's own label file) may change on a game's deck; only a game's
# own file writes `layouts` (a layout its cards and backs are drawn with -> another).
PATCH_KINDS = ("groups", "cards", "backs", "layouts")


class Variant(Struct):
    """Everything a kit is planned with under one label set; `skipped` holds the games it
    cannot build (kit/coverage.py) with the line that says why, `refuse` the games for which
    that is an error instead, `printed` the texts `check` heard its kits print (also those
    of games taken from its cache, planned in no process: pipeline/checkcache.py).
    `skip_unfit`: whether a game the set cannot take (a mistake found planning it under
    this set) is skipped too; true only for a set reached through `all` beside the standard
    set, which stops at the game's own mistakes."""

    labels: LoadedLabels
    library: Library
    ctx: DrawContext
    games: dict[str, LoadedGame]
    skipped: dict[str, str] = field(default_factory=dict)
    printed: set[str] = field(default_factory=set)
    refuse: frozenset[str] = frozenset()
    skip_unfit: bool = False

    def skips_unfit(self, game: LoadedGame, error: UserError) -> bool:
        """Whether the set skips a game it cannot take (`error`, found planning it under
        this set), the line saying why then in `skipped`."""
        game_id = game.game.id
        if not self.skip_unfit or self.labels.name == STANDARD or game_id in self.refuse:
            return False
        self.skipped[game_id] = unfit_skip(self.labels, game, error, self.ctx.labels_fonts)
        return True

    @contextmanager
    def taking(self, game: LoadedGame) -> Iterator[None]:
        """Planning `game` under the set inside the block: a mistake in it skips the game
        where the set may skip a game it cannot take (`skips_unfit`), else it stops."""
        try:
            yield
        except UserError as error:
            if not self.skips_unfit(game, error):
                raise


def make_variant(
    templates: Path,
    games: dict[str, LoadedGame],
    labels: LoadedLabels,
    refuse: Collection[str] = (),
    skip_unfit: bool = False,
) -> Variant:
    """Apply a label set; the furniture's own words are translated once, here."""
    library = load_library(templates, labels)
    where = labels.source.under(("style",), library.style_source)
    fonts, regular_at = remembered("fonts", (library, labels), lambda: _fonts(library, where))
    words = labels.words()
    with listening() as heard:  # the furniture's words, said here once, count as printed
        style = _furniture_said(library.style, words, where, fonts)
    _check_braille_code(style, labels)
    ctx = DrawContext(
        fonts,
        library.shapes,
        library.patterns,
        style,
        furniture_source=library.style_source.source(("furniture",)),
        sheets_furniture=on_sheets(style.furniture),
        words=words,
        layouts_folder=library.folder / "cards",
        labels=labels,
        icons={
            name: icon_def(icon, library.folder, where.source(("icons", name)))
            for name, icon in style.icons.items()
        },
        labels_fonts=regular_at.path != library.style_source.path,
    )
    variant = Variant(
        labels,
        library,
        ctx,
        {gid: _patched(game, labels) for gid, game in games.items()},
        printed=set(heard.texts()),
        refuse=frozenset(refuse),
        skip_unfit=skip_unfit,
    )
    for game in variant.games.values():
        _own_layouts(game, library, labels)
    own = [template for game in variant.games.values() for template in game.templates.values()]
    check_element_names(labels, element_names([*library.templates.values(), *own]))
    for game in variant.games.values():
        check_fields_are_read(game, library)
        game.words = game_words(words, own_files(labels, game.labels), labels, game.game.id)
    # The games' colours under the set, checked once while they and the set are the same.
    skipped = remembered(
        ("contrast", variant.refuse),
        (labels, library, *games.values()),
        lambda: contrast_skips(labels, library, variant.games, variant.refuse),
    )
    cues = cue_skips(labels, library, variant.games, variant.refuse)
    variant.skipped = cues | skipped  # a set skips more as it plans (`skips_unfit`)
    return variant


def _own_layouts(game: LoadedGame, library: Library, labels: LoadedLabels) -> None:
    """The game's own templates under the set, with the game's own element changes for
    the set over the set's (load/ownlayouts.py); the set as the game sees it is kept for
    the checks that name the change that moved an element."""
    own = own_files(labels, game.labels)
    seen = with_own_layouts(labels, own)
    game.templates, game.template_sources, game.sized_templates = own_templates(
        game.template_files, library.template_files, seen, library.card_sizes, library.printing
    )
    check_own_element_names(own, element_names(game.templates.values()), game.game.id)
    templates = (game.card_template(library, deck) for deck in game.decks)
    drawn = {name for template in templates if template for name in template.layouts}
    check_own_layouts(own, drawn, game.game.id)
    if seen is not labels:
        game.label_set = seen


def _check_braille_code(style: SheetStyle, labels: LoadedLabels) -> None:
    """A set that draws braille writes it in the code of its `locale:`: a language with no
    code here is refused at that line, once, and not at the first card it would braille
    (where no card size helps)."""
    if style.braille is None:
        return
    try:
        code_for(labels.locale)
    except BrailleError as error:
        raise UserError(
            labels.source.source(("locale",)),
            f"locale: {error}, and this label set draws braille (style: braille:)",
            f"give the set a locale braille is written in here: {', '.join(CODES)} "
            "(braille-es is the braille set in Spanish)",
        ) from None


def _fonts(library: Library, where: Layered) -> tuple[FontPair, Source]:
    """The label set's fonts, and where its regular face is named: `remembered` by
    `make_variant`, read again each time and found again only when a file has changed
    (finding a package's font in its metadata was most of finding a set's fonts)."""
    style = library.style
    places = {kind: where.source(("fonts", kind)) for kind in style.fonts}
    paths = {kind: _font_path(spec, places[kind], library) for kind, spec in style.fonts.items()}
    faces = {kind: load_font(paths[kind], places[kind]) for kind in FONT_FACES if kind in paths}
    return FontPair(**faces), places["regular"]


def _furniture_said(style: SheetStyle, words: Words, where: Layered, fonts: FontPair) -> SheetStyle:
    """The style with its furniture's ruler and inch labels in the set's words, the
    furniture's words checked against its font once, at their own lines."""
    furniture = style.furniture
    furniture = furniture.model_copy(
        update={
            key: words.say(getattr(furniture, key), where.source(("furniture", key)))
            for key in ("ruler_label", "inch_label")
        }
    )
    for key in ("print_line", "ruler_label", "inch_label"):
        # The furniture prints on every sheet: check its words once, at their own lines.
        fonts.regular.check(
            getattr(furniture, key), where.source(("furniture", key)), f"furniture.{key}"
        )
    return style.model_copy(update={"furniture": furniture})


def _font_path(spec: str, where: Source, library: Library) -> Path:
    """A font a label set names is looked for beside the label set's file (and must stay in
    that folder), then in templates/; one templates/sheet.yaml names is in templates/."""
    beside = where.path.parent
    written_by_labels = where.path != library.style_source.path
    if written_by_labels and not spec.startswith(PACKAGE):
        if (beside / spec).exists():
            return inside(beside, spec, where, "label set")
        note_missing(beside / spec)  # once there, it is the font
    return font_file(spec, library.folder, where)


def kit_draw_context(loaded: LoadedGame, ctx: DrawContext) -> DrawContext:
    """The context a game's kits draw with under a label set's `ctx`: the game's own shapes
    added, its icons and fonts (`game_context`), and its own words over the set's."""
    if loaded.deck.shapes:
        own = ShapeLibrary.from_mapping(
            loaded.deck.shapes, loaded.deck_source.source(("shapes",)).path
        )
        ctx = replace(ctx, shapes=ctx.shapes.merged(own))
    ctx = game_context(loaded, ctx)
    if loaded.label_set is not None:
        ctx = replace(ctx, labels=loaded.label_set)
    if loaded.words is not None:
        ctx = replace(ctx, words=loaded.words)
    return ctx


def game_context(loaded: LoadedGame, ctx: DrawContext) -> DrawContext:
    """The context a game's kits draw with: its icons over the shipped ones, and its own
    fonts unless the label set names fonts of its own (a face chosen for legibility, as
    large print in Atkinson Hyperlegible is, outranks a game's look)."""
    game, folder = loaded.game, loaded.source.path.parent
    if game.icons:
        # The label set's own `style: icons:` restyles a game's icon as it does a shipped one.
        restyled = ((ctx.labels.data if ctx.labels else {}).get("style") or {}).get("icons") or {}
        written = loaded.source.data.get("icons") or {}
        own = {
            name: icon_def(
                IconStyle.model_validate(deep_merge(written[name], restyled[name]))
                if name in restyled
                else icon,
                folder,
                loaded.source.source(("icons", name)),
            )
            for name, icon in game.icons.items()
        }
        ctx = replace(ctx, icons={**ctx.icons, **own})
    if game.fonts and not ctx.labels_fonts:
        faces = {}
        for kind, spec in game.fonts.items():
            where = loaded.source.source(("fonts", kind))
            font = load_font(inside(folder, spec, where, "game"), where)
            faces[kind] = font
        pair = ctx.fonts
        ctx = replace(
            ctx,
            fonts=FontPair(
                faces.get("regular", pair.regular),
                faces.get("bold", pair.bold),
                faces.get("italic", pair.italic),
                faces.get("bold_italic", pair.bold_italic),
            ),
        )
    return ctx


_SINGULAR = {
    "cards": "card",
    "groups": "card group",
    "backs": "back",
    "layouts": "card or back drawn with layout",
}
# A game's own label file names what its decks had when it was written (the example game's
# suits): after the deck changes, the entry is the thing to fix.
_UNKNOWN_HINT = {
    "cards": "name a card by its deck's id, or remove the entry",
    "groups": "a card is in a group by its `group:` (a spreadsheet's `group` column); "
    "give the cards one, or remove the entry",
    "backs": "name one of the deck's `backs:`, or remove the entry",
    "layouts": "name a layout the deck's cards or backs are drawn with (their `layout:`)",
}


def _patched(loaded: LoadedGame, labels: LoadedLabels) -> LoadedGame:
    """The game with the label set's card, group and back fields merged into every deck.

    Patches apply to the expanded decks (a `for_each` entry's cards by their filled ids), and
    to extra decks (Collect 3's task cards) as well as the main one.
    """
    game_id = loaded.game.id
    layers: list[tuple[dict[str, Any], Loc, Layered]] = [
        (labels.data.get("games", {}).get(game_id) or {}, ("games", game_id), labels.source)
    ]
    for own in reversed(own_files(labels, loaded.labels)):  # the game's own, over the set's
        data = {kind: own.source.data[kind] for kind in PATCH_KINDS if kind in own.source.data}
        layers.append((data, (), Layered(((own.source, ()),))))
    decks = [d.deck for d in loaded.decks]
    known = {
        "cards": list(dict.fromkeys(card.id for deck in decks for card in deck.cards)),
        "groups": list(
            dict.fromkeys(card.group for deck in decks for card in deck.cards if card.group)
        ),
        "backs": list(dict.fromkeys(back for deck in decks for back in deck.backs)),
        "layouts": list(
            dict.fromkeys(
                [card.layout for deck in decks for card in deck.cards]
                + [back.layout for deck in decks for back in deck.backs.values()]
            )
        ),
    }
    patch: dict[str, Any] = {}
    for layer, prefix, source in layers:
        for kind, names in known.items():
            for name in layer.get(kind, {}):
                if name not in names:
                    raise UserError(
                        source.source((*prefix, kind, name)),
                        f"{game_id} has no {_SINGULAR[kind]} {name!r} "
                        f"({kind}: {known_names(name, names)})",
                        _UNKNOWN_HINT[kind],
                    )
        patch = deep_merge(patch, layer)
    places = _patch_places(layers)
    # Always a copy: each label set gives the game its own words and drawings.
    patched = [
        replace(d, deck=_patched_deck(d.deck, patch), fields_from_labels=_field_places(d, places))
        for d in loaded.decks
    ]
    return replace(loaded, decks=patched)


def _patch_places(
    layers: list[tuple[dict[str, Any], Loc, Layered]],
) -> dict[str, dict[str, dict[str, Source]]]:
    """Where each field of the merged patch is written, by kind and name: in the last
    layer that writes it, as the merge keeps that one's value."""
    places: dict[str, dict[str, dict[str, Source]]] = {"groups": {}, "cards": {}, "backs": {}}
    for layer, prefix, source in layers:
        for kind, named in places.items():
            for name, fields in (layer.get(kind) or {}).items():
                for key in fields if isinstance(fields, dict) else ():
                    at = source.source((*prefix, kind, name, key))
                    named.setdefault(name, {})[key] = at
    return places


def _field_places(
    deck: LoadedDeck, places: dict[str, dict[str, dict[str, Source]]]
) -> dict[str, dict[str, Source]]:
    """Where the label set writes each field it gives the deck's faces and backs, by side
    (a card's own fields over its group's, as `_patched_deck` merges them)."""
    groups, cards, backs = places["groups"], places["cards"], places["backs"]
    found = {
        f"face-{card.id}": {**groups.get(card.group or "", {}), **cards.get(card.id, {})}
        for card in deck.deck.cards
    }
    found.update({f"back-{back}": backs.get(back, {}) for back in deck.deck.backs})
    return {side: at for side, at in found.items() if at}


def _patched_deck(deck: Deck, patch: dict[str, dict[str, dict[str, Any]]]) -> Deck:
    """One deck with each card's group fields, then its own, merged in, and each back's;
    each drawn with the layout the game's own file puts in its layout's place."""
    groups, cards, backs, layouts = (patch.get(kind, {}) for kind in PATCH_KINDS)
    return deck.model_copy(
        update={
            "cards": [
                card.model_copy(
                    update={
                        "fields": {
                            **card.fields,
                            **(groups.get(card.group, {}) if card.group is not None else {}),
                            **cards.get(card.id, {}),
                        },
                        "layout": layouts.get(card.layout, card.layout),
                    }
                )
                for card in deck.cards
            ],
            "backs": {
                bid: back.model_copy(
                    update={
                        "fields": {**back.fields, **backs.get(bid, {})},
                        "layout": layouts.get(back.layout, back.layout),
                    }
                )
                for bid, back in deck.backs.items()
            },
        }
    )
