"""Text that was UTF-8, read once as Latin-1 or windows-1252 and written out as UTF-8 again, repaired.

A site that stores or templates its text through the wrong charset serves "itâ€™s", "â\\x80\\x94"
(an em dash as three characters, two of them invisible controls), "nÃ£o" for "não": the page is
valid UTF-8 and declares it, so no decoder can tell, and a browser shows the same garbage. To
the agent every quote, dash and accented letter becomes noise. ftfy (made for exactly this, and
conservative: it changes a sequence only when the result is more plausible text) repairs it, run
only on the runs of text that show the telltale pairs, so a clean page costs a substring test.
"""

from __future__ import annotations

import re

# A UTF-8 lead byte read as Latin-1/windows-1252 (Â Ã â Ð Ñ: the leads of most Western, dash and
# quote, and Cyrillic characters) is what every such page holds; a page without any is never searched.
_LEADS = ("\u00c2", "\u00c3", "\u00e2", "\u00d0", "\u00d1")
# The pairs real text rarely writes: a lead followed by a C1 control (the Latin-1 reading of a
# continuation byte) or by what windows-1252 reads those bytes as ("â€" and "â‚" starting ’ “ — …
# and €), and "Â", "Ã", "Ð" or "Ñ" followed by a character from the second half of Latin-1 ("Ã©"
# for é, "Ð¿" for п, "Â°" for °: the degrees, ©, ®, ½ and ¯ of "360Â° bumper" and "Â¯\_(ツ)_/Â¯").
# A pair in real text ("café…") only costs ftfy a look: it changes nothing there.
_TELLTALE = re.compile(
    "[\u00c2-\u00f4][\u0080-\u009f\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039"
    "\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]"
    "|[\u00c2\u00c3][\u00a0-\u00bf]|[\u00d0\u00d1][\u00a0-\u00bf]"
)
# ftfy reads a run of text at a time: a run ends at a tag's bracket or a line break, and is at
# most this long either side of a telltale pair (a minified page is one line).
_RUN_CHARS = 5_000
_RUN_END = re.compile(r"[<>\n]")
# Bounds on the repair of one page: the pairs looked at, and the characters handed to ftfy
# (about 150 ms at most on this machine); past them the rest stays as it came.
MAX_REPAIRS = 5_000
MAX_REPAIRED_CHARS = 1_000_000


def repaired(text: str) -> str:
    """``text`` with its doubly encoded runs decoded once more; unchanged when it shows none."""
    if not any(lead in text for lead in _LEADS):
        return text
    pieces: list[str] = []
    done = 0  # everything before this index is in ``pieces``
    budget = MAX_REPAIRED_CHARS
    for count, pair in enumerate(_TELLTALE.finditer(text)):
        if count >= MAX_REPAIRS:
            break
        if pair.start() < done:  # in a run already repaired
            continue
        start, end = _run_around(text, pair.start(), pair.end(), floor=done)
        if end - start > budget:
            break
        budget -= end - start
        pieces.append(text[done:start])
        pieces.append(_fixed(text[start:end]))
        done = end
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def _run_around(text: str, start: int, end: int, *, floor: int) -> tuple[int, int]:
    """The run of text holding ``text[start:end]``: from the last tag bracket or line break before it
    (not before ``floor``) to the next one after it, at most ``_RUN_CHARS`` either side."""
    low = max(floor, start - _RUN_CHARS)
    before = max(text.rfind(mark, low, start) for mark in "<>\n")
    run_start = before + 1 if before >= 0 else low
    following = _RUN_END.search(text, end, min(len(text), end + _RUN_CHARS))
    run_end = following.start() if following else min(len(text), end + _RUN_CHARS)
    return run_start, run_end


def _fixed(run: str) -> str:
    import ftfy  # lazily: only pages that show the telltale pairs need it

    return ftfy.fix_encoding(run)
