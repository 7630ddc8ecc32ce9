"""Stopping one extractor that runs too long on a page, without stopping the worker running it.

trafilatura's main pass and readability take time that grows faster than the page: a 2 MB page
of 20,000 short paragraphs costs trafilatura 8-15 s, past the pool's page timeout, while
Resiliparse reads it in a tenth of a second. The pool's timeout kills the whole worker and the
page gives nothing; stopping only the slow extractor lets the vote go on with the answers the
others already gave.

A timer signal raises ``Overtime`` in the running Python code. It derives from
``BaseException``, as ``KeyboardInterrupt`` does, so that an extractor's own ``except
Exception`` cannot swallow it. Signals reach only a process's main thread, where the extraction
workers run pages; anywhere else (a caller's thread) the limit is not applied and the pool's
page timeout remains the bound.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Overtime(BaseException):
    """The code under ``stopped_after`` ran past its time."""


@contextmanager
def stopped_after(seconds: float) -> Iterator[None]:
    """Raise ``Overtime`` inside the block once ``seconds`` of wall-clock time have passed.

    Callers catch ``Overtime`` around the whole ``with`` statement: the alarm may land just as
    the block ends, and its result is then lost with it, never half-made.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if seconds <= 0:
        raise Overtime
    previous = signal.signal(signal.SIGALRM, _raise_overtime)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _raise_overtime(signum: int, frame: FrameType | None) -> None:
    raise Overtime
