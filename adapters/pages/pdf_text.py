"""PDF bytes to plain text, page by page, with pypdf (imported only when a PDF shows up)."""

from __future__ import annotations

import io
import logging

from adapters.pages.pdf_pages import pages_as_text

_MAX_PAGES = 300

logger = logging.getLogger(__name__)


class PdfUnreadable(Exception):
    """The bytes are not a PDF pypdf can read (damaged, cut short, or encrypted)."""


def pdf_to_text(body: bytes) -> str:
    """The text of the first pages of a PDF, pages separated by a blank line, running heads, page
    numbers and line-end hyphens out (``pdf_pages``)."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(body))
        if reader.is_encrypted:
            # Many "encrypted" PDFs only restrict printing and open with an empty password.
            reader.decrypt("")
        pages = [page.extract_text() or "" for page in reader.pages[:_MAX_PAGES]]
    # pypdf signals broken files with its own errors and with plain ValueError/KeyError/TypeError, and
    # raises NotImplementedError for filters and encryption schemes it does not support: all "unreadable".
    except (PyPdfError, ValueError, KeyError, TypeError, NotImplementedError) as exc:
        logger.debug("pypdf could not read a PDF: %r", exc)
        raise PdfUnreadable(str(exc)) from exc
    return pages_as_text(pages)
