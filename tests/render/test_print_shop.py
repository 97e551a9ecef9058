"""Print-shop files as a PDF/X-4 preflight reads them: the output intent and its profile,
the Info keys and XMP, the page boxes, CMYK colour only (black text and strokes on the black
plate alone), nothing transparent; read from the file's structure with pypdf, and its pixels
with pypdfium2. Home files stay as they were: sRGB, no intent. A kit at 1/8 in bleed holds
each card side alone, as a page and a picture."""

from __future__ import annotations

import io
import struct
from datetime import datetime
from pathlib import Path
from uuid import UUID

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.units import mm
from tests import finestchecks, printshopchecks
from tests.pdfread import placements, text
from tests.pdfxread import (
    CARDS,
    FILL,
    PROFILE,
    STROKE,
    content_streams,
    every_dictionary,
    marks_painted,
    profile_cmyk,
    xmp_description,
    xmp_value,
)

POKER = (mm(63.5), mm(88.9))
BLEED = mm(3)
RGB_OPERATORS = {b"rg", b"RG"}


def build(out: Path, **options: object) -> Path:
    printing = PrintOptions(**options)  # type: ignore[arg-type]
    asked = pipeline.BuildOptions("4", "a4", "long", printing)
    pipeline.build(pipeline.Sources(), ["pass-and-pick"], asked, out)
    return out / "pass-and-pick" / "a4" / "4-players"


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("shop"), print_shop=True)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("home"))


def test_the_output_intent_carries_the_cmyk_profile(shop: Path) -> None:
    reader = PdfReader(shop / CARDS)
    (intent,) = [entry.get_object() for entry in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 006"
    assert intent["/RegistryName"] == "http://www.color.org"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    data = profile.get_data()
    assert data == PROFILE.read_bytes()
    assert data[16:20] == b"CMYK" and data[36:40] == b"acsp"
    assert ImageCms.getOpenProfile(io.BytesIO(data)).profile.xcolor_space == "CMYK"


def test_info_says_pdfx4_untrapped_with_its_dates(shop: Path) -> None:
    path = shop / CARDS
    assert path.read_bytes().startswith(b"%PDF-1.6\n")  # PDF/X-4 builds on PDF 1.6
    info = PdfReader(path).trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-4"
    assert info["/Trapped"] == "/False"
    assert info["/Title"] == "Pass and pick shapes: shape cards"
    assert info["/CreationDate"] == info["/ModDate"]
    assert info["/CreationDate"] != "D:19700101000000Z"  # the inputs' date, not the epoch


def test_xmp_says_what_info_says_as_pdfx_asks(shop: Path) -> None:
    """PDF/X-4 wants the XMP packet to agree with Info: version, trapping and dates."""
    info = PdfReader(shop / CARDS).trailer["/Info"].get_object()
    xmp = xmp_description(shop / CARDS)
    assert xmp_value(xmp, "pdfxid", "GTS_PDFXVersion") == "PDF/X-4"
    assert xmp_value(xmp, "pdf", "Trapped") == "False"
    made = datetime.strptime(str(info["/CreationDate"]), "D:%Y%m%d%H%M%SZ")
    for name in ("CreateDate", "ModifyDate", "MetadataDate"):
        assert xmp_value(xmp, "xmp", name) == made.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_xmp_names_the_document_and_its_rendition(shop: Path, tmp_path: Path) -> None:
    """What Acrobat's and pdfToolbox's PDF/X-4 profiles ask of the packet: the document's
    id and this rendition's (uuid URNs), its version and rendition class. The ids are the
    same in the next build of the same file, and differ between the kit's files."""
    ids = {}
    for path in sorted(shop.glob("*print-shop*.pdf")):
        xmp = xmp_description(path)
        document, instance = (
            xmp_value(xmp, "xmpMM", "DocumentID"),
            xmp_value(xmp, "xmpMM", "InstanceID"),
        )
        for said in (document, instance):
            assert said.startswith("uuid:") and UUID(said.removeprefix("uuid:"))
        assert xmp_value(xmp, "xmpMM", "VersionID") == "1"
        assert xmp_value(xmp, "xmpMM", "RenditionClass") == "default"
        ids[path.name] = (document, instance)
    assert len(ids) == 3 and len({i for pair in ids.values() for i in pair}) == 6
    again = build(tmp_path, print_shop=True)
    for name, pair in ids.items():
        xmp = xmp_description(again / name)
        assert (
            xmp_value(xmp, "xmpMM", "DocumentID"),
            xmp_value(xmp, "xmpMM", "InstanceID"),
        ) == pair


def test_every_page_has_its_trim_and_bleed_boxes(shop: Path) -> None:
    reader = PdfReader(shop / CARDS)
    width, height = POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED
    assert len(reader.pages) == 36
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        trim = [BLEED, BLEED, BLEED + POKER[0], BLEED + POKER[1]]
        assert [float(v) for v in page.trimbox] == pytest.approx(trim, abs=1e-3)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=1e-3)


def test_no_content_stream_sets_a_device_rgb_colour(shop: Path) -> None:
    reader = PdfReader(shop / CARDS)
    streams = list(content_streams(reader))
    assert len(streams) > 36  # the pages and the card drawings
    colours = 0
    for stream in streams:
        for operands, operator in stream.operations:
            assert operator not in RGB_OPERATORS, (operator, operands)
            if operator in (b"cs", b"CS"):
                assert operands[0] != "/DeviceRGB"
            colours += operator in (FILL, STROKE)
    assert colours > 10


def test_black_text_and_strokes_are_black_ink_alone(shop: Path) -> None:
    """Every word on a face and every outline is `0 0 0 1`: one plate, sharp at any
    misregistration; the backs' white title is no ink at all."""
    reader = PdfReader(shop / CARDS)
    painted = [mark for stream in content_streams(reader) for mark in marks_painted(stream)]
    texts = {colour for kind, colour in painted if kind == b"Tj"}
    strokes = {colour for kind, colour in painted if kind == b"S"}
    assert texts == {(0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.0)}
    assert (0.0, 0.0, 0.0, 1.0) in strokes


def test_fills_are_the_colour_engines_conversion(shop: Path) -> None:
    """The circles' sky blue (#56B4E9) is what littleCMS makes of it in the profile, not a
    naive 1 - RGB; the faces' white is no ink."""
    reader = PdfReader(shop / CARDS)
    fills = {
        tuple(round(float(value), 4) for value in operands)
        for stream in content_streams(reader)
        for operands, operator in stream.operations
        if operator == FILL
    }
    sky_blue = profile_cmyk("#56B4E9")
    assert sky_blue in fills and sky_blue[3] < 0.1 and sky_blue[0] > 0.5
    assert (0.0, 0.0, 0.0, 0.0) in fills


def test_nothing_is_transparent(shop: Path) -> None:
    """No soft mask, alpha, blend mode or transparency group; the one graphics state set is
    black text's overprint, which PDF/X-4 allows."""
    reader = PdfReader(shop / CARDS)
    for thing in every_dictionary(reader):
        assert "/SMask" not in thing
        for key in ("/CA", "/ca"):
            assert float(thing.get(key, 1)) == 1
        assert thing.get("/BM", "/Normal") in ("/Normal", "/Compatible")
        group = thing.get("/Group")
        assert group is None or group.get_object().get("/S") != "/Transparency"
    for stream in content_streams(reader):
        states = {operands[0] for operands, operator in stream.operations if operator == b"gs"}
        assert states <= {"/GS.op"}


def test_black_text_overprints_and_other_text_knocks_out(shop: Path) -> None:
    """A shop expects black type to overprint (no white halo where plates shift); white
    and coloured words must not, or they would vanish into what is under them."""
    shown = list(printshopchecks.shown_texts(shop / CARDS))
    black = [over for fill, over in shown if fill == (0.0, 0.0, 0.0, 1.0)]
    other = [over for fill, over in shown if fill != (0.0, 0.0, 0.0, 1.0)]
    assert black and all(black)
    assert other and not any(other)


def test_home_files_stay_srgb_without_an_intent(home: Path) -> None:
    path = home / "pass-and-pick_4p_a4_cards.pdf"
    reader = PdfReader(path)
    assert path.read_bytes().startswith(b"%PDF-1.7\n")
    assert "/OutputIntents" not in reader.trailer["/Root"]
    assert "/GTS_PDFXVersion" not in reader.trailer["/Info"].get_object()
    operators = {
        operator for stream in content_streams(reader) for _, operator in stream.operations
    }
    assert operators >= RGB_OPERATORS and not {FILL, STROKE} & operators


def test_every_pdf_of_a_print_shop_kit_is_pdfx4(shop: Path) -> None:
    """The cards go to the shop, and a shop may print the sheets, host key and guide too:
    every file (the player aid's too) is PDF/X-4 (header 1.6, output intent, Info and XMP as a preflight asks), and
    every page carries its own TrimBox and BleedBox (a sheet's are its paper)."""
    files = sorted(shop.glob("*.pdf"))
    assert [path.name.removeprefix("pass-and-pick_4p_a4_") for path in files] == [
        *("cards-print-shop-backs.pdf", "cards-print-shop-fronts.pdf", "cards-print-shop.pdf"),
        *("host-key.pdf", "player-aid.pdf", "printing-guide.pdf", "sheets.pdf"),  # aid: i28b
    ]
    assert {path.name: printshopchecks.pdfx_problems(path) for path in files} == {
        path.name: [] for path in files
    }
    sheet = PdfReader(shop / "pass-and-pick_4p_a4_sheets.pdf").pages[0]
    media = [float(v) for v in sheet.mediabox]
    assert [float(v) for v in sheet["/TrimBox"]] == [float(v) for v in sheet["/BleedBox"]] == media


def test_a_print_shop_kit_has_no_line_or_word_too_fine_for_a_press(shop: Path, home: Path) -> None:
    """No line under 0.25 pt and no text under 5 pt in any of its files: the cards drawn
    small on the sheets and host key print as the words that name them."""
    for path in sorted(shop.glob("*.pdf")):
        assert finestchecks.thin_line_problems(path) == [], path.name
        assert finestchecks.small_text_problems(path) == [], path.name
    sheets = " ".join(text(shop / "pass-and-pick_4p_a4_sheets.pdf"))
    assert "Circle, circle, circle" in sheets  # a scoring example, in words
    # At home the same examples are cards drawn small, as fine as a printer holds and no finer.
    assert finestchecks.thin_line_problems(home / "pass-and-pick_4p_a4_sheets.pdf") == []
    assert finestchecks.small_text_problems(home / "pass-and-pick_4p_a4_sheets.pdf") == []


def test_a_cmyk_face_looks_like_its_rgb_face(shop: Path, home: Path) -> None:
    """Rendered, the print-shop face shows the same picture: white card, blue circle,
    dark words (pdfium's own CMYK to screen conversion is naive, so within a margin)."""
    scale = 100 / 72
    cmyk = pdfium.PdfDocument(shop / CARDS)[0].render(scale=scale).to_pil().convert("RGB")
    offset = round(BLEED * scale)
    rgb_page = pdfium.PdfDocument(home / "pass-and-pick_4p_a4_cards.pdf")[0]
    rgb = rgb_page.render(scale=scale).to_pil().convert("RGB")
    reader = PdfReader(home / "pass-and-pick_4p_a4_cards.pdf")
    first = min(placements(reader.pages[0], reader), key=lambda p: (-p.y, p.x))
    left = round(first.x * scale)
    top = round((float(reader.pages[0].mediabox.height) - first.y - POKER[1]) * scale)
    width, height = round(POKER[0] * scale), round(POKER[1] * scale)
    for fx, fy in ((0.5, 0.4), (0.1, 0.95), (0.5, 0.05)):
        x, y = int(width * fx), int(height * fy)
        shop_pixel = cmyk.getpixel((offset + x, offset + y))
        home_pixel = rgb.getpixel((left + x, top + y))
        assert isinstance(shop_pixel, tuple) and isinstance(home_pixel, tuple)
        assert max(abs(a - b) for a, b in zip(shop_pixel, home_pixel, strict=True)) < 60


@pytest.fixture(scope="module")
def eighth(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A print-shop kit at 1/8 in bleed (9 pt) with PNG pictures of every card side."""
    return build(
        tmp_path_factory.mktemp("eighth"), print_shop=True, bleed=9.0, formats=("pdf", "png")
    )


def test_an_eighth_inch_bleed_makes_poker_pages_69_85_by_95_25_mm(eighth: Path) -> None:
    for name in (CARDS, CARDS.replace(".pdf", "-fronts.pdf"), CARDS.replace(".pdf", "-backs.pdf")):
        for page in PdfReader(eighth / name).pages:
            bleed = [float(v) * 25.4 / 72 for v in page.bleedbox]
            trim = [float(v) * 25.4 / 72 for v in page.trimbox]
            assert bleed == pytest.approx([0, 0, 69.85, 95.25], abs=0.005)
            assert trim == pytest.approx([3.175, 3.175, 66.675, 92.075], abs=0.005)
            assert [float(v) for v in page.mediabox] == [float(v) for v in page.bleedbox]


def test_fronts_and_backs_files_hold_one_side_each_in_deck_order(eighth: Path) -> None:
    both = PdfReader(eighth / CARDS)
    interleaved = [placements(page, both)[0].name for page in both.pages]
    for side, start in (("fronts", 0), ("backs", 1)):
        reader = PdfReader(eighth / CARDS.replace(".pdf", f"-{side}.pdf"))
        assert len(reader.pages) == 18
        assert [placements(page, reader)[0].name for page in reader.pages] == interleaved[start::2]
        assert reader.trailer["/Root"]["/OutputIntents"][0]["/S"] == "/GTS_PDFX"
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


def test_each_card_side_is_a_300_dpi_png_paired_by_name(eighth: Path) -> None:
    fronts = sorted(eighth.glob("*_front.png"))
    backs = sorted(eighth.glob("*_back.png"))
    assert len(fronts) == len(backs) == 18
    assert [p.name.replace("_front.png", "") for p in fronts] == [
        p.name.replace("_back.png", "") for p in backs
    ]
    stem = CARDS.removesuffix(".pdf")
    names = [p.name.removeprefix(f"{stem}_").removesuffix("_front.png") for p in fronts]
    assert names[:6] == [f"{n:03d}_circle" for n in range(1, 7)]
    assert names[-1] == "018_square"
    for path in (fronts[0], backs[0], backs[-1]):
        with Image.open(path) as image:
            assert image.size == (825, 1125)
            assert image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            profile = ImageCms.getOpenProfile(io.BytesIO(image.info["icc_profile"]))
            assert "sRGB" in profile.profile.profile_description


def test_a_back_picture_is_the_back_drawn_to_its_bleed_edge(eighth: Path) -> None:
    """The back's design reaches every edge of its picture (the bleed a shop trims), and
    the face's white card with its sky-blue circle is the front."""
    with Image.open(sorted(eighth.glob("*_001_circle_back.png"))[0]) as back:
        for point in ((2, 2), (822, 2), (2, 1122), (822, 1122)):
            assert max(back.getpixel(point)[:3]) < 160, point  # dark blue, not paper
    with Image.open(sorted(eighth.glob("*_001_circle_front.png"))[0]) as front:
        assert front.getpixel((10, 10))[:3] == (255, 255, 255)
        red, green, blue = front.getpixel((412, 440))[:3]
        assert (red, green, blue) == (0x56, 0xB4, 0xE9)  # the content's own sRGB


def test_the_guide_lists_the_side_files_and_says_the_bleed(eighth: Path) -> None:
    """A print-shop kit's guide says what to send the shop and what to check on its proof;
    the home steps (print a cards sheet first, cut along the marks) are not in it."""
    guide = " ".join(" ".join(text(eighth / "pass-and-pick_4p_a4_printing-guide.pdf")).split())
    for expected in (
        "cards-print-shop.pdf 36 card stock each front, then its back",
        "cards-print-shop-fronts.pdf 18 card stock fronts only",
        "cards-print-shop-backs.pdf 18 card stock backs only, same order",
        "1. Send the shop each cards file as it is, or its fronts and backs files if the shop "
        "takes two: every page is one card with 3.175 mm (0.125 in) bleed, which the shop trims",
        "2. Ask for a proof on the shop's card stock and check it: each back sits behind its own "
        "face, and the trim cuts no words off.",
        "3. Print the other files yourself at 100% / Actual size",
        "4. Check the cards against the deck list on the host key.",
    ):
        assert expected in guide, expected
    for home in ("Print one cards sheet first", "Cut from edge to edge", "5."):
        assert home not in guide


def test_pictures_say_the_build_date_not_the_clock(eighth: Path) -> None:
    """A picture's colour profile carries the PDF's date (its inputs'), never the clock's."""
    with Image.open(sorted(eighth.glob("*_001_circle_front.png"))[0]) as image:
        header = image.info["icc_profile"][24:36]
    info = PdfReader(eighth / CARDS).trailer["/Info"].get_object()
    made = datetime.strptime(str(info["/CreationDate"]), "D:%Y%m%d%H%M%SZ")
    fields = (made.year, made.month, made.day, made.hour, made.minute, made.second)
    assert header == struct.pack(">6H", *fields)
