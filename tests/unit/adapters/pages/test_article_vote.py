"""When no precise cut of an article is confirmed, its four voters decide; a tie between a pair holding
a fragment and a pair holding the body goes to the body."""

from __future__ import annotations

from adapters.pages import profiles
from adapters.pages.html_article import choose
from adapters.pages.page_kind import Structure
from adapters.pages.structured_data import StructuredData
from tests.unit.adapters.pages.given_answers import GivenAnswers

_PARAGRAPHS = [
    f"Programme {n}: a six-week evening course in project leadership, taught on campus and online, "
    f"with a certificate at the end and a capstone of {n} weeks."
    for n in range(12)
]
FRAGMENT = "\n\n".join(_PARAGRAPHS[:3])
BODY = "\n\n".join(_PARAGRAPHS)


def _choice(answers: dict[str, str]) -> tuple[str, str]:
    article = choose("article", StructuredData(), Structure(text_chars=len(BODY), code_chars=0), GivenAnswers(answers))
    return article.method, article.markdown


def test_two_voters_holding_the_body_outweigh_two_agreeing_on_a_fragment() -> None:
    method, markdown = _choice(
        {
            profiles.TRAFILATURA_PRECISION_FAST: FRAGMENT,
            profiles.TRAFILATURA_PRECISION: FRAGMENT,
            profiles.READABILITY: FRAGMENT,
            profiles.TRAFILATURA_BALANCED: BODY,
            profiles.RESILIPARSE: BODY,
        }
    )

    assert markdown == BODY
    assert method in (profiles.TRAFILATURA_BALANCED, profiles.RESILIPARSE)


def test_the_body_two_voters_agree_on_still_wins_over_an_answer_holding_it_and_the_comments() -> None:
    # Holding what the others found is credited, but agreeing with them counts for more.
    comments = " ".join(f"Comment {n}: great course, I would take it again next spring." for n in range(8))
    with_comments = f"{BODY}\n\n{comments}"
    method, markdown = _choice(
        {
            profiles.TRAFILATURA_PRECISION_FAST: FRAGMENT,
            profiles.TRAFILATURA_PRECISION: FRAGMENT,
            profiles.READABILITY: BODY,
            profiles.TRAFILATURA_BALANCED: BODY,
            profiles.RESILIPARSE: with_comments,
        }
    )

    assert markdown == BODY
    assert method == profiles.READABILITY
