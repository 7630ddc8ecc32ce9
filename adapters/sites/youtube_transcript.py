"""A YouTube video's captions as a transcript an agent can read and cite: paragraphs with their times.

YouTube serves a caption track as timed text in one of two XML forms: ``<transcript><text
start="0.32" dur="4.4">`` (seconds) or the newer ``<timedtext format="3"><body><p t="320"
d="4400">`` (milliseconds, words of automatic captions in ``<s>`` children). Either is parsed by
``xml_text.parse_xml`` (no entities, no DTD, no network); the text inside is HTML-escaped a
second time ("&amp;#39;"), so it is unescaped once more. Captions come as lines of two or three
seconds; they are joined into paragraphs of about half a minute to a minute, broken where a
chapter starts, each opened by its time so the agent can point at the moment.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from adapters.json_fields import objs, text
from adapters.pages.xml_text import XmlUnreadable, parse_xml
from adapters.sites.youtube_data import said

#: A paragraph closes at a sentence's end once it is this long, and anywhere once it is twice that.
PARAGRAPH_SECONDS = 30.0
#: The transcript's text at most (a three-hour talk is about 170,000 characters).
MAX_TRANSCRIPT_CHARS = 300_000
_TAG = re.compile(r"<[^<>]{0,200}>")
_SENTENCE_END = (".", "?", "!", "…", "。", "？", "！", '"', "'", "”")


@dataclass(frozen=True)
class Track:
    url: str
    language: str  # its code, "en"
    name: str  # as YouTube names it, "English (auto-generated)"
    automatic: bool


@dataclass(frozen=True)
class Chapter:
    start: float
    title: str


@dataclass(frozen=True)
class Transcript:
    markdown: str
    cut_at: float | None  # the time the transcript stops at when MAX_TRANSCRIPT_CHARS cut it


def caption_tracks(player: dict[str, Any]) -> list[Track]:
    """The caption tracks a player answer lists (``captions.playerCaptionsTracklistRenderer``)."""
    renderer = player.get("captions")
    renderer = renderer.get("playerCaptionsTracklistRenderer") if isinstance(renderer, dict) else None
    tracks = []
    for track in objs(renderer.get("captionTracks") if isinstance(renderer, dict) else None):
        url, language = text(track.get("baseUrl")), text(track.get("languageCode"))
        if url and language:
            automatic = track.get("kind") == "asr"
            name = " ".join(said(track.get("name")).split()) or language
            tracks.append(Track(url, language, name, automatic))
    return tracks


def chosen_track(tracks: list[Track]) -> Track | None:
    """The track closest to what is said: one written by people in the spoken language (the language
    of the automatic track, which is made from the sound), else the automatic one, else the first."""
    automatic = next((track for track in tracks if track.automatic), None)
    written = [track for track in tracks if not track.automatic]
    if automatic is not None:
        spoken = automatic.language.split("-")[0]
        same = [track for track in written if track.language.split("-")[0] == spoken]
        return same[0] if same else automatic
    return written[0] if written else None


def timed_lines(body: bytes) -> list[tuple[float, str]]:
    """(start in seconds, text) of each caption in a timed-text file; raises ``XmlUnreadable``."""
    root = parse_xml(body)
    lines = []
    for element in root.iter("text", "p"):
        seconds = _seconds(element.get("start"), 1.0) if element.tag == "text" else _seconds(element.get("t"), 0.001)
        if seconds is None:
            continue
        spoken = _caption_text("".join(element.itertext()))
        if spoken:
            lines.append((seconds, spoken))
    if not lines and root.tag not in ("transcript", "timedtext"):
        raise XmlUnreadable("not a timed-text file")
    return lines


def transcript_markdown(lines: list[tuple[float, str]], chapters: list[Chapter]) -> Transcript:
    """The lines as paragraphs opened by their time, under the chapters' headings when there are any."""
    starts = [chapter.start for chapter in chapters]
    out: list[str] = []
    size = 0
    paragraph: list[str] = []
    opened = 0.0
    chapter = -1

    def close() -> None:
        nonlocal size
        if paragraph:
            out.append(f"[{clock(opened)}] " + " ".join(paragraph))
            out.append("")
            size += len(out[-2]) + 2
            paragraph.clear()

    for seconds, spoken in lines:
        entered = chapter
        while entered + 1 < len(starts) and seconds >= starts[entered + 1]:
            entered += 1
        long_enough = (
            seconds - opened >= PARAGRAPH_SECONDS and paragraph[-1].endswith(_SENTENCE_END) if paragraph else False
        )
        if entered != chapter or long_enough or (paragraph and seconds - opened >= 2 * PARAGRAPH_SECONDS):
            close()
        if size > MAX_TRANSCRIPT_CHARS:
            return Transcript("\n".join(out).strip(), seconds)
        if entered != chapter:
            chapter = entered
            title = chapters[chapter]
            out += [f"### {title.title} ({clock(title.start)})", ""]
        if not paragraph:
            opened = seconds
        paragraph.append(spoken)
    close()
    return Transcript("\n".join(out).strip(), None)


def clock(seconds: float) -> str:
    """A time as a player shows it: "4:05", "1:02:03"."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _seconds(value: str | None, unit: float) -> float | None:
    try:
        seconds = float(value) * unit if value is not None else None
    except ValueError:
        return None
    return seconds if seconds is not None and 0 <= seconds < 10**7 else None


def _caption_text(raw: str) -> str:
    return " ".join(_TAG.sub(" ", html.unescape(raw)).split())
