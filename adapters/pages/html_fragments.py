"""HTML fragments as Markdown, read as a page's HTML is: an API's post body, a notebook's HTML output,
the HTML a Word document is turned into."""

from __future__ import annotations

from collections.abc import Callable

from adapters.pages.html_markdown import Element, element_to_markdown
from adapters.pages.legacy_text_elements import legacy_elements_as_shown
from adapters.pages.math_markup import formulas_as_tex
from adapters.pages.table_spans import row_spans_filled
from adapters.pages.void_elements import void_elements_emptied
from adapters.pages.xml_characters import xml_characters


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
