"""Paging long text into windows that fit a model's context: pure arithmetic on characters.

Offsets are character offsets into the full text, so a caller can continue exactly where the
last window stopped; sizes are limited in UTF-8 bytes (what the context budget is really about)
and in lines. A window never splits a character and prefers to end at a line break.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import InvalidRequestError

# A window that would end mid-line is pulled back to the last line break if that costs at most
# this share of the window.
_LINE_BREAK_SLACK = 0.2


@dataclass(frozen=True)
class TextWindow:
    """``text`` is ``full_text[start_index:end_index]``; ``truncated`` means more text follows it."""

    text: str
    start_index: int
    end_index: int
    total_chars: int
    truncated: bool


def cut(
    text: str, *, start_index: int = 0, max_bytes: int, max_lines: int = 2000, max_chars: int | None = None
) -> TextWindow:
    """The window of ``text`` starting at ``start_index`` that fits every limit (``max_chars`` when given).

    A window always holds at least one character when any remain, so paging always progresses
    even when ``max_bytes`` is smaller than one character.
    """
    if max_bytes < 1 or max_lines < 1:
        raise ValueError("max_bytes and max_lines must be at least 1")
    total = len(text)
    if start_index < 0 or start_index > total:
        raise InvalidRequestError(
            f"start_index {start_index} is out of range: the text has {total} character{'' if total == 1 else 's'} "
            f"(use a start_index from 0 to {total})"
        )
    line_end = _end_after_lines(text, start_index, max_lines)
    limit = line_end if max_chars is None else min(line_end, start_index + max(max_chars, 1))
    end = _end_within_bytes(text, start_index, limit, max_bytes)
    if end < line_end:
        end = _pull_back_to_line_break(text, start_index, end)
    if end == start_index and start_index < total:
        end = start_index + 1
    return TextWindow(
        text=text[start_index:end],
        start_index=start_index,
        end_index=end,
        total_chars=total,
        truncated=end < total,
    )


def continuation_note(window: TextWindow, *, tool: str = "web_fetch") -> str | None:
    """A one-line note telling the reader how to get the rest, or None when nothing is left."""
    if not window.truncated:
        return None
    return (
        f"[Truncated: showing characters {window.start_index}-{window.end_index} of "
        f"{window.total_chars}. Call {tool} again with start_index={window.end_index} to continue.]"
    )


def _end_after_lines(text: str, start: int, max_lines: int) -> int:
    """The offset just after the ``max_lines``-th line break from ``start``, or the end of the text."""
    position = start
    for _ in range(max_lines):
        newline = text.find("\n", position)
        if newline == -1:
            return len(text)
        position = newline + 1
    return position


def _end_within_bytes(text: str, start: int, limit: int, max_bytes: int) -> int:
    """The furthest offset up to ``limit`` such that ``text[start:offset]`` fits in ``max_bytes``."""
    # Each character costs at least one byte, so a slice of max_bytes characters is enough to scan.
    stop = min(limit, start + max_bytes)
    # One encode in C instead of a Python step per character (a page window is ~50,000 of them);
    # surrogatepass: a lone surrogate counts its three bytes instead of failing.
    encoded = text[start:stop].encode("utf-8", "surrogatepass")
    if len(encoded) <= max_bytes:
        return stop
    # A character is at most 4 bytes: one of the 4 cuts below max_bytes falls on a boundary.
    for cut in range(max_bytes, max(max_bytes - 4, -1), -1):
        try:
            return start + len(encoded[:cut].decode("utf-8", "surrogatepass"))
        except UnicodeDecodeError:
            continue
    return start  # unreachable for valid UTF-8; the caller moves on by one character


def _pull_back_to_line_break(text: str, start: int, end: int) -> int:
    newline = text.rfind("\n", start, end)
    if newline != -1 and end - (newline + 1) <= (end - start) * _LINE_BREAK_SLACK:
        return newline + 1
    return end
