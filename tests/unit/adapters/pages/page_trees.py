"""Small pages parsed as the pipeline parses them, and the text a tree holds, for the tests of the tree passes."""

from __future__ import annotations

from adapters.pages.candidates import parse_html
from adapters.pages.html_markdown import Element


def tree(body: str) -> Element:
    """``body`` inside a page's ``<body>``, parsed."""
    root = parse_html(f"<html><body>{body}</body></html>")
    assert root is not None
    return root


def text(root: Element) -> str:
    """The words under ``root``, spaces collapsed."""
    return " ".join("".join(root.itertext()).split())
