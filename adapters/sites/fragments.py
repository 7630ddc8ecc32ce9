"""HTML fragments an API sends (StackExchange post and comment bodies) as Markdown."""

from __future__ import annotations

from adapters.pages.html_markdown import element_to_markdown


def fragment_markdown(fragment: str) -> str:
    """Markdown for a fragment of HTML, pruned like a page (no scripts, forms...); "" when empty."""
    import lxml.etree
    import lxml.html

    if not fragment.strip():
        return ""
    try:
        root = lxml.html.fragment_fromstring(fragment, create_parent="div")
    except (lxml.etree.ParserError, ValueError):
        return ""
    return element_to_markdown(root)


def inline_markdown(fragment: str) -> str:
    """A short fragment (a comment) on one line."""
    return " ".join(fragment_markdown(fragment).split())
