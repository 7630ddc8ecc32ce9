"""What a page declares about itself in its head: its title and its description.

Pure, standard library only. A page whose text only its scripts produce (a video's page, a social
post, an app) still says in its head what it is, for link previews: ``og:title`` and
``og:description`` (Open Graph), ``twitter:description``, ``<meta name="description">``,
``<title>``. When its text cannot be had (the browser is off, or rendering failed), that is what
the agent is given instead of nothing, and the note says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.head_meta import head_markup, meta_values
from domain.page_titles import title_declared_in

#: Only the start of a page is read: the head, which a page's own scripts can fill.
SCAN_CHARS = 1_000_000
#: A description shorter than this says too little to stand for the page ("Watch on YouTube").
MIN_DESCRIPTION_CHARS = 40
#: What is kept of a description: a paragraph, not a page.
MAX_CHARS = 2_000
_DESCRIPTIONS = ("og:description", "twitter:description", "description")


@dataclass(frozen=True)
class Declared:
    title: str
    description: str

    def markdown(self) -> str:
        return f"# {self.title}\n\n{self.description}\n" if self.title else f"{self.description}\n"


def declared(html: str) -> Declared | None:
    """The page's declared title (``page_titles.title_declared_in``) and description, or None when it
    declares no description worth reading."""
    head = head_markup(html, scan_chars=SCAN_CHARS)
    values = meta_values(head)
    description = next((values[name] for name in _DESCRIPTIONS if values.get(name)), "")
    if len(description) < MIN_DESCRIPTION_CHARS:
        return None
    return Declared(title_declared_in(head, values) or "", description[:MAX_CHARS])
