"""ProcessExtractionPool: extraction in worker processes that can be stopped, at most N at once.

A thread running a runaway extraction cannot be stopped; a process can. Each page goes to an
idle worker (or a new one, never more than ``workers`` alive), under a deadline. A worker
whose page overruns it, whose call is cancelled, that runs out of memory or whose memory grew
too much is killed and a fresh one takes its place on the next page; a worker that dies on its
own (a native crash in a parser) costs that page one line, never the server.

An extractor may send a *draft* before its answer: a reading made by its fastest extractors,
which the page falls back on. Once a draft has come, the page has ``draft_seconds`` in all
(from when it was sent to the worker) instead of the whole timeout; past that, the worker is
killed and the draft is the page's text. A slow extractor stuck inside one long native call
(which no signal in the worker can interrupt) then costs the page time, never its text.

Workers are forked by multiprocessing's fork server, a clean single-threaded process that
imports the extraction libraries once (``preload``), so a new worker is ready in milliseconds
and the server itself, which runs an event loop and threads, is never forked. Nothing starts
until ``warm()`` or the first page.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import multiprocessing.forkserver
import signal
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import anyio

from adapters.bounded_body import megabytes
from adapters.pages.extraction_worker import serve
from domain.errors import PageUnavailable, UnsupportedContent
from domain.pages import FetchedPage

logger = logging.getLogger(__name__)

_MAX_REPLY_BYTES = 256 * 1024 * 1024  # far above any real page's Markdown; a guard, not a limit
_KILL_WAIT_SECONDS = 5.0
_LOST_WAIT_SECONDS = 1.0
_START_SECONDS = 60.0  # a worker that cannot load the extractor in this long never will


class _WorkerLost(Exception):
    """The worker process died or broke its pipe."""


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    baseline_rss: int = 0


class ProcessExtractionPool:
    """Implements ``domain.ports.PageExtractionPort`` over ``ContentExtractorPort`` objects in workers.

    ``extractor`` is an import path, ``"package.module:Name"``; each worker calls ``Name()`` once.
    ``memory_limit_bytes`` caps each worker's address space (0: no cap); a worker whose resident
    memory has grown by more than ``recycle_growth_bytes`` since it started is replaced.
    """

    def __init__(
        self,
        extractor: str,
        *,
        workers: int,
        timeout_seconds: float,
        memory_limit_bytes: int = 0,
        recycle_growth_bytes: int = 32 * 1024 * 1024,
        preload: Sequence[str] = (),
        draft_seconds: float | None = None,
    ) -> None:
        self._extractor = extractor
        self._size = workers
        self._timeout = timeout_seconds
        self._draft_seconds = timeout_seconds if draft_seconds is None else min(draft_seconds, timeout_seconds)
        self._memory_limit = memory_limit_bytes
        self._recycle_growth = recycle_growth_bytes
        self._preload = list(preload)
        self._context = multiprocessing.get_context("forkserver")
        self._slots = anyio.Semaphore(workers)
        self._idle: list[_Worker] = []
        self._live: set[int] = set()  # ids of the workers alive (idle or busy)
        self._closed = False

    @property
    def size(self) -> int:
        return self._size

    def workers_alive(self) -> int:
        return len(self._live)

    def warm(self) -> None:
        """Start the fork server in the background, so the first page pays a fork, not the imports."""
        threading.Thread(target=self._start_fork_server, name="extraction-warm-up", daemon=True).start()

    async def extract(self, page: FetchedPage) -> str:
        if self._closed:
            raise PageUnavailable(page.url, "the server is shutting down")
        async with self._slots:
            worker = await self._checkout(page.url)
            drafts: list[str] = []
            try:
                with anyio.fail_after(self._timeout) as deadline:
                    reply = await self._run(worker, page, deadline, drafts)
            except TimeoutError:
                await self._discard(worker, lost=False)
                if drafts:
                    logger.info("extraction ran out of time; the page's draft was kept", extra={"url": page.url})
                    return drafts[-1]
                raise PageUnavailable(
                    page.url, f"extraction took longer than {self._timeout:g} s and was stopped"
                ) from None
            except _WorkerLost:
                how = await self._discard(worker, lost=True)
                raise PageUnavailable(page.url, f"extraction crashed ({how}); the page was skipped") from None
            except BaseException:  # cancelled: the extraction is given up, and its worker with it
                await self._discard(worker, lost=False)
                raise
            await self._checkin(worker, reply)
        return self._unwrap(page.url, reply)

    async def aclose(self) -> None:
        """Stop every idle worker now; busy ones stop as their pages finish."""
        self._closed = True
        while self._idle:
            await self._discard(self._idle.pop(), lost=False)

    async def _checkout(self, url: str) -> _Worker:
        while self._idle:
            worker = self._idle.pop()
            if worker.process.is_alive():
                return worker
            await self._discard(worker, lost=True)
        try:
            with anyio.CancelScope(shield=True):  # a worker being born must not be lost to a cancellation
                worker = await anyio.to_thread.run_sync(self._spawn)
        except (OSError, EOFError, ValueError, _WorkerLost):
            logger.exception("could not start an extraction worker")
            raise PageUnavailable(url, "the extraction worker could not start") from None
        return worker

    def _spawn(self) -> _Worker:
        self._start_fork_server()
        parent_end, child_end = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=serve,
            args=(child_end, self._extractor, self._memory_limit),
            name="searchrelay-extraction",
            daemon=True,
        )
        process.start()
        child_end.close()  # the worker holds it now; ours would hide the worker's death from us
        worker = _Worker(process, parent_end)
        try:
            if not parent_end.poll(_START_SECONDS):
                raise _WorkerLost
            worker.baseline_rss = int(_decode(parent_end.recv_bytes(_MAX_REPLY_BYTES)).get("rss", 0))
        except BaseException:
            _kill(worker, lost=True)
            raise
        self._live.add(id(worker))
        return worker

    def _start_fork_server(self) -> None:
        # Each worker runs the program's main module again (multiprocessing's rule); what it
        # imports should be in ``preload`` so that costs nothing. "__main__" itself is honoured
        # from Python 3.12 on.
        self._context.set_forkserver_preload(["__main__", serve.__module__, *self._preload])
        multiprocessing.forkserver.ensure_running()

    async def _run(
        self, worker: _Worker, page: FetchedPage, deadline: anyio.CancelScope, drafts: list[str]
    ) -> dict[str, Any]:
        """The worker's answer to ``page``; drafts that come first are kept in ``drafts`` and move ``deadline`` in."""
        header = json.dumps(
            {
                "url": page.url,
                "status": page.status,
                "content_type": page.content_type,
                "charset": page.charset,
                "truncated": page.truncated,
            }
        ).encode()
        sent = anyio.current_time()
        try:
            await anyio.to_thread.run_sync(_send, worker.conn, header, page.body)
            while True:
                await anyio.wait_readable(worker.conn.fileno())
                message = _decode(await anyio.to_thread.run_sync(worker.conn.recv_bytes, _MAX_REPLY_BYTES))
                if "draft" not in message:
                    return message
                drafts.append(str(message["draft"]))
                deadline.deadline = min(deadline.deadline, sent + self._draft_seconds)
        except (OSError, EOFError, ValueError) as exc:
            raise _WorkerLost from exc

    async def _checkin(self, worker: _Worker, reply: dict[str, Any]) -> None:
        grown = int(reply.get("rss", 0)) - worker.baseline_rss
        if self._closed or reply.get("error") == "memory" or grown > self._recycle_growth:
            await self._discard(worker, lost=False)
        else:
            self._idle.append(worker)

    async def _discard(self, worker: _Worker, *, lost: bool) -> str:
        """Kill the worker and wait for it to be gone; says how it ended, for a crash report."""
        self._live.discard(id(worker))
        with anyio.CancelScope(shield=True):
            how = await anyio.to_thread.run_sync(lambda: _kill(worker, lost=lost))
        return how

    def _unwrap(self, url: str, reply: dict[str, Any]) -> str:
        error = reply.get("error")
        if error is None:
            return str(reply.get("markdown", ""))
        if error == "unsupported":
            raise UnsupportedContent(url, str(reply.get("reason")))
        if error == "unavailable":
            raise PageUnavailable(url, str(reply.get("reason")))
        if error == "memory":
            limit = megabytes(self._memory_limit) if self._memory_limit else "the available memory"
            raise PageUnavailable(url, f"the page needs more memory than extraction may use ({limit})")
        # The exception's class is for the operator's log, not for the agent: plain words there.
        logger.warning("extraction failed with %s", reply.get("type", "an unknown error"))
        raise PageUnavailable(url, "its text could not be extracted (an extractor error, logged)")


def _send(conn: Connection, header: bytes, body: bytes) -> None:
    conn.send_bytes(header)
    conn.send_bytes(body)


def _decode(data: bytes) -> dict[str, Any]:
    reply = json.loads(data)
    if not isinstance(reply, dict):
        raise ValueError("not a worker reply")
    return reply


def _kill(worker: _Worker, *, lost: bool) -> str:
    """Make sure the worker is gone and reaped; for a ``lost`` one, say how it died."""
    process = worker.process
    if lost:
        process.join(_LOST_WAIT_SECONDS)  # its pipe broke: it is dying, let its exit status arrive
    if process.is_alive():
        process.kill()
    process.join(_KILL_WAIT_SECONDS)
    worker.conn.close()
    code = process.exitcode
    if code is not None:
        process.close()
    if code is None or (code == -signal.SIGKILL and not lost):
        return "the worker was stopped"
    if code < 0:
        try:
            return f"the worker was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"the worker was killed by signal {-code}"
    return f"the worker exited with status {code}"
