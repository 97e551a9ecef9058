"""PDF/X: what a print-shop file says about the press it is made for.

Input: the document's press (primitives.Press). Output: the file's OutputIntents (the
press's ICC profile, embedded once), the Info entries PDF/X-4 asks for, and the PDF
version it allows. The colours themselves are converted by render/pdf/colour.py; the
XMP packet (pdfxid:GTS_PDFXVersion from `Press.standard`, the same dates as Info) is
written beside the tagged PDF's.

PDF/X-4 (ISO 15930-7) in brief: the header at PDF 1.6 or below; an OutputIntent of
subtype GTS_PDFX whose DestOutputProfile is the press's profile (/N 4 for CMYK);
GTS_PDFXVersion, Trapped (True or False), CreationDate and ModDate in Info; TrimBox and
BleedBox on every page (the plan gives them); every font embedded (ours always are);
DeviceCMYK colour only where the intent is CMYK. PDF/X-4 allows transparency: a page
that draws an element see-through (a layout's `opacity`) is a transparency group blended
in DeviceCMYK, the intent's own space (render/pdf/__init__.py), so a shop's RIP flattens it
in the colours it prints; nothing else is transparent.
"""

from __future__ import annotations

import contextlib
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from uuid import UUID, uuid5

import pydyf

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Press
from shapes_print.render.pdf.objects import PdfFile, deflated, reference

# PDF/X-4 builds on PDF 1.6, and a preflight refuses a later header.
VERSION = "1.6"
# Components in a press profile's colour space (CMYK).
_INKS = 4
# The namespace of documents' ids: shapes-print's own, fixed, so an id never changes.
_IDS = UUID("5d6f0b8e-27a1-5c1e-9a2b-0c5a7e3f4d21")
# SOURCE_DATE_EPOCH: whole seconds from 1970 in ASCII digits, as `date +%s` writes them
# (9999-12-31, the last day a PDF date holds, is 12 digits).
_SECONDS = re.compile(r"[0-9]{1,12}")


def build_time(newest: int | None = None) -> datetime:
    """When a file says it was made. Builds are the same bytes for the same inputs, so not
    the clock: SOURCE_DATE_EPOCH where it is set (the reproducible-builds convention), else
    `newest`, the time the newest of its input files was changed, else the epoch. A
    SOURCE_DATE_EPOCH that is no such date stops the build, as that convention asks."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return datetime.fromtimestamp(newest or 0, UTC)
    if _SECONDS.fullmatch(epoch):
        with contextlib.suppress(ValueError, OverflowError, OSError):  # past the year 9999
            return datetime.fromtimestamp(int(epoch), UTC)
    raise UserError(
        Source(Path("SOURCE_DATE_EPOCH")),
        f"{epoch[:40]!r} is not a date: write whole seconds since 1970-01-01 UTC, as "
        "`date +%s` prints them",
    )


def pdf_date(when: datetime) -> str:
    """A time as a PDF date (CreationDate, ModDate)."""
    return when.strftime("D:%Y%m%d%H%M%SZ")


def document_id(name: str) -> str:
    """The id of the document a file is, the same in every build of it: from its name,
    which says its game, player count, paper, label set and part."""
    return f"uuid:{uuid5(_IDS, name)}"


def instance_id(digest: bytes) -> str:
    """The id of this rendition of the document: from the bytes written before it, so the
    same bytes have the same id and any change of content a new one."""
    return f"uuid:{uuid5(_IDS, digest.hex())}"


def output_intents(file: PdfFile, press: Press) -> str:
    """The catalogue's OutputIntents array, its profile written into `file`."""
    profile = file.reserve()
    file.stream(profile, {"N": _INKS}, deflated(Path(press.profile).read_bytes()))
    intent = pydyf.Dictionary({
        "Type": "/OutputIntent",
        "S": "/GTS_PDFX",
        "OutputConditionIdentifier": pydyf.String(press.condition),
        "OutputCondition": pydyf.String(press.condition_name),
        "Info": pydyf.String(press.condition_name),
        "RegistryName": pydyf.String(press.registry),
        "DestOutputProfile": reference(profile),
    })  # fmt: skip
    return f"[{reference(file.add(intent))}]"


def info_entries(press: Press, made: datetime) -> dict[str, object]:
    """What PDF/X adds to the document information: its version, that the file is not
    trapped (a shop's RIP traps, we do not), and the dates."""
    date = pydyf.String(pdf_date(made))
    return {
        "GTS_PDFXVersion": pydyf.String(press.standard),
        "Trapped": "/False",
        "CreationDate": date,
        "ModDate": date,
    }
