"""HTML fragments an API sends (StackExchange post and comment bodies, Discourse posts) as Markdown."""

from __future__ import annotations

from collections.abc import Callable

from adapters.pages.html_markdown import Element, element_to_markdown


def fragment_markdown(
    fragment: str, *, base_url: str | None = None, prepare: Callable[[Element], None] | None = None
) -> str:
    """Markdown for a fragment of HTML, pruned like a page (no scripts, forms...); "" when empty.

    ``base_url`` makes relative links absolute; ``prepare`` rewrites a site's own markup first.
    """
    import lxml.etree
    import lxml.html

    if not fragment.strip():
        return ""
    try:
        root = lxml.html.fragment_fromstring(fragment, create_parent="div")
    except (lxml.etree.ParserError, ValueError):
        return ""
    if prepare is not None:
        prepare(root)
    return element_to_markdown(root, base_url)


def inline_markdown(fragment: str) -> str:
    """A short fragment (a comment) on one line."""
    return " ".join(fragment_markdown(fragment).split())
