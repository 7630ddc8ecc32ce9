"""The two tools' bodies, shared by every face: checked arguments in, the model's text out.

The MCP face (entrypoints/mcp_server.py) and the plugin face (entrypoints/plugin_protocol.py) both
answer through these, so the same call gets the same text, the same error sentences and the same
refusal to leak a bug's details, whichever protocol carried it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from application.fetch_page import PageWindow
from domain.errors import ConfigurationError, InvalidRequestError, PageUnavailable
from domain.models import SearchFailed
from entrypoints.container import Services
from entrypoints.fitted_answers import page_answer, search_answer
from entrypoints.rendering import render_failure
from entrypoints.search_request import build_request
from entrypoints.tool_arguments import ArgumentProblems
from entrypoints.tool_schema import PageFetchResult, WebFetchArguments, WebSearchArguments

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], Awaitable[None]]


@dataclass(frozen=True)
class ToolAnswer:
    text: str
    structured: dict[str, Any] | None = None
    is_error: bool = False


def failed(text: str) -> ToolAnswer:
    return ToolAnswer(text=text, is_error=True)


async def web_search(
    services: Services, arguments: WebSearchArguments, key_variables: dict[str, str], progress: Progress | None = None
) -> ToolAnswer:
    max_chars = arguments.max_chars or services.max_chars
    try:
        request = build_request(**arguments.search_arguments())
        outcome = await services.web_search.run(request, progress if request.return_full_pages else None)
    except SearchFailed as failure:
        return failed(render_failure(failure, key_variables))
    except (ConfigurationError, InvalidRequestError) as error:
        return failed(str(error))
    text, structured = search_answer(
        outcome, full_pages=request.return_full_pages, max_chars=max_chars, ranker=services.ranker
    )
    return ToolAnswer(text=text, structured=structured)


async def web_fetch(services: Services, arguments: WebFetchArguments) -> ToolAnswer:
    try:
        page, text = await page_answer(
            services.fetch_page,
            arguments.url,
            max_bytes=arguments.max_bytes,
            start_index=arguments.start_index,
            max_chars=arguments.max_chars or services.max_chars,
            focus=arguments.focus,
        )
    except PageUnavailable as missing:
        return failed(f"Could not read {missing.url}: {missing.reason}")
    except InvalidRequestError as error:
        return failed(str(error))
    return ToolAnswer(text=text, structured=fetch_result(page))


def fetch_result(page: PageWindow) -> dict[str, Any]:
    """web_fetch's structured content for one window (the CLI's ``fetch --json`` prints the same)."""
    window = page.window
    return PageFetchResult(
        url=page.url,
        content_type=page.content_type,
        content=window.text,
        start_index=window.start_index,
        end_index=window.end_index,
        total_chars=window.total_chars,
        truncated=window.truncated,
        next_start_index=page.next_start_index,
        focused=page.focused,
        source_note=page.source_note,
        title=page.title,
    ).model_dump(mode="json")


async def guarded(tool: str, call: Callable[[], Awaitable[ToolAnswer]], *, one_line: bool = False) -> ToolAnswer:
    """The call's answer; arguments it cannot use, or a bug, become an error instead (``one_line``:
    the argument problems on one line, one sentence after another)."""
    try:
        return await call()
    except ArgumentProblems as problems:
        return failed(problems.one_line if one_line else str(problems))
    except Exception:
        # A bug, not an answer: the details go to the (redacted) log, never to the agent.
        logger.exception("%s failed unexpectedly", tool)
        return failed(f"{tool} failed unexpectedly; the server's log has the details.")


def unknown_tool(name: object, known: list[str]) -> str:
    return f"Unknown tool {name!r}; use {' or '.join(known)}."
