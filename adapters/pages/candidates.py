"""The extractors the pipeline runs on one page, each returning Markdown (or "" when it finds nothing).

Each has a different bias, which is the point: trafilatura favouring precision cuts chrome hard
and sometimes the body with it; favouring recall keeps the body and some chrome; readability
scores one best subtree (good on articles, blind to lists); the pruned whole page keeps every
item of a listing or catalogue; Resiliparse's main content is thorough on threads and service
pages. ``reconcile`` chooses among them by evidence.
"""

from __future__ import annotations

import bisect
import html as html_entities
import re
from itertools import pairwise
from typing import Literal

from adapters.pages.html_markdown import (
    SOURCE_TAGS,
    Element,
    element_to_markdown,
    image_placeholder,
    parted_placeholders,
    tidy,
    web_link,
)
from adapters.pages.resiliparse_lines import lines_as_breaks
from adapters.pages.resiliparse_tables import CELL_BREAK, tables_put_back
from domain.markdown_lines import CODE_FENCE, outside_code_spans

Mode = Literal["precision", "balanced", "recall"]

# trafilatura escapes Markdown's own characters inside the alt text (``\]``, ``\<``), so a caption
# with brackets in it is still one image (line breaks too: captions keep theirs); the target may
# hold escapes. An unescaped "[" ends the text and a "![" the target, so no try reads over the
# next one's start and a line costs linear time (a target read on to the line's end from every
# "![", as it was, took 4 s on a line of 8,000 "![a](").
_MARKDOWN_IMAGE = re.compile(r"!\[((?:\\.|[^\\\[\]])*)\]\((?:\\.|[^\\)\n!]|!(?!\[))*\)")
_ESCAPE = re.compile(r"\\(.)")
# A link as trafilatura writes it: text on one line with escaped brackets (or an image placeholder
# inside), then the target, in angle brackets when it holds spaces or parentheses. Text that is not
# a link's is taken too and left as it is (the second alternative): a try at an escaped "[" inside
# it would read on to the same end and fail the same way (tried at each, a line of 40,000 "[\\"
# took 4.5 s). The second alternative stops at a placeholder, where a link may begin.
_MARKDOWN_LINK = re.compile(
    r"\[((?:\\.|\[Image:[^\[\]\n]*\]|[^\\\[\]\n])*)\]\((<[^<>\n]*>|[^()<>\s]*)\)|\[(?:\\.|[^\\\[\]\n])*+"
)
# trafilatura drops the space after a bold run inside a box it turns into a paragraph
# (``<div><b>Note:</b> The bundle...</div>`` comes out as "**Note:**The bundle"): of the bold runs
# its answers on both corpora write against a word, 141 are two words in the reference and 4 are
# a word the page itself split in bold ("**re**installing"; docs/extraction.md, sixteenth round).
# A single character in bold is a drop cap, and stays against its word.
_BOLD_AGAINST_WORD = re.compile(r"(?<![\w*])(\*\*\S[^*\n]*?\S\*\*)(?=[\w$€£¥(\[])")
_EMPTY_HEADING = re.compile(r"#{1,6}[ \t]*")
# A row of a Markdown table as trafilatura writes it ("| a | b | "), and the row under a header.
_TABLE_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
_DELIMITER_ROW = re.compile(r"[ \t]*\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*")
_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")
_BLOCK_START = re.compile(r"[ \t]*(?:#|[-*+>|]|\d{1,9}[.)])")
# A line of Resiliparse's answer is found in the page's text by its first characters, at most
# this many pieces of text ahead (Resiliparse leaves menus and sidebars out between two lines);
# a line shorter than that only among the next few pieces.
_KEY_CHARS = 24
_MATCH_WINDOW = 5_000
_SHORT_WINDOW = 20
_READ_CHARS = 2_000  # of a line, enough to hold its key whatever tags and spaces come first
_MAX_PIECES = 40_000  # two per element (text and tail) for the elements step 3 of the pipeline walks
_WHITESPACE = re.compile(r"\s+")
_TAG = re.compile(r"<[^<>]*>")
_TAGS_ONLY = re.compile(r"\s*(?:</?[a-zA-Z][^<>]*>\s*)+")
_PRE = re.compile(r"<pre\b.*?</pre>", re.DOTALL | re.IGNORECASE)
_LINK_TAG = re.compile(r"<a\b[^>]*>|</a>", re.IGNORECASE)  # as Resiliparse writes them (text inside is escaped)


def trafilatura_markdown(
    html: str,
    base_url: str | None,
    *,
    mode: Mode,
    include_images: bool,
    include_comments: bool = False,
    fast: bool = False,
) -> str:
    """trafilatura's Markdown, its images as placeholders and its relative links resolved against ``base_url``.

    trafilatura is not given the address: it resolves relative links against the site's root,
    not the page's (``intro.html`` on ``/docs/user/a.html`` became ``/intro.html``, ``?page=2``
    the home page's), and the address changes nothing else it extracts (218 pages of both
    corpora, all three modes: the same text).
    """
    import trafilatura

    markdown = trafilatura.extract(
        html,
        url=None,
        output_format="markdown",
        include_links=True,
        include_tables=True,
        include_formatting=True,
        include_images=include_images,
        include_comments=include_comments,
        favor_precision=mode == "precision",
        favor_recall=mode == "recall",
        with_metadata=False,
        fast=fast,
    )
    markdown = _trafilatura_lines_mended(images_as_placeholders(markdown or ""))
    markdown = _header_rows_marked(markdown)
    if include_images:
        markdown = parted_placeholders(markdown)
    return tidy(links_resolved(markdown, base_url))


def images_as_placeholders(markdown: str) -> str:
    """trafilatura's Markdown images (``![alt](src)``) as ``[Image: alt]`` placeholders."""
    return _MARKDOWN_IMAGE.sub(_image_placeholder, markdown)


def links_resolved(markdown: str, base_url: str | None) -> str:
    """trafilatura's Markdown links with their targets made absolute against ``base_url``, or their
    text alone where they lead nowhere on the web."""
    return _MARKDOWN_LINK.sub(lambda link: _resolved(link, base_url), markdown)


def _trafilatura_lines_mended(markdown: str) -> str:
    """trafilatura's Markdown with two of its slips mended, outside code: a space after each bold run
    written against a word (``_BOLD_AGAINST_WORD``; ``g(**kwargs)`` is Python, not emphasis), and a
    heading whose text it wrote on the next line joined to it. A heading element that starts with
    a line break (``<h5>\n\t\t\t<a href=...>Title</a></h5>``, a news site's teaser cards) comes out
    as an empty "#####" over a tab-indented title: 61 such lines on 9 pages in its recall answers
    on both corpora, 20 of them in the final answers (a news site's list of stories)."""
    if "**" not in markdown and "#" not in markdown:
        return markdown
    lines = markdown.split("\n")
    kept: list[str] = []
    fenced = False
    for line in lines:
        if CODE_FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            if kept and _EMPTY_HEADING.fullmatch(kept[-1]) and line.strip() and not _BLOCK_START.match(line):
                kept[-1] = f"{kept[-1].rstrip()} {line.strip()}"
                continue
            if "**" in line:
                line = outside_code_spans(line, lambda text: _BOLD_AGAINST_WORD.sub(r"\1 ", text))
        kept.append(line)
    return "\n".join(kept)


def _header_rows_marked(markdown: str) -> str:
    """trafilatura's tables, outside code, each with the delimiter row Markdown needs under its first row.

    trafilatura writes that row only under a row of header cells (``<th>``); a table of ``<td>``
    cells alone, half the tables in its answers on both corpora, comes out as rows of cells that
    no Markdown reader takes for a table. The first row becomes the header, as the conversion of
    every other candidate makes it (``html_markdown``), so a table reads the same whoever wins.
    """
    if "|" not in markdown:
        return markdown
    lines = markdown.split("\n")
    kept: list[str] = []
    fenced = False
    for index, line in enumerate(lines):
        kept.append(line)
        if CODE_FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or not _TABLE_ROW.fullmatch(line) or (index > 0 and _TABLE_ROW.fullmatch(lines[index - 1])):
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        cells = len(_CELL_SEPARATOR.findall(line.strip())) - 1
        # One cell between bars is no table trafilatura writes: a line of a bare <pre> it left unfenced.
        if cells >= 2 and not _DELIMITER_ROW.fullmatch(following):
            kept.append("| " + " | ".join(["---"] * cells) + " |")
    return "\n".join(kept)


def _image_placeholder(match: re.Match[str]) -> str:
    return image_placeholder(_ESCAPE.sub(r"\1", match.group(1)))


def _resolved(link: re.Match[str], base_url: str | None) -> str:
    """A Markdown link with its target made absolute, or only its text when it leads nowhere on the web."""
    text, target = link.group(1), link.group(2)
    if target is None:  # not a link
        return link.group()
    address = web_link(target[1:-1] if target.startswith("<") else target, base_url)
    return f"[{text}]({address})" if address else text


def readability_markdown(html: str, base_url: str | None = None) -> str:
    from readability import Document
    from readability.readability import Unparseable

    try:
        summary = Document(html).summary(html_partial=True)
    except Unparseable:
        return ""
    root = parse_html(summary)
    return element_to_markdown(root, base_url) if root is not None else ""


def whole_page_markdown(root: Element, base_url: str | None = None) -> str:
    """The page's ``<main>`` (or ``<body>``) with chrome pruned. Works on a copy; ``root`` is kept."""
    from copy import deepcopy

    container = next(root.iter("main"), None)
    if container is None:
        container = next(root.iter("body"), root)
    return element_to_markdown(deepcopy(container), base_url)


def links_base(root: Element, url: str | None) -> str | None:
    """What the page's relative links are relative to: its ``<base href>`` when it has one, else its address."""
    declared = next((element.get("href") for element in root.iter("base") if element.get("href")), None)
    return (web_link(declared, url) or url) if declared else url


def resiliparse_markdown(root: Element, base_url: str | None = None, *, comments: bool = True) -> str:
    """Resiliparse's main content as Markdown: fast and thorough, with its headings, lists, code and links.

    Resiliparse writes what it keeps as minimal HTML (headings, paragraphs, lists, ``<pre>``,
    links), which the same conversion as the whole page turns into Markdown: its plain text lost
    every heading, code fence, list marker and link, and it wins the vote on a quarter of the
    pages that are not articles (threads, service pages, references). Resiliparse writes a
    table as lines of cells two tabs apart; those become tables again (``_tables_restored``).
    ``comments=False`` leaves out the sections Resiliparse recognises as comments (by their
    markup's names), which on a shop's page are its customers' reviews.

    It is given lxml's serialisation of the parsed page, not the raw bytes: lxml caps nesting at
    255 levels, and Resiliparse on the raw bytes of 100,000 nested ``<div>``s runs for minutes.
    Its minimal HTML has no ``<blockquote>``: a reply quoting an earlier post read as if the reply
    said it all again, so the lines that come from quotes are found in the page and made quotes
    again (``_quotes_restored``). Its lines of text outside any paragraph (a catalogue's cards) stay
    lines (``resiliparse_lines``).
    """
    import lxml.html
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    html = lxml.html.tostring(root, encoding="unicode")
    minimal = extract_plain_text(
        HTMLTree.parse(html),
        main_content=True,
        alt_texts=False,
        links=True,
        comments=comments,
        preserve_formatting="minimal_html",
    )
    text = _links_closed(str(minimal))
    if next(root.iter("blockquote"), None) is not None:
        text = _quotes_restored(text, _PageQuotes(root))
    kept = parse_html(lines_as_breaks(_tables_restored(tables_put_back(text, root)))) if text.strip() else None
    return element_to_markdown(kept, base_url) if kept is not None else ""


def _links_closed(minimal: str) -> str:
    """Resiliparse's minimal HTML with every link it left open closed where it opened.

    It writes a link's opening tag and, for a link holding no text of its own (a picture, an
    anchor on a heading), often no closing one: on 196 of the 869 pages of both corpora, 1,269
    links. Parsed, such a link ran on over every heading, paragraph and list after it, and was
    written as one long link, a section flattened into "[Cloud computing defined Cloud computing
    is...](free trial's address)". A link is open until its closing tag; one still open when the
    next link starts, or at the end, is one of these. Closed at once it holds nothing and goes
    (``element_to_markdown`` leaves out links without text); the text after it is the page's.
    The words are the same either way; on 62 of those pages the Markdown changed, the others'
    open links leading nowhere (an anchor's ``href=""``), so written as their text already.
    """
    ends: list[int] = []  # where each unclosed link's opening tag ends
    open_end: int | None = None
    for tag in _LINK_TAG.finditer(minimal):
        if tag.group().startswith("</"):
            open_end = None
            continue
        if open_end is not None:
            ends.append(open_end)
        open_end = tag.end()
    if open_end is not None:
        ends.append(open_end)
    bounds = [0, *ends, len(minimal)]
    return "</a>".join(minimal[start:end] for start, end in pairwise(bounds))


def _text_of(line: str) -> str:
    """A line of minimal HTML as text, as far as the start of it is needed to find it in the page."""
    line = line[:_READ_CHARS] if len(line) > _READ_CHARS else line  # a key is at most 24 characters
    if "<" in line:
        line = _TAG.sub("", line)
    return html_entities.unescape(line) if "&" in line else line


class _PageQuotes:
    """Where the page's text is quoted: each line of Resiliparse's answer, found in the page, says if it is.

    Resiliparse keeps the page's order, so each line is matched to the next place in the page's
    text that starts the same way: a quoted post and the post it quotes read the same, but only
    one of them comes next. Text is compared without whitespace (elements part words
    differently), on its first ``_KEY_CHARS`` characters, looked up in an index so that a page of
    thousands of lines costs thousands of lookups, not a scan each.
    """

    def __init__(self, root: Element) -> None:
        from lxml.etree import iterwalk

        pieces: list[tuple[str, bool]] = []
        quoting = 0  # how many quotes the walk is inside
        for event, element in iterwalk(root, events=("start", "end")):
            if len(pieces) >= _MAX_PIECES:  # a hostile page of a million quotes: the rest stays unquoted
                break
            is_tag = isinstance(element.tag, str)
            if event == "start":
                quoting += is_tag and element.tag == "blockquote"
                if is_tag and element.tag not in SOURCE_TAGS and element.text and element.text.strip():
                    pieces.append((_WHITESPACE.sub("", element.text), quoting > 0))
                continue
            quoting -= is_tag and element.tag == "blockquote"
            if element.tail and element.tail.strip():  # the parent's text, after the element
                pieces.append((_WHITESPACE.sub("", element.tail), quoting > 0))
        self._quoted = [quoted for _, quoted in pieces]
        self._starts: list[str] = []  # the page's text from each piece on, its first characters
        self._at: dict[str, list[int]] = {}
        for index in range(len(pieces)):
            start, following = pieces[index][0], index + 1
            while len(start) < _KEY_CHARS and following < len(pieces):
                start += pieces[following][0]
                following += 1
            self._starts.append(start[:_KEY_CHARS])
            self._at.setdefault(start[:_KEY_CHARS], []).append(index)
        self._position = 0

    def quoted(self, line: str) -> bool:
        """Whether ``line`` (the next line of the answer, tags left out) comes from a quote."""
        key = "".join(line.split())[:_KEY_CHARS]
        if not key:
            return False
        found = None
        if len(key) == _KEY_CHARS:
            places = self._at.get(key, [])
            at = bisect.bisect_left(places, self._position)
            if at < len(places) and places[at] < self._position + _MATCH_WINDOW:
                found = places[at]
        else:  # a short line: the next few pieces only, where a short text is not ambiguous
            ahead = range(self._position, min(len(self._starts), self._position + _SHORT_WINDOW))
            found = next((index for index in ahead if self._starts[index].startswith(key)), None)
        if found is None:
            return False
        self._position = found + 1
        return self._quoted[found]


def _quotes_restored(minimal: str, quotes: _PageQuotes) -> str:
    """Resiliparse's minimal HTML with each run of quoted lines inside a ``<blockquote>`` again.

    A line of tags alone (``<ul>``) opening something goes with the text after it; one closing
    something (``</ul>``) with the text before it, so that a quoted list stays inside its quote.
    """
    lines: list[str] = []
    waiting: list[str] = []  # opening tags whose side is decided by the next line of text
    quoting = False
    for line in minimal.split("\n"):
        if not line.strip():  # a blank line ends nothing: the next line of text decides
            waiting.append(line)
            continue
        if _TAGS_ONLY.fullmatch(line):
            if line.lstrip().startswith("</"):
                lines += [*waiting, line]
                waiting = []
            else:
                waiting.append(line)
            continue
        quoted = quotes.quoted(_text_of(line))
        if quoted != quoting:
            lines.append("<blockquote>" if quoted else "</blockquote>")
            quoting = quoted
        lines += [*waiting, line]
        waiting = []
    lines += waiting
    if quoting:
        lines.append("</blockquote>")
    return "\n".join(lines)


def _tables_restored(minimal: str) -> str:
    """Resiliparse's minimal HTML with each run of table rows (cells two tabs apart) made a ``<table>`` again.

    Only outside ``<pre>``: code may be indented with tabs.
    """
    parts, start = [], 0
    for pre in _PRE.finditer(minimal):
        parts += [_rows_as_tables(minimal[start : pre.start()]), pre.group(0)]
        start = pre.end()
    parts.append(_rows_as_tables(minimal[start:]))
    return "".join(parts)


def _rows_as_tables(text: str) -> str:
    lines: list[str] = []
    rows: list[list[str]] = []
    for line in [*text.split("\n"), None]:  # None ends the last run of rows
        if line is not None and CELL_BREAK in line:
            rows.append(line.split(CELL_BREAK))
            continue
        if rows:
            # Rows keep their own number of cells: padding every row to the widest here would let
            # one wide row multiply the rest (the conversion bounds its own padding too).
            body = "".join("<tr>" + "".join(f"<td>{cell.strip()}</td>" for cell in row) + "</tr>" for row in rows)
            lines.append(f"<table>{body}</table>")
            rows = []
        if line is not None:
            lines.append(line)
    return "\n".join(lines)


def parse_html(html: str) -> Element | None:
    """The page's tree as plain lxml elements, or None when there is no document to read.

    Plain ``etree`` elements, not ``lxml.html``'s: the same parser and the same tree, but
    ``lxml.html`` looks up a Python class for every element it hands out, and the pipeline walks
    every element of the page (``page_kind.measure``), which made that lookup a tenth of an
    article's extraction time. The page's HTML has had the characters XML does not allow taken out
    (``html_article.parse_page``), and the HTML readability and Resiliparse write from it holds none.
    """
    import lxml.etree

    try:
        root = lxml.etree.fromstring(html, lxml.etree.HTMLParser())
    except (lxml.etree.ParserError, lxml.etree.XMLSyntaxError, ValueError):
        return None
    return root
