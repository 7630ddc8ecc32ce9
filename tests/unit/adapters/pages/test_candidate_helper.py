"""CandidateHelper: a slow candidate made in a process beside the worker, and what it costs when that goes wrong.

Real processes, no network. The helpers here are forked from the test process itself with makers
that take no locks; the pool tests at the end fork them from real extraction workers, as the
server does. No timing is asserted: only outcomes, process ids and files.
"""

from __future__ import annotations

import math
import os
import select
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest

from adapters.pages import candidates, profiles
from adapters.pages.candidate_helper import CandidateHelper, _number
from adapters.pages.candidates import parse_html
from adapters.pages.extraction_pool import ProcessExtractionPool
from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.html_article import HELPER_MAKERS, html_to_article, likely_slow_candidate
from adapters.pages.page_kind import MAX_ELEMENTS
from adapters.pages.structured_data import read_structured_data
from adapters.pages.worker_preload import EXTRACTOR_PATH, WORKER_PRELOAD
from domain.errors import PageUnavailable
from domain.pages import FetchedPage
from tests.support import helped_extractors
from tests.unit.adapters.pages import kind_fixtures as pages


def _quick(html: str, suffix: str = "") -> str:
    return html[::-1] + suffix


def _slow(html: str) -> str:
    time.sleep(30)  # the test takes 30 s if the helper is not killed
    return "too late"


def _fails(html: str) -> str:
    raise ValueError("a maker's bug")


def _crashes(html: str) -> str:
    os.abort()


MAKERS = {"quick": _quick, "slow": _slow, "fails": _fails, "crashes": _crashes}


@pytest.fixture
def helper() -> Iterator[CandidateHelper]:
    made = CandidateHelper(MAKERS)
    yield made
    made.close()


def gone(pid: int) -> bool:
    """Whether the process is gone or dead and waiting to be reaped by a parent that is not ours."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def test_the_helper_makes_the_answer_with_the_page_s_html_and_the_other_arguments(helper: CandidateHelper) -> None:
    assert helper.ask("a", "quick", {"html": "<p>été</p>", "suffix": "!"})

    assert helper.answer("a", 10) == ">p/<été>p<!"
    assert helper.idle and helper.pid
    first = helper.pid
    assert helper.ask("b", "quick", {"html": "abc"})
    assert helper.answer("b", 10) == "cba"
    assert helper.pid == first  # one helper serves one page after another


def test_without_a_time_limit_the_answer_is_waited_for(helper: CandidateHelper) -> None:
    helper.ask("a", "quick", {"html": "abc"})

    assert helper.answer("a", math.inf) == "cba"
    assert math.isfinite(helper.seconds)  # the time it took, for the page's budget


@pytest.mark.parametrize("sent", [{"rss": "many"}, {"rss": True}, {"rss": [1]}, ["not a reply"], {}])
def test_figures_in_a_helper_s_reply_that_are_not_numbers_are_read_as_absent(sent: object) -> None:
    # The helper has read a hostile page: what it sends is input like any other.
    assert _number(sent, "rss", 7) == 7


def test_a_maker_s_error_costs_that_candidate_and_the_helper_lives(helper: CandidateHelper) -> None:
    helper.ask("a", "fails", {"html": "x"})

    assert helper.answer("a", 10) == ""
    first = helper.pid
    helper.ask("b", "quick", {"html": "xy"})
    assert helper.answer("b", 10) == "yx"
    assert helper.pid == first


def test_a_helper_that_crashes_costs_that_candidate_and_the_next_ask_starts_a_new_one(helper: CandidateHelper) -> None:
    helper.ask("a", "crashes", {"html": "x"})
    crashed = helper.pid

    assert helper.answer("a", 10) == ""
    assert helper.pid == 0 and gone(crashed)
    assert helper.ask("b", "quick", {"html": "ok"})
    assert helper.answer("b", 10) == "ko"
    assert helper.pid not in (0, crashed)


def test_a_helper_past_the_page_s_time_is_killed_and_its_candidate_found_nothing(helper: CandidateHelper) -> None:
    helper.ask("a", "slow", {"html": "x"})
    stalled = helper.pid

    assert helper.answer("a", 0.2) == ""
    assert helper.pid == 0 and gone(stalled)


def test_an_answer_nobody_read_is_dropped_before_the_next_one(helper: CandidateHelper) -> None:
    helper.ask("unread", "quick", {"html": "first"})
    while not helper._conn or not helper._conn.poll(0.05):  # the unread answer has come
        pass

    assert helper.ask("b", "quick", {"html": "second"})
    assert not helper.asked("unread")
    assert helper.answer("b", 10) == "dnoces"


def test_asking_again_stops_an_answer_nobody_read_and_the_new_one_comes(helper: CandidateHelper) -> None:
    helper.ask("slow one", "slow", {"html": "x"})
    busy = helper.pid

    assert helper.ask("b", "quick", {"html": "ab"})
    assert gone(busy) and not helper.asked("slow one")
    assert helper.answer("b", 10) == "ba"


def test_letting_go_stops_an_answer_still_being_made(helper: CandidateHelper) -> None:
    helper.ask("slow one", "slow", {"html": "x"})
    busy = helper.pid

    helper.let_go()

    assert helper.idle and helper.pid == 0 and gone(busy)


def test_an_answer_not_asked_for_is_a_bug_not_an_empty_candidate(helper: CandidateHelper) -> None:
    with pytest.raises(LookupError):
        helper.answer("never asked", 1)


def test_the_helper_holds_none_of_its_parent_s_files(helper: CandidateHelper) -> None:
    # The worker's pipe to the server above all: held by the helper, it would hide the worker's death.
    read_end, write_end = os.pipe()
    try:
        helper.ask("a", "slow", {"html": "x"})
        os.close(write_end)
        write_end = -1
        readable, _, _ = select.select([read_end], [], [], 10)
        assert readable and os.read(read_end, 1) == b""  # end of file: no other process holds the write end
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)


# Through real extraction workers, forked by the pool's fork server as the server's are.


def html_page(html: str, url: str = "https://example.com/page") -> FetchedPage:
    return FetchedPage(url=url, status=200, content_type="text/html", charset="utf-8", body=html.encode())


def order(text: str) -> FetchedPage:
    return FetchedPage(
        url="https://example.com/o", status=200, content_type="text/html", charset="utf-8", body=text.encode()
    )


@pytest.fixture
async def helped_pool() -> AsyncIterator[ProcessExtractionPool]:
    pool = ProcessExtractionPool(
        helped_extractors.PATH, workers=1, timeout_seconds=2.0, preload=("tests.support.helped_extractors",)
    )
    yield pool
    await pool.aclose()


@pytest.mark.anyio
async def test_in_a_worker_a_crashing_helper_costs_one_candidate_and_the_worker_serves_on(
    helped_pool: ProcessExtractionPool,
) -> None:
    first = await helped_pool.extract(order("helper echo"))
    crashed = await helped_pool.extract(order("helper abort"))
    after = await helped_pool.extract(order("helper echo"))

    assert first.startswith("helper gave 'HELPER ECHO' from ")
    assert crashed.startswith("helper gave '' from none in worker ")
    assert after.startswith("helper gave 'HELPER ECHO' from ")
    worker = first.rsplit(" ", 1)[1]
    assert crashed.endswith(worker) and after.endswith(worker)  # one worker throughout
    assert helped_pool.workers_alive() == 1


@pytest.mark.anyio
async def test_a_worker_killed_by_the_pool_takes_its_helper_with_it(
    helped_pool: ProcessExtractionPool, tmp_path: Path
) -> None:
    pid_file = tmp_path / "helper.pid"

    with pytest.raises(PageUnavailable):
        await helped_pool.extract(order(f"helper hang then hang {pid_file}"))

    helper = int(pid_file.read_text())
    with anyio.fail_after(10):
        while not gone(helper):
            await anyio.sleep(0.05)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "html", [pages.ARTICLE_WITH_COMMENTS, pages.LISTING, pages.FORUM_THREAD, pages.PRODUCT, pages.DOCUMENTATION]
)
async def test_a_worker_with_its_helper_gives_the_answer_one_process_gives(html: str) -> None:
    pool = ProcessExtractionPool(EXTRACTOR_PATH, workers=1, timeout_seconds=20.0, preload=WORKER_PRELOAD)
    try:
        through_the_worker = await pool.extract(html_page(html))
    finally:
        await pool.aclose()

    assert through_the_worker == TrafilaturaExtractor().extract(html_page(html))


@pytest.mark.parametrize(("helpers", "has_helper"), [("true", True), ("false", False)])
def test_the_workers_run_the_extractor_with_a_helper_unless_the_setting_says_not(
    helpers: str, has_helper: bool
) -> None:
    import importlib

    from entrypoints.page_adapters import extractor_path
    from entrypoints.settings import Settings

    module, _, name = extractor_path(Settings.from_values({"SEARCHRELAY_EXTRACTION_HELPERS": helpers})).partition(":")
    extractor = getattr(importlib.import_module(module), name)()

    assert isinstance(extractor, TrafilaturaExtractor) and extractor.has_helper == has_helper


@pytest.mark.parametrize(
    ("declared", "likely"),
    [
        ({"@type": "NewsArticle", "headline": "A"}, profiles.TRAFILATURA_PRECISION_FAST),
        ({"@type": "Product", "name": "A"}, profiles.TRAFILATURA_PRECISION_FAST),
        ({"@type": "ItemList", "itemListElement": []}, profiles.TRAFILATURA_RECALL),
        ({"@type": "DiscussionForumPosting", "headline": "A"}, profiles.TRAFILATURA_THREAD),
        (None, profiles.TRAFILATURA_THREAD),  # a plain page, the kind most pages without declarations are
    ],
)
def test_the_candidate_asked_of_the_helper_is_the_one_the_page_s_declared_kind_asks_for_first(
    declared: object, likely: str
) -> None:
    import json

    head = f'<script type="application/ld+json">{json.dumps(declared)}</script>' if declared else ""
    root = parse_html(f"<html><head>{head}</head><body><p>Words.</p></body></html>")
    assert root is not None

    assert likely_slow_candidate(read_structured_data(root)) == likely


def stalls(*args: object, **kwargs: object) -> str:
    time.sleep(30)  # trafilatura lost in a page; the test takes 30 s if nothing stops it
    return "the stalled extractor's answer"


def test_a_stalled_candidate_in_the_helper_is_stopped_and_the_others_still_read_the_article(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(candidates, "trafilatura_markdown", stalls)  # in the helper too: it is forked after
    lent = CandidateHelper(HELPER_MAKERS)
    try:
        article = html_to_article(pages.ARTICLE_WITH_COMMENTS, "https://example.com/a", stop_seconds=0.3, helper=lent)
        stalled = lent.pid
    finally:
        lent.close()

    assert article.method in (profiles.READABILITY, profiles.RESILIPARSE)
    assert "rebuild the old stone bridge" in article.markdown
    assert stalled == 0  # the helper making the stalled cut was killed, and none was left working


def test_on_a_page_too_big_for_the_slow_candidates_the_helper_is_stopped_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(candidates, "trafilatura_markdown", stalls)
    cards = "".join(f"<li class='card'><a href='/p/{n}'>Trail shoe {n}</a></li>" for n in range(MAX_ELEMENTS // 2))
    lent = CandidateHelper(HELPER_MAKERS)
    try:
        article = html_to_article(f"<html><body><main><ul>{cards}</ul></main></body></html>", helper=lent)
        assert lent.pid == 0
    finally:
        lent.close()

    assert "Trail shoe 7" in article.markdown
