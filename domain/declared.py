"""What a page declares about itself in its head: its title and its description.

Pure, standard library only. A page whose text only its scripts produce (a video's page, a social
post, an app) still says in its head what it is, for link previews: ``og:title`` and
``og:description`` (Open Graph), ``twitter:description``, ``<meta name="description">``,
``<title>``. When its text cannot be had (the browser is off, or rendering failed), that is what
the agent is given instead of nothing, and the note says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

#: Only the start of a page is read: the head, which a page's own scripts can fill.
SCAN_CHARS = 1_000_000
#: A description shorter than this says too little to stand for the page ("Watch on YouTube").
MIN_DESCRIPTION_CHARS = 40
#: What is kept of each: a declared description is a paragraph, not a page.
MAX_CHARS = 2_000
_DESCRIPTIONS = ("og:description", "twitter:description", "description")
_TITLES = ("og:title", "twitter:title")


@dataclass(frozen=True)
class Declared:
    title: str
    description: str

    def markdown(self) -> str:
        return f"# {self.title}\n\n{self.description}\n" if self.title else f"{self.description}\n"


def declared(html: str) -> Declared | None:
    """The page's declared title and description, or None when it declares no description worth reading."""
    scan = _Head()
    scan.feed(html[:SCAN_CHARS])
    scan.close()
    description = next((scan.meta[name] for name in _DESCRIPTIONS if scan.meta.get(name)), "")
    if len(description) < MIN_DESCRIPTION_CHARS:
        return None
    title = next((scan.meta[name] for name in _TITLES if scan.meta.get(name)), "") or _one_line(scan.title)
    return Declared(title[:MAX_CHARS], description[:MAX_CHARS])


def _one_line(text: str) -> str:
    return " ".join(text.split())


class _Head(HTMLParser):
    """The first value of each ``<meta>`` named or property-named, and the ``<title>``'s text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta":
            named = {name: value or "" for name, value in attrs}
            key = (named.get("property") or named.get("name") or "").strip().lower()
            content = _one_line(named.get("content", ""))
            if key and content and key not in self.meta:
                self.meta[key] = content
        self._in_title = tag == "title" and not self.title

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title and len(self.title) < MAX_CHARS:
            self.title += data
