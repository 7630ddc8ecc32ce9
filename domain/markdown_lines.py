"""What a line of Markdown is, for the code that walks an answer line by line. Pure, standard library only.

Five walkers share these (the page tidying, the recommendations cut, the repeated-quotes cut,
the picture-echoes cut, the passages split); each had its own copy of the fence pattern. The
recommendations cut and the declared product's placement share the heading pattern, and the
emptied sections' walk both. What the page gives back to an answer (a list under its introduction,
a section's text under its heading) is written in as a block of its own the same way.
Which lines are code is told by ``lines_outside_code``, whose fences close only on their own
character and run (the toggle on ``CODE_FENCE`` the older walkers use closes on any fence).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A line opening or closing a fenced code block (whose lines are code, not prose or headings):
# up to three spaces, then ``` or ~~~; four spaces or a tab make an indented code line instead.
CODE_FENCE = re.compile(r" {0,3}(?:```|~~~)")
# A list item's marker: a bullet, or a number of at most nine digits with "." or ")".
LIST_MARKER = r"(?:[-*+]|\d{1,9}[.)])"
# A fence with what it is made of: its character and run, then what follows (a language name).
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")
# An ATX heading's line, with ``match`` or ``fullmatch``: its hashes (the level) and its text.
ATX_HEADING = re.compile(r"(#{1,6})[ \t]+(.*)")


def indentation(line: str) -> int:
    """How many spaces and tabs ``line`` opens with."""
    return len(line) - len(line.lstrip(" \t"))


def outside_code_spans(line: str, mend: Callable[[str], str]) -> str:
    """``line`` with ``mend`` applied to its text outside code spans; as it is when a backtick is
    unpaired (where code starts and ends is not clear)."""
    parts = line.split("`")
    if len(parts) % 2 == 0:
        return line
    parts[0::2] = [mend(part) for part in parts[0::2]]
    return "`".join(parts)


def blocks_put_under(lines: list[str], blocks: dict[int, str]) -> str:
    """The Markdown of ``lines`` with each of ``blocks`` written under the line of its number, as a
    block of its own: a blank line before it, and one after it unless a blank line follows already."""
    written: list[str] = []
    for number, line in enumerate(lines):
        written.append(line)
        if number in blocks:
            written += ["", blocks[number]]
            if number + 1 < len(lines) and lines[number + 1].strip():
                written.append("")
    return "\n".join(written)


def lines_outside_code(lines: list[str]) -> list[bool]:
    """For each line, whether it is outside a fenced code block (a fence is closed only by a fence of
    its own character, as long or longer, with nothing after it)."""
    outside: list[bool] = []
    opened: tuple[str, int] | None = None
    for line in lines:
        fence = _FENCE.fullmatch(line)
        if fence is None:
            outside.append(opened is None)
        elif opened is None:
            opened = (fence.group(1)[0], len(fence.group(1)))
            outside.append(False)
        else:
            if fence.group(1)[0] == opened[0] and len(fence.group(1)) >= opened[1] and not fence.group(2).strip():
                opened = None
            outside.append(False)
    return outside


# A heading line as a page writes one (a lone "#" too), and a fence's opening run, for headings_below.
_HEADING_LINE = re.compile(r"(#{1,6})(\s.*)?$")
_OPENING_FENCE = re.compile(r"\s{0,3}(`{3,}|~{3,})")


def headings_below(markdown: str, level: int) -> str:
    """``markdown``'s headings moved down ``level`` levels (at most to 6), code fences left alone:
    notes written as a page of their own, placed under a heading of ours."""
    lines, fence = [], ""
    for line in markdown.splitlines():
        opened = _OPENING_FENCE.match(line)
        if opened and (not fence or opened.group(1).startswith(fence)):
            fence = "" if fence else opened.group(1)
        elif not fence and (heading := _HEADING_LINE.match(line)):
            line = "#" * min(6, len(heading.group(1)) + level) + (heading.group(2) or "")
        lines.append(line)
    return "\n".join(lines)
