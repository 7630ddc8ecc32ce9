"""A folded panel's title (an FAQ's question, an accordion's offer, a tab's name) written back above the
panel's text where the answer kept the text and lost the title.

An accordion's panel names its title in the ARIA pattern for accordions and tabs: the panel's
``aria-labelledby`` is the id of its header (Bootstrap's ``card-header``, the pattern's button, a
``role="tab"``). The panels are shown before anything reads the tree (``disclosure_panels``), but
the header is a button, or sits in a box named like a page's header, and extractors drop it: a
recruiter's FAQ came out as twenty answers without one question ("We have a candidate retention
rate of 86%" under nothing), a shop's tabs as specifications with no tab name above them. The
header's words go above the panel's first words in the answer (``labels_above``): as a heading of
the header's level when the header is or holds a heading, else in bold.

Only a panel that folds: a tab's panel or a region (their roles), or one a control opens
(``aria-controls``, Bootstrap's ``data-target``); a card that names its title is neither. Not a
panel's title: a header inside the panel (a dialog's own heading, a section's), one in the
page's chrome (a menu's button naming its list of links), or more than a title's words.
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.disclosure_panels import IDS_PER_CONTROL
from adapters.pages.html_markdown import HEADING_TAGS, Element, is_chrome
from adapters.pages.labels_above import Label, Walk, first_words, inert, own_keys, short_text
from adapters.pages.page_kind import MAX_ELEMENTS

_MAX_PANELS = 500
_CHROME_TAGS = frozenset({"nav", "header", "footer"})
_PANEL_ROLES = frozenset({"tabpanel", "region"})
_TOGGLES = frozenset({"data-toggle", "data-bs-toggle"})
_MAX_TITLE_WORDS = 30
_MAX_TITLE_CHARS = 300


def panel_labels(root: Element) -> tuple[Label, ...]:
    """The titles of the panels of ``root`` that name their header (``aria-labelledby``), in the
    page's order, as labels to write above the panels' words."""
    labelled = list(islice(root.iterfind(".//*[@aria-labelledby]"), _MAX_PANELS))
    if not labelled:
        return ()
    opened = _opened_ids(root)
    panels = [panel for panel in labelled if _folds(panel, opened)]
    wanted = {_first_id(panel) for panel in panels}
    headers: dict[str, Element] = {}
    for element in islice(root.iterfind(".//*[@id]"), MAX_ELEMENTS):
        if element.get("id") in wanted:
            headers.setdefault(element.get("id"), element)
    found: list[tuple[str, str, tuple[str, ...]]] = []
    titles: dict[str, str] = {}  # a header's title, read once however many panels it labels
    chrome: dict[Element, bool] = {}
    walk = Walk()
    for panel in panels:
        named = _first_id(panel)
        header = headers.get(named) if named else None
        if header is None or header is panel or panel in header.iterancestors() or header in panel.iterancestors():
            continue
        if _in_chrome(panel, chrome) or _in_chrome(header, chrome):
            continue
        if named not in titles:
            titles[named] = inert(short_text(header, _MAX_TITLE_CHARS))
        title = titles[named]
        if not title or len(title) > _MAX_TITLE_CHARS or len(title.split()) > _MAX_TITLE_WORDS:
            continue
        keys = first_words(panel, walk=walk)
        if keys:
            found.append((_line(header, title), title, keys))
    labels = [
        Label(line, title, keys)
        for (line, title, _), keys in zip(found, own_keys([keys for _, _, keys in found]), strict=True)
        if keys
    ]
    return tuple(labels)


def _opened_ids(root: Element) -> set[str]:
    """The ids the page's controls open: ``aria-controls``, Bootstrap's ``data-target`` and
    ``data-bs-target``, a toggle's ``href="#..."``."""
    ids: set[str] = set()
    for control in islice(root.iterfind(".//*[@aria-controls]"), MAX_ELEMENTS):
        ids.update((control.get("aria-controls") or "").split()[:IDS_PER_CONTROL])
    for attribute in ("data-target", "data-bs-target", "href"):
        for control in islice(root.iterfind(f".//*[@{attribute}]"), MAX_ELEMENTS):
            target = control.get(attribute) or ""
            if target.startswith("#") and (attribute != "href" or _TOGGLES & set(control.keys())):
                ids.add(target[1:])
    return ids


def _folds(panel: Element, opened: set[str]) -> bool:
    """Whether ``panel`` is a folded panel or a tab's: its role says so, or a control opens it. A
    card or a section that names its title is neither (its title is its own first words)."""
    return panel.get("role") in _PANEL_ROLES or panel.get("id") in opened


def _first_id(panel: Element) -> str:
    named = (panel.get("aria-labelledby") or "").split()
    return named[0] if named else ""


def _in_chrome(element: Element, seen: dict[Element, bool]) -> bool:
    """Whether ``element`` or an ancestor is chrome; ``seen`` keeps what was learnt of each, so nested
    panels do not ask their ancestors again each."""
    path: list[Element] = []
    chrome = False
    for node in (element, *element.iterancestors()):
        if node in seen:
            chrome = seen[node]
            break
        path.append(node)
        if node.tag in _CHROME_TAGS or is_chrome(node):
            chrome = True
            break
    for node in path:
        seen[node] = chrome
    return chrome


def _line(header: Element, title: str) -> str:
    """The title as a heading of the header's level when the header is, holds or sits in a heading;
    else in bold."""
    heading = next(
        (
            node
            for node in (header, *islice(header.iter(*HEADING_TAGS), 1), *header.iterancestors())
            if node.tag in HEADING_TAGS
        ),
        None,
    )
    if heading is not None:
        return "#" * int(heading.tag[1]) + " " + title
    return f"**{title}**"
