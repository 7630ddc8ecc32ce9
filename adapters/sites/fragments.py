"""HTML fragments an API sends (StackExchange post and comment bodies, Discourse posts) as Markdown."""

from __future__ import annotations

from collections.abc import Callable

from adapters.pages.html_markdown import Element, element_to_markdown
from adapters.pages.legacy_text_elements import legacy_elements_as_shown
from adapters.pages.math_markup import formulas_as_tex
from adapters.pages.table_spans import row_spans_filled
from adapters.pages.void_elements import void_elements_emptied
from adapters.pages.xml_characters import xml_characters

# Converting a post's HTML runs in a thread no deadline can stop once started, so it is bounded by
# size: at most this much of one post (a forum's, a Mastodon server's) is read, and the cut is said.
MAX_POST_HTML = 100_000


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
        root = lxml.html.fragment_fromstring(xml_characters(fragment), create_parent="div")
    except (lxml.etree.ParserError, ValueError):
        return ""
    # What a browser shows where libxml2 reads otherwise, and formulas as TeX, as in a page.
    void_elements_emptied(root)
    legacy_elements_as_shown(root)
    row_spans_filled(root)
    formulas_as_tex(root)
    if prepare is not None:
        prepare(root)
    return element_to_markdown(root, base_url)


def post_markdown(post: str, *, base_url: str | None = None, prepare: Callable[[Element], None] | None = None) -> str:
    """A post's HTML as Markdown, its first ``MAX_POST_HTML`` characters only; "(no text)" when it has none."""
    markdown = fragment_markdown(post[:MAX_POST_HTML], base_url=base_url, prepare=prepare) or "(no text)"
    if len(post) > MAX_POST_HTML:
        markdown += f"\n\n(post cut: its HTML passed {MAX_POST_HTML:,} characters)"
    return markdown


def inline_markdown(fragment: str) -> str:
    """A short fragment (a comment) on one line."""
    return " ".join(fragment_markdown(fragment).split())
