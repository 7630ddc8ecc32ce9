"""Test-only extractors that misbehave on command, loaded inside extraction workers by import path.

``HostileExtractor`` reads the page body as an order: ``abort`` (a native crash, as a parser
hitting "double free or corruption" would), ``segfault`` (a read through a null pointer),
``exit``, ``hang`` (a loop that never yields), ``allocate`` (more memory than the worker may
have), ``grow`` (keep 80 MB for good), ``raise``; anything else comes back as the page's text.
An order starting ``draft then`` first sends a draft ("draft of URL") and then follows the rest
of the order (``draft then hang``, ``draft then abort``, ``draft then done``); ``redraft then``
sends that draft and a second one ("second draft of URL").
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable

from domain.errors import UnsupportedContent
from domain.pages import FetchedPage

PATH = "tests.support.hostile_extractors:HostileExtractor"
_KEPT: list[bytearray] = []


class HostileExtractor:
    def extract(self, page: FetchedPage, *, draft: Callable[[str], None] | None = None) -> str:
        order = page.body.decode(errors="replace")
        if order.startswith("draft then ") and draft is not None:
            draft(f"draft of {page.url}")
            order = order.removeprefix("draft then ")
        if order.startswith("redraft then ") and draft is not None:
            draft(f"draft of {page.url}")
            draft(f"second draft of {page.url}")
            order = order.removeprefix("redraft then ")
        if order == "abort":
            os.abort()
        if order == "segfault":
            ctypes.string_at(0)
        if order == "exit":
            os._exit(3)
        if order == "hang":
            while True:
                pass
        if order == "allocate":
            return str(len(bytearray(4_000_000_000)))
        if order == "grow":
            _KEPT.append(bytearray(b"g" * 80_000_000))
            return "grown"
        if order == "raise":
            raise ValueError("extractor bug")
        if order == "unsupported":
            raise UnsupportedContent(page.url, "unsupported content type image/png")
        return f"text of {page.url}: {order}"
