"""CandidateHelper: a second process beside an extraction worker, making one slow candidate of a page
while the worker makes the others.

trafilatura's cut is two thirds of an article's time and the page's own steps (the parse's
passes, the walk, Resiliparse) most of the rest, one after the other on one core while the
host's other core waits. The helper takes a page's HTML as soon as it is parsed and makes the
trafilatura (or readability) answer the page will most likely ask for; the worker reads the page
meanwhile and takes the answer when its vote asks for it (docs/extraction.md, twenty-seventh
round).

It is forked from its worker (single-threaded, every extraction library already imported), once,
and lives as long as the worker: a process forked for each page paid for copying the worker's
memory page by page in every call (fourteenth round). It is bounded as the worker is: the
worker's memory cap is inherited, it dies with its worker (``PR_SET_PDEATHSIG``), it holds none of
the worker's other files (the pipe to the server above all: the server must see its worker's
death), and an answer not given in the time the page has left gets the helper killed. A helper that
crashes (a native crash in a parser) costs that one candidate, which then finds nothing; the next
page forks a new one. The wire format is JSON, as the worker's own.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import math
import os
import resource
import signal
import time
from collections.abc import Callable, Mapping
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from typing import Any

from adapters.pages.extraction_worker import rss_bytes

logger = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1
# A helper whose memory grew this much since it started is replaced, as the pool does its workers.
RECYCLE_GROWTH_BYTES = 32 * 1024 * 1024
_START_SECONDS = 5.0  # a helper that has not said it is ready in this long never will

Maker = Callable[..., str]


class CandidateHelper:
    """One helper process, one candidate asked of it at a time.

    ``makers`` names what it can make: a function of a page's HTML and keyword arguments (JSON
    values) returning text, such as ``candidates.trafilatura_markdown``. Only for a process with no
    other thread that may hold a lock the forked child needs: the extraction worker's; never the
    server's process.
    """

    def __init__(self, makers: Mapping[str, Maker], *, recycle_growth_bytes: int = RECYCLE_GROWTH_BYTES) -> None:
        self._makers = dict(makers)
        self._recycle_growth = recycle_growth_bytes
        self._pid = 0
        self._conn: Connection | None = None
        self._baseline_rss = 0
        self._asked: str | None = None  # the key of the answer being made, until it is read
        self.seconds = math.inf  # the time the helper took over the answer last asked (inf until it came)

    @property
    def pid(self) -> int:
        """The helper's process id, 0 while none is running."""
        return self._pid

    @property
    def idle(self) -> bool:
        """Whether nothing was asked of the helper that has not been read back."""
        return self._asked is None

    def asked(self, key: str) -> bool:
        """Whether the answer being made (or made and not yet read) is ``key``'s."""
        return self._asked == key

    def ask(self, key: str, maker: str, arguments: Mapping[str, Any]) -> bool:
        """Starts making ``makers[maker](**arguments)`` under ``key`` (``arguments`` hold the page's ``html``,
        sent as bytes beside the others), after letting go of an earlier answer nobody read
        (``let_go``). False when the helper cannot start: the caller then makes the candidate itself."""
        self.let_go()
        try:
            if self._conn is None:
                self._start()
            assert self._conn is not None
            others = {name: value for name, value in arguments.items() if name != "html"}
            self._conn.send_bytes(json.dumps({"maker": maker, "arguments": others}).encode())
            self._conn.send_bytes(str(arguments["html"]).encode("utf-8", "surrogatepass"))
        except (OSError, ValueError):
            logger.warning("the extraction helper could not be asked; the worker reads alone")
            self.close()
            return False
        self._asked, self.seconds = key, math.inf
        return True

    def answer(self, key: str, timeout: float) -> str:
        """The answer asked under ``key``, waiting at most ``timeout`` seconds for it (``math.inf``: until it
        comes). "" when the helper failed, died or ran out of time (then it is killed): the candidate
        found nothing."""
        if self._asked != key or self._conn is None:
            raise LookupError(f"{key} was not asked of the helper")
        self._asked = None
        try:
            ready = self._conn.poll(max(timeout, 0.0) if math.isfinite(timeout) else None)
            reply = json.loads(self._conn.recv_bytes()) if ready else None
        except (OSError, EOFError, ValueError):
            logger.warning("the extraction helper died making %s; that candidate found nothing", key)
            self.close()
            return ""
        if reply is None:
            logger.debug("stopped the helper's %s: the page's time was up", key)
            self.close()
            return ""
        if not isinstance(reply, dict) or "markdown" not in reply:
            logger.warning("the extraction helper failed making %s (%s)", key, _error_of(reply))
            self._recycle_if_grown(reply)
            return ""
        self.seconds = _number(reply, "seconds", math.inf)
        self._recycle_if_grown(reply)
        return str(reply["markdown"])

    def close(self) -> None:
        """Kills the helper, if one runs, and reaps it; the next ``ask`` starts a new one."""
        self._asked = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
            _reap(self._pid)
            self._pid = 0

    def let_go(self) -> None:
        """An answer asked and not read back is not wanted: dropped if it has come, or else stopped, the helper
        killed (the next ``ask`` starts a new one). Called when a page is done, so that a helper never
        works on a page its worker has left."""
        if self._asked is None or self._conn is None:
            return
        try:
            if self._conn.poll(0):
                reply = json.loads(self._conn.recv_bytes())
                self._asked = None
                self._recycle_if_grown(reply)
                return
        except (OSError, EOFError, ValueError):
            pass
        self.close()

    def _recycle_if_grown(self, reply: object) -> None:
        if isinstance(reply, dict) and _number(reply, "rss", 0) - self._baseline_rss > self._recycle_growth:
            self.close()

    def _start(self) -> None:
        ours, theirs = Pipe(duplex=True)
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the helper: never returns into the worker's code
            try:
                ours.close()
                _serve(theirs, self._makers, parent)
            finally:
                os._exit(0)
        theirs.close()
        self._pid, self._conn = pid, ours
        try:
            if not ours.poll(_START_SECONDS):
                raise OSError("the helper did not start")
            self._baseline_rss = int(_number(json.loads(ours.recv_bytes()), "rss", 0))
        except (OSError, EOFError, ValueError):
            self.close()
            raise OSError("the helper did not start") from None


def _serve(conn: Connection, makers: Mapping[str, Maker], parent: int) -> None:
    """The helper's loop: requests in, answers out, until its worker goes."""
    _die_with_parent()
    if os.getppid() != parent:  # the worker died before the line above took effect
        return
    _close_all_but(conn.fileno())
    conn.send_bytes(json.dumps({"rss": rss_bytes()}).encode())
    while True:
        try:
            request = json.loads(conn.recv_bytes())
            html = conn.recv_bytes().decode("utf-8", "surrogatepass")
        except (EOFError, OSError):
            return
        started = time.monotonic()
        try:
            reply: dict[str, Any] = {"markdown": makers[request["maker"]](html, **request["arguments"])}
        except MemoryError:
            reply = {"error": "memory"}
        except RecursionError:
            reply = {"error": "recursion"}
        except Exception as exc:  # an extractor bug costs this candidate, not the helper
            reply = {"error": type(exc).__name__}
        reply["seconds"] = time.monotonic() - started
        reply["rss"] = rss_bytes()
        conn.send_bytes(json.dumps(reply).encode())


def _die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent (the worker) dies, however it dies."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _close_all_but(kept: int) -> None:
    """Close every file the worker held but the helper's own pipe and the standard streams: a helper
    holding the worker's pipe to the server would hide the worker's death from it."""
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    limit = limit if 0 < limit < 1 << 20 else 1 << 20
    os.closerange(3, kept)
    os.closerange(kept + 1, limit)


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _number(reply: object, name: str, default: float) -> float:
    """A figure of the helper's reply, or ``default`` when it is not one: the helper has read a hostile
    page, so what it sends is checked as any input is."""
    value = reply.get(name, default) if isinstance(reply, dict) else default
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else default


def _error_of(reply: object) -> str:
    return str(reply.get("error", "no answer")) if isinstance(reply, dict) else "no answer"
