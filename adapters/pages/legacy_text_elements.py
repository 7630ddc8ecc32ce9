"""Legacy elements whose content the parser keeps as raw text, made what a browser shows of them.

A browser shows ``<xmp>`` and ``<plaintext>`` (old manuals' code samples) as preformatted source,
character for character, and ``<listing>`` as ``<pre>``; it never shows ``<noembed>`` or
``<noframes>``, fallbacks for browsers without embeds or frames. libxml2 keeps the content of all
but ``<listing>`` as one raw text and writes it out escaped, as any text outside ``<script>`` and
``<style>``; the converters read it back as raw text, so the agent got "a &lt; b", a fallback's
HTML source and, after ``<plaintext>``, the rest of the page as escaped source, and trafilatura
dropped the code. So the three become ``<pre>`` (whose text, written out escaped, reads back the
same) and the fallbacks go, for every candidate (the pruning's ``SKIPPED_TAGS`` serves the whole
page alone). On a page made of frames ``<noframes>`` holds all its words (a "Frame Alert" linking
to the version without frames), read as the HTML it holds. A browser shows all after
``<plaintext>`` as its text; a page writing ``</plaintext>`` meant it to end there, so what follows
is read as HTML again, each end tag closing what it closed in the page.
"""

from __future__ import annotations

import re

from lxml import etree

from adapters.pages.html_markdown import Element, drop_tree, in_code, unwrap

_LEGACY = ("xmp", "plaintext", "listing", "noembed", "noframes")
_PLAINTEXT_END = re.compile(r"</plaintext\s*>", re.IGNORECASE)
_END_TAGS = re.compile(r"(?:\s*</[a-zA-Z][^<>]*>)+\s*\Z")  # the page's own closing tags
# Texts read as HTML on one page: each ``<plaintext>``'s text holds the rest of the page, the next
# one's included, so a page of thousands of them would be parsed thousands of times over.
_MAX_READS = 8


def legacy_elements_as_shown(root: Element) -> int:
    """``<xmp>``, ``<plaintext>``, ``<listing>`` made ``<pre>`` (their tag taken out inside code),
    ``<noembed>`` and ``<noframes>`` out (``<noframes>`` of a frameset read as HTML); how many changed."""
    found = list(root.iter(*_LEGACY))  # one walk; most pages have none
    frames: bool | None = None  # whether the page is a frameset, looked up at its first <noframes>
    reads = 0
    for element in found:  # grows with the elements a text read as HTML holds
        if element.tag in ("noembed", "noframes"):
            if element.tag == "noframes" and frames is None:
                frames = next(root.iter("frameset"), None) is not None
            if element.tag == "noframes" and frames and reads < _MAX_READS:
                reads += 1
                found += _read_as_html(element, element.text or "")
            drop_tree(element)
            continue
        end = _PLAINTEXT_END.search(element.text or "") if element.tag == "plaintext" else None
        if end is not None and reads < _MAX_READS:
            reads += 1
            element.text, rest = element.text[: end.start()], element.text[end.end() :]
            found += _read_as_html(element, rest)
        elif element.tag == "plaintext" and element.text:
            element.text = _END_TAGS.sub("", element.text)
        if in_code(element):  # ``<pre><xmp>``: the enclosing block shows the text already
            unwrap(element.getparent(), [element])
        else:
            element.tag = "pre"
    return len(found)


def _read_as_html(after: Element, html: str) -> list[Element]:
    """``html`` (what followed ``after`` in the page, kept as raw text) parsed inside ``after``'s
    ancestors and put where its end tags place it: after ``after`` until the end tag of its parent,
    then after the parent, and so on up. Returns the legacy elements it holds."""
    chain = list(after.iterancestors())[::-1]
    parsed = etree.fromstring("".join(f"<{element.tag}>" for element in chain) + html, etree.HTMLParser())
    found: list[Element] = []
    for level, place in zip(chain, [*chain[1:], after], strict=True):
        reopened = None if place is after else next(parsed.iterchildren(place.tag), None)
        moved = list(parsed) if reopened is None else list(reopened.itersiblings())
        tail, place.tail = place.tail, parsed.text if reopened is None else reopened.tail
        at = level.index(place) + 1
        level[at:at] = moved
        last = moved[-1] if moved else place
        last.tail = (last.tail or "") + (tail or "")
        found += [element for part in moved for element in part.iter(*_LEGACY)]
        if reopened is None:
            break
        parsed = reopened
    return found
