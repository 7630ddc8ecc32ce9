"""Markdown's backslash escapes taken out of the answer where a reader needs none.

trafilatura escapes every underscore, star and bracket it writes as text, so the agent read
"haier\\_geappliances" in an address, "10.1007/978-3-319-09575-2\\_199-1" in a DOI, "max\\_tokens"
for a parameter's name and "\\[sic\\]" in a quote (850 escapes on 116 pages of both corpora's answers):
a model copies what it reads, backslashes and all. An agent reads the Markdown, nothing renders it,
so those escapes only cost it the text as the page wrote it. They go outside code (where
they were never written); the ones that keep a line's meaning stay: a table cell's ``\\|``, a
backslash itself, and a star or ``>`` opening a line, which would make it a list item or a quote.
"""

from __future__ import annotations

import re

from domain.markdown_lines import lines_outside_code, outside_code_spans

# An escape and what it escapes; read pairwise from the left, so "\\\\_" is a backslash, then "_".
_ESCAPE = re.compile(r"\\(.)")
_NEEDLESS = frozenset("_*[]<>~")
# What a line may open with that its escape keeps from being a list item, a quote or a heading.
_LINE_OPENERS = ("\\*", "\\>", "\\-", "\\+", "\\#")


def without_needless_escapes(markdown: str, *, also: str = "") -> str:
    """``markdown`` with the escapes of ``_ * [ ] < > ~`` (and of the characters in ``also``: a writer
    that escapes more, such as odfdo's ``-`` and ``#``) outside code taken out (see the module)."""
    if "\\" not in markdown:
        return markdown
    needless = _NEEDLESS | frozenset(also)
    lines = markdown.split("\n")
    for number, (line, outside) in enumerate(zip(lines, lines_outside_code(lines), strict=True)):
        if outside and "\\" in line:
            lines[number] = _line_unescaped(line, needless)
    return "\n".join(lines)


def _line_unescaped(line: str, needless: frozenset[str]) -> str:
    body = line.lstrip(" \t")
    kept = len(line) - len(body) + (2 if body.startswith(_LINE_OPENERS) else 0)
    return line[:kept] + outside_code_spans(line[kept:], lambda text: _unescaped(text, needless))


def _unescaped(text: str, needless: frozenset[str]) -> str:
    return _ESCAPE.sub(lambda escape: escape.group(1) if escape.group(1) in needless else escape.group(0), text)
