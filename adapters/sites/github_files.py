"""Files from GitHub as text: a repository's README (base64 in the REST answer), a blob (raw bytes)."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from adapters.sites.fields import text
from domain.errors import SiteUnavailable

_PROSE = (".md", ".markdown", ".txt", ".rst", ".adoc", "")
_FENCE = re.compile(r"`{3,}")


def readme_content(readme: dict[str, Any]) -> tuple[str, bytes]:
    """The README's file name and bytes from the REST answer."""
    try:
        content = base64.b64decode(text(readme.get("content")), validate=False)
    except (binascii.Error, ValueError):
        raise SiteUnavailable("the README's content was not valid base64") from None
    return text(readme.get("name")) or "README", content


def code_fence(body: str) -> str:
    """A fence of backticks longer than any run of them in ``body``, so that the body cannot close it."""
    return "`" * max(3, 1 + max((len(run) for run in _FENCE.findall(body)), default=0))


def file_markdown(title: str, name: str, content: bytes, *, cut: bool = False) -> str:
    """A file's text: prose as it is, code in a fence long enough that the code cannot close it."""
    if b"\x00" in content[:8192]:
        raise SiteUnavailable("the file is binary, not text")
    body = content.decode("utf-8", errors="replace").strip()
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    if suffix not in _PROSE:
        fence = code_fence(body)
        body = f"{fence}{suffix.lstrip('.')}\n{body}\n{fence}"
    tail = "\n\n[The file was larger than the download cap; its end is missing.]" if cut else ""
    return f"# {title}\n\n{body}{tail}\n"
