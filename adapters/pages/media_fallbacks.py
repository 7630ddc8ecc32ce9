"""What a page says to browsers that cannot play its video or audio, out of the tree before anything reads it.

"Your browser does not support the video tag", "Sorry, your browser doesn't support embedded
videos": the text inside ``<video>`` and ``<audio>`` is shown only by a browser without them, and
every extractor kept it as the page's text. Counted on both corpora (docs/extraction.md,
twentieth round): 330 words, none in the references (captions a shop wrote there for such
browsers, "Exercise: leg press", are its videos' names, not its text). The sources and
subtitle tracks stay: they are what the element plays.
"""

from __future__ import annotations

from lxml import etree

from adapters.pages.html_markdown import Element

_PLAYED = ("source", "track")


def media_fallbacks_out(root: Element) -> int:
    """Empties the fallback content of each ``<video>`` and ``<audio>`` of ``root``; how many it emptied.

    The parser does not know ``<source>`` and ``<track>`` are empty elements and nests what follows
    them inside them, so the fallback is whatever the player holds besides those elements' own
    attributes: they are set back empty."""
    emptied = 0
    for player in list(root.iter("video", "audio")):  # listed first: the loop changes what it walks
        if not _has_fallback(player):
            continue
        played = [(element.tag, dict(element.attrib)) for element in player.iter(*_PLAYED)]
        for child in list(player):
            player.remove(child)
        player.text = None
        for tag, attributes in played:
            etree.SubElement(player, tag, attributes)
        emptied += 1
    return emptied


def _has_fallback(player: Element) -> bool:
    return any(
        (node.text or "").strip()
        or (node is not player and (node.tail or "").strip())
        or node.tag not in (*_PLAYED, player.tag)
        for node in player.iter()
    )
