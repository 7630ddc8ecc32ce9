"""The web_fetch use case: one URL as clean Markdown, one window of it at a time.

Without ``focus`` a window is the next stretch of the page from ``start_index``; with it, when the
rest of the page does not fit, the window holds the passages of the rest that best answer the
focus, in order, gaps marked (application/fit_pages.py), and the note says where reading on in
order starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

import anyio

from application.fit_pages import PageFitter, cut_note
from application.read_pages import PageReader, PageText
from domain.anchors import anchor
from domain.arguments import check_url
from domain.errors import PageUnavailable
from domain.link_wrappers import unwrapped
from domain.paging import TextWindow, continuation_note, cut
from domain.passages import Focused
from domain.ports import PassageRankerPort

MAX_LINES = 2000
# A focused window that breaks the byte or line limit is tried again this much smaller, a few times.
_SHRINK = 0.85
_TRIES = 6
# Characters of a fragment shown percent-encoded in the note (see ``anchor_note``).
_NOT_SHOWN = frozenset("[]<>`\\")
# The longest fragment a note shows back whole.
_SHOWN_FRAGMENT = 80


@dataclass(frozen=True)
class PageWindow:
    url: str  # the final URL, after redirects
    content_type: str
    window: TextWindow  # with focus, ``text`` is the focused cut and ``end_index`` the end of the page
    note: str | None  # how to continue, when the window is not the end
    cut_by_download_cap: bool
    next_start_index: int | None = None  # where reading on in order starts; None at the end
    focused: bool = False  # ``window.text`` holds the best passages for the focus, gaps marked […]
    source_note: str | None = None  # where the text came from (a site's API), or why that API was not used
    title: str | None = None  # the page's own title (``PageText.title``): the page's words, untrusted


class FetchPage:
    def __init__(self, reader: PageReader, *, deadline: float, ranker: PassageRankerPort) -> None:
        self._reader = reader
        self._deadline = deadline
        self._ranker = ranker

    async def read(self, url: str) -> PageText:
        """Raises ``PageUnavailable``/``UnsafeUrl``. The call's deadline bounds the read as it bounds a search."""
        url = check_url(url)  # a control character in the URL is the caller's to fix
        try:
            with anyio.fail_after(self._deadline):
                return await self._reader.read(url)
        except TimeoutError:
            raise PageUnavailable(url, f"not read within the {self._deadline:g} s deadline for this call") from None

    async def run(
        self, url: str, *, max_bytes: int, start_index: int = 0, max_chars: int | None = None, focus: str | None = None
    ) -> PageWindow:
        """Read and window in one go; raises ``InvalidRequestError`` for a bad start_index."""
        page = await self.read(url)
        return self.window(
            page,
            max_bytes=max_bytes,
            start_index=start_index,
            max_chars=max_chars,
            focus=focus,
            fragment=fragment_of(url) or fragment_of(wrapped.target if (wrapped := unwrapped(url)) else ""),
        )

    def window(
        self,
        page: PageText,
        *,
        max_bytes: int,
        start_index: int = 0,
        max_chars: int | None = None,
        focus: str | None = None,
        fragment: str = "",
    ) -> PageWindow:
        """``fragment``: the asked address's part after "#". When the page does not fit one window and
        neither ``start_index`` nor ``focus`` says where to read, the window starts where it points
        (``domain.anchors``), as a browser scrolls there."""
        window = cut(
            page.markdown, start_index=start_index, max_bytes=max_bytes, max_lines=MAX_LINES, max_chars=max_chars
        )
        if window.truncated and fragment and start_index == 0 and focus is None:
            found = anchor(page.markdown, fragment)
            if found is not None and found.index > 0:
                return self._from_anchor(page, found.index, fragment, max_bytes=max_bytes, max_chars=max_chars)
        if focus is None or not window.truncated:
            nxt = window.end_index if window.truncated else None
            note = continuation_note(window)
            return _window(page, window, note, nxt)
        rest = page.markdown[start_index:]
        focused = self._focused(rest, focus, max_bytes=max_bytes, max_chars=max_chars)
        resume = start_index + (focused.resume_at or 0)
        text = TextWindow(focused.text, start_index, len(page.markdown), len(page.markdown), truncated=True)
        note = "[" + cut_note(page.url, focused, len(rest), start_index=start_index) + "]"
        return _window(page, text, note, resume, focused=focused.focused)

    def _from_anchor(
        self, page: PageText, index: int, fragment: str, *, max_bytes: int, max_chars: int | None
    ) -> PageWindow:
        window = cut(page.markdown, start_index=index, max_bytes=max_bytes, max_lines=MAX_LINES, max_chars=max_chars)
        nxt = window.end_index if window.truncated else None
        notes = [anchor_note(fragment, index), continuation_note(window)]
        note = " ".join(n for n in notes if n)
        return _window(page, window, note, nxt)

    def _focused(self, rest: str, focus: str, *, max_bytes: int, max_chars: int | None) -> Focused:
        fitter = PageFitter(self._ranker, focus)
        budget = min(max_bytes, max_chars if max_chars is not None else max_bytes)
        for _ in range(_TRIES):
            result = fitter.focused(rest, budget)
            if len(result.text.encode("utf-8")) <= max_bytes and result.text.count("\n") < MAX_LINES:
                return result
            budget = int(budget * _SHRINK)
        return fitter.focused(rest, min(budget, MAX_LINES, max_bytes // 4))  # fits both limits whatever the text


def _window(
    page: PageText, window: TextWindow, note: str | None, next_start_index: int | None, *, focused: bool = False
) -> PageWindow:
    """A window of ``page`` with what every window of it carries: where it came from, its title."""
    return PageWindow(
        page.url,
        page.content_type,
        window,
        note,
        page.truncated,
        next_start_index,
        focused,
        source_note=page.note,
        title=page.title,
    )


def fragment_of(url: str) -> str:
    """The part of ``url`` after its first "#" (none: "")."""
    return url.partition("#")[2]


def anchor_note(fragment: str, index: int) -> str:
    """Where a window that starts at the address's fragment starts, and how to read from the top. Only
    the caller's own words (the fragment, cut short), never the page's: the note is outside the fence."""
    # A wrapped link's target is decoded from the link: what could pass for the note's own words
    # (a bracket, a line separator, a fence's angle brackets) is shown percent-encoded.
    fragment = "".join(
        character if character.isprintable() and character not in _NOT_SHOWN else quote(character)
        for character in fragment[: _SHOWN_FRAGMENT + 1]
    )
    shown = fragment if len(fragment) <= _SHOWN_FRAGMENT else fragment[: _SHOWN_FRAGMENT - 3] + "..."
    return (
        f"[This window starts at character {index}, where the address's #{shown} points; "
        "to read the page from its start, call web_fetch with the address without its #fragment.]"
    )
