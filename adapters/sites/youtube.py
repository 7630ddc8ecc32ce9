"""YouTube videos and playlists read from the data their pages are drawn from, with the video's transcript.

A watch page as fetched is a web app: what the generic extraction finds in it is the page's
description tag at best. The page carries the video's data in its scripts (``youtube_data``):
title, channel, date, length, views, the whole description and the chapters. Its caption
tracks' addresses there need a token only a browser makes, so the tracks are asked of the same
player endpoint the Android app calls (``/youtubei/v1/player``, with the page's own API key),
whose addresses are readable as they are; the page's tracks are the fallback. A video whose
transcript cannot be read is still read, with the reason in the page note.

Every address this reads is the configured site's: the caption file's address comes from an
answer, so it is followed only when it is on that host.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

import anyio
import httpx

from adapters.json_fields import obj, text
from adapters.pages.xml_text import XmlUnreadable
from adapters.sites.api_calls import GuardedCaller, call_file, call_json, with_query
from adapters.sites.urls import on_hosts
from adapters.sites.youtube_data import api_key, embedded_json
from adapters.sites.youtube_transcript import (
    Chapter,
    Track,
    Transcript,
    caption_tracks,
    chosen_track,
    clock,
    timed_lines,
    transcript_markdown,
)
from adapters.sites.youtube_video import Video, chapters_of, playlist_markdown, video_markdown
from domain.errors import SiteUnavailable
from domain.pages import FetchedPage, ResolvedPage

DEFAULT_SITE_URL = "https://www.youtube.com"
#: The Android app's client, as the player endpoint expects it to name itself.
ANDROID_CLIENT = {"clientName": "ANDROID", "clientVersion": "20.10.38"}
# Sent with the page requests: a browser that has answered the cookie consent (minimal choice), so
# that visitors from the EU get the page rather than the consent form.
_PAGE_HEADERS = {"Cookie": "SOCS=CAI; CONSENT=YES+", "Accept-Language": "en"}
_VIDEO_ID = re.compile(r"[A-Za-z0-9_-]{11}")
_LIST_ID = re.compile(r"[A-Za-z0-9_-]{2,64}")
_HOSTS = ("youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com",
          "www.youtube-nocookie.com")  # fmt: skip
_PATH_KINDS = ("shorts", "live", "embed", "v", "e")


@dataclass(frozen=True)
class YoutubeTarget:
    kind: str  # "video" or "playlist"
    ident: str


def target_of(url: str) -> YoutubeTarget | None:
    """Pure: the video or playlist a YouTube URL shows; None for anything else (a channel, a search)."""
    parsed = on_hosts(url, lambda host: host in _HOSTS or host == "youtu.be")
    if parsed is None:
        return None
    parts = [part for part in parsed.path.split("/") if part]
    if parsed.host.lower() == "youtu.be":
        video = parts[0] if len(parts) == 1 else ""
    elif parts == ["watch"]:
        video = parsed.params.get("v", "")
    elif len(parts) == 2 and parts[0] in _PATH_KINDS:
        video = parts[1]
    elif parts == ["playlist"]:
        listed = parsed.params.get("list", "")
        return YoutubeTarget("playlist", listed) if _LIST_ID.fullmatch(listed) else None
    else:
        return None
    return YoutubeTarget("video", video) if _VIDEO_ID.fullmatch(video) else None


class YoutubeResolver:
    """Implements ``domain.ports.SiteResolverPort``."""

    site = "YouTube's page data"

    def __init__(self, caller: GuardedCaller, *, site_url: str = DEFAULT_SITE_URL) -> None:
        self._caller = caller
        self._site_url = site_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return target_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        target = target_of(url)
        if target is None:
            raise SiteUnavailable("not a YouTube video or playlist URL")
        if target.kind == "playlist":
            return await self._playlist(target.ident)
        return await self._video(target.ident)

    async def _video(self, video_id: str) -> ResolvedPage:
        watch = f"{self._site_url}/watch?v={video_id}"
        page = await self._page(watch)
        player = await anyio.to_thread.run_sync(lambda: embedded_json(page.body, "ytInitialPlayerResponse"))
        video = Video.of(player, video_id, self._site_url)
        if video is None:
            reason = " ".join(text(obj(player, "playabilityStatus").get("reason")).split())[:200]
            raise SiteUnavailable(f"YouTube says: {reason}" if reason else "its page held no video data")
        page_data = await anyio.to_thread.run_sync(lambda: embedded_json(page.body, "ytInitialData"))
        chapters = chapters_of(page_data, video.description)
        notes = []
        status = obj(player, "playabilityStatus")
        if text(status.get("status")) not in ("OK", "") and text(status.get("reason")):
            notes.append("YouTube says: " + " ".join(text(status.get("reason")).split())[:200])
        tracks = await self._app_tracks(video_id, api_key(page.body)) or caption_tracks(player)
        transcript, track, missing = await self._transcript(tracks, chapters)
        markdown = await anyio.to_thread.run_sync(
            lambda: video_markdown(
                video,
                chapters,
                transcript.markdown if transcript else None,
                track.name if track else "",
                self._site_url,
            )
        )
        if transcript is not None and transcript.cut_at is not None:
            notes.append(f"the transcript is cut at {clock(transcript.cut_at)}, past its size limit")
        if missing:
            notes.append(f"no transcript: {missing}")
        cut = transcript is not None and transcript.cut_at is not None
        return ResolvedPage(watch, markdown, self.site, truncated=cut, note="; ".join(notes) or None)

    async def _playlist(self, list_id: str) -> ResolvedPage:
        address = f"{self._site_url}/playlist?list={list_id}"
        page = await self._page(address)
        page_data = await anyio.to_thread.run_sync(lambda: embedded_json(page.body, "ytInitialData"))
        written = playlist_markdown(page_data, list_id, self._site_url)
        if written is None:
            raise SiteUnavailable("its page listed no videos (private, empty, or a mix made for one viewer)")
        return ResolvedPage(address, written[0], self.site)

    async def _page(self, url: str) -> FetchedPage:
        page = await call_file(self._caller, url, headers=_PAGE_HEADERS)
        if httpx.URL(page.url).host.startswith("consent."):
            raise SiteUnavailable("YouTube answered with its cookie consent form instead of the page")
        if page.truncated:
            raise SiteUnavailable("its page was larger than the download cap")
        return page

    async def _transcript(
        self, tracks: list[Track], chapters: list[Chapter]
    ) -> tuple[Transcript | None, Track | None, str]:
        """The transcript of the chosen track, or None and why there is none."""
        track = chosen_track(tracks)
        if track is None:
            return None, None, "the video has no captions"
        address = self._caption_address(track.url)
        if address is None:
            return None, track, "its captions' address is not on YouTube"
        try:
            answer = await call_file(self._caller, address)
        except SiteUnavailable as failed:
            return None, track, f"its captions could not be fetched ({failed.reason})"
        if not answer.body.strip():
            return None, track, "YouTube sent an empty captions file (it asks for a signed-in browser's token)"
        try:
            lines = await anyio.to_thread.run_sync(lambda: timed_lines(answer.body))
        except XmlUnreadable:
            return None, track, "its captions file could not be read"
        if not lines:
            return None, track, "its captions file held no text"
        transcript = await anyio.to_thread.run_sync(lambda: transcript_markdown(lines, chapters))
        return transcript, track, ""

    async def _app_tracks(self, video_id: str, key: str | None) -> list[Track]:
        """The caption tracks the Android app's player answer lists; [] when that call fails."""
        query = {"prettyPrint": "false", **({"key": key} if key else {})}
        payload = {"context": {"client": ANDROID_CLIENT}, "videoId": video_id}
        try:
            answer = await call_json(
                self._caller,
                with_query(f"{self._site_url}/youtubei/v1/player", query),
                method="POST",
                payload=payload,
                headers={"Content-Type": "application/json"},
            )
        except SiteUnavailable:
            return []
        return caption_tracks(answer) if isinstance(answer, dict) else []

    def _caption_address(self, url: str) -> str | None:
        """The caption file's address in the plain timed-text form (without ``fmt``), when it is on the site."""
        site = httpx.URL(self._site_url)
        try:
            parsed = site.join(url)
        except (httpx.InvalidURL, UnicodeError):  # an answer's address can hold anything, a lone surrogate too
            return None
        if parsed.scheme != site.scheme or parsed.host != site.host or parsed.port != site.port:
            return None
        kept = [
            (name, value) for name, value in parse_qsl(parsed.query.decode("ascii", errors="replace")) if name != "fmt"
        ]
        return str(parsed.copy_with(query=urlencode(kept).encode("ascii")))
