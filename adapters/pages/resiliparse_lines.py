"""Resiliparse's lines kept as lines.

Resiliparse's minimal HTML wraps a paragraph in ``<p>`` only where the page did; text the page
set in ``<div>``s and ``<span>``s (a catalogue's cards, a launch list's entries, a post's lines
of a button-built layout) comes out as bare lines, one block of the page a line. The conversion
to Markdown reads that as HTML, where a line break is a space, so a listing's entries ran
together into one paragraph: "[Song Sweeper](...) Clean up your music library [Vibe Marketplace
by Greta](...) Sell what you ship, instantly [Pulldog](...) ...", where the agent could not tell
where one entry ended. Each such break is written as ``<br>``, which the conversion keeps as a
line break: the answer keeps the lines Resiliparse wrote, and the words are the same.

Only a break between two runs of inline text is one of these: a break next to a block's own tag
(a heading, a paragraph, a list, a quote, a table) is the layout of the minimal HTML, and text
inside ``<pre>`` or a table keeps its own lines.
"""

from __future__ import annotations

import re

_BLOCKS = frozenset(
    {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "pre", "blockquote", "div", "hr", "br"}
    | {"table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "dl", "dt", "dd"}
)
# Where text keeps its own line breaks: code, and the tables put back or restored (their rows).
_KEEP_THEIR_LINES = frozenset({"pre", "table"})
# A tag, or a run of text (a "<" that opens no tag is text: a run of them is one piece, not one each).
_PIECE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)[^<>]*>|(?:[^<]+|<(?![a-zA-Z/]))+|<")
_BREAK = re.compile(r"[ \t\r]*\n\s*")


def lines_as_breaks(minimal: str) -> str:
    """``minimal`` (Resiliparse's minimal HTML) with each line break between two runs of inline
    text, outside code and tables, written ``<br>``. Empty elements between the two (the links
    Resiliparse leaves of a card's pictures, one a line) are no text: the runs on either side are
    two lines, not three."""
    if "\n" not in minimal:
        return minimal
    lines = _Lines()
    for piece in _PIECE.finditer(minimal):
        if piece.group(2) is not None:
            lines.tag(piece.group(2).lower(), closing=bool(piece.group(1)), written=piece.group())
        elif lines.keeping_their_lines:
            lines.out.append(piece.group())
        else:
            text, at = piece.group(), 0
            for run in _BREAK.finditer(text):
                lines.text(text[at : run.start()])
                lines.line_break(run.group())
                at = run.end()
            lines.text(text[at:])
    return "".join(lines.out)


class _Lines:
    def __init__(self) -> None:
        self.out: list[str] = []
        self._depth = 0  # inside how many <pre> and <table>
        self._text_before = False  # visible text since the last block's tag
        self._waiting: int | None = None  # the break (its place in ``out``) the next text makes a <br>

    @property
    def keeping_their_lines(self) -> bool:
        return self._depth > 0

    def tag(self, name: str, *, closing: bool, written: str) -> None:
        if name in _KEEP_THEIR_LINES:
            self._depth = max(0, self._depth - 1) if closing else self._depth + 1
        if name in _BLOCKS:
            self._text_before, self._waiting = False, None
        self.out.append(written)

    def text(self, text: str) -> None:
        if text.strip():
            if self._waiting is not None:
                self.out[self._waiting] = "<br>"
                self._waiting = None
            self._text_before = True
        self.out.append(text)

    def line_break(self, whitespace: str) -> None:
        self.out.append(whitespace)
        if self._text_before:
            self._waiting = len(self.out) - 1
