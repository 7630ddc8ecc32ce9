"""The inside of one extraction worker process: pages in, Markdown (or a one-line reason) out.

Runs in a child process started by ``ProcessExtractionPool``. It caps its own address space
first, so a page that needs too much memory fails here instead of growing the server, then
loads the extractor named by import path and answers one page at a time over its pipe.

The wire format is JSON plus raw bytes, never pickle: the server must not unpickle what a
process that has just parsed a hostile page sends back.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import resource
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from domain.errors import PageUnavailable, UnsupportedContent
from domain.pages import FetchedPage

if TYPE_CHECKING:
    from domain.ports import ContentExtractorPort

_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def serve(conn: Connection, extractor_path: str, memory_limit_bytes: int) -> None:
    """The worker's main loop; returns when the server closes the pipe."""
    os.dup2(2, 1)  # stdout may be the MCP protocol channel: nothing a library prints may reach it
    if memory_limit_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit_bytes, memory_limit_bytes))
    extractor = load_extractor(extractor_path)
    drafts = _gives_drafts(extractor)
    conn.send_bytes(json.dumps({"ready": True, "rss": rss_bytes()}).encode())
    while True:
        try:
            header = conn.recv_bytes()
            body = conn.recv_bytes()
        except EOFError:
            return
        page = FetchedPage(**json.loads(header), body=body)
        reply = extract_one(extractor, page, (lambda markdown: _send_draft(conn, markdown)) if drafts else None)
        reply["rss"] = rss_bytes()
        conn.send_bytes(json.dumps(reply).encode())


def load_extractor(path: str) -> ContentExtractorPort:
    """``"package.module:Name"`` -> ``Name()``, an object with ``extract(page) -> str``."""
    module_name, _, attribute = path.partition(":")
    factory = getattr(importlib.import_module(module_name), attribute)
    extractor: ContentExtractorPort = factory()
    return extractor


def extract_one(
    extractor: ContentExtractorPort, page: FetchedPage, draft: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """The reply for one page; ``draft`` is handed to an extractor that can send one (see the pool)."""
    try:
        if draft is not None:
            return {"markdown": extractor.extract(page, draft=draft)}  # type: ignore[call-arg]
        return {"markdown": extractor.extract(page)}
    except UnsupportedContent as unsupported:
        return {"error": "unsupported", "reason": unsupported.reason}
    except PageUnavailable as missing:
        return {"error": "unavailable", "reason": missing.reason}
    except MemoryError:
        return {"error": "memory"}
    except RecursionError:
        return {"error": "unavailable", "reason": "the page is nested too deeply to read"}
    except Exception as exc:  # an extractor bug costs this page, not the worker
        return {"error": "failed", "type": type(exc).__name__}


def _gives_drafts(extractor: ContentExtractorPort) -> bool:
    """Whether the extractor's ``extract`` takes a ``draft`` callback (``TrafilaturaExtractor`` does)."""
    try:
        return "draft" in inspect.signature(extractor.extract).parameters
    except (TypeError, ValueError):
        return False


def _send_draft(conn: Connection, markdown: str) -> None:
    conn.send_bytes(json.dumps({"draft": markdown}).encode())


def rss_bytes() -> int:
    """This process's resident memory now (not its peak): what recycling a worker would give back."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * _PAGE_SIZE
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
