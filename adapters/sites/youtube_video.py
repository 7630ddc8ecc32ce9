"""A YouTube video's page written for an agent: what it is, its description, chapters and transcript;
and a playlist's page as its list of videos.

Everything comes from the page's own data (``youtube_data``): the player answer's
``videoDetails`` and ``microformat`` for the video, the page data's chapter markers. A video
whose chapters the page data does not mark still has them when its description lists them the
way YouTube turns into chapters (its help's rule: a first time of 0:00, at least three times, in
order).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from adapters.json_fields import day_from_iso, number, obj, strings, text
from adapters.sites.youtube_data import renderers, said
from adapters.sites.youtube_transcript import Chapter, clock

#: Tags listed under the video, and videos listed for a playlist (its page holds the first 100).
SHOWN_TAGS = 20
SHOWN_VIDEOS = 200
_MAX_DESCRIPTION = 20_000
_DESCRIPTION_LINES = 1_000
_TIME = r"[\[(]?((?:\d{1,2}:)?\d{1,2}:\d{2})[\])]?"
_TIME_FIRST = re.compile(rf"\s*{_TIME}\s*[-–—:|.]?\s*(\S.*)")
_TIME_LAST = re.compile(rf"(\S.*?)\s*[-–—:|]?\s*{_TIME}\s*")
_MAX_CHAPTER_LINE = 300


@dataclass(frozen=True)
class Video:
    video_id: str
    title: str
    channel: str
    channel_url: str
    published: str
    seconds: int | None
    views: int | None
    category: str
    tags: list[str]
    description: str
    live: bool

    @classmethod
    def of(cls, player: dict[str, Any], video_id: str, site: str) -> Video | None:
        details = obj(player, "videoDetails")
        micro = obj(player, "microformat", "playerMicroformatRenderer")
        title = " ".join((text(details.get("title")) or said(micro.get("title"))).split())
        if not title:
            return None
        channel_id = text(details.get("channelId"))
        return cls(
            video_id=video_id,
            title=title,
            channel=" ".join((text(details.get("author")) or text(micro.get("ownerChannelName"))).split()),
            channel_url=f"{site}/channel/{channel_id}" if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", channel_id) else "",
            published=day_from_iso(micro.get("publishDate")) or day_from_iso(micro.get("uploadDate")),
            seconds=_whole(details.get("lengthSeconds")),
            views=_whole(details.get("viewCount")),
            category=text(micro.get("category")).strip(),
            tags=[" ".join(tag.split()) for tag in strings(details.get("keywords"))[:SHOWN_TAGS]],
            description=(text(details.get("shortDescription")) or said(micro.get("description")))[:_MAX_DESCRIPTION],
            live=bool(obj(micro, "liveBroadcastDetails").get("isLiveNow")) or details.get("isLive") is True,
        )


def chapters_of(page_data: dict[str, Any], description: str) -> list[Chapter]:
    """The video's chapters: the page data's markers, else the ones its description lists."""
    for name, start_of in (("chapterRenderer", _marker_start), ("macroMarkersListItemRenderer", _moment_start)):
        found = _in_order(
            [(start_of(item), " ".join(said(item.get("title")).split())) for item in renderers(page_data, name)]
        )
        if found:
            return found
    return description_chapters(description)


def description_chapters(description: str) -> list[Chapter]:
    """Pure: chapters as YouTube reads them from a description: times at a line's start or end, the
    first at 0:00, at least three, each later than the one before."""
    found: list[Chapter] = []
    for line in description.splitlines()[:_DESCRIPTION_LINES]:
        if len(line) > _MAX_CHAPTER_LINE:
            continue
        first, last = _TIME_FIRST.fullmatch(line), _TIME_LAST.fullmatch(line)
        time, title = (
            (first.group(1), first.group(2)) if first else (last.group(2), last.group(1)) if last else ("", "")
        )
        seconds = _clock_seconds(time)
        if seconds is None or not title.strip():
            continue
        if (not found and seconds != 0) or (found and seconds <= found[-1].start):
            if found:
                break
            continue
        found.append(Chapter(float(seconds), " ".join(title.split())))
    return found if len(found) >= 3 else []


def video_markdown(video: Video, chapters: list[Chapter], transcript: str | None, track_name: str, site: str) -> str:
    watch = f"{site}/watch?v={video.video_id}"
    lines = [f"# {_heading(video.title)}", ""]
    facts = [
        f"**Channel:** [{video.channel}]({video.channel_url})"
        if video.channel_url
        else f"**Channel:** {video.channel}"
        if video.channel
        else ""
    ]
    facts += [
        f"**Published:** {video.published}" if video.published else "",
        "**Live now**" if video.live else f"**Length:** {clock(video.seconds)}" if video.seconds else "",
        f"**Views:** {video.views:,}" if video.views is not None else "",
        f"**Category:** {video.category}" if video.category else "",
    ]
    lines += [" · ".join(fact for fact in facts if fact), ""]
    if video.tags:
        lines += [f"**Tags:** {', '.join(video.tags)}", ""]
    if video.description.strip():
        lines += ["## Description", "", plain_text(video.description), ""]
    if chapters:
        lines += ["## Chapters", ""]
        lines += [f"- [{clock(c.start)}]({watch}&t={int(c.start)}s) {c.title}" for c in chapters]
        lines.append("")
    if transcript:
        lines += [f"## Transcript ({track_name})", "", transcript, ""]
    return "\n".join(lines).strip() + "\n"


def playlist_markdown(page_data: dict[str, Any], list_id: str, site: str) -> tuple[str, int] | None:
    """A playlist page's title, description and videos; None when its data lists no video."""
    items = renderers(page_data, "playlistVideoRenderer", limit=SHOWN_VIDEOS)
    items = items or renderers(page_data, "playlistPanelVideoRenderer", limit=SHOWN_VIDEOS)
    videos = [line for line in (_playlist_line(item, list_id, site) for item in items) if line]
    if not videos:
        return None
    meta = next(iter(renderers(page_data, "playlistMetadataRenderer", limit=1)), {})
    title = " ".join(text(meta.get("title")).split()) or "A YouTube playlist"
    lines = [f"# {_heading(title)}", "", f"A YouTube playlist: {site}/playlist?list={list_id}", ""]
    about = text(meta.get("description"))[:_MAX_DESCRIPTION]
    if about.strip():
        lines += [plain_text(about), ""]
    lines += ["## Videos", ""]
    lines += [f"{number_}. {line}" for number_, line in enumerate(videos, start=1)]
    return "\n".join(lines).strip() + "\n", len(videos)


def _playlist_line(item: dict[str, Any], list_id: str, site: str) -> str:
    video_id = text(item.get("videoId"))
    title = " ".join(said(item.get("title")).split())
    if not re.fullmatch(r"[A-Za-z0-9_-]{11}", video_id) or not title:
        return ""
    parts = [f"[{title}]({site}/watch?v={video_id}&list={list_id})"]
    channel = " ".join(said(item.get("shortBylineText")).split())
    seconds = _whole(item.get("lengthSeconds"))
    length = clock(seconds) if seconds else said(item.get("lengthText")).strip()
    parts += [part for part in (channel, length) if part]
    return " · ".join(parts)


def _in_order(marks: list[tuple[float | None, str]]) -> list[Chapter]:
    """The marks up to where their times stop rising (the page data can hold a second list after the first)."""
    chapters: list[Chapter] = []
    for start, title in marks:
        if start is None or not title or (chapters and start <= chapters[-1].start):
            if chapters and start is not None and start <= chapters[-1].start:
                break
            continue
        chapters.append(Chapter(start, title))
    return chapters


def _marker_start(item: dict[str, Any]) -> float | None:
    millis = number(item.get("timeRangeStartMillis"))
    return millis / 1000 if millis is not None and 0 <= millis < 10**10 else None


def _moment_start(item: dict[str, Any]) -> float | None:
    seconds = number(obj(item, "onTap", "watchEndpoint").get("startTimeSeconds"))
    return float(seconds) if seconds is not None and 0 <= seconds < 10**7 else None


def _clock_seconds(time: str) -> int | None:
    if not time:
        return None
    parts = [int(part) for part in time.split(":")]
    if any(part >= 60 for part in parts[1:]):
        return None
    seconds = 0
    for part in parts:
        seconds = seconds * 60 + part
    return seconds


def _whole(value: Any) -> int | None:
    """A count YouTube sends as a string of digits ("574") or a number."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 16:
        return int(value)
    return number(value)


def _heading(title: str) -> str:
    return title.replace("\n", " ")


# A line Markdown reads as structure rather than words: an ATX heading ("#", "#\ttext"), a setext
# underline ("=====", "---", which makes the line above a heading) or a thematic break ("- - -", "* * *").
_MARKS_A_BLOCK = re.compile(
    r"^ {0,3}(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$|(?:-[ \t]*){3,}$|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$)"
)


def plain_text(said_text: str) -> str:
    """A plain-text description as Markdown that reads the same: its lines kept, and a line that
    would turn into a heading or a rule (or make the line above one) escaped."""
    lines = []
    for line in said_text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        stripped = line.strip()
        if _MARKS_A_BLOCK.match(line):
            line = "\\" + stripped
        lines.append(line.rstrip())
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
