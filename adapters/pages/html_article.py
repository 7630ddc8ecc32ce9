"""The main content of an HTML page as Markdown: know the page's kind, run the extractors that
suit it, keep the answer they agree on.

1. Parse once; put a streamed page's parts in place (``streamed_segments``), read the schema.org
   data and measure the markup (``page_kind``). Every candidate's answer loses its sections of
   recommendations ("Similar items", "Read next": ``recommendations``) before anything compares it.
2. Articles: trafilatura's precise cut, checked against Resiliparse. Agreement ends it there
   (the common case, and the fast one); disagreement calls a wider vote.
3. Other kinds: the profile's candidates (``profiles``) vote, schema.org text joining as a voter
   when the page has it and the run of items or posts the markup shows as a witness; the
   candidate closest to all the others wins (``reconcile``).
4. Products get any declared field the winner lacks (name, price, properties) put in front; a
   product for sale loses its customer reviews, from the tree before the candidates read it and
   from the winner's answer when it read the page as written (``review_sections``).
5. A list the answer introduces ("the following happens:") and leaves out goes back under its
   introduction, from the page (``introduced_lists``). Quotes of text the answer already gave (a
   reply quoting the post above it) are cut to their opening words (``repeated_quotes``), picture
   placeholders whose words the next text repeats go (``image_echoes``), and so do second copies
   of long lines (``repeated_paragraphs``).

Why each step is there, with the measurements: docs/extraction.md.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any, Protocol

from lxml import etree

from adapters.pages import candidates, profiles
from adapters.pages.author_bios import AUTHOR_BIOS
from adapters.pages.breadcrumbs import BREADCRUMBS
from adapters.pages.call_to_action import action_links_out
from adapters.pages.candidate_helper import CandidateHelper, Maker
from adapters.pages.code_languages import CodeLanguages, code_languages, fences_labelled
from adapters.pages.definition_lists import definitions_paired
from adapters.pages.disclosure_panels import disclosures_opened, heading_buttons_as_words, question_buttons_as_words
from adapters.pages.drafts import Drafting, draft_enough, sections_filled, tidied
from adapters.pages.edit_links import edit_links_out
from adapters.pages.emptied_sections import LEFT_ALONE, sections_put_back
from adapters.pages.error_messages import ERROR_MESSAGES
from adapters.pages.forum_signatures import SIGNATURES
from adapters.pages.glued_inlines import space_glued_inlines
from adapters.pages.heading_lines import headings_restored, page_headings
from adapters.pages.heading_markup import mend_headings
from adapters.pages.html_markdown import Element
from adapters.pages.icon_cells import icon_cells_read
from adapters.pages.image_echoes import without_echoed_images
from adapters.pages.inline_quotes import quotes_marked
from adapters.pages.introduced_lists import IntroducedList, introduced_lists, lists_put_back
from adapters.pages.label_values import labels_joined
from adapters.pages.labels_above import Label, with_labels
from adapters.pages.layout_tables import layout_tables_unwrapped
from adapters.pages.legacy_text_elements import legacy_elements_as_shown
from adapters.pages.list_controls import LIST_CONTROLS
from adapters.pages.list_lines import PageList, lists_restored, page_lists
from adapters.pages.markdown_escapes import without_needless_escapes
from adapters.pages.math_markup import formulas_as_tex
from adapters.pages.media_fallbacks import media_fallbacks_out
from adapters.pages.member_figures import member_figures_out
from adapters.pages.named_boxes import named_boxes_out
from adapters.pages.overlays import drop_overlays, drop_skip_links, may_hold_overlays
from adapters.pages.overtime import Overtime, stopped_after
from adapters.pages.page_kind import MAX_ELEMENTS, PageKind, Structure, detect_kind, measure
from adapters.pages.page_prose import prose_runs, share_held
from adapters.pages.panel_labels import panel_labels
from adapters.pages.picture_addresses import picture_addresses_out
from adapters.pages.popup_boxes import POPUPS
from adapters.pages.post_bylines import post_bylines
from adapters.pages.post_footers import POST_FOOTERS
from adapters.pages.post_quotes import posts_unquoted
from adapters.pages.price_cents import cents_pointed
from adapters.pages.reader_prompts import PROMPTS
from adapters.pages.recommendation_boxes import RECOMMENDATION_BOXES
from adapters.pages.recommendations import without_recommendations
from adapters.pages.reconcile import covered, holding, most_agreed, word_f1, words
from adapters.pages.repeated_paragraphs import without_repeated_paragraphs
from adapters.pages.repeated_quotes import shortened_repeats
from adapters.pages.review_sections import reviews_cut, without_review_lines
from adapters.pages.section_headings import holding_sections, section_headings
from adapters.pages.shadow_roots import shadow_roots_opened
from adapters.pages.sidebar_boxes import SIDEBARS
from adapters.pages.site_notices import SITE_NOTICES
from adapters.pages.streamed_segments import put_streamed_segments_in_place
from adapters.pages.structured_content import (
    article_body,
    for_sale,
    page_product_name,
    product_markdown,
    thread_markdown,
)
from adapters.pages.structured_data import StructuredData, read_structured_data
from adapters.pages.table_spans import row_spans_filled
from adapters.pages.text_words import word_tokens
from adapters.pages.thread_posts import ThreadPost, thread_posts, with_posts_put_back
from adapters.pages.void_elements import void_elements_emptied
from adapters.pages.xml_characters import xml_characters
from domain.markdown_lines import ATX_HEADING
from domain.script_shell import LITTLE_TEXT_CHARS, readable_text

logger = logging.getLogger(__name__)

# Past this much extraction time on one page no further candidate is started; the vote is taken
# among those already run. A multi-megabyte page can take trafilatura a second per pass, and a
# page should never cost more than about two.
BUDGET_SECONDS = 1.0
# A candidate still running this long after the page's extraction began is stopped (``overtime``)
# and votes with nothing: trafilatura and readability grow faster than the page, while the
# candidates that are never stopped (``profiles.NEVER_STOPPED``) keep pace with it. Half a second
# past the budget: the slowest page of both corpora takes about 1.1 s on an idle machine. Pages
# of more than ``page_kind.MAX_ELEMENTS`` elements give the slower candidates no time at all:
# trafilatura spends seconds inside single XPath calls there (8-15 s on 20,000 short paragraphs),
# where no signal can stop it.
STOP_SECONDS = 1.5
# An XML declaration at the start of an XHTML page (a byte-order mark or spaces may precede it).
_XML_DECLARATION = re.compile(r"\A[\s\ufeff]*<\?xml\b[^>]{0,500}\?>")
# Images at the start of a line, optionally as a list item.
_IMAGES_FIRST = r"\s*(?:[-*+]\s+|\d+\.\s+)?(?:\[Image:[^\]]*\]\s*)+"
_IMAGE_LED_LINE = re.compile(_IMAGES_FIRST + r"(?=\S)")  # ... going on with text
_IMAGE_ONLY_LINE = re.compile(_IMAGES_FIRST)  # with fullmatch: nothing else on the line
_IMAGE = re.compile(r"\[Image:[^\]]*\]")
# A line below an image holding mostly that image's words is its caption repeated; a
# sentence that merely mentions what the picture shows shares far fewer.
CAPTION_ECHO = 0.8


@dataclass(frozen=True)
class Article:
    markdown: str
    method: str  # the candidate that won (see ``profiles``)
    kind: PageKind = "page"


def html_to_article(
    html: str,
    url: str | None = None,
    *,
    include_images: bool = False,
    budget_seconds: float = BUDGET_SECONDS,
    stop_seconds: float = STOP_SECONDS,
    clock: Callable[[], float] = time.monotonic,
    draft: Callable[[str], None] | None = None,
    helper: CandidateHelper | None = None,
) -> Article:
    """The page's main content as Markdown, which candidate produced it and the kind it was read as.

    ``include_images`` keeps trafilatura's images as ``[Image: alt]``; the other candidates
    always keep alt text. ``budget_seconds`` bounds the extra candidates (see ``BUDGET_SECONDS``),
    ``stop_seconds`` a running one (see ``STOP_SECONDS``; real time, whatever ``clock`` says).
    ``draft`` is called with the first answer of a candidate that is never stopped, as soon as it
    is made: what the page falls back on if the rest runs out of time (``extraction_pool``). Until
    one reads the page by the evidence the vote asks of a winner (a page's worth of text, a listing's
    items, a plain page's sections: ``drafts``), a later such answer holding more is sent too
    (Resiliparse keeps a catalogue's heading and intro and drops its grid of links).
    ``helper``: a process beside this one that makes the slow candidate the page will most likely
    ask for while this one reads the page (``candidate_helper``; the answer is the same).
    """
    stop_at = time.monotonic() + stop_seconds
    parsed = parse_page(html)
    if parsed is None:  # not HTML lxml can read; trafilatura has its own recovery
        text = candidates.trafilatura_markdown(html, url, mode="precision", include_images=include_images)
        return Article(without_needless_escapes(text), profiles.TRAFILATURA_PRECISION)
    root, html = parsed
    data = read_structured_data(root)
    # A page past the measuring walk's bound gets no slow candidate (below): nothing to ask for.
    if helper is not None and sum(1 for _ in islice(root.iter(), MAX_ELEMENTS + 1)) <= MAX_ELEMENTS:
        likely = likely_slow_candidate(data)
        maker, arguments = helper_request(likely, html, candidates.links_base(root, url), include_images)
        helper.ask(likely, maker, arguments)
    try:
        structure = measured(root)
        if structure.oversized:
            stop_at = -math.inf
            if helper is not None:
                helper.let_go()  # no slow candidate runs on such a page: its answer is not wanted
        deadline = clock() + budget_seconds
        kind = detect_kind(data, structure)
        reviews = cut_from_tree(kind, data, root)
        base = candidates.links_base(root, url)
        introduced = introduced_lists(root, base)
        bylines = post_bylines(root, thread=kind == "forum")
        posts = thread_posts([(b.post, b.mark, b.keys) for b in bylines], base)
        labels = (tuple(byline.label for byline in bylines), panel_labels(root))
        languages = code_languages(root)
        if draft is not None:
            draft = tidied(draft, kind, introduced, languages, labels)
        run = Candidates(
            html,
            url,
            root,
            include_images,
            deadline=deadline,
            clock=clock,
            stop_at=stop_at,
            drafting=Drafting(draft, draft_enough(kind, structure), sections_filled(kind)),
            helper=helper,
        )
        article = choose(
            kind,
            data,
            structure,
            run,
            reviews=reviews,
            introduced=introduced,
            languages=languages,
            labels=labels,
            posts=posts,
        )
    finally:
        if helper is not None:
            helper.let_go()  # a helper never works on a page its worker has left
    logger.debug(
        "read the page as %s; kept %s",
        article.kind,
        article.method,
        extra={"kind": article.kind, "method": article.method},
    )
    return article


def parse_page(html: str) -> tuple[Element, str] | None:
    """The page's tree, and the HTML that the extractors parsing for themselves (trafilatura,
    readability) read: the same page, written out again only when something changed (0.4 ms
    median). None when there is no document to read.

    First the page is made what a browser shows where libxml2's parser, older than HTML5, reads
    it otherwise: the void elements it keeps open emptied (``void_elements``), the legacy elements
    whose content it keeps as raw text read as shown (``legacy_text_elements``: ``<xmp>`` code as
    ``<pre>``, ``<noembed>`` fallbacks out), tables that lay the page out read as the blocks they
    hold (``layout_tables``), a short cell spanning rows written into each of them
    (``table_spans``: a Markdown table has no merged cells), inline quotations with their marks
    (``inline_quotes``: trafilatura dropped a paragraph's text after one), a price's cents set as a
    superscript with their point (``price_cents``: "$19⁹⁹" read "$1999"), a table cell showing only an
    icon with what the icon says (``icon_cells``: a check, a cross, its name), server-rendered web components
    composed with their slots (``shadow_roots``), formulas as the TeX their MathML carries
    (``math_markup``).
    Out of the tree then, for every candidate: its scripts' failure messages
    (``error_messages``), links drawn as buttons (``call_to_action``), what it asks of its reader
    (``reader_prompts``), skip links (``overlays.drop_skip_links``), the figures beside each
    post's author (``member_figures``), text that is only a picture's address
    (``picture_addresses``), what it says to browsers that cannot play its videos
    (``media_fallbacks``), its offers to edit it (``edit_links``), its breadcrumb trail
    (``breadcrumbs``), its lists' controls (``list_controls``) and the box about its author
    (``author_bios``). The panels it hides until its reader opens them are shown, and the buttons
    inside headings that open them kept as the headings' words (``disclosure_panels``). Then
    mended, in this order: labels set beside their values in boxes made one line
    (``label_values``), glued inline elements spaced (``glued_inlines``), headings
    (``heading_markup``), posts written as blockquotes made posts (``post_quotes``), lists of
    names and values paired (``definition_lists``).

    An XHTML page's XML declaration goes first: it names the encoding of bytes already decoded,
    and lxml refuses a string that carries one, so such a page was read by trafilatura alone,
    without its kind, its schema.org data or the vote. So do the characters XML does not allow
    (``xml_characters``), which failed the page at the first text a step moved."""
    html = xml_characters(_XML_DECLARATION.sub("", html, count=1))
    root = candidates.parse_html(html)
    if root is None:
        return None
    if (
        void_elements_emptied(root)
        + legacy_elements_as_shown(root)
        + layout_tables_unwrapped(root)
        + row_spans_filled(root)
        + quotes_marked(root)
        + cents_pointed(root)
        + icon_cells_read(root)
        + shadow_roots_opened(root)
        + formulas_as_tex(root)
        + named_boxes_out(root, (ERROR_MESSAGES, PROMPTS, BREADCRUMBS, LIST_CONTROLS, AUTHOR_BIOS))
        + action_links_out(root)
        + drop_skip_links(root)
        + member_figures_out(root)
        + picture_addresses_out(root)
        + media_fallbacks_out(root)
        + edit_links_out(root)
        + disclosures_opened(root)
        + heading_buttons_as_words(root)
        + question_buttons_as_words(root)
        + labels_joined(root)
        + space_glued_inlines(root)
        + mend_headings(root)
        + posts_unquoted(root)
        + definitions_paired(root)
    ):
        _embedded_files_emptied(root)
        html = etree.tostring(root, encoding="unicode", method="html")
    return root, html


def cut_from_tree(kind: PageKind, data: StructuredData, root: Element) -> frozenset[str]:
    """What is not the page's content but trafilatura and readability read anyway, out of ``root``
    (the tree the pruned whole page and Resiliparse read, and the draft comes from): carousels the
    markup names as recommendations (``recommendation_boxes``), popups (``popup_boxes``), short
    sidebar boxes (``sidebar_boxes``), forum members' signatures (``forum_signatures``), what
    the site says on every page (``site_notices``: announcement bars, copyright lines, trending
    rails) and the footers of a run of posts or comments (``post_footers``) it names, on every
    kind, and the customer reviews of a product for sale (``review_sections``). Returns the
    reviews' lines, which ``choose`` cuts from the winner.

    trafilatura and readability read the page as written, carousels and reviews and all: they
    weigh such blocks themselves, and the vote needs their answers to differ. Cut for them too,
    trafilatura picked another body on some pages once a small block was gone (a shop's item page
    0.71 -> 0.31 when its carousel went from trafilatura's page as well; page-types 0.8232 ->
    0.8230, against 0.8235 cutting the tree alone; docs/extraction.md, twentieth round), and its
    two modes on a product page came out alike without the reviews (what its comments mode adds)
    and outvoted the whole page and Resiliparse on pages where they were the better two (0.8138
    against 0.8146; eighteenth round). So their reviews go from the chosen answer instead, line by
    line, and a carousel by its heading (``recommendations``) when it has one.

    For sale: the declared product carries an offer. A declaration without one is the rating stars
    a business puts on its home page, whose testimonials are its content."""
    named_boxes_out(root, (RECOMMENDATION_BOXES, POPUPS, SIDEBARS, SIGNATURES, SITE_NOTICES, POST_FOOTERS))
    if kind != "product" or not for_sale(data):
        return frozenset()
    return reviews_cut(root)


def _embedded_files_emptied(root: Element) -> None:
    """Files embedded in attributes (``src="data:image/svg+xml,<svg ...>"``) emptied before the page is
    written out again: libxml2 escapes the spaces of an address attribute, and a 13 kB icon without
    a space then cost trafilatura's image-name pattern 1.3 s a page (it backtracks over each one).
    No candidate ever hands the agent such an address: an image is its placeholder."""
    for element in root.xpath("//*[@*[starts-with(., 'data:')]]"):
        for name, value in element.attrib.items():
            if value.startswith("data:"):
                element.set(name, "data:,")


def read_tree(root: Element) -> tuple[StructuredData, Structure]:
    """Steps 2-3 of the pipeline (docs/extraction.md) on a parsed page: its schema.org data read
    (``structured_data``), then ``measured``. Changes ``root`` in place."""
    return read_structured_data(root), measured(root)


def measured(root: Element) -> Structure:
    """Step 3: a streamed page's parts put in place (``streamed_segments``), its consent banners and
    dialogs out (``overlays``), its markup measured. Changes ``root`` in place. (The schema.org data
    is read before: the same on all 869 pages of both corpora, and a helper process can be asked
    for the page's likely candidate without waiting for this walk.)"""
    put_streamed_segments_in_place(root)
    found: list[Element] | None = [] if may_hold_overlays(root) else None
    structure = measure(root, found)
    if found and drop_overlays(root, found, structure.text_chars):
        structure = measure(root)  # the page as the candidates will read it
    return structure


class CandidateSource(Protocol):
    """The extractors' answers for one page, made on demand (``Candidates``) or read back from a cache."""

    def __call__(self, name: str) -> str: ...

    def many(self, names: tuple[str, ...]) -> dict[str, str]: ...


def choose(
    kind: PageKind,
    data: StructuredData,
    structure: Structure,
    run: CandidateSource,
    *,
    reviews: frozenset[str] = frozenset(),
    introduced: tuple[IntroducedList, ...] = (),
    languages: CodeLanguages | None = None,
    labels: tuple[tuple[Label, ...], ...] = (),
    posts: tuple[ThreadPost, ...] = (),
) -> Article:
    """Steps 2-5 of the pipeline for a page already read: which candidates vote, which one wins.
    ``reviews``: the lines of the reviews ``cut_from_tree`` took out of the tree, cut from the winner.
    ``introduced``: the page's lists that a block ending with a colon introduces, put back where the
    winner keeps the introduction and drops the list (``introduced_lists``).
    ``languages``: the page's code blocks' languages, written on the winner's bare fences (``code_languages``).
    ``labels``: lines the page shows above blocks, in groups each in the page's order (each post's
    author and day, ``post_bylines``; each folded panel's title, ``panel_labels``), written above
    the blocks where the winner lost them (``labels_above``).
    ``posts``: the posts of a thread (``post_bylines``), those the winner dropped between two it
    kept written back in their place before the labels (``thread_posts``).

    Separate from the parsing and the extractors so that bench/extraction_replay.py can replay the
    very same choice over candidates it made once and cached (without ``labels`` and ``posts``, which
    are read from the page's tree each time: the replay measures the vote, ``bench.extraction`` the
    whole of it).
    """
    candidates = _WithoutRecommendations(run)
    chosen = _chosen(kind, data, structure, candidates)
    markdown = without_review_lines(chosen.markdown, reviews, run(profiles.WHOLE_PAGE)) if reviews else chosen.markdown
    if kind not in LEFT_ALONE:
        # Within the page's budget, as any candidate: past it, only if the whole page is made already.
        markdown = sections_put_back(markdown, lambda: _whole_page_in_budget(candidates))
    markdown = shortened_repeats(without_echoed_images(lists_put_back(markdown, introduced)))
    markdown = without_repeated_paragraphs(markdown, thread=chosen.kind == "forum")
    markdown = with_posts_put_back(markdown, posts)
    for group in labels:
        markdown = with_labels(markdown, group)
    return dataclasses.replace(chosen, markdown=fences_labelled(without_needless_escapes(markdown), languages or {}))


def _whole_page_in_budget(candidates: CandidateSource) -> str:
    return candidates.many((profiles.WHOLE_PAGE,)).get(profiles.WHOLE_PAGE, "")


class _WithoutRecommendations:
    """The candidates' answers with their sections of recommendations cut (``recommendations``), so
    that the vote compares the pages' own content: "Similar items" carousels agree with each other."""

    def __init__(self, run: CandidateSource) -> None:
        self._run = run
        self._cut: dict[str, str] = {}

    def __call__(self, name: str) -> str:
        return self._cut_from(name, self._run(name))

    def many(self, names: tuple[str, ...]) -> dict[str, str]:
        return {name: self._cut_from(name, text) for name, text in self._run.many(names).items()}

    def _cut_from(self, name: str, text: str) -> str:
        if name not in self._cut:
            self._cut[name] = without_recommendations(text)
        return self._cut[name]


def _chosen(kind: PageKind, data: StructuredData, structure: Structure, run: CandidateSource) -> Article:
    if kind == "article":
        return _article(run, data, structure)
    voters = run.many(profiles.PROFILES[kind])
    eligible = _eligible(kind, structure, voters)
    declared = thread_markdown(data) if kind == "forum" else ""
    if declared:
        eligible[profiles.STRUCTURED] = declared
    runs = {"listing items": structure.item_text, "forum posts": structure.post_text}
    witnesses = dict(runs) if kind in ("listing", "forum") else {}
    # The candidates the evidence ruled out still vote: what they agree on is evidence too.
    witnesses.update((name, text) for name, text in voters.items() if name not in eligible)
    choice = most_agreed(
        eligible,
        witnesses=witnesses,
        coverage_weight=profiles.COVERAGE_WEIGHT.get(kind, 0.0),
        # The bar that marks a possible JavaScript shell: below it the page would have nothing to give.
        readable_chars=LITTLE_TEXT_CHARS,
    )
    markdown = choice.markdown
    if kind == "product":
        markdown = _with_declared_fields(markdown, product_markdown(data), page_product_name(data))
    return Article(markdown, choice.name, kind)


def _eligible(kind: PageKind, structure: Structure, voters: dict[str, str]) -> dict[str, str]:
    """The voters that may win: on a listing those holding its items, on a plain page of enough
    sections those holding its sections' headings (what the evidence says the content is); the
    rest vote as witnesses. Fragments agreeing with each other otherwise outvote the one answer
    that kept the whole list or every section (docs/extraction.md, twenty-first and twenty-second
    rounds)."""
    if kind == "listing" and structure.item_text:
        return holding(voters, structure.item_text, profiles.LISTING_ITEMS_HELD)
    if kind == "page":
        headings = section_headings(voters.get(profiles.WHOLE_PAGE, ""))
        if len(headings) >= profiles.SECTIONS_SEEN:
            return holding_sections(voters, headings, profiles.SECTIONS_HELD)
    return dict(voters)


def _article(run: CandidateSource, data: StructuredData, structure: Structure) -> Article:
    """The first precise cut Resiliparse confirms (the fast one, if it holds most of the page's prose;
    then the one with trafilatura's own fallbacks), or else the vote among the article's candidates."""
    checked = words(run(profiles.RESILIPARSE))  # first: it is fast, and the page's draft (``Candidates``)

    def confirmed(cut: str) -> bool:
        return bool(cut) and word_f1(words(cut), checked) >= profiles.ARTICLE_AGREEMENT

    runs = prose_runs(structure.prose)  # before the cut: a helper process may be making it meanwhile
    fast = run(profiles.TRAFILATURA_PRECISION_FAST)
    if confirmed(fast) and share_held(fast, runs) >= profiles.FAST_CUT_PROSE:
        return Article(_without_image_captions(fast), profiles.TRAFILATURA_PRECISION_FAST, "article")
    precise = run(profiles.TRAFILATURA_PRECISION)
    if confirmed(precise):
        return Article(_without_image_captions(precise), profiles.TRAFILATURA_PRECISION, "article")
    voters = run.many(profiles.ARTICLE_VOTE)
    if body := article_body(data):
        voters[profiles.STRUCTURED] = body
    choice = most_agreed(voters, coverage_weight=profiles.COVERAGE_WEIGHT["article"])
    return Article(_without_image_captions(choice.markdown), choice.name, "article")


def _without_image_captions(markdown: str) -> str:
    """An article's image captions reduced to the image placeholder that already carries them.

    A line that opens with an image (optionally as a list item) keeps only the placeholder: in an
    article such a line is a caption, a credit, a gallery tile or a "related story" teaser beside
    its picture, never the story's prose (which does not start with a picture). A line that
    repeats the words of the image just above it (a ``<figcaption>`` echoing the alt text) is
    dropped. The agent still learns the figure is there and what it shows; images inside a
    sentence are left alone.
    """
    lines: list[str] = []
    above: Counter[str] = Counter()  # the words of the images on the last non-blank line
    for line in markdown.split("\n"):
        led = _IMAGE_LED_LINE.match(line)
        if led:
            line = " ".join(_IMAGE.findall(led.group(0)))
        elif above and (said := words(line)) and covered(said, above) >= CAPTION_ECHO:
            while lines and not lines[-1].strip():  # the echo's blank lines go with it
                lines.pop()
            continue
        if line.strip():
            above = words(" ".join(_IMAGE.findall(line))) if _IMAGE_ONLY_LINE.fullmatch(line) else Counter()
        lines.append(line)
    return "\n".join(lines)


def _with_declared_fields(markdown: str, declared: str, name: str) -> str:
    """Declared product lines the extraction lacks (most words unseen), put under the answer's heading
    that names the product (``name``), where a reader looks for its price; before the answer when
    no heading names it."""
    seen = words(markdown)
    missing = [
        line
        for line in declared.split("\n\n")
        if (line_words := words(line)) and sum((line_words & seen).values()) < line_words.total() / 2
    ]
    if not missing:
        return markdown
    lines = markdown.split("\n")
    at = next((index for index, line in enumerate(lines) if _heading_names(line, name)), None)
    if at is None:
        return "\n\n".join([*missing, markdown]).strip()
    return "\n".join([*lines[: at + 1], "", "\n\n".join(missing), *lines[at + 1 :]]).strip()


def _heading_names(line: str, name: str) -> bool:
    """Whether ``line`` is a heading saying the product's name: the same words, or the one's words
    opening the other's ("Trail 25 Pack" over "Trail 25 Pack - Shadow Bay - XS"), two words at least."""
    heading = ATX_HEADING.match(line)
    if heading is None or not name:
        return False
    said, named = word_tokens(readable_text(heading.group(2)).lower()), word_tokens(name.lower())
    shorter = min(len(said), len(named))
    return said == named if shorter < 2 else said[:shorter] == named[:shorter]


def budget_spent(made: Mapping[str, str], now: float, cheapest: float, deadline: float) -> bool:
    """Whether a page's budget is spent: a candidate has been made and one as quick as the quickest
    of them (``cheapest``) would end past ``deadline``; every candidate reads the whole page, so the
    quickest one's time is what the next one costs at least."""
    return bool(made) and now + cheapest > deadline


def made_in_cost_order(
    names: tuple[str, ...], made: Mapping[str, str], make: Callable[[str], str], spent: Callable[[], bool]
) -> dict[str, str]:
    """``names`` made by ``make`` (into ``made``) cheapest first (``profiles.COST_ORDER``); once ``spent()``
    says the page's budget is spent, only those already made, unless none of those found anything:
    then the ones never stopped still run. Shared with bench/extraction_replay.py, which replays the
    budget on a clock of the candidates' recorded times."""
    for name in sorted(names, key=profiles.COST_ORDER.index):
        if name not in made and spent() and (name not in profiles.NEVER_STOPPED or any(made.values())):
            continue
        make(name)
    return {name: made[name] for name in names if name in made}


class Candidates:
    """Runs each extractor at most once per page, only when a profile asks for it, within a time budget.

    The one place that says how each candidate is made: bench/extraction_replay.py makes every
    one of them through it too (``profiles.COST_ORDER`` names them all).
    """

    def __init__(
        self,
        html: str,
        url: str | None,
        root: Element,
        include_images: bool,
        *,
        deadline: float,
        clock: Callable[[], float],
        stop_at: float = math.inf,
        drafting: Drafting | None = None,
        helper: CandidateHelper | None = None,
    ) -> None:
        """``deadline`` (by ``clock``): no candidate is started after it once one has been made.
        ``stop_at`` (by ``time.monotonic``): a candidate not in ``profiles.NEVER_STOPPED`` still
        running then is stopped and counts as having found nothing. ``drafting``: where each
        never-stopped answer is offered as the page's draft (``drafts``); ``helper``: see
        ``html_to_article``; a candidate asked of the helper is taken from it."""
        self._deadline, self._clock, self._stop_at = deadline, clock, stop_at
        self._drafting = drafting
        self._helper = helper
        self._made: dict[str, str] = {}
        self._cheapest = math.inf  # the shortest time (by ``clock``) a candidate of this page took
        base = candidates.links_base(root, url)  # what every candidate's relative links resolve against
        self._html, self._base, self._images = html, base, include_images
        self._root = root
        self._shape: tuple[tuple[PageList, ...], tuple[tuple[str, int], ...]] | None = None
        self._makers: dict[str, Callable[[], str]] = {
            **{name: self._maker(name) for name in HELPER_NAMES},
            profiles.WHOLE_PAGE: lambda: candidates.whole_page_markdown(root, base),
            profiles.RESILIPARSE: lambda: candidates.resiliparse_markdown(root, base),
            profiles.RESILIPARSE_WITHOUT_COMMENTS: lambda: candidates.resiliparse_markdown(root, base, comments=False),
        }

    def __call__(self, name: str) -> str:
        if name not in self._made:
            made = self._made_in_time(name)
            if name in TRAFILATURA_MODES and made:
                # Lists first: a table of contents written as lines says what the headings say.
                lists, headings = self._page_shape()
                made = headings_restored(lists_restored(made, lists), headings)
            self._made[name] = made
            if name in profiles.NEVER_STOPPED and self._drafting is not None:
                self._drafting.offer(made, self._made)
        return self._made[name]

    def _page_shape(self) -> tuple[tuple[PageList, ...], tuple[tuple[str, int], ...]]:
        """The page's lists and headings, which trafilatura's answers get back (``list_lines``,
        ``heading_lines``)."""
        if self._shape is None:
            self._shape = (page_lists(self._root), page_headings(self._root))
        return self._shape

    def _maker(self, name: str) -> Callable[[], str]:
        maker, arguments = helper_request(name, self._html, self._base, self._images)
        made = HELPER_MAKERS[maker]
        return lambda: made(**arguments)

    def _made_in_time(self, name: str) -> str:
        if self._helper is not None and self._helper.asked(name):
            return self._from_helper(self._helper, name)
        if name in profiles.NEVER_STOPPED or self._stop_at == math.inf:
            return self._timed(name)
        left = self._stop_at - time.monotonic()
        if left <= 0:  # the page's time for the slower candidates is up, or it never had any
            return ""
        try:
            with stopped_after(left):
                return self._timed(name)
        except Overtime:
            logger.debug("stopped %s: the page's time was up", name, extra={"method": name})
            return ""

    def _from_helper(self, helper: CandidateHelper, name: str) -> str:
        self._page_shape()  # read while the helper works: its answer needs it (``__call__``)
        left = math.inf if self._stop_at == math.inf else self._stop_at - time.monotonic()
        made = helper.answer(name, left)
        self._cheapest = min(self._cheapest, helper.seconds)
        return made

    def _timed(self, name: str) -> str:
        started = self._clock()
        made = self._makers[name]()
        self._cheapest = min(self._cheapest, self._clock() - started)
        return made

    def many(self, names: tuple[str, ...]) -> dict[str, str]:
        """The named candidates, cheapest first; once the budget is spent, only those already made.

        Spent means past the deadline, or so near it that a candidate as quick as the quickest
        one this page has had would end past it: every candidate reads the whole page, so the
        quickest one's time is what the next one costs at least. On a 50,000-row table
        Resiliparse takes most of a second, and the whole page started just before the deadline
        took the page past two. Unless none of those made found anything: then the ones never
        stopped still run, so that a page whose slow candidates ran out of time is read by the
        fast ones it has left.

        With a helper: an idle one is first asked for the slowest of them it can make; what it
        was asked for is taken from it last, once this process has made the others.
        """
        helper = self._helper
        if helper is None:
            return made_in_cost_order(names, self._made, self, self._spent)
        spare = [name for name in names if name in HELPER_NAMES and name not in self._made]
        if spare and not any(helper.asked(name) for name in names) and not self._spent() and not self._stopped():
            slowest = max(spare, key=profiles.COST_ORDER.index)
            helper.ask(slowest, *helper_request(slowest, self._html, self._base, self._images))
        asked = tuple(name for name in names if helper.asked(name))
        made = made_in_cost_order(tuple(name for name in names if name not in asked), self._made, self, self._spent)
        made.update((name, self(name)) for name in asked)
        return {name: made[name] for name in names if name in made}

    def _stopped(self) -> bool:
        return time.monotonic() >= self._stop_at

    def _spent(self) -> bool:
        return budget_spent(self._made, self._clock(), self._cheapest, self._deadline)


# trafilatura's modes as candidates: (mode, with comments, fast).
TRAFILATURA_MODES: dict[str, tuple[candidates.Mode, bool, bool]] = {
    profiles.TRAFILATURA_PRECISION_FAST: ("precision", False, True),
    profiles.TRAFILATURA_PRECISION: ("precision", False, False),
    profiles.TRAFILATURA_BALANCED: ("balanced", False, False),
    profiles.TRAFILATURA_THREAD: ("balanced", True, False),
    profiles.TRAFILATURA_RECALL: ("recall", False, False),
}
# What a helper process can make: the candidates that read the page's HTML as written (a string),
# not the tree this process holds. Looked up when called, as every candidate's maker is.
HELPER_MAKERS: dict[str, Maker] = {
    "trafilatura": lambda html, **arguments: candidates.trafilatura_markdown(html, **arguments),
    "readability": lambda html, **arguments: candidates.readability_markdown(html, **arguments),
}
HELPER_NAMES = frozenset({*TRAFILATURA_MODES, profiles.READABILITY})


def helper_request(name: str, html: str, base: str | None, include_images: bool) -> tuple[str, dict[str, Any]]:
    """How the candidate ``name`` (trafilatura's modes, readability) is made: a maker of ``HELPER_MAKERS``
    and its arguments, the same in this process and in a helper."""
    if name == profiles.READABILITY:
        return "readability", {"html": html, "base_url": base}
    mode, comments, fast = TRAFILATURA_MODES[name]
    return "trafilatura", {
        "html": html,
        "base_url": base,
        "mode": mode,
        "include_images": include_images,
        "include_comments": comments,
        "fast": fast,
    }


def likely_slow_candidate(data: StructuredData) -> str:
    """The trafilatura mode a page will most likely ask for first, from what it declares (read before
    its markup is measured): the fast precise cut for an article or a product, recall for a list or
    a reference, comments mode for a thread or a plain page."""
    kind = detect_kind(data, Structure(text_chars=0, code_chars=0))
    if kind == "article":
        return profiles.TRAFILATURA_PRECISION_FAST
    return min((name for name in profiles.PROFILES[kind] if name in TRAFILATURA_MODES), key=profiles.COST_ORDER.index)
