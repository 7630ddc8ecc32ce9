"""OpenReview forums read through OpenReview's API (2, then 1 for older venues), against faked ones."""

from __future__ import annotations

import pytest

from adapters.sites.openreview import OpenReviewResolver, forum_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
URL = "https://openreview.net/forum?id=Xy12AbCdEf"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, "Xy12AbCdEf"),
        ("https://openreview.net/forum?id=Xy12AbCdEf&noteId=Rv1aaaaaaa", "Xy12AbCdEf"),
        ("https://openreview.net/pdf?id=Xy12AbCdEf", None),  # the paper itself: read as a PDF
        ("https://openreview.net/forum", None),
        ("https://openreview.net/forum?id=a b", None),
        ("https://openreview.net/group?id=ICLR.cc/2025/Conference", None),
    ],
)
def test_forum_urls_say_which_forum_they_show(url: str, expected: str | None) -> None:
    assert forum_of(url) == expected


async def test_a_forum_reads_as_the_paper_then_its_reviews_comments_and_decision() -> None:
    router = SiteRouter().add("api2.openreview.net", "/notes", json_answer(fixture("openreview_forum")))

    page = await OpenReviewResolver(routed_fetcher(router)).read(URL)

    text = page.markdown
    assert text.startswith(
        "# Relays That Prove Their Failover\n\n"
        "OpenReview · ICLR 2025 Poster · Ada Lovelace, Bob Babbage · 2024-09-22\n\n"
        "**Keywords:** search, agents, failover\n\n**TL;DR:** A decision table makes search failover provable.\n\n"
        "## Abstract\n\n"
    )
    assert "**Primary area:** infrastructure" in text and "_bibtex" not in text and "/pdf/abc.pdf" not in text
    assert "PDF: https://openreview.net/pdf?id=Xy12AbCdEf\n\n## Reviews and discussion (3)\n\n" in text
    headings = [line.strip() for line in text.splitlines() if line.lstrip().startswith("- **")]
    assert headings == [
        "- **Official Review** by Reviewer h3Kq · 2024-10-27 · Rating: 6 · Confidence: 4",
        "- **Official Comment** by Authors · 2024-11-07",
        "- **Decision** by Program Chairs · 2025-01-16 · Decision: Accept (poster)",
    ]
    assert "  **Strengths:**\n\n  Clear.\n  Well tested." in text
    assert router.seen[0].params == {"forum": "Xy12AbCdEf", "limit": "1000"}


async def test_an_older_venue_is_read_through_api_1_with_bare_values() -> None:
    old = {"notes": [
        {"id": "Old1234567", "forum": "Old1234567", "invitation": "ICLR.cc/2019/Conference/-/Blind_Submission",
         "content": {"title": "An Older Paper", "abstract": "Short.", "authors": ["Anonymous"]},
         "cdate": 1537000000000},
        {"id": "Old7654321", "forum": "Old1234567", "replyto": "Old1234567", "tcdate": 1540000000000,
         "invitation": "ICLR.cc/2019/Conference/-/Paper9/Official_Review",
         "signatures": ["ICLR.cc/2019/Conference/Paper9/AnonReviewer2"],
         "content": {"review": "Fine work.", "rating": "7: Good paper, accept"}},
    ]}  # fmt: skip
    router = (
        SiteRouter()
        .add("api2.openreview.net", "/notes", json_answer({"notes": [], "count": 0}))
        .add("api.openreview.net", "/notes", json_answer(old))
    )
    page = await OpenReviewResolver(routed_fetcher(router)).read("https://openreview.net/forum?id=Old1234567")
    assert page.markdown.startswith("# An Older Paper\n\nOpenReview · Anonymous · 2018-09-15\n\n## Abstract\n\nShort.")
    assert "- **Official Review** by AnonReviewer2 · 2018-10-20 · Rating: 7: Good paper, accept" in page.markdown
    assert "  **Review:** Fine work." in page.markdown


async def test_a_forum_neither_api_knows_is_refused() -> None:
    empty = json_answer({"notes": []})
    router = SiteRouter().add("api2.openreview.net", "/notes", empty).add("api.openreview.net", "/notes", empty)
    with pytest.raises(SiteUnavailable, match="no public notes in this forum"):
        await OpenReviewResolver(routed_fetcher(router)).read(URL)


def test_fields_of_the_wrong_type_read_as_missing() -> None:
    # Found by a fuzz of mangled answers: a truthy non-list in invitations or signatures raised.
    from adapters.sites.openreview_notes import forum_markdown

    notes = [
        {"id": "Xy12AbCdEf", "content": {"title": {"value": "T"}}},
        {"id": "R1", "replyto": "Xy12AbCdEf", "invitations": True, "signatures": 5, "content": {"comment": "ok"}},
    ]
    assert "- **Reply** · \n" not in forum_markdown(notes, "Xy12AbCdEf", "https://openreview.net").markdown
    assert "- **Reply**\n  **Comment:** ok" in forum_markdown(notes, "Xy12AbCdEf", "https://openreview.net").markdown
