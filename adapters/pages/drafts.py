"""The page's draft: the reading the extraction pool falls back on when the slower candidates run out of time.

A candidate that is never stopped (``profiles.NEVER_STOPPED``: Resiliparse, the pruned whole page)
is offered to the pool as the page's draft the moment it is made; past the pool's draft deadline
the worker is killed and the page is its last draft (``extraction_pool``). The first such answer
does not always read the page: Resiliparse keeps a catalogue's heading and drops its grid of links,
and keeps a hub page's opening and drops its sections under linked headings. So drafting goes on,
each later answer sent when it holds more text, until a draft reads the page by the evidence the
vote asks of a winner (``html_article._eligible``): a page's worth of text (``reads_as_a_page``);
on a listing, its share of the run of items (``profiles.LISTING_ITEMS_HELD``); on a plain page of
``profiles.SECTIONS_SEEN`` sections or more, its share of their headings
(``profiles.SECTIONS_HELD``). The sections are read from the pruned whole page, so on a plain page
no draft ends the drafting before the whole page is made, and the draft sent before it is judged
again once it is (docs/extraction.md, twenty-ninth and thirtieth rounds). Once the pruned whole page
is made, the last draft also gets back the sections whose heading it keeps and whose text it drops
(``emptied_sections``, as a chosen answer does; thirty-first round).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from adapters.pages import profiles
from adapters.pages.code_languages import CodeLanguages, fences_labelled
from adapters.pages.emptied_sections import LEFT_ALONE, sections_put_back
from adapters.pages.introduced_lists import IntroducedList, lists_put_back
from adapters.pages.labels_above import Label, with_labels
from adapters.pages.markdown_escapes import without_needless_escapes
from adapters.pages.page_kind import PageKind, Structure
from adapters.pages.recommendations import without_recommendations
from adapters.pages.reconcile import covered, words
from adapters.pages.repeated_paragraphs import without_repeated_paragraphs
from adapters.pages.section_headings import section_headings, sections_held
from domain.script_shell import readable_text, reads_as_a_page

# Whether a draft reads the page, given the candidates made so far (by name): what it needs to know
# may come with a later candidate (a plain page's sections, from the pruned whole page).
Enough = Callable[[str, Mapping[str, str]], bool]
# A draft mended from the pruned whole page: (the draft, the whole page) -> the draft to send.
Fill = Callable[[str, str], str]


def draft_enough(kind: PageKind, structure: Structure) -> Enough:
    """What a draft must hold to end the drafting on a page of this kind and structure."""
    if kind == "listing" and structure.item_text:
        items = words(structure.item_text)
        return lambda markdown, _made: (
            reads_as_a_page(markdown) and covered(items, words(markdown)) >= profiles.LISTING_ITEMS_HELD
        )
    if kind == "page":
        return _holds_the_sections
    return lambda markdown, _made: reads_as_a_page(markdown)


def _holds_the_sections(markdown: str, made: Mapping[str, str]) -> bool:
    """A plain page's draft reads it when it holds the share of its sections' headings that the vote
    asks of a winner, on a page with enough of them to tell; until the pruned whole page is made,
    which says what the sections are, no draft is known to."""
    if not reads_as_a_page(markdown) or profiles.WHOLE_PAGE not in made:
        return False
    headings = section_headings(made[profiles.WHOLE_PAGE])
    return len(headings) < profiles.SECTIONS_SEEN or sections_held(markdown, headings) >= profiles.SECTIONS_HELD


def tidied(
    send: Callable[[str], None],
    kind: PageKind,
    introduced: tuple[IntroducedList, ...] = (),
    languages: CodeLanguages | None = None,
    labels: tuple[tuple[Label, ...], ...] = (),
) -> Callable[[str], None]:
    """``send`` called with the draft cut and mended as a chosen answer is: no recommendations, the
    lists it introduces and leaves out put back (``introduced_lists``), no second copies, no
    needless escapes (``markdown_escapes``), its code blocks' languages (``code_languages``), the
    lines the page shows above its blocks (``labels_above``: posts' authors, panels' titles)."""

    def mended(markdown: str) -> str:
        kept = lists_put_back(without_recommendations(markdown), introduced)
        kept = without_repeated_paragraphs(kept, thread=kind == "forum")
        for group in labels:
            kept = with_labels(kept, group)
        return fences_labelled(without_needless_escapes(kept), languages or {})

    return lambda markdown: send(mended(markdown))


def sections_filled(kind: PageKind) -> Fill | None:
    """How a draft gets back the sections whose heading it keeps and whose text it drops, from the
    pruned whole page (``emptied_sections``), as a chosen answer does; None on the kinds of page
    where a chosen answer does not either (``emptied_sections.LEFT_ALONE``)."""
    if kind in LEFT_ALONE:
        return None

    def filled(markdown: str, whole_page: str) -> str:
        # After the recommendations cut, as a chosen answer: a "You may also like" box between an
        # emptied heading and the next would otherwise stand between them on the page and not here.
        cut = without_recommendations(markdown)
        mended = sections_put_back(cut, lambda: without_recommendations(whole_page))
        return markdown if mended == cut else mended

    return filled


class Drafting:
    """Which never-stopped answers reach the pool as the page's draft, in the order they are made.

    With ``fill`` (``sections_filled``), the last draft is sent again with its emptied sections put
    back once the pruned whole page is made, even when that ends the drafting or came after it: it
    is the same reading, mended (thirty-first round: page-types' drafts 0.8027 -> 0.8045)."""

    def __init__(self, send: Callable[[str], None] | None, enough: Enough, fill: Fill | None = None) -> None:
        self._send, self._enough, self._fill = send, enough, fill
        self._mend = send  # drafting may be over while the last draft can still be mended
        self._last = ""  # the last draft sent
        self._held = 0  # its readable characters
        self._filled = False  # whether the last draft has had its sections put back

    def offer(self, answer: str, made: Mapping[str, str]) -> None:
        """``answer`` sent when drafting is not over and it holds more text than the last draft; ``made``:
        every candidate made so far, ``answer``'s own included."""
        self._choose(answer, made)
        self._fill_last(made)

    def _choose(self, answer: str, made: Mapping[str, str]) -> None:
        if self._send is None:
            return
        if self._held and self._enough(self._last, made):  # what was made since says the last one reads the page
            self._send = None
            return
        held = len(readable_text(answer))
        if held <= self._held:
            return
        self._send(answer)
        self._last, self._held, self._filled = answer, held, False
        if self._enough(answer, made):
            self._send = None

    def _fill_last(self, made: Mapping[str, str]) -> None:
        if self._fill is None or self._mend is None or self._filled or not self._last:
            return
        if profiles.WHOLE_PAGE not in made:
            return
        self._filled = True
        filled = self._fill(self._last, made[profiles.WHOLE_PAGE])
        if filled != self._last:
            self._mend(filled)
            # The mended draft is the one a later answer must hold more text than.
            self._last, self._held = filled, len(readable_text(filled))
