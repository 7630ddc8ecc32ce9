"""Panels the page hides until its reader opens them (accordions, "Read more"), shown before anything
reads the tree.

A service page lists its offers as an accordion, a shop's category page folds its buying guide
under "Read more", a FAQ folds its answers: the page ships every panel's text and a button that
shows it. The panel is marked ``hidden`` (or ``aria-hidden="true"``) until the click, and hidden
elements are read as chrome (templates, closed menus, error boxes: a fifth of their words are in
the references). A panel is told from those by the control that opens it, in the ARIA pattern for
disclosures: an element with ``aria-expanded`` whose ``aria-controls`` names the panel's id.
Counted on both corpora (docs/extraction.md, twenty-third round): outside the page's chrome, 84%
of the words in such panels are in the references (collections all of them, services 90%), as
three quarters of those in hidden tab panels are, which are read already. A panel inside a menu,
a header or a footer stays hidden: the chrome around it goes anyway. A button inside a heading
(the accordion's control, in the same pattern) is the section's title, and is kept as its words
(``heading_buttons_as_words``); so is a control elsewhere whose words are a question, an FAQ's
(``question_buttons_as_words``).
"""

from __future__ import annotations

from itertools import islice

from adapters.pages.html_markdown import HEADING_TAGS, Element, is_chrome, is_hidden
from adapters.pages.page_kind import MAX_ELEMENTS

# A control opens one panel, or a few (an "expand all" button); a hostile page's one attribute
# naming a million ids is read no further than this.
IDS_PER_CONTROL = 20


def disclosures_opened(root: Element) -> int:
    """Shows the hidden panels that the first ``MAX_ELEMENTS`` controls of ``root`` open (the first
    ``IDS_PER_CONTROL`` each names, ``MAX_ELEMENTS`` ids in all); how many."""
    named: set[str] = set()
    for control in islice(root.iterfind(".//*[@aria-controls][@aria-expanded]"), MAX_ELEMENTS):
        named.update((control.get("aria-controls") or "").split(None, IDS_PER_CONTROL)[:IDS_PER_CONTROL])
        if len(named) >= MAX_ELEMENTS:
            break
    if not named:
        return 0
    opened = 0
    for panel in islice(root.iterfind(".//*[@id]"), MAX_ELEMENTS):
        if panel.get("id") in named and is_hidden(panel):
            panel.attrib.pop("hidden", None)
            if panel.get("aria-hidden") == "true":
                del panel.attrib["aria-hidden"]
            opened += 1
    return opened


def heading_buttons_as_words(root: Element) -> int:
    """Each ``<button>`` inside a heading made its words; how many.

    In the ARIA pattern for accordions the control is a button inside a heading, and its words are
    the section's title: an FAQ's question, an offer's name. Every extractor drops buttons as
    controls, so the questions went and the answers stood untitled ("How do I add a provider?"
    lost, "You set its key..." kept). Only inside headings: a toggle elsewhere names its panel as
    often as a menu, and turning those into words cost pages of both corpora (docs/extraction.md,
    thirty-third round)."""
    buttons = [
        button
        for button in root.iter("button")
        if "".join(button.itertext()).strip() and any(a.tag in HEADING_TAGS for a in button.iterancestors())
    ]
    for button in buttons:
        button.tag = "span"
        # A control's names ("accordion__button") would read as chrome's: a title has none.
        for attribute in ("aria-expanded", "aria-controls", "type", "role", "class", "id"):
            button.attrib.pop(attribute, None)
    return len(buttons)


# A question a control opens the answer to: a few words ending in a question mark.
_QUESTION_WORDS = (3, 40)
# A label is a few inline elements (an icon, a <span>); more is a card or a panel.
_LABEL_NODES = 12
_BLOCKS = frozenset({*HEADING_TAGS, "p", "ul", "ol", "div", "table", "section", "article"})
# The elements drawn as controls; a heading, a <summary>, a <dt> or a table's row that carries
# aria-expanded is read as what it is already.
_CONTROL_TAGS = frozenset({"button", "a", "span", "div", "label"})
# A heading drawn as the control keeps its tag, and loses the names that read as a control's.
_TITLE_TAGS = HEADING_TAGS | {"summary", "dt"}
# Parents a paragraph cannot stand in: the question stays inline there, in bold.
_INLINE_PARENTS = frozenset({"p", "a", "span", "em", "strong", "b", "i", "label", "small", "font"})


def question_buttons_as_words(root: Element) -> int:
    """Each disclosure control outside a heading whose words are a question, made a paragraph of
    them (in bold where it stands inside a paragraph); how many.

    An FAQ is often written without headings: a ``<button aria-expanded>`` per question, the answer
    in the panel it opens. Every extractor drops buttons as controls, so the answers (shown by
    ``disclosures_opened``) stood without their questions ("Refunds take five working days" under
    no question at all). Made its panel's title wherever it stands, any such control cost the
    corpora (a shop's feature accordion, docs/extraction.md, thirty-third round); a question is
    the title of the answer below it on any kind of page. Not in the page's chrome (a cookie
    banner's "Why do we use cookies?", a chat launcher's), judged before its names are dropped;
    of controls inside controls, only the innermost."""
    controls = [
        control
        for control in islice(root.iterfind(".//*[@aria-expanded]"), MAX_ELEMENTS)
        if (control.tag in _CONTROL_TAGS or control.tag in _TITLE_TAGS)
        and _is_question(_label(control))
        and not _placed_apart(control)
    ]
    for control in controls:
        parent = control.getparent()
        if control.tag not in _TITLE_TAGS:
            control.tag = "strong" if parent is not None and parent.tag in _INLINE_PARENTS else "p"
        for attribute in ("aria-expanded", "aria-controls", "type", "role", "class", "id", "tabindex"):
            control.attrib.pop(attribute, None)
    return len(controls)


def _is_question(words: str | None) -> bool:
    return words is not None and words.endswith("?") and _QUESTION_WORDS[0] <= len(words.split()) <= _QUESTION_WORDS[1]


def _placed_apart(control: Element) -> bool:
    """Whether ``control`` is no FAQ's question where it stands: inside a heading (its own pass),
    in the page's chrome, or around another control."""
    if control.find(".//*[@aria-expanded]") is not None:
        return True
    if is_chrome(control):
        return True
    return any(node.tag in HEADING_TAGS or is_chrome(node) for node in control.iterancestors())


def _label(control: Element) -> str | None:
    """The words of a control that is a label: a few inline elements at most, no heading, paragraph,
    list or box inside (that is a card or a panel); None otherwise. Read no further than that, so
    that controls nested in controls cost no more than the page."""
    nodes = list(islice(control.iter(), _LABEL_NODES + 1))
    if len(nodes) > _LABEL_NODES or any(node.tag in _BLOCKS for node in nodes[1:]):
        return None
    return " ".join("".join(control.itertext()).split())
