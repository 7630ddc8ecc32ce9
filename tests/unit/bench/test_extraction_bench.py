"""The extraction bench checks every contender can run before it spends minutes on any of them."""

from __future__ import annotations

import pytest

from bench import extraction

_WARM_UP = "https://example.com/warm-up"


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
        extraction.main(["--corpus", "articles", "--every", "91"])

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

    extraction.main(["--corpus", "articles", "--every", "91", "--worst", "0"])

    assert read[0] == _WARM_UP
    assert len(read) == 2  # the warm-up and the one page every 91st of the 91 articles selects
    assert "| first |" in capsys.readouterr().out
