"""Each post of a thread under its author's name and date, where the chosen answer lost them.

A thread is who said what, and when: "I did run across that" means nothing without knowing that the
one who asked wrote it. Forum software writes the author and the date in a post's own header, apart
from its text (XenForo's ``data-author`` and ``<time>``, Discourse's ``itemprop="author"``, phpBB's
``username`` links, Stack Exchange's ``user-details``), and every extractor reads that header as
chrome: of the authors the corpus's threads name in their markup, the references keep half and the
answers kept a quarter, the posts run together and the agent could not tell one voice from another.

So the posts are found in the page's tree before any candidate reads it: elements that each hold
one author's mark (a ``data-author``, an ``itemprop="author"``, a class or id naming an author,
username, poster or creator, holding a short name), whose nearest look-alike siblings hold one
too, on a page whose posts are named so (their class says post, comment, reply, answer or
message) or that reads as a thread. Each post's author and its first ``<time>`` (or declared
publication date) are kept with the first words of its text. After the choice, where the answer
holds a post's words, a line ``**author** · date`` goes above them, unless the answer already
names the author there. A post the answer does not hold gets nothing: this puts no text back.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import islice

from adapters.pages.html_markdown import SOURCE_TAGS, Element
from adapters.pages.markup_names import names
from adapters.pages.page_kind import MAX_ELEMENTS, names_a_post

# A name, not a block: "bud16415", "Ákos Takács", "system". Longer is a post header's whole line.
MAX_NAME_CHARS = 40
_MAX_NAME_WORDS = 4
_MAX_DATE_CHARS = 40
_MAX_POSTS = 500
# How far down the answer a post's words are looked for from the one before it (lines): a post
# the answer dropped is not searched for to the end of a long thread each time.
_LOOK_AHEAD = 400
_KEY_WORDS = 6  # a post's first words looked for in the answer
_MIN_KEY_WORDS = 3
_KEYS_A_POST = 4  # runs of text of a post tried, in order, when its first is not in the answer
# The lines above a post's words that may be its header (a name, a member's figures, a title, a date).
_HEADER_LINES = 6
_ANCESTORS = 12  # how far up from an author's mark its post is looked for
_AUTHOR_WORDS = ("author", "username", "user-name", "user_name", "poster", "creator", "membername", "member-name")
# A link to a member's page: phpBB's memberlist, XenForo's /members/, Discourse's /u/, /users/, /profile/.
_PROFILE = re.compile(
    r"(?:/(?:members?|u|users?|profiles?|people|authors?|account)/|memberlist\.php|member\.php|profile\.php)",
    re.IGNORECASE,
)
_NOT_ITS_WORDS = frozenset({"time", "blockquote", "q"})
_DATED = frozenset({"datePublished", "dateCreated"})
_POST_TYPES = re.compile(r"(?:Comment|DiscussionForumPosting|Answer|Question|SocialMediaPosting)$")
_WORD = re.compile(r"\w+")
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
_YEAR_OR_MONTH = re.compile(
    r"\b(?:1[89]|2[01])\d\d\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.IGNORECASE
)
_ISO_DAY = re.compile(r"\d{4}-\d\d-\d\d")
# The time of day after a date ("Jan 3, 2024 at 5:17 PM", "August 31, 2023, 3:32pm"): the day is what
# tells a reader how old a post is.
_TIME_OF_DAY = re.compile(
    r"[\s,·-]*(?:\bat\s+)?\d{1,2}:\d\d(?::\d\d)?(?:\s*[ap]\.?m\.?)?(?:\s*(?:utc|gmt|[+-]\d\d:?\d\d|z))?\b\.?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Byline:
    """A post's author and date as the page shows them, and the first words of its runs of text
    (lower case, one space apart), by which it is found in an answer."""

    author: str
    date: str
    keys: tuple[str, ...]

    @property
    def line(self) -> str:
        return f"**{self.author}** · {self.date}" if self.date else f"**{self.author}**"


def post_bylines(root: Element, *, thread: bool) -> tuple[Byline, ...]:
    """The bylines of the posts of ``root``, in the page's order; none when fewer than two posts
    have one. ``thread``: the page reads as a thread (``page_kind``), so its posts need not be
    named as posts."""
    marks = _author_marks(root)
    if len(marks) < 2:
        return ()
    posts = _posts(marks, thread=thread)
    others = {mark for _, mark in posts}  # each post's own mark: where a reply nested in a post starts
    bylines = [
        byline for post, mark in islice(posts, _MAX_POSTS) if (byline := _byline(post, mark, others)) is not None
    ]
    # Words every reply starts with ("Re: the thread's title", "Add to quote") are no post's own:
    # looked for, they put a byline above another post.
    shared = Counter(key for byline in bylines for key in set(byline.keys))
    own = [
        dataclasses.replace(byline, keys=keys)
        for byline in bylines
        if (keys := tuple(key for key in byline.keys if shared[key] == 1))
    ]
    return tuple(own) if len(own) >= 2 else ()


def with_bylines(markdown: str, bylines: tuple[Byline, ...]) -> str:
    """``markdown`` with each post it holds under its byline (``Byline.line``), where it does not
    name the post's author just above its words already."""
    if not bylines:
        return markdown
    lines = markdown.split("\n")
    words = [" " + " ".join(_WORD.findall(_LINK_TARGET.sub("]", line).lower())) + " " for line in lines]
    above: dict[int, str] = {}
    cursor = 0
    for byline in bylines:
        found = _found(byline, words, cursor)
        if found is None:
            continue
        at, key = found
        if not _named_above(byline.author, words, at, key, floor=cursor):
            above[_above_its_quotes(lines, at, floor=cursor)] = byline.line
        cursor = at + 1
    if not above:
        return markdown
    out: list[str] = []
    for index, line in enumerate(lines):
        if index in above:
            if out and out[-1].strip():
                out.append("")
            out.append(above[index])
        out.append(line)
    return "\n".join(out)


def _above_its_quotes(lines: list[str], at: int, *, floor: int) -> int:
    """Where a post found at line ``at`` starts: above the quote it opens with, if it does."""
    start = at
    index = at - 1
    while index >= floor and (not lines[index].strip() or lines[index].lstrip().startswith(">")):
        if lines[index].strip():
            start = index
        index -= 1
    return start


def _found(byline: Byline, words: list[str], cursor: int) -> tuple[int, str] | None:
    """The line holding the post's first run of text the answer holds, and that run's key."""
    end = min(len(words), cursor + _LOOK_AHEAD)
    for key in byline.keys:
        padded = f" {key} "
        for index in range(cursor, end):
            if padded in words[index]:
                return index, key
    return None


def _named_above(author: str, words: list[str], at: int, key: str, *, floor: int) -> bool:
    """Whether the answer names ``author`` on the line holding the post's words (before them) or on
    the ``_HEADER_LINES`` lines above it, not above the post before."""
    name = " " + " ".join(_WORD.findall(author.lower())) + " "
    if name.strip() == "":
        return True
    line = words[at]
    if name in line[: line.index(f" {key} ") + 1]:
        return True
    seen = 0
    for index in range(at - 1, floor - 1, -1):
        if words[index].strip():
            if name in words[index]:
                return True
            seen += 1
            if seen == _HEADER_LINES:
                break
    return False


def _author_marks(root: Element) -> list[Element]:
    """The elements that name a post's author, in the page's order, none inside a quote (a quoted
    post's "X said:", XenForo's ``<blockquote data-author>``) nor inside another mark."""
    marks: list[Element] = []
    names_given: set[Element] = set()
    for element in islice(root.iter(), MAX_ELEMENTS):
        if not isinstance(element.tag, str) or element.tag in SOURCE_TAGS or element.tag == "blockquote":
            continue
        if not (element.get("data-author") or element.get("itemprop") == "author" or _names_author(element)):
            continue
        if not (element.get("data-author") or _author(element)):
            continue
        # A post that names its author (``data-author``) may hold replies that name theirs.
        inside = (parent for parent in element.iterancestors() if parent.tag == "blockquote" or parent in names_given)
        if next(inside, None) is not None:
            continue
        if not element.get("data-author"):
            names_given.add(element)
        marks.append(element)
    return marks


def _names_author(element: Element) -> bool:
    given = names(element).lower()
    return bool(given) and any(word in given for word in _AUTHOR_WORDS)


def _posts(marks: list[Element], *, thread: bool) -> list[tuple[Element, Element]]:
    """Each post (the nearest ancestor of an author's mark whose look-alike siblings, of its tag and
    first class, hold marks too) with its mark, the first mark of each post only."""
    by_make: dict[tuple[Element, str, str], list[tuple[Element, Element]]] = defaultdict(list)
    for mark in marks:
        for depth, element in enumerate((mark, *mark.iterancestors())):
            parent = element.getparent()
            if parent is None or depth > _ANCESTORS:
                break
            by_make[(parent, element.tag, _first_class(element))].append((element, mark))
    posts: dict[Element, Element] = {}
    for mark in marks:
        if mark.get("data-author") and len(marks) >= 2:
            posts.setdefault(mark, mark)  # the post's own element (XenForo's <article>), replies nested or not
            continue
        for element in (mark, *islice(mark.iterancestors(), _ANCESTORS)):
            parent = element.getparent()
            if parent is None:
                break
            alike = by_make[(parent, element.tag, _first_class(element))]
            if len({post for post, _ in alike}) >= 2:
                if element not in posts and (thread or _a_post(element)):
                    posts[element] = mark
                break
    return list(posts.items())


def _first_class(element: Element) -> str:
    """The first of an element's classes: a thread's first post is the others' make with a class more
    ("message message--post is-first"), and it is a post like them."""
    classes = (element.get("class") or "").split()
    return classes[0] if classes else ""


def _a_post(element: Element) -> bool:
    return (
        names_a_post(element)
        or bool(element.get("data-author"))
        or _POST_TYPES.search(element.get("itemtype") or "") is not None
    )


def _byline(post: Element, mark: Element, marks: set[Element]) -> Byline | None:
    author = _author(mark) or _one_line(mark.get("data-author") or post.get("data-author") or "")
    if not author or len(author) > MAX_NAME_CHARS:
        return None
    keys = _keys(post, mark, marks)
    return Byline(author, _date(post), keys) if keys else None


def _author(mark: Element) -> str:
    """The name an author's mark shows: its ``itemprop="name"`` inside, else the words of its link to
    a member's profile (a member's title and figures beside it are not the name), else its own
    short text."""
    named = next(iter(mark.xpath(".//*[@itemprop='name']")), None)
    if named is None:
        named = next((link for link in mark.iter("a") if _PROFILE.search(link.get("href") or "")), None)
    text = _one_line(_visible_text(named if named is not None else mark) or (mark.get("content") or ""))
    if not text or len(text) > MAX_NAME_CHARS or len(text.split()) > _MAX_NAME_WORDS:
        return ""
    return text


def _date(post: Element) -> str:
    """The date the post shows first (not a quoted post's): a ``<time>``'s words when they hold a
    year or a month, else its machine-readable day; else a declared publication date."""
    for element in post.iter("time", "meta", "span", "div", "a"):
        if element.tag != "time" and element.get("itemprop") not in _DATED:
            continue
        if any(parent.tag == "blockquote" for parent in element.iterancestors()):
            continue
        shown = _one_line(_visible_text(element))
        machine = element.get("datetime") or element.get("content") or element.get("title") or ""
        if shown and len(shown) <= _MAX_DATE_CHARS and _YEAR_OR_MONTH.search(shown):
            return _day(shown)
        if day := _ISO_DAY.match(machine):
            return day.group()
        title = _one_line(element.get("title") or "")
        if title and len(title) <= _MAX_DATE_CHARS and _YEAR_OR_MONTH.search(title):
            return _day(title)
        if shown and len(shown) <= _MAX_DATE_CHARS:
            return shown
    return ""


def _day(date: str) -> str:
    """``date`` without its time of day, when a day is left."""
    day = _TIME_OF_DAY.sub("", date).strip(" ,·-")
    return day if _YEAR_OR_MONTH.search(day) else date


def _keys(post: Element, mark: Element, marks: set[Element]) -> tuple[str, ...]:
    """The first words of the post's first runs of text, up to another author's mark (a reply nested
    in it); its author's mark, dates, scripts and quotes left out (a reply quoting the post before
    would be found in that post)."""
    skipped: set[Element] = set(mark.iter()) if mark is not post else set()
    keys: list[str] = []
    for element in post.iter():
        if not isinstance(element.tag, str):
            continue
        if element is not mark and element in marks:
            break
        parent = element.getparent()
        texts = [] if element is post or parent in skipped else [element.tail]
        if element.tag in SOURCE_TAGS or element.tag in _NOT_ITS_WORDS:
            skipped.update(element.iter())
        elif element not in skipped:
            texts.insert(0, element.text)
        for text in texts:
            words = _WORD.findall((text or "").lower())
            if len(words) >= _MIN_KEY_WORDS:
                keys.append(" ".join(words[:_KEY_WORDS]))
                if len(keys) == _KEYS_A_POST:
                    return tuple(keys)
    return tuple(keys)


def _visible_text(element: Element) -> str:
    parts = []
    for node in element.iter():
        if isinstance(node.tag, str) and node.tag not in SOURCE_TAGS and node.text:
            parts.append(node.text)
        if node is not element and node.tail:
            parts.append(node.tail)
    return " ".join(parts)


def _one_line(text: str) -> str:
    return " ".join(text.split())
