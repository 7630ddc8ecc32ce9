"""Vimeo videos read from Vimeo's own descriptions of them, with the video's transcript.

A video's page is a player application: what the generic extraction finds in it is a title and a
line. Vimeo's oEmbed endpoint (``/api/oembed.json?url=...``, documented, no account) answers with
the title, the author, the upload date, the length and the whole description; the player's
configuration (``player.vimeo.com/video/{id}/config``, what the embedded player itself asks)
lists the video's text tracks, captions or subtitles in WebVTT, read as timed paragraphs as a
YouTube transcript is, under the chapters the description lists. A video whose transcript cannot
be read is still read, with the reason in the page note. A track's address comes from an answer,
so it is followed only on Vimeo's own hosts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

import anyio

from adapters.json_fields import number, obj, objs, one_line, text
from adapters.sites.api_calls import GuardedCaller, call_file, call_json, with_query
from adapters.sites.deadlines import before_deadline
from adapters.sites.urls import on_hosts
from adapters.sites.web_vtt import vtt_lines
from adapters.sites.youtube_transcript import clock, transcript_markdown
from adapters.sites.youtube_video import description_chapters, plain_text
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_SITE_URL = "https://vimeo.com"
DEFAULT_PLAYER_URL = "https://player.vimeo.com"
_ID = re.compile(r"[1-9][0-9]{3,11}")
_HASH = re.compile(r"[0-9a-f]{6,20}")
_DATE = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})")
#: The description read at most, as YouTube's is.
MAX_DESCRIPTION = 20_000
_MACHINE_MADE = frozenset({"ai_generated", "auto_generated", "machine_generated"})


@dataclass(frozen=True)
class VimeoVideo:
    ident: str
    unlisted_hash: str | None = None  # an unlisted video's link carries it; the player needs it too


def video_of(url: str) -> VimeoVideo | None:
    """Pure: the video a Vimeo URL shows; None for anything else (a user's page, a showcase's list)."""
    parsed = on_hosts(url, lambda host: host in ("vimeo.com", "www.vimeo.com", "player.vimeo.com"))
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if parsed.host.lower() == "player.vimeo.com":
        ident = parts[1] if len(parts) == 2 and parts[0] == "video" else ""
        hashed = parsed.params.get("h")
    elif parts and _ID.fullmatch(parts[0]):
        ident, hashed = parts[0], parts[1] if len(parts) == 2 else None
    elif len(parts) == 3 and parts[0] == "channels":
        ident, hashed = parts[2], None
    elif len(parts) == 4 and (parts[0], parts[2]) in (("groups", "videos"), ("showcase", "video")):
        ident, hashed = parts[3], None
    else:
        return None
    if not _ID.fullmatch(ident):
        return None
    return VimeoVideo(ident, hashed if hashed and _HASH.fullmatch(hashed) else None)


class VimeoResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "Vimeo's oEmbed and player data"

    def __init__(
        self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL, player_url: str = DEFAULT_PLAYER_URL
    ) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")
        self._player_url = player_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return video_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        video = video_of(url)
        if video is None:
            raise SiteUnavailable("not a Vimeo video's address")
        page = f"{self._site_url}/{video.ident}" + (f"/{video.unlisted_hash}" if video.unlisted_hash else "")
        about = obj(await call_json(self._caller, with_query(f"{self._site_url}/api/oembed.json", {"url": page})))
        if not text(about.get("title")):
            raise SiteUnavailable("its answer had no video")
        description = text(about.get("description")).strip()[:MAX_DESCRIPTION]
        chapters = description_chapters(description)
        transcript: list[tuple[float, str]] = []
        missing: str | None = "No transcript: the player's data was not read in time."
        # The transcript's calls end a second before the read's deadline: the video already
        # described is written whatever they do.
        with before_deadline():
            transcript, missing = await self._transcript(video)
        said = transcript_markdown(transcript, chapters) if transcript else None
        note = missing
        if said is not None and said.cut_at is not None:
            note = f"The transcript is cut at {clock(said.cut_at)}, past 300,000 characters."
        markdown = video_markdown(about, description, said.markdown if said else None)
        return ResolvedPage(page, markdown, self.site, truncated=bool(said and said.cut_at), note=note)

    async def _transcript(self, video: VimeoVideo) -> tuple[list[tuple[float, str]], str | None]:
        """The chosen text track's timed lines, or [] and why there are none."""
        query = {"h": video.unlisted_hash} if video.unlisted_hash else {}
        try:
            config = obj(
                await call_json(self._caller, with_query(f"{self._player_url}/video/{video.ident}/config", query))
            )
        except SiteUnavailable as failed:
            return [], f"No transcript: the player's data could not be read ({failed.reason})."
        track = chosen_track(objs(obj(config, "request").get("text_tracks")))
        if track is None:
            return [], "No transcript: the video has no captions or subtitles."
        try:
            address = urljoin(self._player_url + "/", text(track.get("url")))
        except ValueError:  # "Invalid IPv6 URL": a bracket out of place
            address = ""
        if on_hosts(address, lambda host: host == "vimeo.com" or host.endswith(".vimeo.com")) is None:
            return [], "No transcript: the track's address is not a Vimeo address."
        try:
            answer = await call_file(self._caller, address)
        except SiteUnavailable as failed:
            return [], f"No transcript: its captions could not be read ({failed.reason})."
        lines = await anyio.to_thread.run_sync(vtt_lines, answer.body.decode("utf-8", errors="replace"))
        return (lines, None) if lines else ([], "No transcript: its captions file was empty or not WebVTT.")


def chosen_track(tracks: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The track a person wrote (captions first, then subtitles) rather than one made by machine."""

    def rank(track: dict[str, Any]) -> tuple[bool, bool]:
        made = "auto-generated" in text(track.get("label")).lower() or text(track.get("provenance")) in _MACHINE_MADE
        return made, text(track.get("kind")) != "captions"

    usable = [track for track in tracks if text(track.get("url"))]
    return min(usable, key=rank) if usable else None


def video_markdown(about: dict[str, Any], description: str, transcript: str | None) -> str:
    """The video as Markdown: its title, its facts, its description, its transcript."""
    lines = [f"# {one_line(about.get('title'))}", ""]
    facts = []
    if author := one_line(about.get("author_name")):
        facts.append(f"**By:** {author}")
    if (day := _DATE.match(text(about.get("upload_date")))) is not None:
        facts.append(f"**Uploaded:** {day[1]}")
    if (seconds := number(about.get("duration"))) is not None and 0 < seconds < 10**7:
        facts.append(f"**Length:** {clock(seconds)}")
    if facts:
        lines += [" · ".join(facts), ""]
    if description:
        lines += ["## Description", "", plain_text(description), ""]
    lines += ["## Transcript", "", transcript] if transcript else []
    return "\n".join(lines).strip() + "\n"
