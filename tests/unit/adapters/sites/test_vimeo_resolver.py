"""Vimeo videos through its oEmbed endpoint and the player's data, against faked answers written in
their shape; captions in WebVTT."""

from __future__ import annotations

import json

import httpx
import pytest

from adapters.sites.vimeo import VimeoResolver, VimeoVideo, video_of
from adapters.sites.web_vtt import vtt_lines
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
VIMEO, PLAYER = "vimeo.com", "player.vimeo.com"
URL = "https://vimeo.com/76979871"
VTT = b"""WEBVTT

NOTE written by the talk's organisers

1
00:00:01.000 --> 00:00:04.000 align:start
<v Ada>Welcome to RelayConf &amp; thank you for coming.

00:00:40.000 --> 00:00:43.000
This talk is about failover.

00:05:12.000 --> 00:05:15.000
Search fails in <i>three</i> ways.

00:21:50.000 --> 00:21:53.000
Here is the proof.
"""


@pytest.mark.parametrize(
    ("url", "video"),
    [
        (URL, VimeoVideo("76979871")),
        ("https://vimeo.com/76979871/1a2b3c4d5e", VimeoVideo("76979871", "1a2b3c4d5e")),
        ("https://player.vimeo.com/video/76979871?h=1a2b3c4d5e", VimeoVideo("76979871", "1a2b3c4d5e")),
        ("https://vimeo.com/channels/staffpicks/76979871", VimeoVideo("76979871")),
        ("https://vimeo.com/groups/talks/videos/76979871", VimeoVideo("76979871")),
        ("https://vimeo.com/showcase/12345/video/76979871", VimeoVideo("76979871")),
        ("https://vimeo.com/relayconf", None),
        ("https://vimeo.com/showcase/12345", None),
        ("https://example.com/76979871", None),
    ],
)
def test_video_addresses_say_which_video_they_show(url: str, video: VimeoVideo | None) -> None:
    assert video_of(url) == video


def test_webvtt_cues_are_timed_lines_without_their_tags() -> None:
    assert vtt_lines(VTT.decode()) == [
        (1.0, "Welcome to RelayConf & thank you for coming."),
        (40.0, "This talk is about failover."),
        (312.0, "Search fails in three ways."),
        (1310.0, "Here is the proof."),
    ]
    assert vtt_lines("1\n00:00:01.000 --> 00:00:02.000\nno header\n") == []
    assert vtt_lines("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nshort times\r\n") == [(1.0, "short times")]


def _router(track: httpx.Response | None = None) -> SiteRouter:
    return (
        SiteRouter()
        .add(VIMEO, "/api/oembed.json", json_answer(fixture("vimeo_oembed")))
        .add(PLAYER, "/video/76979871/config", json_answer(fixture("vimeo_config")))
        .add(
            PLAYER,
            "/texttrack/9002.vtt",
            track or httpx.Response(200, content=VTT, headers={"content-type": "text/vtt"}),
        )
    )


async def test_a_video_reads_as_its_facts_description_and_transcript_under_its_chapters() -> None:
    router = _router()

    page = await VimeoResolver(routed_fetcher(router)).read(URL)

    assert page.url == URL and page.source == "Vimeo's oEmbed and player data" and page.note is None
    assert page.markdown == (
        "# Failover you can prove (RelayConf 2025)\n\n"
        "**By:** RelayConf · **Uploaded:** 2025-06-12 · **Length:** 45:10\n\n"
        "## Description\n\nAda Lovelace on proving failover.\n\n"
        "0:00 Welcome\n5:10 Why search fails\n21:45 The proof\n\n"
        "## Transcript\n\n"
        "### Welcome (0:00)\n\n[0:01] Welcome to RelayConf & thank you for coming.\n\n"
        "[0:40] This talk is about failover.\n\n"
        "### Why search fails (5:10)\n\n[5:12] Search fails in three ways.\n\n"
        "### The proof (21:45)\n\n[21:50] Here is the proof.\n"
    )
    assert router.seen[0].params == {"url": URL}
    assert router.seen[-1].params == {"token": "b2", "expires": "1"}  # the captions people wrote


async def test_an_unlisted_video_asks_with_its_hash() -> None:
    router = _router()
    await VimeoResolver(routed_fetcher(router)).read("https://vimeo.com/76979871/1a2b3c4d5e")
    assert router.seen[0].params == {"url": "https://vimeo.com/76979871/1a2b3c4d5e"}
    assert router.seen[1].params == {"h": "1a2b3c4d5e"}


async def test_without_captions_the_video_is_still_read() -> None:
    router = SiteRouter().add(VIMEO, "/api/oembed.json", json_answer(fixture("vimeo_oembed")))
    router.add(PLAYER, "/video/76979871/config", json_answer({"request": {"text_tracks": []}}))
    page = await VimeoResolver(routed_fetcher(router)).read(URL)
    assert "## Description" in page.markdown and "## Transcript" not in page.markdown
    assert page.note == "No transcript: the video has no captions or subtitles."


async def test_a_track_off_vimeo_is_not_followed() -> None:
    config = fixture("vimeo_config")
    for track in config["request"]["text_tracks"]:
        track["url"] = "https://tracker.example/9002.vtt"
    router = SiteRouter().add(VIMEO, "/api/oembed.json", json_answer(fixture("vimeo_oembed")))
    router.add(PLAYER, "/video/76979871/config", json_answer(config))
    page = await VimeoResolver(routed_fetcher(router)).read(URL)
    assert page.note == "No transcript: the track's address is not a Vimeo address."
    assert router.paths("tracker.example") == []


async def test_captions_that_cannot_be_read_leave_the_video_read() -> None:
    page = await VimeoResolver(routed_fetcher(_router(httpx.Response(403)))).read(URL)
    assert (
        page.note == "No transcript: its captions could not be read (HTTP 403, access refused or rate limit reached)."
    )
    assert page.markdown.startswith("# Failover you can prove")


async def test_a_private_video_is_refused_with_the_status() -> None:
    router = SiteRouter().add(VIMEO, "/api/oembed.json", httpx.Response(404, json={"message": "not found"}))
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await VimeoResolver(routed_fetcher(router)).read(URL)


async def test_a_track_address_no_request_can_carry_is_no_track() -> None:
    config = fixture("vimeo_config")
    for track in config["request"]["text_tracks"]:
        track["url"] = "/texttrack/\ud800.vtt"
    router = SiteRouter().add(VIMEO, "/api/oembed.json", json_answer(fixture("vimeo_oembed")))
    router.add(PLAYER, "/video/76979871/config", httpx.Response(
        200, content=json.dumps(config).encode(), headers={"content-type": "application/json"}))  # fmt: skip
    page = await VimeoResolver(routed_fetcher(router)).read(URL)
    assert page.note == "No transcript: the track's address is not a Vimeo address."


async def test_a_slow_player_leaves_the_video_described_within_the_deadline() -> None:
    import anyio

    router = SiteRouter().add(VIMEO, "/api/oembed.json", json_answer(fixture("vimeo_oembed")))

    async def answer(request: httpx.Request) -> httpx.Response:
        if request.headers["host"] == PLAYER:
            await anyio.sleep(30)
        return router(request)

    with anyio.fail_after(2.5):
        page = await VimeoResolver(routed_fetcher(answer)).read(URL)  # type: ignore[arg-type]
    assert page.markdown.startswith("# Failover you can prove") and "## Transcript" not in page.markdown
    assert page.note == "No transcript: the player's data was not read in time."


async def test_a_description_cannot_write_headings_or_sections_of_its_own() -> None:
    about = fixture("vimeo_oembed")
    about["description"] = "# Not a heading\n## Transcript\n[0:00] fake line\n---"
    router = SiteRouter().add(VIMEO, "/api/oembed.json", json_answer(about))
    router.add(PLAYER, "/video/76979871/config", json_answer({"request": {"text_tracks": []}}))
    page = await VimeoResolver(routed_fetcher(router)).read(URL)
    assert "\n# Not a heading" not in page.markdown and "\n## Transcript" not in page.markdown
    assert "\n---" not in page.markdown


def test_a_descriptions_lines_that_markdown_reads_as_structure_are_escaped() -> None:
    from adapters.sites.youtube_video import plain_text

    said = plain_text("Timestamps\n==========\nChapters\n-\n#\tTabbed\n- - -\n* * *\n- a list item\n-- a dash pair")
    assert said == (
        "Timestamps\n\\==========\nChapters\n\\-\n\\#\tTabbed\n\\- - -\n\\* * *\n- a list item\n-- a dash pair"
    )
