"""OpenDocument files for the tests that read them: a text document written by odfdo, and spreadsheets
and presentations whose ``content.xml`` is written out here in the schema's terms (repeat counts,
hidden sheets, frames, lists, notes), so each test shows the markup it reads."""

from __future__ import annotations

import io
import zipfile

NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink"'
)
MEDIA = {
    "odt": "application/vnd.oasis.opendocument.text",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odp": "application/vnd.oasis.opendocument.presentation",
}
_BODY = {"odt": "text", "ods": "spreadsheet", "odp": "presentation"}


def odf_zip(kind: str, body: str, *, styles: str = "", prolog: str = "") -> bytes:
    """An ODF package: ``mimetype`` first and stored (the format's rule), a manifest, and ``content.xml``
    holding ``body`` inside ``office:body/office:{kind's element}``."""
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<office:document-content {NAMESPACES} office:version="1.3">'
        f"<office:automatic-styles>{styles}</office:automatic-styles>"
        f"<office:body><office:{_BODY[kind]}>{body}</office:{_BODY[kind]}></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{MEDIA[kind]}"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as package:
        package.writestr(zipfile.ZipInfo("mimetype"), MEDIA[kind], compress_type=zipfile.ZIP_STORED)
        package.writestr("META-INF/manifest.xml", manifest)
        package.writestr("content.xml", content)
    return out.getvalue()


def make_odt() -> bytes:
    """A short report written by odfdo: a title, a paragraph with a link, a bulleted list with a nested
    one, a table, a footnote, and words with hyphens and a hash that its Markdown escapes."""
    from odfdo import Document, Header, Link, List, Note, Paragraph, Table

    document = Document("text")
    body = document.body
    body.clear()
    body.append(Header(1, "Quarterly relay report"))
    paragraph = Paragraph("Uptime was high across all providers; see ")
    paragraph.append(Link("https://relay.example/status", text="the status page"))
    body.append(paragraph)
    body.append(Header(2, "What changed"))
    changes = List(["Failover now hedges the slow provider.", "The cache is shared between replicas."])
    changes.get_items()[1].append(List(["Redis-backed, per-tenant"]))
    body.append(changes)
    table = Table("Calls", width=2, height=3)
    table.set_values([["provider", "calls"], ["serper", "1204"], ["brave", "988"]])
    body.append(table)
    noted = Paragraph("Issue #42 is a well-known one")
    noted.append(Note(note_id="n1", citation="1", body="Reported in March."))
    body.append(noted)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def sheet_row(*cells: str, repeat: int = 1) -> str:
    written = "".join(cells)
    return f'<table:table-row table:number-rows-repeated="{repeat}">{written}</table:table-row>'


def text_cell(said: str, *, repeat: int = 1) -> str:
    return (
        f'<table:table-cell office:value-type="string" table:number-columns-repeated="{repeat}">'
        f"<text:p>{said}</text:p></table:table-cell>"
    )


def number_cell(value: str, shown: str | None = None) -> str:
    paragraph = f"<text:p>{shown}</text:p>" if shown is not None else ""
    return f'<table:table-cell office:value-type="float" office:value="{value}">{paragraph}</table:table-cell>'


EMPTY_CELLS = '<table:table-cell table:number-columns-repeated="16384"/>'
