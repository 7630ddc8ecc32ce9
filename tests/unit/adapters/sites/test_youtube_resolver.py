"""YouTube videos and playlists read from their pages' data, with the transcript, against a faked YouTube."""

from __future__ import annotations

import json

import httpx
import pytest

from adapters.sites import youtube_transcript
from adapters.sites.youtube import YoutubeResolver, YoutubeTarget, target_of
from adapters.sites.youtube_transcript import Chapter, Track, chosen_track, timed_lines, transcript_markdown
from adapters.sites.youtube_video import description_chapters
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, json_answer, routed_fetcher
from tests.support.youtube_pages import (
    API_KEY,
    CAPTIONS,
    VIDEO_ID,
    android_answer,
    chapter_markers,
    format_three,
    player,
    playlist_data,
    timed_text,
    watch_page,
)

pytestmark = pytest.mark.anyio
HOST = "www.youtube.com"
URL = f"https://youtu.be/{VIDEO_ID}"
WATCH = f"https://www.youtube.com/watch?v={VIDEO_ID}"
SPOKEN = [
    (0.2, 2.5, "Welcome to the talk."),
    (3.0, 4.0, "Today: failover you can prove."),
    (66.0, 3.0, "A breaker opens after failures & it's <b>half-open</b> later."),
    (70.0, 3.0, "That is the whole idea."),
    (251.0, 2.0, "Hedging sends a second request."),
]

EXPECTED = f"""\
# How Search Backends Fail Over

**Channel:** [Relay Talks](https://www.youtube.com/channel/UCrelay0000000000000000) · **Published:** 2026-03-14 · \
**Length:** 9:34 · **Views:** 1,234,567 · **Category:** Science & Technology

**Tags:** search, failover, MCP

## Description

Why failover needs proof.

\\# Not a heading
Slides: https://relay.example/slides

0:00 Intro
1:05 Circuit breakers
4:10 Hedging

## Chapters

- [0:00]({WATCH}&t=0s) Intro
- [1:05]({WATCH}&t=65s) Circuit breakers
- [4:10]({WATCH}&t=250s) Hedging

## Transcript (English)

### Intro (0:00)

[0:00] Welcome to the talk. Today: failover you can prove.

### Circuit breakers (1:05)

[1:06] A breaker opens after failures & it's half-open later. That is the whole idea.

### Hedging (4:10)

[4:11] Hedging sends a second request.
"""


def _router(page: bytes, *, app: httpx.Response | None = None, captions: bytes = timed_text(SPOKEN)) -> SiteRouter:
    html = httpx.Response(200, content=page, headers={"content-type": "text/html; charset=utf-8"})
    xml = httpx.Response(200, content=captions, headers={"content-type": "text/xml; charset=UTF-8"})
    return (
        SiteRouter()
        .add(HOST, "/watch", html)
        .add(HOST, "/youtubei/v1/player", app if app is not None else json_answer(android_answer()))
        .add(HOST, CAPTIONS, xml)
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, YoutubeTarget("video", VIDEO_ID)),
        (f"{WATCH}&t=42s&list=PLx", YoutubeTarget("video", VIDEO_ID)),
        (f"https://m.youtube.com/watch?v={VIDEO_ID}", YoutubeTarget("video", VIDEO_ID)),
        (f"https://www.youtube.com/shorts/{VIDEO_ID}", YoutubeTarget("video", VIDEO_ID)),
        (f"https://www.youtube.com/live/{VIDEO_ID}?si=x", YoutubeTarget("video", VIDEO_ID)),
        (f"https://www.youtube-nocookie.com/embed/{VIDEO_ID}", YoutubeTarget("video", VIDEO_ID)),
        ("https://www.youtube.com/playlist?list=PLrelayTalks2026", YoutubeTarget("playlist", "PLrelayTalks2026")),
        ("https://www.youtube.com/watch?v=short", None),
        ("https://www.youtube.com/@RelayTalks", None),
        ("https://www.youtube.com/results?search_query=relay", None),
        (f"https://youtu.be/{VIDEO_ID}/extra", None),
        (f"https://notyoutube.com/watch?v={VIDEO_ID}", None),
        (f"ftp://www.youtube.com/watch?v={VIDEO_ID}", None),
    ],
)
def test_urls_say_which_video_or_playlist_they_show(url: str, expected: YoutubeTarget | None) -> None:
    assert target_of(url) == expected


async def test_a_video_reads_with_its_facts_description_chapters_and_transcript() -> None:
    router = _router(watch_page(player(), chapter_markers()))

    page = await YoutubeResolver(routed_fetcher(router)).read(URL)

    assert page.markdown == EXPECTED
    assert page.url == WATCH
    assert page.note is None
    watch, app, captions = router.seen
    assert (watch.method, watch.params) == ("GET", {"v": VIDEO_ID})
    assert "SOCS=CAI" in watch.headers["cookie"]
    assert (app.method, app.params) == ("POST", {"prettyPrint": "false", "key": API_KEY})
    sent = json.loads(app.body)
    assert sent == {"context": {"client": {"clientName": "ANDROID", "clientVersion": "20.10.38"}}, "videoId": VIDEO_ID}
    # The written English track, not the automatic one, and in its plain form (no fmt).
    assert captions.params == {"v": VIDEO_ID, "lang": "en", "name": "Talk"}
    assert "cookie" not in app.headers and "cookie" not in captions.headers


async def test_when_the_app_call_fails_the_pages_own_tracks_are_read() -> None:
    router = _router(watch_page(player(), {}), app=json_answer({"error": {"message": "quota"}}, 403))

    page = await YoutubeResolver(routed_fetcher(router)).read(WATCH)

    assert router.seen[-1].params == {"v": VIDEO_ID, "lang": "en", "kind": "asr", "exp": "xpe"}
    # Chapters from the description when the page data marks none.
    assert "- [1:05](" in page.markdown
    assert "## Transcript (English (auto-generated))" in page.markdown


async def test_an_empty_captions_file_leaves_the_video_read_and_says_why() -> None:
    router = _router(watch_page(player(), {}), captions=b"")

    page = await YoutubeResolver(routed_fetcher(router)).read(URL)

    assert "## Transcript" not in page.markdown
    assert page.markdown.startswith("# How Search Backends Fail Over\n")
    assert page.note == "no transcript: YouTube sent an empty captions file (it asks for a signed-in browser's token)"


async def test_a_caption_address_on_another_host_is_not_followed() -> None:
    elsewhere = {"baseUrl": "https://tracker.example/timedtext?v=x", "languageCode": "en"}
    answer = {"captions": {"playerCaptionsTracklistRenderer": {"captionTracks": [elsewhere]}}}
    router = _router(watch_page(player(), {}), app=json_answer(answer))

    page = await YoutubeResolver(routed_fetcher(router)).read(URL)

    assert [seen.host for seen in router.seen] == [HOST, HOST]
    assert page.note == "no transcript: its captions' address is not on YouTube"


@pytest.mark.parametrize("address", ["https://www.youtube.com/api/timedtext?v=\ud800", "/api/timedtext?v=\ud800", "::"])
async def test_a_caption_address_that_is_not_one_is_not_followed(address: str) -> None:
    answer = {
        "captions": {"playerCaptionsTracklistRenderer": {"captionTracks": [{"baseUrl": address, "languageCode": "en"}]}}
    }
    app = httpx.Response(200, content=json.dumps(answer).encode(), headers={"content-type": "application/json"})
    router = _router(watch_page(player(captions={}), {}), app=app)

    page = await YoutubeResolver(routed_fetcher(router)).read(URL)

    assert page.markdown.startswith("# How Search Backends Fail Over")
    assert page.note is not None and page.note.startswith("no transcript: ")


async def test_a_video_without_captions_says_so() -> None:
    router = _router(watch_page(player(captions={}), {}), app=json_answer({"playabilityStatus": {"status": "OK"}}))

    page = await YoutubeResolver(routed_fetcher(router)).read(URL)

    assert page.note == "no transcript: the video has no captions"


async def test_an_unavailable_video_is_refused_with_youtubes_words() -> None:
    gone = {"playabilityStatus": {"status": "ERROR", "reason": "This video isn't available anymore"}}
    router = _router(watch_page(gone, {}))
    with pytest.raises(SiteUnavailable, match=r"^YouTube says: This video isn't available anymore$"):
        await YoutubeResolver(routed_fetcher(router)).read(URL)


async def test_an_age_restricted_video_is_read_as_far_as_its_page_goes() -> None:
    gated = player(playabilityStatus={"status": "LOGIN_REQUIRED", "reason": "Sign in to confirm your age"}, captions={})
    router = _router(watch_page(gated, {}), app=json_answer({"playabilityStatus": {"status": "LOGIN_REQUIRED"}}))

    page = await YoutubeResolver(routed_fetcher(router)).read(URL)

    assert page.markdown.startswith("# How Search Backends Fail Over")
    assert page.note == "YouTube says: Sign in to confirm your age; no transcript: the video has no captions"


async def test_the_consent_form_is_named_not_read_as_the_video() -> None:
    moved = httpx.Response(302, headers={"location": "https://consent.youtube.com/m?continue=x"})
    form = httpx.Response(200, content=b"<html><form action='https://consent.youtube.com/s'></form></html>",
                          headers={"content-type": "text/html"})  # fmt: skip
    router = SiteRouter().add(HOST, "/watch", moved).add("consent.youtube.com", "/m", form)
    with pytest.raises(SiteUnavailable, match="cookie consent form"):
        await YoutubeResolver(routed_fetcher(router)).read(URL)


async def test_a_page_without_the_players_data_is_refused() -> None:
    router = _router(watch_page(None, None))
    with pytest.raises(SiteUnavailable, match=r"^its page held no video data$"):
        await YoutubeResolver(routed_fetcher(router)).read(URL)


async def test_a_broken_assignment_reads_as_no_data_not_a_crash() -> None:
    page = watch_page(None, None).replace(
        b"</body>", b'<script>var ytInitialPlayerResponse = {"videoDetails": [</script></body>'
    )
    with pytest.raises(SiteUnavailable, match=r"^its page held no video data$"):
        await YoutubeResolver(routed_fetcher(_router(page))).read(URL)


async def test_a_playlist_reads_as_its_videos() -> None:
    html = httpx.Response(200, content=watch_page(None, playlist_data()), headers={"content-type": "text/html"})
    router = SiteRouter().add(HOST, "/playlist", html)

    page = await YoutubeResolver(routed_fetcher(router)).read("https://www.youtube.com/playlist?list=PLrelay")

    assert page.markdown == (
        "# Relay Talks 2026\n\nA YouTube playlist: https://www.youtube.com/playlist?list=PLrelay\n\n"
        "Every talk of the year.\n\n## Videos\n\n"
        f"1. [How Search Backends Fail Over](https://www.youtube.com/watch?v={VIDEO_ID}&list=PLrelay) · Relay Talks"
        " · 9:34\n"
        "2. [Hedging, Measured](https://www.youtube.com/watch?v=abcdefghijk&list=PLrelay) · Relay Talks · 1:02:05\n"
    )


async def test_an_empty_playlist_is_refused() -> None:
    html = httpx.Response(200, content=watch_page(None, {"metadata": {}}), headers={"content-type": "text/html"})
    router = SiteRouter().add(HOST, "/playlist", html)
    with pytest.raises(SiteUnavailable, match="listed no videos"):
        await YoutubeResolver(routed_fetcher(router)).read("https://www.youtube.com/playlist?list=PLrelay")


def test_format_three_captions_read_as_their_words() -> None:
    assert timed_lines(format_three([(1500, "hello there"), (4000, "general")])) == [
        (1.5, "hello there"),
        (4.0, "general"),
    ]


def test_a_caption_file_that_is_not_timed_text_is_refused() -> None:
    from adapters.pages.xml_text import XmlUnreadable

    with pytest.raises(XmlUnreadable):
        timed_lines(b"<html><body>nope</body></html>")


def test_paragraphs_close_at_a_sentence_after_half_a_minute_and_anywhere_after_a_minute() -> None:
    lines = [(float(second), "word.") for second in range(0, 40, 4)] + [(float(s), "and") for s in range(40, 130, 5)]

    written = transcript_markdown(lines, []).markdown.split("\n\n")

    assert [paragraph.split("]")[0] for paragraph in written] == ["[0:00", "[0:32", "[1:35"]


def test_a_long_transcript_is_cut_and_says_where(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(youtube_transcript, "MAX_TRANSCRIPT_CHARS", 200)
    lines = [(float(second), "A sentence of words.") for second in range(0, 3600, 5)]

    transcript = transcript_markdown(lines, [])

    assert transcript.cut_at is not None and 0 < transcript.cut_at < 3600
    assert len(transcript.markdown) < 600


@pytest.mark.parametrize(
    ("tracks", "chosen"),
    [
        (
            [
                Track("u1", "de", "Deutsch", True),
                Track("u2", "en", "English", False),
                Track("u3", "de-DE", "Deutsch", False),
            ],
            "u3",
        ),
        ([Track("u1", "de", "Deutsch", True), Track("u2", "en", "English", False)], "u1"),
        ([Track("u2", "en", "English", False), Track("u4", "fr", "French", False)], "u2"),
        ([], None),
    ],
)
def test_the_track_closest_to_what_is_said_is_chosen(tracks: list[Track], chosen: str | None) -> None:
    track = chosen_track(tracks)
    assert (track.url if track else None) == chosen


@pytest.mark.parametrize(
    ("description", "expected"),
    [
        ("0:00 Intro\n1:05 - Breakers\n(4:10) Hedging\nThanks!", [(0, "Intro"), (65, "Breakers"), (250, "Hedging")]),
        ("Intro 00:00\nBreakers – 01:05\nHedging 1:04:10", [(0, "Intro"), (65, "Breakers"), (3850, "Hedging")]),
        ("0:10 Intro\n1:05 Breakers\n4:10 Hedging", []),  # YouTube's rule: the first is at 0:00
        ("0:00 Intro\n1:05 Breakers", []),  # and there are at least three
        ("0:00 A\n1:05 B\n0:30 C\n2:00 D", []),  # in order: the list ends at the first time that goes back
        ("0:00 A\n1:05 B\n2:00 C\n0:30 D", [(0, "A"), (65, "B"), (120, "C")]),
        ("0:00 A\n1:75 B\n2:00 C\n3:00 D", [(0, "A"), (120, "C"), (180, "D")]),  # 1:75 is not a time
    ],
)
def test_chapters_are_read_from_a_description_as_youtube_reads_them(
    description: str, expected: list[tuple[int, str]]
) -> None:
    assert description_chapters(description) == [Chapter(float(start), title) for start, title in expected]


async def test_data_nested_deeper_than_the_parser_goes_reads_as_no_data() -> None:
    deep = b"<script>var ytInitialPlayerResponse = " + b'{"a":' * 100_000 + b"1" + b"}" * 100_000 + b";</script>"
    page = watch_page(None, None).replace(b"</body>", deep + b"</body>")
    with pytest.raises(SiteUnavailable, match=r"^its page held no video data$"):
        await YoutubeResolver(routed_fetcher(_router(page))).read(URL)
