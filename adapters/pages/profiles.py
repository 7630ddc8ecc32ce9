"""Which extractors compete for each kind of page, and the schema.org text that joins them.

A profile lists the candidates whose biases suit the kind (see docs/extraction.md for the
measurements behind each): lists and documentation need extractors that keep every block
(trafilatura favouring recall, the pruned whole page); threads and the many pages that are none
of the named kinds need ones that keep replies (trafilatura's balanced mode with comments,
readability's densest subtree); products need both the precise cut and the full page, since
their fields sit in scattered boxes, and Resiliparse without the comment sections that are a
shop's customer reviews. The first name is the profile's preference on a tie.
"""

from __future__ import annotations

from adapters.pages.page_kind import PageKind

CandidateName = str

TRAFILATURA_PRECISION = "trafilatura precision"
TRAFILATURA_BALANCED = "trafilatura balanced"
TRAFILATURA_THREAD = "trafilatura with comments"
TRAFILATURA_RECALL = "trafilatura recall"
READABILITY = "readability"
WHOLE_PAGE = "whole page"
RESILIPARSE = "resiliparse"
RESILIPARSE_WITHOUT_COMMENTS = "resiliparse without comments"
STRUCTURED = "structured data"

# trafilatura's precise cut without its own fallback comparison (``fast``: no second pass of its
# readability port over a pruned copy of the page, no jusText): a third of its time on articles.
# Resiliparse's agreement (below) is the check that replaces it; when the two disagree, or when
# the agreed cut holds less than this share of the page's prose (``page_prose``: the two kept
# the same part of a longer body, which is what trafilatura's comparison looks for: a body twice
# as long), the cut is made again with the fallbacks. Of the 145 articles of both corpora the
# fast cut and Resiliparse agree on, the full cut differs on one, which holds 0.19 of its prose;
# 8 of the 145 hold less than half (docs/extraction.md, fifteenth round).
TRAFILATURA_PRECISION_FAST = "trafilatura precision, fast"
FAST_CUT_PROSE = 0.5

# An article is first cut precisely, and the cut checked against Resiliparse (cheap): when the
# two agree on at least this share of words, the cut is the body. Otherwise one of them kept a
# fragment or a sidebar and the wider vote below decides. Agreement between two independent
# extractors means the same on any site, which is why this is the one fixed number. At 0.7 a
# cut holding only 54% of what Resiliparse found still passed (F1 is 2c / (1 + c) for a cut that
# is a share c of the other); anywhere from 0.71 to 0.76 gives the same choices on both corpora.
ARTICLE_AGREEMENT = 0.75
ARTICLE_VOTE: tuple[CandidateName, ...] = (TRAFILATURA_PRECISION, READABILITY, TRAFILATURA_BALANCED, RESILIPARSE)

PROFILES: dict[PageKind, tuple[CandidateName, ...]] = {
    "listing": (TRAFILATURA_RECALL, WHOLE_PAGE, RESILIPARSE),
    "documentation": (TRAFILATURA_RECALL, WHOLE_PAGE, RESILIPARSE),
    "forum": (TRAFILATURA_THREAD, READABILITY, WHOLE_PAGE, RESILIPARSE),
    "page": (TRAFILATURA_THREAD, READABILITY, WHOLE_PAGE, RESILIPARSE),
    # The precise cut without trafilatura's fallback comparison: that comparison rescues a short
    # article cut with the page's longest block, which on a shop is its reviews or a grid of other
    # products; here the whole page and Resiliparse already vote for length. 85 of the 93 pages read
    # as products get the same answer either way (docs/extraction.md, fifteenth round).
    "product": (TRAFILATURA_PRECISION_FAST, TRAFILATURA_THREAD, WHOLE_PAGE, RESILIPARSE_WITHOUT_COMMENTS),
}

# Where the whole page is content (a list, a reference, a plain page), the vote also credits a
# candidate for holding what the others found (``reconcile.most_agreed``), at this weight: enough
# to break a near-tie between two extractors sharing a fragment and two sharing the whole, too
# little to let a page full of chrome win. Threads (posts that some candidates rightly cut) and
# products (scattered fields among "customers also viewed" grids, where covering more means more
# chrome) keep the plain vote. Measured on both halves of the page-types corpus, 0.1 and 0.2 both
# help (docs/extraction.md). The article's vote, reached only when no precise cut is confirmed
# (16 of the 167 pages of both corpora read as articles), takes the same weight: its four voters
# can split two against two, a fragment's pair against the body's, and the tie went to the
# fragment named first (twenty-fourth round: 3 answers up, none down; at 0.2 a story lost 0.008).
COVERAGE_WEIGHT: dict[PageKind, float] = {"listing": 0.1, "documentation": 0.1, "page": 0.1, "article": 0.1}

# A listing's content is its items (page_kind: a run of linked look-alike blocks holding 30% of the
# page's text, or a declared list): a candidate holding less than this share of the run's words
# missed the list, and may not win when another holds more (it still votes, as a witness). Two
# extractors agreeing on the page's intro (a category's heading and its first lines) otherwise
# outvoted the whole page that kept every item. From a third to 70% of the run the choices are
# alike on both corpora (docs/extraction.md, twenty-first round).
LISTING_ITEMS_HELD = 1 / 3

# A plain page's content is its sections (``section_headings``: the headings the pruned whole page
# kept that have a sentence under them): on a page of at least ``SECTIONS_SEEN`` of them, a
# candidate holding under ``SECTIONS_HELD`` of their headings kept one section, the hero or the
# first feature, and may not win (it still votes). Anywhere from three to eight sections, a third
# to 70% of them and 10 or 20 words under a heading, page-types reads 0.8286-0.8293 (from 0.8266,
# both halves up); at three sections and half of them, one article of the articles corpus whose
# story has few headings lost to its page (docs/extraction.md, twenty-second round).
SECTIONS_SEEN = 5
SECTIONS_HELD = 0.5

# Candidates whose time grows in step with the page (Resiliparse's C++; our pruning on lxml and the
# Rust Markdown conversion): they are never stopped, so a page always has them when the slower
# ones run out of time (html_article.STOP_SECONDS). On a 2 MB page of 20,000 paragraphs they take
# 0.1-0.3 s where trafilatura takes 8-15 s.
NEVER_STOPPED: tuple[CandidateName, ...] = (RESILIPARSE, RESILIPARSE_WITHOUT_COMMENTS, WHOLE_PAGE)

# The order candidates are run in when a budget may cut the list short: fastest first. Measured
# on both corpora's 869 pages (docs/extraction.md, twenty-sixth round), median CPU time a page:
# Resiliparse with its Markdown 12 ms, the pruned whole page 16 ms (faster than trafilatura's
# comments mode on 858 of them), trafilatura's modes 49-74 ms, readability 61 ms with a long tail.
# The whole page came after trafilatura's modes while its Markdown conversion was slow (before the
# eighth round), so on a page where trafilatura took the budget it was not started at all.
COST_ORDER: tuple[CandidateName, ...] = (
    RESILIPARSE,
    RESILIPARSE_WITHOUT_COMMENTS,
    WHOLE_PAGE,
    TRAFILATURA_PRECISION_FAST,
    TRAFILATURA_PRECISION,
    TRAFILATURA_RECALL,
    TRAFILATURA_BALANCED,
    TRAFILATURA_THREAD,
    READABILITY,
)
