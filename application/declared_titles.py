"""The title an HTML page declares (``domain.page_titles.declared_title``), read off the event loop.

Only the page's start is decoded, in the charset its server declared or else UTF-8: a title whose
words did not decode that way is not shown rather than shown garbled.
"""

from __future__ import annotations

import anyio

from domain.page_titles import DECLARED_CHARS, declared_title
from domain.pages import FetchedPage


async def declared_title_of(page: FetchedPage) -> str | None:
    """None for anything but HTML (a PDF's or an office document's own title is not read)."""
    if not page.is_html:
        return None
    return await anyio.to_thread.run_sync(_declared_title, page)


def _declared_title(page: FetchedPage) -> str | None:
    # Bytes, not characters: DECLARED_CHARS bytes decode to at most that many characters.
    return declared_title(page.decoded(DECLARED_CHARS))
