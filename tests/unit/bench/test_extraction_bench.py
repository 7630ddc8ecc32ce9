"""The extraction bench checks every contender can run before it spends minutes on any of them."""

from __future__ import annotations

import pytest

from bench import extraction
from bench.extraction_corpora import ARTICLES, Case, Selection

_WARM_UP = "https://example.com/warm-up"
# A page of the tests' own, so that no test reads the corpora (a clone may not sit beside them).
_CASE = Case(
    corpus=ARTICLES,
    page_id="0123456789ab",
    kind="article",
    url="https://example.com/story",
    html=b"<html><body><p>The story.</p></body></html>",
    truth="The story.",
)


@pytest.fixture(autouse=True)
def _one_page(monkeypatch: pytest.MonkeyPatch) -> None:
    def load(selection: Selection) -> list[Case]:
        assert selection.corpora == (ARTICLES,)
        return [_CASE]

    monkeypatch.setattr(extraction, "load", load)


def _missing_on_call(url: str, html: bytes) -> str:
    raise ModuleNotFoundError("No module named 'html_text'", name="html_text")


def _missing_on_build() -> extraction.Contender:
    raise ModuleNotFoundError("No module named 'justext'", name="justext")


@pytest.mark.parametrize(
    ("factory", "said"),
    [
        (lambda: _missing_on_call, "readability-lxml needs html_text: pip install -e '.[bench]'"),
        (_missing_on_build, "readability-lxml needs justext: pip install -e '.[bench]'"),
    ],
)
def test_a_contender_whose_library_is_missing_stops_the_run_before_any_page_is_read(
    monkeypatch: pytest.MonkeyPatch, factory: object, said: str
) -> None:
    read: list[str] = []

    def first(url: str, html: bytes) -> str:
        read.append(url)
        return "text"

    monkeypatch.setattr(extraction, "contenders", lambda: {"first": lambda: first, "readability-lxml": factory})

    with pytest.raises(SystemExit) as stopped:
        extraction.main(["--corpus", "articles"])

    assert stopped.value.code == said
    assert read == [_WARM_UP]  # warmed up, then stopped: no page of the corpus read


def test_contenders_that_can_run_read_every_page_selected(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    read: list[str] = []

    def first(url: str, html: bytes) -> str:
        read.append(url)
        return "text"

    monkeypatch.setattr(extraction, "contenders", lambda: {"first": lambda: first})

    extraction.main(["--corpus", "articles", "--worst", "0"])

    assert read == [_WARM_UP, _CASE.url]
    assert "| first |" in capsys.readouterr().out
