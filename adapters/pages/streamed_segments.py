"""A streamed React page's content put where its scripts would put it.

React's streaming server rendering (React 18 and later; Next.js's app router, Remix, many shops)
sends a page in pieces: each part still loading is a placeholder (``<template id="B:0">`` with a
"Loading..." fallback after it, or ``<template id="P:3">``), and the part's content comes later in
the same response, at the end of the body, in ``<div hidden id="S:0">``. A small inline script
(``$RC("B:0","S:0")``, ``$RS("S:3","P:3")``) then moves it into place. A browser runs that
script; an extractor does not, and ``hidden`` is how every candidate recognises what a reader
cannot see. On a shop's catalogue, 80% of the page's text sat in such divs, and the pruned page
and Resiliparse read the header, the footer and nothing else (19 pages of both corpora stream
this way; docs/extraction.md, fourteenth round).

The scripts' calls are read from the page's inline scripts and done here, on the tree, before
anything else reads it: the fallback goes and the content takes the placeholder's place. A call
whose placeholder or content is missing is skipped; content no call names stays hidden.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

from adapters.pages.html_markdown import Element, drop_tree

# The inline runtime's calls: complete a boundary ($RC; $RR also loads its stylesheets first) with
# a segment's content, or put a segment in a placeholder ($RS). React numbers them in hex.
_BOUNDARY_CALL = re.compile(r'\$R[CR]\(\s*"(B:[0-9a-f]+)"\s*,\s*"(S:[0-9a-f]+)"')
_SEGMENT_CALL = re.compile(r'\$RS\(\s*"(S:[0-9a-f]+)"\s*,\s*"(P:[0-9a-f]+)"')
_ANY_CALL = re.compile(r"\$R[CRS]\(")
# A real page streams tens of parts; a hostile one could name thousands.
MAX_MOVES = 2_000
# The markers React writes around a boundary's content: "$" done, "$?" pending, "$!" failed; "/$" ends it.
_OPENING_MARKERS = frozenset({"$", "$?", "$!"})
_CLOSING_MARKER = "/$"


def put_streamed_segments_in_place(root: Element) -> int:
    """Do the page's own ``$RC``/``$RS`` moves on ``root`` (in place); how many were done."""
    moves = list(islice(_moves(root), MAX_MOVES))
    if not moves:
        return 0
    wanted = {name for move in moves for name in move}
    by_id = {element.get("id"): element for element in root.iter() if element.get("id") in wanted}
    done = 0
    for placeholder_id, segment_id in moves:
        placeholder, segment = by_id.get(placeholder_id), by_id.get(segment_id)
        if placeholder is None or segment is None or placeholder.getparent() is None:
            continue
        if segment.getparent() is None or _holds(segment, placeholder):
            continue
        if placeholder_id.startswith("B:"):
            _drop_fallback(placeholder)
        _put_in_place_of(placeholder, segment)
        done += 1
    return done


def _moves(root: Element) -> Iterator[tuple[str, str]]:
    """(placeholder id, segment id) for each call, in the order the page's scripts make them."""
    for script in root.iter("script"):
        code = script.text or ""
        if "$R" not in code:
            continue
        for call in _ANY_CALL.finditer(code):
            if found := _BOUNDARY_CALL.match(code, call.start()):
                yield found.group(1), found.group(2)
            elif found := _SEGMENT_CALL.match(code, call.start()):
                yield found.group(2), found.group(1)


def _holds(segment: Element, placeholder: Element) -> bool:
    return any(ancestor is segment for ancestor in placeholder.iterancestors())


def _drop_fallback(template: Element) -> None:
    """What the boundary showed while loading: the siblings after its template, up to its closing marker."""
    fallback: list[Element] = []
    depth = 0
    for sibling in template.itersiblings():
        if not isinstance(sibling.tag, str):  # a comment: React's markers are comments
            marker = (sibling.text or "").strip()
            if marker == _CLOSING_MARKER:
                if depth == 0:
                    break
                depth -= 1
            elif marker in _OPENING_MARKERS:
                depth += 1
        fallback.append(sibling)
    else:
        return  # no closing marker: leave the fallback, it cannot be told from what follows
    template.tail = None  # the fallback's text, as are its nodes' tails
    for node in fallback:
        node.tail = None
        node.getparent().remove(node)


def _put_in_place_of(placeholder: Element, segment: Element) -> None:
    """``segment``'s content where ``placeholder`` is; both go, their tails stay."""
    parent = placeholder.getparent()
    at = parent.index(placeholder)
    before = placeholder.getprevious()
    if segment.text:
        if before is not None:
            before.tail = (before.tail or "") + segment.text
        else:
            parent.text = (parent.text or "") + segment.text
        segment.text = None
    children = list(segment)
    tail = placeholder.tail
    placeholder.tail = None
    parent.remove(placeholder)
    for offset, child in enumerate(children):
        parent.insert(at + offset, child)
    if tail:
        last = children[-1] if children else before
        if last is not None:
            last.tail = (last.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    drop_tree(segment)
