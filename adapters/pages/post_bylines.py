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
names the author there (``labels_above``). A post the answer dropped between two it kept is
written back first (``thread_posts``), and gets its byline as the others do.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import islice

from adapters.pages.html_markdown import SOURCE_TAGS, Element
from adapters.pages.labels_above import Label, Walk, first_words, inert, own_keys, short_text
from adapters.pages.markup_names import names
from adapters.pages.page_kind import MAX_ELEMENTS, names_a_post

# A name, not a block: "bud16415", "Ákos Takács", "system". Longer is a post header's whole line.
MAX_NAME_CHARS = 40
_MAX_NAME_WORDS = 4
_MAX_DATE_CHARS = 40
_MAX_POSTS = 500
_MAX_MARKS = 2_000  # authors' marks read of a page; a page of more is read as far as that
_NAME_READ = MAX_NAME_CHARS + _MAX_DATE_CHARS  # characters of a name's or a date's element read
_MAX_DATE_WALK = 2_000  # elements of a post read for its date
_ANCESTORS = 12  # how far up from an author's mark its post is looked for
_AUTHOR_WORDS = ("author", "username", "user-name", "user_name", "poster", "creator", "membername", "member-name")
# A link to a member's page: phpBB's memberlist, XenForo's /members/, Discourse's /u/, /users/, /profile/.
_PROFILE = re.compile(
    r"(?:/(?:members?|u|users?|profiles?|people|authors?|account)/|memberlist\.php|member\.php|profile\.php)",
    re.IGNORECASE,
)
_DATED = frozenset({"datePublished", "dateCreated"})
_POST_TYPES = re.compile(r"(?:Comment|DiscussionForumPosting|Answer|Question|SocialMediaPosting)$")
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
    post: Element = field(default=None, compare=False, repr=False)  # the post's element in the page's tree
    mark: Element = field(
        default=None, compare=False, repr=False
    )  # its author's mark (the post, for a ``data-author``)

    @property
    def label(self) -> Label:
        line = f"**{self.author}** · {self.date}" if self.date else f"**{self.author}**"
        return Label(line, self.author, self.keys, before_its_words=True)


def post_bylines(root: Element, *, thread: bool) -> tuple[Byline, ...]:
    """The bylines of the posts of ``root``, in the page's order; none when fewer than two posts
    have one. ``thread``: the page reads as a thread (``page_kind``), so its posts need not be
    named as posts."""
    marks = _author_marks(root)
    if len(marks) < 2:
        return ()
    posts = _posts(marks, thread=thread)
    others = {mark for _, mark in posts}  # each post's own mark: where a reply nested in a post starts
    walk = Walk()
    bylines = [
        byline for post, mark in islice(posts, _MAX_POSTS) if (byline := _byline(post, mark, others, walk)) is not None
    ]
    kept = [
        dataclasses.replace(byline, keys=keys)
        for byline, keys in zip(bylines, own_keys([byline.keys for byline in bylines]), strict=True)
        if keys
    ]
    return tuple(kept) if len(kept) >= 2 else ()


def _author_marks(root: Element) -> list[Element]:
    """The elements that name a post's author, in the page's order, none inside a quote (a quoted
    post's "X said:", XenForo's ``<blockquote data-author>``) nor inside another mark."""
    marks: list[Element] = []
    names_given: set[Element] = set()
    for element in islice(root.iter(), MAX_ELEMENTS):
        if not isinstance(element.tag, str) or element.tag in SOURCE_TAGS or element.tag == "blockquote":
            continue
        if not element.keys():  # most of a page's elements carry no attribute: asked no further
            continue
        if not (element.get("data-author") or element.get("itemprop") == "author" or _names_author(element)):
            continue
        # A post that names its author (``data-author``) may hold replies that name theirs.
        inside = (parent for parent in element.iterancestors() if parent.tag == "blockquote" or parent in names_given)
        if next(inside, None) is not None:
            continue
        if not (element.get("data-author") or _author(element)):
            continue
        if not element.get("data-author"):
            names_given.add(element)
        marks.append(element)
        if len(marks) == _MAX_MARKS:
            break
    return marks


def _names_author(element: Element) -> bool:
    given = names(element).lower()
    return bool(given) and any(word in given for word in _AUTHOR_WORDS)


def _posts(marks: list[Element], *, thread: bool) -> list[tuple[Element, Element]]:
    """Each post (the nearest ancestor of an author's mark whose look-alike siblings, of its tag and
    first class, hold marks too) with its mark, the first mark of each post only."""
    # The look-alike siblings (same parent, tag and first class) that hold a mark, by their make.
    holding: dict[tuple[Element, str, str], set[Element]] = defaultdict(set)
    for mark in marks:
        for depth, element in enumerate((mark, *mark.iterancestors())):
            parent = element.getparent()
            if parent is None or depth > _ANCESTORS:
                break
            holding[(parent, element.tag, _first_class(element))].add(element)
    posts: dict[Element, Element] = {}
    for mark in marks:
        if mark.get("data-author"):
            posts.setdefault(mark, mark)  # the post's own element (XenForo's <article>), replies nested or not
            continue
        for element in (mark, *islice(mark.iterancestors(), _ANCESTORS)):
            parent = element.getparent()
            if parent is None:
                break
            if len(holding[(parent, element.tag, _first_class(element))]) >= 2:
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


def _byline(post: Element, mark: Element, marks: set[Element], walk: Walk) -> Byline | None:
    declared = mark.get("data-author") or post.get("data-author")
    author = inert(declared or _author(mark))
    if not author or len(author) > MAX_NAME_CHARS:
        return None
    keys = first_words(post, skipped=() if mark is post else (mark,), stop=marks, walk=walk)
    return Byline(author, inert(_date(post, mark, marks)), keys, post, mark) if keys else None


def _author(mark: Element) -> str:
    """The name an author's mark shows: its ``itemprop="name"`` inside, else the words of its link to
    a member's profile (a member's title and figures beside it are not the name), else its own
    short text."""
    named = next(iter(mark.xpath(".//*[@itemprop='name']")), None)
    if named is None:
        named = next((link for link in mark.iter("a") if _PROFILE.search(link.get("href") or "")), None)
    text = short_text(named if named is not None else mark, _NAME_READ) or _one_line(mark.get("content") or "")
    if not text or len(text) > MAX_NAME_CHARS or len(text.split()) > _MAX_NAME_WORDS:
        return ""
    return text


def _date(post: Element, mark: Element, marks: set[Element]) -> str:
    """The date the post shows first (not a quoted post's, nor a reply's nested in it): a
    ``<time>``'s words when they hold a year or a month, else its machine-readable day; else a
    declared publication date. At most ``_MAX_DATE_WALK`` elements are looked at, and none past a
    nested reply's mark."""
    for element in islice(post.iter(), _MAX_DATE_WALK):
        if element is not post and element is not mark and element in marks:
            return ""
        if element.tag != "time" and element.get("itemprop") not in _DATED:
            continue
        if any(parent.tag == "blockquote" for parent in element.iterancestors()):
            continue
        shown = short_text(element, _NAME_READ)
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


def _one_line(text: str) -> str:
    return " ".join(text.split())
