"""Caption files in WebVTT, the format players other than YouTube's serve, as timed lines.

A WebVTT file is a header line, then cues: an optional name, a timing line ("00:01:02.500 -->
00:01:05.000", hours optional, settings after it) and the cue's text until a blank line. NOTE,
STYLE and REGION blocks carry no captions. The text may hold voice, class and timestamp tags
("<v Ada>", "<c.yellow>", "<00:01:03.000>"), which are not words, and entities. The grammar is
a handful of line rules, read here as lines; the file is as bounded as any answer (the fetcher's cap).
"""

from __future__ import annotations

import html
import re

_TIMING = re.compile(r"(?:(\d{1,5}):)?(\d{2}):(\d{2})[.,](\d{3})\s+-->\s+")
_TAG = re.compile(r"<[^<>]{0,200}>")
_BLOCKS = ("NOTE", "STYLE", "REGION")


def vtt_lines(body: str) -> list[tuple[float, str]]:
    """(start in seconds, text) of each cue of a WebVTT file, in order; [] for anything else."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not lines or not lines[0].lstrip("\ufeff").startswith("WEBVTT"):
        return []
    cues: list[tuple[float, str]] = []
    start: float | None = None
    said: list[str] = []
    skipping = False
    for line in lines[1:]:
        if not line.strip():
            if start is not None and (text := _spoken(" ".join(said))):
                cues.append((start, text))
            start, said, skipping = None, [], False
            continue
        if skipping:
            continue
        if start is None:
            if line.split(" ", 1)[0] in _BLOCKS:
                skipping = True
            elif (timing := _TIMING.match(line)) is not None:
                hours, minutes, seconds, millis = (int(part or 0) for part in timing.groups())
                start = hours * 3600 + minutes * 60 + seconds + millis / 1000
            continue  # a cue's name, before its timing line
        said.append(line)
    if start is not None and (text := _spoken(" ".join(said))):
        cues.append((start, text))
    return cues


def _spoken(raw: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", raw)).split())
