"""What a page says to browsers without video or audio is not its text: out before extraction."""

from __future__ import annotations

from adapters.pages.html_article import html_to_article
from adapters.pages.media_fallbacks import media_fallbacks_out
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://lamps.example/guides/reading-light"

GUIDE = """<!doctype html><html><head><title>Choosing a reading light</title></head><body>
<article><h1>Choosing a reading light</h1>
<p>A reading light should throw a warm, even pool of light over the page without glare on the
paper, and its arm should reach over the chair without the base tipping when it does.</p>
<video controls><source src="/media/arm.mp4" type="video/mp4">Your browser does not support the video tag.</video>
<p>Look for a dimmer on the cord rather than the head, so the light does not move as you turn it
down, and for a shade that keeps the bulb out of your eyes from where you sit.</p>
</article></body></html>"""


def test_the_words_for_browsers_without_video_are_not_in_the_agent_s_text() -> None:
    article = html_to_article(GUIDE, URL)

    assert "warm, even pool of light" in article.markdown
    assert "a dimmer on the cord" in article.markdown
    assert "does not support" not in article.markdown


def test_a_player_keeps_its_sources_and_tracks_and_the_text_after_it() -> None:
    root = tree(
        '<p>Before.</p><audio controls><source src="/a.ogg"><track src="/a.vtt" kind="captions">'
        "<p>Sorry, your browser doesn't support embedded audio. <a href='/a.ogg'>Download it</a></p></audio>"
        " After."
    )

    assert media_fallbacks_out(root) == 1
    player = next(root.iter("audio"))
    assert [child.tag for child in player] == ["source", "track"]
    assert text(root) == "Before. After."


def test_a_player_without_fallback_is_left_as_it_is() -> None:
    root = tree('<video src="/clip.mp4" controls></video><p>The clip.</p>')

    assert media_fallbacks_out(root) == 0
