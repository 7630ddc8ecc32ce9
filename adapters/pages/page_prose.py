"""The page's prose, and how much of it a cut holds: evidence that two agreeing extractors kept a part.

An article's cut is confirmed when Resiliparse agrees with it (``html_article``), but the two can
agree on the same part of a body that continues in lists, boxes or collapsed questions they both
leave out. The page's long runs of text (a text node of a paragraph's length, wherever it sits)
are its prose; a cut holding less than half of it leaves out more prose than it keeps, which is
when trafilatura's own comparison (a readability pass that wins at twice the length) is worth
its time. Menus, buttons and captions are short runs, so they do not count.
"""

from __future__ import annotations

import re

from adapters.pages.html_markdown import INVISIBLE_CHARACTERS

# A run of text this long (stripped) is a sentence or more: a paragraph's text, not a label. Long
# as a reader sees it, in columns: a Chinese, Japanese or Korean character takes two (it holds
# about what two or three English letters do), so 50 of them are a sentence or two, where 100
# would be a long paragraph and most of a Chinese page's paragraphs would not count.
PROSE_CHARS = 100
# Enough runs to judge any article by (the longest of the article corpus has a few hundred); a
# bound on what the walk keeps of a page built of thousands of paragraphs.
MAX_PROSE_PIECES = 2_000
# A run is found in the cut by its first words, as both read them: lower case, words only (the
# Markdown's links, emphasis and escapes, and the page's spacing, left out).
_KEY_CHARS = 40
# Each run is looked for in the whole cut, so a long article is judged by this many runs spread
# evenly over the page (a share of characters needs no more): 2,000 runs against a 550 kB cut
# took 0.43 s, 200 take a tenth of it.
MAX_RUNS_LOOKED_FOR = 200
_NOT_WORDS = re.compile(r"[\W_]+")
# The characters a terminal or a browser's monospace font gives two columns: Hangul, kana, CJK
# ideographs and punctuation, fullwidth forms (``unicodedata.east_asian_width`` "W" and "F", but
# for some symbols and archaic jamo, in one search rather than a call for each character).
_WIDE = re.compile(
    "[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf"
    "\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\U00020000-\U0003fffd]"
)
_LINK_TARGET = re.compile(r"\]\((?:<[^<>\n]*>|[^()\s]*)\)")


def is_prose(text: str) -> bool:
    """Whether a text node is a long run of text (the cheap length tests first: the walk asks of every node)."""
    if len(text) < PROSE_CHARS // 2:  # under half the columns even if every character took two
        return False
    stripped = text.strip()
    if len(stripped) >= PROSE_CHARS:
        return True
    return not stripped.isascii() and len(stripped) + len(_WIDE.findall(stripped)) >= PROSE_CHARS


# The runs a cut is judged by: each one's first words (``_KEY_CHARS``) and its length, as ``_plain`` reads them.
ProseRuns = tuple[tuple[str, int], ...]


def prose_held(markdown: str, prose: tuple[str, ...]) -> float:
    """The share of the page's prose (by characters) whose runs start somewhere in ``markdown``; 1.0 without prose."""
    return share_held(markdown, prose_runs(prose))


def prose_runs(prose: tuple[str, ...]) -> ProseRuns:
    """What ``share_held`` judges a cut by: at most ``MAX_RUNS_LOOKED_FOR`` of the page's runs, spread evenly
    over it. Apart from it so that a page read while another process makes its cut has them ready."""
    step = max(1.0, len(prose) / MAX_RUNS_LOOKED_FOR)
    runs = (_plain(prose[int(index * step)]) for index in range(min(len(prose), MAX_RUNS_LOOKED_FOR)))
    return tuple((run[:_KEY_CHARS], len(run)) for run in runs)


def share_held(markdown: str, runs: ProseRuns) -> float:
    """``prose_held`` over runs already read (``prose_runs``)."""
    total = sum(length for _, length in runs)
    if not total:
        return 1.0
    held_text = _plain(_LINK_TARGET.sub("]", markdown))
    return sum(length for key, length in runs if key in held_text) / total


def _plain(text: str) -> str:
    """Words only, as the Markdown holds them: the page's soft hyphens are gone from it (``tidy``)."""
    return " ".join(_NOT_WORDS.sub(" ", text.translate(INVISIBLE_CHARACTERS).lower()).split())
