"""HTML elements to Markdown for when article extraction finds too little (html-to-markdown does the writing).

What is ours is the pruning: the parts of a page that are never content (scripts, navigation,
footers, forms, consent banners, hidden elements) are removed from the tree before conversion,
links are made absolute and images become ``[Image: alt]`` so an agent knows a figure is there
without a URL it cannot look at. The conversion itself - headings, lists, tables, code, links -
is html-to-markdown's, whose Rust core writes a 50,000-row table in a fraction of a second
(markdownify, through BeautifulSoup, took 6 s for it: more than a page may cost).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from itertools import islice
from typing import Any
from urllib.parse import urljoin, urlsplit

from lxml import etree

from adapters.pages.markup_names import named, names
from adapters.pages.source_whitespace import without_source_whitespace
from adapters.pages.text_words import words_in
from domain.markdown_lines import CODE_FENCE, LIST_MARKER, indentation, outside_code_spans

# What the pruned whole page leaves out with everything under it (besides chrome by role or name).
SKIPPED_TAGS = (
    "script", "style", "noscript", "template", "nav", "footer", "header", "aside", "form",
    "iframe", "svg", "button", "select", "input", "dialog", "head", "title", "meta", "link",
)  # fmt: skip
# Elements whose text is source, not text a reader sees.
SOURCE_TAGS = frozenset({"script", "style", "noscript", "template"})
# What makes an element a block of its own rather than a piece of a line: a definition holding one is
# a reference's description, not a specification's value (``definition_lists``, ``label_values``).
BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figure",
        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
        "ol", "p", "pre", "section", "table", "ul",
    }
)  # fmt: skip
# ARIA roles of chrome: the landmarks the skipped tags stand for (``complementary`` is what
# ``<aside>`` means) and the widgets a reader works rather than reads (a menu, a language picker's
# list box, a search box, a toolbar, a tooltip). On both corpora, elements with the widget and
# sidebar roles that nothing else prunes hold 83 words of the references and 14,176 not
# (docs/extraction.md, nineteenth round). A ``marquee`` (ARIA: information that is not essential
# and changes often, a ticker of offers) and a ``timer`` (a sale's countdown) are not the page's
# text either (thirty-eighth round).
_CHROME_ROLES = frozenset(
    {
        "navigation", "banner", "contentinfo", "dialog", "complementary", "search",
        "menu", "menubar", "listbox", "toolbar", "tooltip", "marquee", "timer",
    }
)  # fmt: skip
# Menus by name ("dropdown-menu", "mega-menu", "navMenu", "header__flyout", "s-popover") that are
# mostly links: a site's menu written without a <nav>, which the whole page kept as text. On both
# corpora, such elements that nothing else prunes hold 433 words of the references and 18,807
# not (docs/extraction.md, nineteenth round); a restaurant's menu, a tabs "menu" of FAQ answers
# and a location's "menu-detail" are prose, and stay.
_MENU_WORDS = frozenset({"menu", "menus", "submenu", "megamenu", "dropdown", "flyout", "popover"})
MENU_LINK_SHARE = 0.7
# Words of a menu read to judge how much of it is links: enough for any menu's first columns,
# and a bound on what 256 menus nested in one another cost.
_MENU_WORDS_READ = 2_000
# Whole words of an id or class (split on "-", "_", spaces), so "shared-notes" is not "share".
_CHROME_MARKERS = re.compile(
    r"(?:^|[-_\s])(?:cookies?|consent|gdpr|newsletter|share|sharing|social|related|comments?)(?:$|[-_\s])",
    re.IGNORECASE,
)
_EMPTY_QUOTE_LINE = re.compile(r"(?:> ?)+")
# The heading elements, for the passes that look a heading up or down the tree.
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# The converter escapes the brackets of a placeholder that sits in a link's text beside another
# ("[\[Image: star\][Image: star] 4.58](address)"); a placeholder never holds brackets of its own.
_ESCAPED_PLACEHOLDER = re.compile(r"\\\[(Image:[^\[\]\n]*?)\\\]")
# A placeholder touching a word (see ``parted_placeholders``).
_WORD_THEN_PLACEHOLDER = re.compile(r"(\w)(\[Image: )")
_PLACEHOLDER_THEN_WORD = re.compile(r"(\[Image: [^\[\]\n]*\])(\w)")
_UNWRAPPED = "searchrelay-unwrapped"  # a tag no page uses, for lxml's strip_tags to take out
# Inline HTML that only styles text: trafilatura writes underlined words (most often a link's
# text) as ``<u>...</u>`` in its Markdown, and pages' ``<font>`` and ``<span>`` reach the answer
# where a converter passes raw HTML through. The agent reads the words, not the tags. trafilatura
# also writes superscripts and subscripts as ``<sup>``/``<sub>``: a shop's price drawn as
# "<sup>$</sup>1,899<sup>.00</sup>" on 14 pages of the corpora, 218 tags. Their text stays
# ("$1,899.00", "H2O", a footnote's "[1]", "1st"), except a power: a number raised after a
# letter, digit or bracket is written with a caret, so "x<sup>2</sup>" reads "x^2", not "x2".
_STYLE_TAG = re.compile(r"</?(?:u|font|span|ins|mark|small|big|sup|sub)\b[^<>\n]*>", re.IGNORECASE)
_POWER = re.compile(r"(?<=[\w)\]])<sup\b[^<>\n]*>\s*([-+\u2212]?\d+)\s*</sup>", re.IGNORECASE)
# A list item with nothing in it (a card holding only an icon, a carousel's dots): a line of its
# own per item, hundreds on some shop pages, and nothing for the agent to read.
_EMPTY_ITEM = re.compile(r"[ \t]*" + LIST_MARKER)
# What a script shows until it has fetched the part it fills ("Loading...", a spinner's words): a
# line of its own on 14 pages of the corpora, up to 20 on one, and never something the agent can
# use. Only with its ellipsis: a heading "Loading" in a guide is content. A shop's card written
# as a heading ("- ### Loading...", 44 of them on one category page) is the same placeholder.
_LOADING_LINE = re.compile(
    r"[ \t]*(?:[-*+>][ \t]*|#{1,6}[ \t]+)*(?:loading|please wait|chargement(?: en cours)?|cargando|wird geladen|"
    r"caricamento(?: in corso)?|carregando|laden|загрузка)[ \t]*(?:\.{2,}|…)[ \t]*",
    re.IGNORECASE,
)
_ITEM_LOOKAHEAD = 3  # blank lines an item's indented content may sit below its marker
_WHITESPACE = re.compile(r"\s+")
# A tag; a "<" never closed is taken whole and left (a try at each later "<" fails the same way).
_TAG = re.compile(r"<[^>]*>|<[^>]*+")
_URL_BREAKS = re.compile(r"[\t\n\r]")  # browsers drop these from an address
_ENCODED_IN_LINKS = str.maketrans({" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E"})
# A table may be padded to at most this many times its own cells (plus the allowance) before it is
# written as lines; the HTML standard caps a colspan at 1,000.
_MAX_PADDING_RATIO = 3
_PADDING_ALLOWANCE = 1_000
_MAX_COLSPAN = 1_000


# lxml ships no type information; elements are typed loosely on purpose.
Element = Any


def element_to_markdown(root: Element, base_url: str | None = None) -> str:
    """Markdown for ``root`` and everything under it, chrome pruned. Changes ``root`` in place.

    ``base_url`` (the page's address, or its ``<base href>``) makes relative links absolute.
    """
    import html_to_markdown
    import lxml.html

    _prune(root, base_url)
    html = lxml.html.tostring(root, encoding="unicode")
    markdown = html_to_markdown.convert(html, _options()).content or ""
    if "[Image:" in markdown:
        markdown = _ESCAPED_PLACEHOLDER.sub(r"[\1]", markdown) if "\\[Image:" in markdown else markdown
        markdown = parted_placeholders(markdown)
    return tidy(markdown)


def parted_placeholders(markdown: str) -> str:
    """Picture placeholders parted by a space from the words they touch.

    On the page the picture stands between them, in the text "hot seller[Image: Relax Berries]"
    reads as one word. Our conversion spaces most of them as it puts them in (``_spaced``), but not
    a picture inside an inline wrapper of its own ("<span><img></span>If you prefer"), and
    trafilatura writes a picture right after a tile's label with no space.
    """
    return _PLACEHOLDER_THEN_WORD.sub(r"\1 \2", _WORD_THEN_PLACEHOLDER.sub(r"\1 \2", markdown))


# No-break spaces (plain and narrow) as plain spaces; soft hyphens, zero-width spaces, word joiners
# and stray byte-order marks out: a browser shows none of them, but each splits a word for the
# agent ("Assis\u00adtance", "home\u00adown\u00aders": two tokens and no match for "assistance").
# The joiners that shape a script or an emoji (U+200C, U+200D) stay.
INVISIBLE_CHARACTERS = str.maketrans(
    {"\u00a0": " ", "\u202f": " ", "\u00ad": None, "\u200b": None, "\u2060": None, "\ufeff": None}
)


def tidy(markdown: str) -> str:
    """Markdown without trailing spaces, runs of blank lines (in quotes too), empty list items,
    "Loading..." placeholders, inline styling tags (``<u>``, ``<font>``, ``<span>``) or the page
    source's indentation and spacing (``source_whitespace``) outside code: they only spend context.
    No-break spaces are plain spaces, in code too: the agent cannot see the difference, a no-break
    space costs a token of its own and keeps "$ 79.00" from matching what the agent searches for,
    and in a command a shell reads it as part of a word (``tee`` and ``%`` run together). Soft
    hyphens and zero-width spaces go (``INVISIBLE_CHARACTERS``).

    Every candidate's answer passes through here. Code blocks keep their lines as written (two
    blank lines between functions are the code's own layout).
    """
    out: list[str] = []
    in_code = False
    blank_run = 0
    lines = without_source_whitespace([line.translate(INVISIBLE_CHARACTERS) for line in markdown.splitlines()])
    for index, line in enumerate(lines):
        if CODE_FENCE.match(line):
            in_code = not in_code
        elif in_code:
            out.append(line)
            continue
        line = _without_style_tags(line.rstrip())
        if (_EMPTY_ITEM.fullmatch(line) and not _item_goes_on(lines, index)) or _LOADING_LINE.fullmatch(line):
            continue
        blank_run = blank_run + 1 if not line else 0
        if blank_run < 2 and not (_EMPTY_QUOTE_LINE.fullmatch(line) and out and out[-1] == line):
            out.append(line)
    return "\n".join(out).strip()


def _without_style_tags(line: str) -> str:
    """``line`` without inline styling tags, except inside code spans (`<span>` in a sentence about HTML)."""
    if "<" not in line:
        return line
    return outside_code_spans(line, lambda text: _STYLE_TAG.sub("", _POWER.sub(r"^\1", text)))


def _item_goes_on(lines: list[str], index: int) -> bool:
    """Whether the list item opened on ``lines[index]`` has its content on the indented lines below it."""
    marker = lines[index]
    for line in lines[index + 1 : index + 1 + _ITEM_LOOKAHEAD]:
        if line.strip():
            return indentation(line) > indentation(marker) and not _EMPTY_ITEM.fullmatch(line.rstrip())
    return False


def _prune(root: Element, base_url: str | None) -> None:
    wrappers = _page_wrappers(root)
    doomed = [
        el
        for el in root.iter()
        if isinstance(el.tag, str) and ((el.tag in SKIPPED_TAGS and el not in wrappers) or is_chrome(el))
    ]
    for element in doomed:
        if element.getparent() is not None:
            drop_tree(element)
    # An image is its placeholder, in its place in the text (the converter would write its address).
    for image in list(root.iter("img")):
        if image.getparent() is not None:
            image.tail = _spaced(image, image_placeholder(image.get("alt") or "")) + (image.tail or "")
            drop_tree(image)
    # Only web links are worth keeping; a link without one is written as its text alone, and a
    # link with no text at all (a picture card's overlay) is left out: it would be a bare address.
    unwrapped: list[Element] = []
    for link in list(root.iter("a")):
        if not has_words(link):
            if link.getparent() is not None:
                drop_tree(link)
            continue
        # A browser closes a link where another one opens, so a link never holds a link; lxml's
        # parser nests them, and the outer one came out as "[](address)" before the inner's text.
        # The inner link is the one a reader clicks; the outer keeps its words, not its address.
        href = None if next(link.iterdescendants("a"), None) is not None else web_link(link.get("href"), base_url)
        if href and _moved_to_its_heading(link, href):
            unwrapped.append(link)
        elif href:
            link.set("href", href)
        else:
            link.attrib.pop("href", None)
        for attribute in ("title", "aria-label"):  # written after the address, or instead of the text
            link.attrib.pop(attribute, None)
    unwrap(root, unwrapped)
    for table in list(root.iter("table")):
        _bound_table(table)
    _spaces_for_line_breaks(root)


def _spaced(image: Element, placeholder: str) -> str:
    """The placeholder, parted by a space from words it would touch ("[Image: JonB]J Offline" was an
    avatar's picture beside its letter: on the page the picture itself stands between them)."""
    if not placeholder:
        return ""
    previous = image.getprevious()
    before = (previous.tail if previous is not None else image.getparent().text) or ""
    after = image.tail or ""
    # Beside an element rather than text (a letter avatar's <span>), space it too: the converter
    # drops a space that ends up at a block's edge.
    space_before = not before[-1:].isspace() and bool(before or previous is not None)
    space_after = not after[:1].isspace() and bool(after or image.getnext() is not None)
    return " " * space_before + placeholder + " " * space_after


def in_code(element: Element) -> bool:
    """Whether ``element`` sits inside ``<pre>`` or ``<code>`` (where markup is the text shown)."""
    return any(node.tag in ("pre", "code") for node in element.iterancestors())


def drop_short_boxes(found: list[Element], max_words: int, removed: set[Element] | None = None) -> int:
    """Removes each element of ``found`` (in the page's order) holding at most ``max_words`` words,
    outside code; one inside a box already removed went with it. ``removed``: the boxes other
    passes of the same walk removed, to which this one's are added. How many this call removed."""
    removed = set() if removed is None else removed
    before = len(removed)
    for element in found:
        if element in removed or any(node in removed for node in element.iterancestors()):
            continue
        if in_code(element) or word_count(element, stop_after=max_words) > max_words:
            continue
        drop_tree(element)
        removed.add(element)
    return len(removed) - before


def has_words(element: Element) -> bool:
    """Whether any text under ``element`` is more than white space."""
    return bool("".join(element.itertext()).strip())


def word_count(element: Element, *, stop_after: float = math.inf) -> int:
    """The words a reader sees under ``element`` (scripts' and styles' source left out, and its own
    tail, which is its parent's text), counted until more than ``stop_after``."""
    count = 0
    for node in element.iter():
        if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS and node.text:
            count += words_in(node.text)
        if node is not element and node.tail:
            count += words_in(node.tail)
        if count > stop_after:
            break
    return count


def _moved_to_its_heading(link: Element, href: str) -> bool:
    """A card (a link around a heading, a teaser, a date) linked by its heading: whether it was.

    The converter writes a link's content on one line, so a card came out as one long link
    ("[Title February 11 Releases Title The release introduces...](address)"); with the link on
    its heading the card reads as a title that leads somewhere and the text under it.
    """
    heading = next(filter(has_words, link.iterdescendants(*HEADING_TAGS)), None)
    if heading is None:  # an empty heading would carry the address with no words to click
        return False
    moved = heading.makeelement("a", {"href": href})
    moved.text, heading.text = heading.text, None
    moved.extend(list(heading))  # each child moves with its tail
    heading.append(moved)
    return True


def _page_wrappers(root: Element) -> list[Element]:
    """The forms and ``<noscript>``s that hold the page rather than sit in it: at least half of its text.

    A form is a search box, a sign-in or a newsletter box, and goes; but ASP.NET pages wrap the
    whole page in one form, and forum software the posts of a thread (to moderate them), and
    dropping those dropped the page. A ``<noscript>`` is a tracking pixel or a "please enable
    JavaScript" line, and goes; but a page built by script (Discourse's threads, for one) can
    carry its whole text as a no-script version there, which is the page an agent reads.
    """
    wrappers = list(root.iter("form", "noscript"))
    if not wrappers:
        return []
    text = len("".join(root.itertext()))
    return [element for element in wrappers if len("".join(element.itertext())) * 2 >= text > 0]


def _bound_table(table: Element) -> None:
    """A table whose Markdown would be mostly padding is written row by row as plain lines instead.

    Markdown pads every row to the widest one and writes a ``colspan`` as that many cells, so one
    row of 2,000 cells over 2,000 short rows, or ``colspan="1000"`` on every row, would turn a few
    kilobytes of page into megabytes of ``| |``. Ordinary tables (a spanning header, a short
    last row) stay tables.
    """
    rows = _rows_of(table)
    cells = [list(row.iterchildren("td", "th")) for row in rows]
    written = sum(map(len, cells))
    widest = max(map(_width, cells), default=0)
    if len(rows) * widest <= _MAX_PADDING_RATIO * written + _PADDING_ALLOWANCE:
        return
    for element in [table, *(part for part in table if part.tag in ("thead", "tbody", "tfoot"))]:
        element.tag = "div"
    for row, row_cells in zip(rows, cells, strict=True):
        row.tag = "p"
        for cell in row_cells:
            cell.tag = "span"
            cell.attrib.clear()
            cell.tail = " " + (cell.tail or "")


def _rows_of(table: Element) -> list[Element]:
    """The table's own rows, not those of tables inside its cells (a 50,000-row table has none of those)."""
    rows = list(table.iter("tr"))
    if next(islice(table.iter("table"), 1, None), None) is None:  # the first one is the table itself
        return rows
    return [row for row in rows if owner_table(row) is table]


def owner_table(element: Element) -> Element | None:
    """The table ``element`` belongs to: its nearest enclosing ``<table>`` (a nested table's rows are its own)."""
    return next(element.iterancestors("table"), None)


def _width(cells: list[Element]) -> int:
    """How many columns a row of ``cells`` spans: one a cell, more only where a ``colspan`` says so."""
    return len(cells) + sum(_span(cell) - 1 for cell in cells if cell.get("colspan") is not None)


def _span(cell: Element) -> int:
    try:
        return max(1, min(int(cell.get("colspan") or 1), _MAX_COLSPAN))
    except ValueError:
        return 1


def _spaces_for_line_breaks(root: Element) -> None:
    """Line breaks at the edges of a run of text, or alone between elements, made a space (outside ``<pre>``).

    html-to-markdown drops such a break before an inline element after a block, and between
    elements it does not know: "/01\\n<a>How</a>" (how Resiliparse writes a numbered heading)
    came out "/01How", and links in custom elements one per line ran together as one word. A
    space is what a browser shows there. Line breaks inside the text are kept: a forum post's
    lines, Resiliparse's.
    """
    preformatted = {element for pre in root.iter("pre", "textarea") for element in pre.iter()}
    for element in root.iter():
        if element not in preformatted and element.text and "\n" in element.text:
            element.text = _edge_breaks_as_spaces(element.text)
        if element.tail and "\n" in element.tail and element.getparent() not in preformatted:
            element.tail = _edge_breaks_as_spaces(element.tail)


def _edge_breaks_as_spaces(text: str) -> str:
    if text.isspace():
        return " "
    start, end = len(text) - len(text.lstrip()), len(text.rstrip())
    head = " " if "\n" in text[:start] else text[:start]
    rear = " " if "\n" in text[end:] else text[end:]
    return head + text[start:end] + rear


def web_link(href: str | None, base_url: str | None) -> str | None:
    """``href`` as an absolute http(s) address an agent can fetch, or None.

    Relative links are resolved against ``base_url`` (trafilatura resolves its own the same way),
    so a reference page's "see the API" still leads somewhere. A link to an anchor of the same
    page, a script, a mail address or an unreadable address is only its text.
    """
    href = _URL_BREAKS.sub("", (href or "").strip())
    if not href or href.startswith("#"):
        return None
    try:
        address = urljoin(base_url, href) if base_url else href
        parts = urlsplit(address)
    except ValueError:  # e.g. an unclosed "[" where an IPv6 host would be
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    # Spaces, parentheses and angle brackets encoded: the same address, and one a Markdown reader
    # cannot end early ("wiki/C_(programming_language)" would end at its first ")").
    return address.translate(_ENCODED_IN_LINKS)


def unwrap(root: Element, elements: list[Element]) -> None:
    """Take ``elements`` (all under ``root``) out of the tree, their text and children left in their place."""
    if not elements:
        return
    for element in elements:
        element.tag = _UNWRAPPED
    etree.strip_tags(root, _UNWRAPPED)


def drop_tree(element: Element) -> None:
    """Remove ``element`` and everything under it, keeping its tail text, which belongs to the parent.

    (What ``lxml.html``'s ``drop_tree`` does, for plain ``etree`` elements too.)
    """
    parent = element.getparent()
    if element.tail:
        previous = element.getprevious()
        if previous is None:
            parent.text = (parent.text or "") + element.tail
        else:
            previous.tail = (previous.tail or "") + element.tail
    parent.remove(element)


def is_chrome(element: Element) -> bool:
    """Hidden (unless it is a tab panel), a role of chrome (navigation, banner, footer, dialog,
    sidebar, menu and other controls), or an id or class that names chrome.

    A tab panel is hidden until the reader picks its tab: documentation's code samples for each
    language or package manager, a product's specification tab. Three quarters of the words in
    hidden tab panels of both corpora are in the references; of other hidden elements (templates,
    menus' panels, error boxes, forms), a fifth (docs/extraction.md, seventeenth round)."""
    if not element.keys():  # most elements of a big page (its rows, cells, paragraphs) carry no attributes
        return False
    if is_hidden(element) and element.get("role") != "tabpanel":
        return True
    if element.get("role") in _CHROME_ROLES:
        return True
    marks = names(element)
    if not marks.strip():
        return False
    return _CHROME_MARKERS.search(marks) is not None or _is_link_menu(element)


def is_hidden(element: Element) -> bool:
    """Hidden from the reader by the page's own markup (``hidden``, ``aria-hidden="true"``)."""
    return element.get("hidden") is not None or element.get("aria-hidden") == "true"


def _is_link_menu(element: Element) -> bool:
    """Whether ``element`` is named for a menu and at least ``MENU_LINK_SHARE`` of its words (of the
    first ``_MENU_WORDS_READ``) are inside links."""
    if not named(element, _MENU_WORDS):
        return False
    words = linked = 0
    links_open = 0  # the links the walk is inside
    for event, node in etree.iterwalk(element, events=("start", "end")):
        if event == "start":
            links_open += node.tag == "a"
            if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS and node.text:
                count = words_in(node.text)
                words, linked = words + count, linked + count * (links_open > 0)
        else:
            links_open -= node.tag == "a"
            if node is not element and node.tail:  # the tail is the parent's text
                count = words_in(node.tail)
                words, linked = words + count, linked + count * (links_open > 0)
        if words > _MENU_WORDS_READ:
            break
    return words > 0 and linked >= MENU_LINK_SHARE * words


def image_placeholder(alt: str) -> str:
    """``[Image: alt]`` (or "" for an image without words), on one line whatever the alt holds.

    An alt attribute is plain text, but pages put markup, line breaks and brackets in it; a
    bracket left in would end the placeholder early and leave the rest of the caption as loose
    text after it, which neither the agent nor the caption trimming can tell from prose.
    """
    text = _WHITESPACE.sub(" ", _TAG.sub(_tag_spaced, alt)).strip()
    text = text.replace("[", "(").replace("]", ")")
    return f"[Image: {text}]" if text else ""


def _tag_spaced(tag: re.Match[str]) -> str:
    return " " if tag.group().endswith(">") else tag.group()


@lru_cache(maxsize=1)
def _options() -> Any:
    from html_to_markdown import ConversionOptions, PreprocessingOptions

    # The pruning above is ours, so the converter's own (navigation, forms) is off: one rule, one
    # place. A table without header cells gets its first row as the header, as Markdown needs one;
    # cells are not padded to line up, which would spend the agent's context on spaces.
    return ConversionOptions(
        compact_tables=True,
        heading_style="atx",
        bullets="-",
        escape_asterisks=False,
        escape_underscores=False,
        extract_metadata=False,
        hidden_content="all",
        highlight_style="none",
        preprocessing=PreprocessingOptions(enabled=False),
    )
