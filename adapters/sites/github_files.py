"""Files from GitHub as text: a repository's README (base64 in the REST answer), a blob (raw bytes)."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from adapters.json_fields import text
from adapters.pages.fences import fenced
from adapters.pages.notebook_text import notebook_markdown, notebook_of
from domain.errors import SiteUnavailable

_CUT_NOTE = "\n\n[The file was larger than the download cap; its end is missing.]"
_PROSE = (".md", ".markdown", ".txt", ".rst", ".adoc", "")


def readme_content(readme: dict[str, Any]) -> tuple[str, bytes]:
    """The README's file name and bytes from the REST answer."""
    try:
        content = base64.b64decode(text(readme.get("content")), validate=False)
    except (binascii.Error, ValueError):
        raise SiteUnavailable("the README's content was not valid base64") from None
    return text(readme.get("name")) or "README", content


def file_markdown(title: str, name: str, content: bytes, *, cut: bool = False) -> str:
    """A file's text under ``# title``: prose as it is, a notebook as its cells and outputs, code in a
    fence long enough that the code cannot close it."""
    if b"\x00" in content[:8192]:
        raise SiteUnavailable("the file is binary, not text")
    return f"# {title}\n\n{file_body(name, content.decode('utf-8', errors='replace'))}{_CUT_NOTE if cut else ''}\n"


def file_body(name: str, body: str) -> str:
    """``file_markdown`` without the title, for a file of text named ``name``."""
    body = body.strip()
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    notebook = notebook_of(body) if suffix == ".ipynb" else None
    if notebook is not None:
        return notebook_markdown(notebook).rstrip("\n")
    return body if suffix in _PROSE else fenced(body, suffix.lstrip("."))
