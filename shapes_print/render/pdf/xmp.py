"""XMP metadata: the document's title and language, and the standards it claims, as the
catalogue's `/Metadata` stream.

Input: an `XmpFacts` (title, language, PDF/X version if any). Output: the XMP packet's bytes
(UTF-8 XML, written uncompressed so that any reader, and PDF/A- or PDF/X-minded checkers,
find it). PDF/UA-1 asks for `pdfuaid:part` 1 and a `dc:title`; the producer and creator
match the Info dictionary's, as PDF/A and PDF/X ask. A PDF/X file also says which document
it is and which rendition of it (xmpMM: DocumentID, InstanceID, VersionID, RenditionClass),
as PDF/X-4 (ISO 15930-7, 6.7.2) asks and a preflight checks.
"""

from __future__ import annotations

from datetime import datetime

from msgspec import Struct

# The packet's id is fixed by the XMP specification (part 1, 7.3.2).
_PACKET_ID = "W5M0MpCehiHzreSzNTczkc9d"
_NAMESPACES = {
    "dc": "http://purl.org/dc/elements/1.1/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdfuaid": "http://www.aiim.org/pdfua/ns/id/",
}
_PDFX_NAMESPACES = {
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
    "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
}
# The rendition a file is: the document itself, as first made (XMP part 2, 8.2.1).
_VERSION_ID = "1"
_RENDITION_CLASS = "default"


def escape(text: str) -> str:
    """Text as XML character data: `&`, `<` and `>` as entities (what
    xml.sax.saxutils.escape does; importing it loads urllib, http and ssl, a tenth of a
    build's start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class XmpFacts(Struct, frozen=True):
    """What the metadata says: the title (as Info's), the language (a BCP 47 tag, or "" if
    unknown), who made it, and the PDF/X version the file conforms to, if it claims one
    (for example "PDF/X-4"), with the time its Info dictionary gives (PDF/X asks that the
    two agree, and that the packet says whether the file is trapped, as Info does), and
    the ids that PDF/X asks for: the document's (the same for every build of the file)
    and this rendition's (from its bytes), each a `uuid:` URN."""

    title: str
    lang: str
    producer: str
    pdfx_version: str | None = None
    made: datetime | None = None
    document_id: str = ""
    instance_id: str = ""


def xmp_packet(facts: XmpFacts) -> bytes:
    """The XMP packet for these facts."""
    namespaces = dict(_NAMESPACES)
    if facts.pdfx_version:
        namespaces |= _PDFX_NAMESPACES
    declared = "".join(f'\n    xmlns:{prefix}="{uri}"' for prefix, uri in namespaces.items())
    producer = escape(facts.producer)
    properties = [
        "<dc:format>application/pdf</dc:format>",
        "<dc:title><rdf:Alt><rdf:li xml:lang="
        f'"x-default">{escape(facts.title)}</rdf:li></rdf:Alt></dc:title>',
        f"<dc:creator><rdf:Seq><rdf:li>{producer}</rdf:li></rdf:Seq></dc:creator>",
    ]
    if facts.lang:
        properties.append(
            f"<dc:language><rdf:Bag><rdf:li>{escape(facts.lang)}</rdf:li></rdf:Bag></dc:language>"
        )
    properties += [
        f"<pdf:Producer>{producer}</pdf:Producer>",
        f"<xmp:CreatorTool>{producer}</xmp:CreatorTool>",
        "<pdfuaid:part>1</pdfuaid:part>",
    ]
    if facts.pdfx_version:
        version = escape(facts.pdfx_version)
        properties.append(f"<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>")
        properties.append("<pdf:Trapped>False</pdf:Trapped>")
        properties += [
            f"<xmpMM:DocumentID>{escape(facts.document_id)}</xmpMM:DocumentID>",
            f"<xmpMM:InstanceID>{escape(facts.instance_id)}</xmpMM:InstanceID>",
            f"<xmpMM:VersionID>{_VERSION_ID}</xmpMM:VersionID>",
            f"<xmpMM:RenditionClass>{_RENDITION_CLASS}</xmpMM:RenditionClass>",
        ]
    if facts.made is not None:
        made = facts.made.strftime("%Y-%m-%dT%H:%M:%SZ")
        properties += [
            f"<xmp:{name}>{made}</xmp:{name}>"
            for name in ("CreateDate", "ModifyDate", "MetadataDate")
        ]
    body = "".join(f"\n   {line}" for line in properties)
    packet = (
        f'<?xpacket begin="\ufeff" id="{_PACKET_ID}"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        f'  <rdf:Description rdf:about=""{declared}>{body}\n'
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )
    return packet.encode("utf-8")
