"""YouTube pages and answers for the reader's tests, built in the shapes YouTube serves them.

A watch page carries its data as ``var ytInitialPlayerResponse = {...};`` and ``var ytInitialData
= {...};`` in inline scripts, and the web client's key as ``"INNERTUBE_API_KEY":"..."`` in its
config; caption files are timed text (``<transcript><text start dur>``, or format 3's ``<p t d>``).
Written for these tests from those shapes, not recorded.
"""

from __future__ import annotations

import json
from typing import Any

VIDEO_ID = "dQw4w9WgXcQ"
API_KEY = "AIzaTestKey_0123456789-abc"
CAPTIONS = "/api/timedtext"


def player(**changes: Any) -> dict[str, Any]:
    """The player answer of a 9:34 lecture with two caption tracks (automatic English, written French)."""
    data: dict[str, Any] = {
        "playabilityStatus": {"status": "OK"},
        "videoDetails": {
            "videoId": VIDEO_ID,
            "title": "How Search Backends Fail Over",
            "lengthSeconds": "574",
            "keywords": ["search", "failover", "MCP"],
            "channelId": "UCrelay0000000000000000",
            "shortDescription": (
                "Why failover needs proof.\n\n# Not a heading\nSlides: https://relay.example/slides\n\n"
                "0:00 Intro\n1:05 Circuit breakers\n4:10 Hedging\n"
            ),
            "viewCount": "1234567",
            "author": "Relay Talks",
        },
        "microformat": {
            "playerMicroformatRenderer": {
                "publishDate": "2026-03-14T07:00:00-07:00",
                "uploadDate": "2026-03-14T07:00:00-07:00",
                "category": "Science & Technology",
            }
        },
        "captions": {
            "playerCaptionsTracklistRenderer": {
                "captionTracks": [
                    {
                        "baseUrl": f"https://www.youtube.com{CAPTIONS}?v={VIDEO_ID}&lang=fr&exp=xpe",
                        "name": {"simpleText": "French"},
                        "languageCode": "fr",
                    },
                    {
                        "baseUrl": f"https://www.youtube.com{CAPTIONS}?v={VIDEO_ID}&lang=en&kind=asr&exp=xpe",
                        "name": {"runs": [{"text": "English (auto-generated)"}]},
                        "languageCode": "en",
                        "kind": "asr",
                    },
                ]
            }
        },
    }
    data.update(changes)
    return data


def android_answer() -> dict[str, Any]:
    """What the player endpoint answers the Android client: the same tracks, at addresses it can read."""
    tracks = [
        {
            "baseUrl": f"https://www.youtube.com{CAPTIONS}?v={VIDEO_ID}&lang=en&kind=asr&fmt=srv3",
            "name": {"runs": [{"text": "English (auto-generated)"}]},
            "languageCode": "en",
            "kind": "asr",
        },
        {
            "baseUrl": f"https://www.youtube.com{CAPTIONS}?v={VIDEO_ID}&lang=en&name=Talk&fmt=srv3",
            "name": {"runs": [{"text": "English"}]},
            "languageCode": "en",
        },
    ]
    return {"captions": {"playerCaptionsTracklistRenderer": {"captionTracks": tracks}}}


def chapter_markers() -> dict[str, Any]:
    """ytInitialData with the description's chapters as the player bar's markers (a second, automatic list after)."""

    def chapter(title: str, millis: int) -> dict[str, Any]:
        return {"chapterRenderer": {"title": {"simpleText": title}, "timeRangeStartMillis": millis}}

    markers = [
        {"key": "DESCRIPTION_CHAPTERS", "value": {"chapters": [chapter("Intro", 0), chapter("Circuit breakers", 65_000),
                                                               chapter("Hedging", 250_000)]}},
        {"key": "AUTO_CHAPTERS", "value": {"chapters": [chapter("Start", 0), chapter("Middle", 200_000)]}},
    ]  # fmt: skip
    bar = {"multiMarkersPlayerBarRenderer": {"markersMap": markers}}
    return {"playerOverlays": {"playerOverlayRenderer": {"decoratedPlayerBarRenderer": {"playerBar": bar}}}}


def watch_page(player_data: dict[str, Any] | None, page_data: dict[str, Any] | None, *, key: str = API_KEY) -> bytes:
    scripts = [f'<script>ytcfg.set({{"INNERTUBE_API_KEY":"{key}","HL":"en"}});</script>']
    if player_data is not None:
        scripts.append(f"<script>var ytInitialPlayerResponse = {json.dumps(player_data)};var meta = 1;</script>")
    if page_data is not None:
        scripts.append(f"<script>var ytInitialData = {json.dumps(page_data)};</script>")
    head = '<html><head><title>YouTube</title><meta name="description" content="Watch on YouTube"></head>'
    return (head + "<body><div id=player></div>" + "".join(scripts) + "</body></html>").encode()


def timed_text(lines: list[tuple[float, float, str]]) -> bytes:
    """The plain timed-text form: seconds, and text escaped twice as YouTube sends it."""
    body = "".join(
        f'<text start="{start}" dur="{duration}">{said.replace("&", "&amp;amp;").replace("<", "&amp;lt;")}</text>'
        for start, duration, said in lines
    )
    return f'<?xml version="1.0" encoding="utf-8" ?><transcript>{body}</transcript>'.encode("utf-8", "surrogatepass")


def format_three(lines: list[tuple[int, str]]) -> bytes:
    """Format 3: milliseconds, automatic captions' words in ``<s>`` children."""
    body = "".join(
        f'<p t="{millis}" d="2000" w="1">' + "".join(f"<s>{word} </s>" for word in said.split()) + "</p>"
        for millis, said in lines
    )
    return f'<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>{body}</body></timedtext>'.encode()


def playlist_data() -> dict[str, Any]:
    def entry(video: str, title: str, seconds: str) -> dict[str, Any]:
        return {
            "playlistVideoRenderer": {
                "videoId": video,
                "title": {"runs": [{"text": title}]},
                "shortBylineText": {"runs": [{"text": "Relay Talks"}]},
                "lengthSeconds": seconds,
            }
        }

    videos = [
        entry(VIDEO_ID, "How Search Backends Fail Over", "574"),
        entry("abcdefghijk", "Hedging, Measured", "3725"),
        entry("not-an-id", "Broken entry", "10"),
    ]
    listing = {"playlistVideoListRenderer": {"contents": videos}}
    return {
        "metadata": {
            "playlistMetadataRenderer": {"title": "Relay Talks 2026", "description": "Every talk of the year."}
        },
        "contents": {"twoColumnBrowseResultsRenderer": {"tabs": [{"tabRenderer": {"content": listing}}]}},
    }
