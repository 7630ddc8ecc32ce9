"""Text encoded twice (UTF-8 read as Latin-1 or windows-1252, then written as UTF-8) reaches the agent decoded."""

from __future__ import annotations

import pytest

from adapters.pages import mojibake
from adapters.pages.decoding import decode_text
from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.mojibake import MAX_REPAIRS, repaired
from domain.pages import FetchedPage


def _twice(text: str, reading: str) -> str:
    """``text`` as a site that read its UTF-8 as ``reading`` serves it."""
    return text.encode("utf-8").decode(reading)


def _readable(text: str, reading: str) -> bool:
    try:
        _twice(text, reading)
    except UnicodeDecodeError:  # Python's windows-1252 has no character for five bytes (browsers use C1 controls)
        return False
    return True


_TEXTS = [
    "it’s “quoted” — and so on…",
    "não é possível",
    "Привет, как дела?",
    "Grüße aus Köln",
    "10 €, 5 ™",
    "a 360° bumper, © 2026, ½ price",
]


@pytest.mark.parametrize(
    ("text", "reading"),
    [(text, reading) for text in _TEXTS for reading in ("latin-1", "cp1252") if _readable(text, reading)],
)
def test_text_read_through_the_wrong_charset_once_is_decoded_again(text: str, reading: str) -> None:
    garbled = _twice(text, reading)

    assert garbled != text
    assert repaired(f"<p>{garbled}</p>") == f"<p>{text}</p>"


@pytest.mark.parametrize(
    "clean",
    [
        "SÃO PAULO and NÃO in capitals",
        "«un café» à Paris, l’été",
        "Ärger über Öl, Ñandú, Ðakovo",
        "ÂGE «Â» in a French title",
        "plain ASCII only",
        "un café… l’été — déjà vu",  # pairs the search looks at, which ftfy finds right as they are
    ],
)
def test_text_that_is_right_is_left_alone(clean: str) -> None:
    assert repaired(clean) == clean


def test_only_the_runs_showing_the_pairs_change_and_the_markup_never() -> None:
    page = f'<p title="{_twice("café", "cp1252")}">{_twice("it’s", "cp1252")}</p><p>Naïve — fine</p>'

    assert repaired(page) == '<p title="café">it’s</p><p>Naïve — fine</p>'


def test_a_page_with_more_pairs_than_the_bound_is_repaired_up_to_it() -> None:
    garbled = _twice("it’s", "cp1252")
    page = "".join(f"<p>{garbled}</p>" for _ in range(MAX_REPAIRS + 10))

    fixed = repaired(page)

    assert fixed.count("it’s") == MAX_REPAIRS
    assert fixed.count(garbled) == 10


def test_the_characters_handed_to_the_repair_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mojibake, "MAX_REPAIRED_CHARS", 100)
    garbled = _twice("it’s fine", "cp1252")
    page = "".join(f"<p>{garbled} {n:03}</p>" for n in range(20))

    fixed = repaired(page)

    assert 0 < fixed.count("it’s fine") < 20


def test_a_page_declaring_utf_8_that_holds_doubly_encoded_text_is_decoded_once_more() -> None:
    body = f'<html><head><meta charset="utf-8"></head><body><p>{_twice("Grandma’s dish", "latin-1")}</p>'

    assert "<p>Grandma’s dish</p>" in decode_text(body.encode(), "utf-8", markup=True)


def test_the_agent_reads_a_doubly_encoded_article_with_its_quotes_and_dashes() -> None:
    story = "The harbour’s wall held — the keepers said so. " * 12
    html = f"<html><body><article><h1>Storm</h1><p>{_twice(story, 'cp1252')}</p></article></body></html>"
    page = FetchedPage("https://news.example/storm", 200, "text/html", "utf-8", html.encode())

    markdown = TrafilaturaExtractor().extract(page)

    assert "The harbour’s wall held — the keepers said so." in markdown
    assert "â€" not in markdown
