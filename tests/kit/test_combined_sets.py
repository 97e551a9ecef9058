"""An accessibility set combined with a shipped language (`extends: [colour-blind, fr]`, as
braille-es combines braille and es) prints the accessibility set's own texts in that
language: the shipped catalogues hold them (`labels update` reads every shipped English
set printed in ink), so the complete language set lacks none and no English is left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapes_print.geometry.primitives import Document
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import plan_kit
from tests.planned import page_words

# Each set, a game whose kit prints its own texts, and those texts in English with their
# words in each language (the second of a foot's: "page 1 of 2" is "página 1 de 2").
OWN_TEXTS = {
    ("colour-blind", "pass-and-pick"): {
        "en": ["SKY BLUE", "BLUISH GREEN"],
        "es": ["AZUL CIELO", "VERDE AZULADO"],
        "fr": ["BLEU CIEL", "VERT BLEUTÉ"],
        "de": ["HIMMELBLAU", "BLAUGRÜN"],
    },
    ("high-contrast", "collect-3"): {
        "en": ["striped back", "black back"],
        "es": ["dorso de rayas", "dorso negro"],
        "fr": ["dos rayé", "dos noir"],
        "de": ["gestreifte Rückseite", "schwarze Rückseite"],
    },
    ("large-print", "pass-and-pick"): {
        "en": ["Scoring table: see the table sheets.", " of 2"],
        "es": ["Tabla de puntos: vea las hojas de mesa.", " de 2"],
        "fr": ["Table des points\u202f: voir les feuilles de table.", " sur 2"],
        "de": ["Punktetabelle: siehe Tischblätter.", " von 2"],
    },
}
CASES = [
    (labels, game, language)
    for (labels, game), texts in OWN_TEXTS.items()
    for language in texts
    if language != "en"
]


def _kit_words(tmp_path: Path, labels: str, game: str, language: str) -> str:
    """Every page's words of the game's 4-player A4 kit under `[labels, language]`."""
    combined = tmp_path / f"{labels}-{language}.yaml"
    combined.write_text(f"extends: [{labels}, {language}]\n")
    project = pipeline.load_project(pipeline.Sources(), [game], [str(combined)])
    name = project.variants[0].labels.name
    resolved = resolve_kit(project.games[game], project.library, project.ctx, None)
    files = plan_kit(resolved, KitRequest(game, 4, "a4", labels=name))
    documents = [file.document for file in files if isinstance(file.document, Document)]
    return " ".join(
        page_words(page, document.symbols) for document in documents for page in document.pages
    )


@pytest.mark.parametrize(("labels", "game", "language"), CASES)
def test_an_accessibility_set_in_a_shipped_language_prints_its_own_texts_translated(
    tmp_path: Path, labels: str, game: str, language: str
) -> None:
    words = _kit_words(tmp_path, labels, game, language)
    # As page_words folds white space, a no-break space too ('points\u202f:').
    texts = {
        key: [re.sub(r"\s+", " ", text) for text in found]
        for key, found in OWN_TEXTS[(labels, game)].items()
    }
    assert all(text in words for text in texts[language]), (texts[language], words)
    assert not any(text in words for text in texts["en"]), (texts["en"], words)
