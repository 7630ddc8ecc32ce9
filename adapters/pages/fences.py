"""Code fences that the code inside cannot close."""

from __future__ import annotations

import re

_BACKTICK_RUN = re.compile(r"`{3,}")
_BACKTICKS = re.compile(r"`+")


def code_fence(body: str) -> str:
    """A fence of backticks longer than any run of them in ``body``, so that the body cannot close it."""
    return "`" * max(3, 1 + max((len(run) for run in _BACKTICK_RUN.findall(body)), default=0))


def code_span(code: str) -> str:
    """``code`` inline, between runs of backticks longer than any inside it; "" for no code."""
    if not code:
        return ""
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=0)
    return f"{'`' * (longest + 1)}{code}{'`' * (longest + 1)}"


def fenced(body: str, info: str = "") -> str:
    """``body`` in a fence labelled ``info`` (a language), the fence longer than any run of backticks in it."""
    fence = code_fence(body)
    return f"{fence}{info}\n{body}\n{fence}"
