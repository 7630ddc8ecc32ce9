"""Quotes of what the answer already said, cut to their opening words.

On a forum every reply may quote the post it answers, whole: a thread of seven posts quoting
the first one carried it seven times, and an agent paid for each copy. A quote whose text the
answer has already given (most of its three-word runs appeared above it) keeps its first words,
enough to tell which post it answers, and ends with an ellipsis; a quote of anything new (a post
from an earlier page of the thread, a pull quote with its own words) stays whole.
"""

from __future__ import annotations

import re

from adapters.pages.text_words import word_runs
from domain.markdown_lines import CODE_FENCE

# A quote is cut when at least this share of its three-word runs appeared earlier in the answer:
# a copy of an earlier post, perhaps with a word trimmed or a line left out, not a reply that
# shares a phrase or two with what it answers.
REPEATED_SHARE = 0.8
# What a cut quote keeps: its first words, enough to name the post it answers. Quotes not much
# longer than that are left alone.
KEPT_WORDS = 20
_SLACK_WORDS = 5
_WORD = re.compile(r"\w+")
_LINK = re.compile(r"\[([^\[\]\n]*)\]\([^()\s]*\)")
_QUOTE_LINE = re.compile(r"^>", re.MULTILINE)


def shortened_repeats(markdown: str) -> str:
    """``markdown`` with each quote of text that came before it cut to its opening words."""
    if not _QUOTE_LINE.search(markdown):
        return markdown
    lines = markdown.split("\n")
    out: list[str] = []
    seen: set[tuple[str, ...]] = set()  # the three-word runs of the answer so far
    previous: list[str] = []  # the last two words remembered, for runs that span two pieces
    unread = 0  # where the lines not yet remembered begin in ``out``
    in_code = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if CODE_FENCE.match(line):
            in_code = not in_code
        if in_code or not line.startswith(">"):
            out.append(line)
            index += 1
            continue
        previous = _remember(_words("\n".join(out[unread:])), seen, previous)
        end = index
        while end < len(lines) and lines[end].startswith(">"):
            end += 1
        quote = " ".join(_LINK.sub(r"\1", part.lstrip("> \t")) for part in lines[index:end]).split()
        words = _words(" ".join(quote))
        runs = word_runs(words)
        if len(words) > KEPT_WORDS + _SLACK_WORDS and len(runs & seen) >= REPEATED_SHARE * len(runs):
            out.append("> " + " ".join(quote[:KEPT_WORDS]) + " …")
        else:
            out += lines[index:end]
            previous = _remember(words, seen, previous)
        unread = len(out)
        index = end
    return "\n".join(out)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _remember(words: list[str], seen: set[tuple[str, ...]], previous: list[str]) -> list[str]:
    joined = previous + words
    seen |= word_runs(joined)
    return joined[-2:]
