"""ProcessExtractionPool with a test extractor that crashes, hangs and eats memory on command.

Real worker processes (forked by multiprocessing's fork server); no network. No timing is
asserted: deadlines are configured, outcomes and worker counts are checked.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest

from adapters.pages.extraction_pool import ProcessExtractionPool
from domain.errors import PageUnavailable, UnsupportedContent
from domain.pages import FetchedPage
from tests.support.hostile_extractors import PATH

pytestmark = pytest.mark.anyio

SIZE = 2


def page(order: str, url: str = "https://example.com/p") -> FetchedPage:
    return FetchedPage(url=url, status=200, content_type="text/html", charset="utf-8", body=order.encode())


def hostile_pool(timeout_seconds: float, **settings: Any) -> ProcessExtractionPool:
    """A pool of ``SIZE`` workers running the hostile test extractor, preloaded in the fork server."""
    return ProcessExtractionPool(
        PATH,
        workers=SIZE,
        timeout_seconds=timeout_seconds,
        preload=("tests.support.hostile_extractors", "pytest"),
        **settings,
    )


@pytest.fixture
async def pool() -> AsyncIterator[ProcessExtractionPool]:
    running = hostile_pool(2.0, memory_limit_bytes=600_000_000, recycle_growth_bytes=40_000_000)
    yield running
    await running.aclose()


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def pids(pool: ProcessExtractionPool) -> list[int]:
    return [worker.process.pid for worker in pool._idle if worker.process.pid is not None]


async def test_pages_are_extracted_and_one_worker_serves_one_page_after_another(pool: ProcessExtractionPool) -> None:
    for number in range(3):
        assert await pool.extract(page(f"hello {number}")) == f"text of https://example.com/p: hello {number}"
    assert pool.workers_alive() == 1


@pytest.mark.parametrize(
    ("order", "how"),
    [
        ("abort", "the worker was killed by SIGABRT"),
        ("segfault", "the worker was killed by SIGSEGV"),
        ("exit", "the worker exited with status 3"),
    ],
)
async def test_a_worker_that_dies_costs_its_page_one_line_and_is_replaced(
    pool: ProcessExtractionPool, order: str, how: str
) -> None:
    with pytest.raises(PageUnavailable) as crashed:
        await pool.extract(page(order))

    assert crashed.value.reason == f"extraction crashed ({how}); the page was skipped"
    assert pool.workers_alive() == 0
    assert await pool.extract(page("after")) == "text of https://example.com/p: after"


async def test_a_page_overrunning_its_deadline_has_its_worker_killed(pool: ProcessExtractionPool) -> None:
    await pool.extract(page("warm"))
    [pid] = pids(pool)

    with pytest.raises(PageUnavailable) as stopped:
        await pool.extract(page("hang"))

    assert stopped.value.reason == "extraction took longer than 2 s and was stopped"
    assert gone(pid) and pool.workers_alive() == 0
    assert await pool.extract(page("after")) == "text of https://example.com/p: after"


async def test_a_cancelled_extraction_has_its_worker_killed(pool: ProcessExtractionPool) -> None:
    await pool.extract(page("warm"))
    [pid] = pids(pool)
    started = anyio.Event()

    async def cancel_soon(scope: anyio.CancelScope) -> None:
        await started.wait()
        scope.cancel()

    async with anyio.create_task_group() as group:
        with anyio.CancelScope() as scope:
            group.start_soon(cancel_soon, scope)
            started.set()
            await pool.extract(page("hang"))
    assert scope.cancelled_caught
    assert gone(pid) and pool.workers_alive() == 0


async def test_a_page_needing_more_memory_than_allowed_fails_alone(pool: ProcessExtractionPool) -> None:
    with pytest.raises(PageUnavailable) as refused:
        await pool.extract(page("allocate"))

    assert refused.value.reason == "the page needs more memory than extraction may use (600 MB)"
    assert pool.workers_alive() == 0  # a worker that hit its memory cap is not trusted again
    assert await pool.extract(page("after")) == "text of https://example.com/p: after"


async def test_a_worker_whose_memory_grew_too_much_is_recycled(pool: ProcessExtractionPool) -> None:
    await pool.extract(page("warm"))
    [pid] = pids(pool)

    assert await pool.extract(page("grow")) == "grown"

    assert gone(pid) and pool.workers_alive() == 0


async def test_extractor_errors_come_back_as_page_failures(
    pool: ProcessExtractionPool, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(PageUnavailable) as failed:
        await pool.extract(page("raise"))
    assert failed.value.reason == "its text could not be extracted (an extractor error, logged)"
    assert "extraction failed with ValueError" in caplog.text  # the class is for the operator only
    with pytest.raises(UnsupportedContent):
        await pool.extract(page("unsupported"))
    assert pool.workers_alive() == 1  # an exception is no reason to replace a worker


@pytest.fixture
async def patient_pool() -> AsyncIterator[ProcessExtractionPool]:
    """A pool whose deadline no page below can reach: none of them hangs, and on a loaded host a
    page queued behind crashing neighbours must not fail for the time it waited on the machine."""
    running = hostile_pool(120.0, memory_limit_bytes=600_000_000)
    yield running
    await running.aclose()


async def test_many_hostile_pages_at_once_never_have_more_workers_than_the_pool_size(
    patient_pool: ProcessExtractionPool,
) -> None:
    pool = patient_pool
    orders = ["abort", "hello", "exit", "raise", "hello", "allocate", "abort", "hello"] * 2
    most = 0
    done = anyio.Event()

    async def watch() -> None:
        nonlocal most
        while not done.is_set():
            most = max(most, pool.workers_alive())
            await anyio.sleep(0.005)

    outcomes: list[str] = []

    async def one(order: str) -> None:
        try:
            outcomes.append(await pool.extract(page(order)))
        except PageUnavailable as missing:
            outcomes.append(missing.reason)

    async with anyio.create_task_group() as group:
        group.start_soon(watch)
        async with anyio.create_task_group() as pages:
            for order in orders:
                pages.start_soon(one, order)
        done.set()

    assert len(outcomes) == len(orders)
    assert outcomes.count("text of https://example.com/p: hello") == orders.count("hello"), outcomes
    assert 1 <= most <= SIZE
    assert pool.workers_alive() <= SIZE


async def test_a_closed_pool_stops_its_workers_and_takes_no_more_pages(pool: ProcessExtractionPool) -> None:
    await pool.extract(page("warm"))
    [pid] = pids(pool)

    await pool.aclose()

    assert gone(pid) and pool.workers_alive() == 0
    with pytest.raises(PageUnavailable, match="shutting down"):
        await pool.extract(page("late"))


@pytest.fixture
async def drafting_pool() -> AsyncIterator[ProcessExtractionPool]:
    running = hostile_pool(60.0, draft_seconds=0.3)  # 60 s never reached below: the draft's deadline comes first
    yield running
    await running.aclose()


async def test_a_page_stuck_after_its_draft_gives_the_draft_and_its_worker_is_replaced(
    drafting_pool: ProcessExtractionPool,
) -> None:
    await drafting_pool.extract(page("warm"))
    [pid] = pids(drafting_pool)

    with anyio.fail_after(30):  # the whole timeout (60 s) would mean the draft's deadline was ignored
        text = await drafting_pool.extract(page("draft then hang"))

    assert text == "draft of https://example.com/p"
    assert gone(pid) and drafting_pool.workers_alive() == 0
    assert await drafting_pool.extract(page("after")) == "text of https://example.com/p: after"


async def test_of_two_drafts_the_page_falls_back_on_the_later(drafting_pool: ProcessExtractionPool) -> None:
    with anyio.fail_after(30):
        text = await drafting_pool.extract(page("redraft then hang"))

    assert text == "second draft of https://example.com/p"


async def test_a_page_that_finishes_after_its_draft_gives_its_answer(drafting_pool: ProcessExtractionPool) -> None:
    assert await drafting_pool.extract(page("draft then done")) == "text of https://example.com/p: done"
    assert drafting_pool.workers_alive() == 1


async def test_a_draft_does_not_make_a_crash_look_like_an_answer(drafting_pool: ProcessExtractionPool) -> None:
    with pytest.raises(PageUnavailable) as crashed:
        await drafting_pool.extract(page("draft then abort"))

    assert crashed.value.reason == "extraction crashed (the worker was killed by SIGABRT); the page was skipped"


async def test_without_a_draft_deadline_a_draft_is_kept_at_the_page_s_timeout(pool: ProcessExtractionPool) -> None:
    assert await pool.extract(page("draft then hang")) == "draft of https://example.com/p"
    assert pool.workers_alive() == 0
