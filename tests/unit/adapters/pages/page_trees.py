"""Small pages parsed as the pipeline parses them, and the text a tree holds, for the tests of the tree passes."""

from __future__ import annotations

import math
import time

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import Candidates, cut_from_tree, parse_page, read_tree
from adapters.pages.html_markdown import Element
from adapters.pages.page_kind import detect_kind

# A local paper's story, for the tests of what an article's page holds besides it.
NEWS_URL = "https://valleynews.example/2026/11/bridge"
NEWS_STORY = (
    "The county opened the rebuilt bridge over the mill race on Tuesday, two years after the spring flood "
    "took the old one, and the school buses are back on their short route through the village. "
)


def tree(body: str) -> Element:
    """``body`` inside a page's ``<body>``, parsed."""
    root = parse_html(f"<html><body>{body}</body></html>")
    assert root is not None
    return root


def text(root: Element) -> str:
    """The words under ``root``, spaces collapsed."""
    return " ".join("".join(root.itertext()).split())


def cut_candidates(page: str, url: str) -> tuple[Candidates, str]:
    """``page`` parsed, read and cut as the tool does before its candidates run (``cut_from_tree``),
    with no budget: its candidates, and the HTML trafilatura and readability read."""
    parsed = parse_page(page)
    assert parsed is not None
    root, written = parsed
    data, structure = read_tree(root)
    cut_from_tree(detect_kind(data, structure), data, root)
    return Candidates(written, url, root, True, deadline=math.inf, clock=time.monotonic), written
