"""Spanish keeps one term per game concept, the one its catalogue's header lists: a Spanish
editor found three names for a false call, 'juego impreso' beside the kit, 'reverso' for a
card's back and the paper's, and units a line could break from their number."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from shapes_print.load.defaults import DEFAULT_LABELS

with (DEFAULT_LABELS / "es.po").open("rb") as handle:
    CATALOGUE = read_po(handle)
TRANSLATIONS = [str(message.string) for message in CATALOGUE if message.id]

# The header's term for each concept, and the words it replaced.
TERMS = {
    "kit = kit": ["juego impreso"],
    'ruling:" = «Criterio de este kit:»': ["Decisión de este", "decisión de este"],
    "card back, front = dorso, anverso": ["reverso", "su cara"],
    "false call = grito en falso": ["falso aviso", "gritos falsos", "sin tener trío"],
    "clear the platform = despejar la plataforma": ["vacíe", "vacía"],
    "eliminated = queda eliminado": ["queda fuera"],
    "skip sequence (Task 5, numbers two apart) = serie": ["secuencia"],
    "host key = hoja del anfitrión": ["clave del anfitrión", "Clave del anfitrión"],
    "plain paper = papel normal": [],  # "papel" alone: the exact texts are below
    "dealer = repartidor": [],
    "Classic = Clásico": ["reglas clásicas", "juego clásico", "el clásico", "el solitario"],
    'nobody is "él" by default': [" él "],
    # The game's name addresses the player as every other Spanish text does (usted).
    "Pass and pick shapes = Formas: pase y elija": ["pasa y elige"],
}


def _header() -> str:
    """The catalogue's header comment as one line of words."""
    return " ".join(line.lstrip("# ").strip() for line in CATALOGUE.header_comment.splitlines())


@pytest.mark.parametrize("term", list(TERMS))
def test_the_header_lists_each_term_and_no_text_uses_what_it_replaced(term: str) -> None:
    assert term in _header()
    for replaced in TERMS[term]:
        used = [text for text in TRANSLATIONS if replaced in text]
        assert not used, (replaced, used)


def test_the_dealer_plain_paper_and_every_variant_name_read_as_the_header_says() -> None:
    assert CATALOGUE.get("Dealer").string == "Repartidor"
    assert CATALOGUE.get("plain").string == "papel normal"
    assert CATALOGUE.get("card stock and plain").string == "cartulina y papel normal"
    for english, spanish in [
        ("Survivor", "Superviviente"),
        ("Card Drafting", "Selección de cartas"),
        ("Classic", "Clásico"),
        ("Solitaire", "Solitario"),
    ]:
        assert CATALOGUE.get(english).string == spanish
        assert CATALOGUE.get(f"Shapes the Game: {english}").string == f"Shapes the Game: {spanish}"


def test_no_line_can_break_a_number_from_its_unit() -> None:
    """50 mm, 80 g/m², 100 %, 1 pulg.: a no-break space between, never a plain one."""
    broken = re.compile(r"(\d|\}) (mm|g/m²|%|pulg\.)")
    assert [text for text in TRANSLATIONS if broken.search(text)] == []
    assert sum("\u00a0" in text for text in TRANSLATIONS) >= 10
