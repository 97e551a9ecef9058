"""Words that tell the truth, read back from real kits (every game, every label set, the
fewest and most players, A4 and Letter): footers follow each file's own sides, colour words
follow the backs a label set drew."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from tests.pdfread import page_texts

ONE_SIDED = "headers and footers off; one-sided"
SPANISH_ONE_SIDED = "sin encabezados ni pies de página; a una cara"


def _pdfs(labelled: Path) -> list[Path]:
    return sorted(labelled.glob("**/*.pdf"))


def test_only_double_sided_files_say_double_sided(labelled: Path) -> None:
    """A file the viewer is told to print Simplex says one-sided in every page's footer and
    names no flip; the printing guide alone says double-sided, about the cards files it lists."""
    simplex = 0
    for pdf in _pdfs(labelled):
        duplex = PdfReader(pdf).viewer_preferences.get("/Duplex")
        pages = page_texts(pdf)
        if duplex != "/Simplex":
            assert duplex in ("/DuplexFlipLongEdge", "/DuplexFlipShortEdge"), pdf
            assert "flip on long edge" in pages[0] or "por el borde largo" in pages[0], pdf
            continue
        simplex += 1
        for number, words in enumerate(pages, 1):
            assert ONE_SIDED in words or SPANISH_ONE_SIDED in words, (pdf.name, number)
            if "printing-guide" not in pdf.name:
                for double in ("double-sided", "doble cara", "flip on", "girar por"):
                    assert double not in words, (pdf.name, number, double)
    assert simplex > 100


def test_back_words_name_the_backs_the_label_set_drew(labelled: Path) -> None:
    """The rules' "green back" and "red back" are the standard set's colours; high contrast
    draws black-and-white patterns and its sheets say so."""
    said = {
        "": ("(green back)", "(red back)"),
        "colour-blind/": ("(green back)", "(red back)"),
        "es/": ("(dorso verde)", "(dorso rojo)"),
        "high-contrast/": ("(dotted back)", "(striped back)"),
    }
    for labels, words in said.items():
        sheets = sorted(labelled.glob(f"collect-3/{labels}a4/*-players/*_sheets.pdf"))
        assert sheets, labels
        for pdf in sheets:
            first = page_texts(pdf)[0]
            for phrase in words:
                assert phrase in first, (pdf.name, phrase)
            if labels == "high-contrast/":
                for colour in ("green", "red"):
                    assert f"{colour} back" not in " ".join(page_texts(pdf)), pdf.name


def test_printing_guides_speak_to_the_printer_on_one_page(labelled: Path) -> None:
    """The guide names nothing the kit lacks (the calibration sheet, --back-offset and cut
    files need shapes-print: README and --help), and the standard set's is one page."""
    guides = sorted(labelled.glob("**/*_printing-guide.pdf"))
    standard = [pdf for pdf in guides if pdf.parent.parent.parent.parent == labelled]
    assert len(standard) == 3 * 2 * 2  # games, fewest and most players, A4 and Letter
    for pdf in standard:
        assert len(PdfReader(pdf).pages) == 1, pdf.name
    for pdf in guides:
        words = " ".join(page_texts(pdf))
        for builder_only in ("calibrat", "back-offset", "cut.svg", "shapes-print"):
            assert builder_only not in words, (pdf.name, builder_only)
