"""Pages whose content only their scripts produce: render them in a browser, or say plainly why not.

Runs after a page was fetched and extracted. Most pages pass straight through (they have text);
one with little text is checked for the structure of a JavaScript shell (``domain.script_shell``),
and only a shell is rendered. A shell that cannot be rendered is an honest failure, never the
page's empty chrome; one that declares a title and description in its head (a video's page, a
social post) is answered with those, its note saying what happened (``declared_summary``).
"""

from __future__ import annotations

import logging

import anyio

from domain.declared import Declared, declared
from domain.errors import PageUnavailable
from domain.pages import FetchedPage
from domain.ports import PageExtractionPort, PageRendererPort
from domain.redaction import without_userinfo
from domain.script_shell import LITTLE_TEXT_CHARS, script_shell_signs

logger = logging.getLogger(__name__)

NEEDS_SCRIPT_OFF = "this page needs JavaScript; turn on SEARCHRELAY_BROWSER=auto to render it"
#: The note's end when a shell that cannot be rendered is answered with what it declares.
DECLARED = "this is the title and description the page declares about itself."
_RENDER_FAILED = "this page needs JavaScript and rendering failed"


class ScriptPages:
    """Escalates JavaScript shells to ``renderer``; without one (SEARCHRELAY_BROWSER=off) says how to turn it on."""

    def __init__(
        self, renderer: PageRendererPort | None, extraction: PageExtractionPort, *, extract_timeout: float
    ) -> None:
        self._renderer = renderer
        self._extraction = extraction
        self._extract_timeout = extract_timeout

    async def settle(self, page: FetchedPage, markdown: str) -> tuple[FetchedPage, str]:
        """The page and its Markdown: as they are, or as the browser rendered them; raises ``PageUnavailable``."""
        if not page.is_html or len(markdown.strip()) >= LITTLE_TEXT_CHARS:
            return page, markdown
        # The markers looked for are ASCII, so a wrong guess at the charset cannot hide them.
        html = page.decoded()
        signs = await anyio.to_thread.run_sync(script_shell_signs, html, markdown)
        if signs is None:
            return page, markdown
        logger.info("%s looks like a JavaScript shell: %s", without_userinfo(page.url), signs.describe())
        if self._renderer is None:
            raise PageUnavailable(page.url, NEEDS_SCRIPT_OFF)
        try:
            rendered = await self._renderer.render(page)
            with anyio.fail_after(self._extract_timeout):
                rendered_markdown = await self._extraction.extract(rendered)
        except PageUnavailable as failed:
            raise PageUnavailable(page.url, f"{_RENDER_FAILED}: {failed.reason}") from None
        except TimeoutError:
            raise PageUnavailable(page.url, f"{_RENDER_FAILED}: extracting the rendered page took too long") from None
        if not rendered_markdown.strip():
            raise PageUnavailable(page.url, f"{_RENDER_FAILED}: the rendered page has no readable text either")
        return rendered, rendered_markdown


async def declared_summary(page: FetchedPage) -> Declared | None:
    """What a shell declares about itself (``domain.declared``), read off the event loop; None for
    anything but HTML, or a page that declares too little."""
    if not page.is_html:
        return None
    return await anyio.to_thread.run_sync(_declared, page)


def _declared(page: FetchedPage) -> Declared | None:
    return declared(page.decoded())
