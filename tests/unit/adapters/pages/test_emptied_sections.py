"""A section whose heading the answer keeps and whose text it drops comes back from the whole page."""

from __future__ import annotations

import pytest

from adapters.pages import candidates
from adapters.pages.emptied_sections import sections_put_back
from adapters.pages.html_article import html_to_article

URL = "https://example.com/prizes/laureates"
TABLE = "| Year | Physics |\n| --- | --- |\n| 1901 | Wilhelm Röntgen |\n| 1902 | Hendrik Lorentz |"
WHOLE_PAGE = (
    "# Laureates of the prize\n\n"
    "The prize has been awarded every year since 1901.\n\n"
    f"## List of laureates\n\n{TABLE}\n\n"
    "## Secrecy rule\n\n"
    "Nominations stay secret for fifty years."
)
# What an extractor that finds the table too full of links hands back: its heading, then the next.
ANSWER = (
    "# Laureates of the prize\n\n"
    "The prize has been awarded every year since 1901.\n\n"
    "## List of laureates\n\n"
    "## Secrecy rule\n\n"
    "Nominations stay secret for fifty years."
)


def test_the_table_under_a_heading_the_answer_empties_goes_back_under_it() -> None:
    assert sections_put_back(ANSWER, lambda: WHOLE_PAGE) == ANSWER.replace(
        "## List of laureates\n\n", f"## List of laureates\n\n{TABLE}\n\n"
    )


def test_the_whole_page_is_not_asked_for_when_no_section_is_empty() -> None:
    asked: list[bool] = []

    def whole_page() -> str:
        asked.append(True)
        return WHOLE_PAGE

    assert sections_put_back(WHOLE_PAGE, whole_page) == WHOLE_PAGE
    # A heading followed by one of its own subsections is not empty: the subsection is its text.
    nested = "## Laureates\n\n### Physics\n\nRöntgen was the first."
    assert sections_put_back(nested, whole_page) == nested
    assert not asked


def test_a_heading_read_the_same_way_whatever_its_markup_finds_its_section() -> None:
    # Documentation writes a heading as a link to its own anchor.
    answer = ANSWER.replace("## List of laureates", "## [List of *laureates*](https://example.com/prizes#list) ##")

    assert TABLE in sections_put_back(answer, lambda: WHOLE_PAGE)


def test_a_heading_that_is_a_link_to_another_page_is_a_widgets_title_and_is_left_alone() -> None:
    # A forum's sidebar: "Trending Posts" links to the trending page, and the posts under it are teasers.
    answer = ANSWER.replace("## List of laureates", "## [List of laureates](https://example.com/trending/)")

    assert sections_put_back(answer, lambda: WHOLE_PAGE) == answer


def test_a_section_whose_next_heading_on_the_page_is_another_is_left_alone() -> None:
    # The answer kept "List of laureates" and then "Secrecy rule", but on the page another section
    # stands between them: what was dropped there cannot be told from what the answer chose to drop.
    page = WHOLE_PAGE.replace("## Secrecy rule", "## Prize money\n\nEleven million kronor.\n\n## Secrecy rule")

    assert sections_put_back(ANSWER, lambda: page) == ANSWER


@pytest.mark.parametrize(
    "page",
    [
        WHOLE_PAGE.replace("## Secrecy rule", "## List of laureates\n\nAgain.\n\n## Secrecy rule"),  # said twice
        WHOLE_PAGE.replace("## List of laureates", "## Laureates by year"),  # not said at all
        WHOLE_PAGE.replace(TABLE, ""),  # nothing under it on the page either
        WHOLE_PAGE.replace(TABLE, "[Image: a medal] 7"),  # a picture and a counter
        WHOLE_PAGE.replace(  # a box of linked cards
            TABLE, "- [Featured insights on the prize](/insights)\n- [Client stories](/stories)"
        ),
        WHOLE_PAGE.replace(  # cards with headings of their own
            TABLE, "- ### [Physics](/physics)\n\n  Awarded since 1901 to those who found the most."
        ),
        "",
    ],
)
def test_sections_the_page_cannot_vouch_for_are_not_put_back(page: str) -> None:
    assert sections_put_back(ANSWER, lambda: page) == ANSWER


def test_a_section_the_answer_says_elsewhere_was_moved_not_dropped() -> None:
    answer = ANSWER + "\n\n| 1901 | Wilhelm Röntgen |"

    assert sections_put_back(answer, lambda: WHOLE_PAGE) == answer


def test_a_heading_the_answer_says_twice_is_left_alone() -> None:
    answer = ANSWER + "\n\n## List of laureates\n\nSee the table above."

    assert sections_put_back(answer, lambda: WHOLE_PAGE) == answer


def test_the_last_heading_of_an_answer_and_headings_in_code_are_left_alone() -> None:
    last = "# Laureates of the prize\n\nThe prize has been awarded every year since 1901.\n\n## List of laureates"
    in_code = ANSWER.replace("## List of laureates", "```\n## List of laureates\n```")

    assert sections_put_back(last, lambda: WHOLE_PAGE) == last
    assert sections_put_back(in_code, lambda: WHOLE_PAGE) == in_code


def test_a_section_of_links_with_words_of_its_own_comes_back() -> None:
    languages = "- [BASIC](/basic)\n- [BCPL](/bcpl), which B came from\n- [Bash](/bash), the shell"
    page = f"## A\n\n- [Ada](/ada)\n\n## B\n\n{languages}\n\n## C\n\n- [C](/c)"
    answer = "## A\n\n- [Ada](/ada)\n\n## B\n\n## C\n\n- [C](/c)"

    assert sections_put_back(answer, lambda: page) == answer.replace("## B\n\n", f"## B\n\n{languages}\n\n")


def test_every_emptied_section_goes_back_in_its_place() -> None:
    faq = "".join(f"### Question {n}?\n\nAnswer {n} in a sentence of its own.\n\n" for n in range(1, 4))
    answer = "".join(f"### Question {n}?\n\n" for n in range(1, 4)) + "## Contact\n\nWrite to us."
    page = f"{faq}## Contact\n\nWrite to us."

    assert sections_put_back(answer, lambda: page) == page


def test_the_tool_puts_the_section_back_in_the_answer_of_a_page_read_as_an_article(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every extractor but the pruned whole page drops the table and keeps its heading.
    for name in ("trafilatura_markdown", "readability_markdown", "resiliparse_markdown"):
        monkeypatch.setattr(candidates, name, lambda *args, **kwargs: ANSWER)
    monkeypatch.setattr(candidates, "whole_page_markdown", lambda *args, **kwargs: WHOLE_PAGE)
    declared = '{"@context": "https://schema.org", "@type": "Article", "headline": "Laureates of the prize"}'
    page = (
        f'<html><head><script type="application/ld+json">{declared}</script></head>'
        "<body><article><p>The prize.</p></article></body></html>"
    )

    article = html_to_article(page, URL)

    assert article.kind == "article"
    assert f"## List of laureates\n\n{TABLE}\n\n## Secrecy rule" in article.markdown


def test_a_page_read_past_its_budget_is_not_read_again_for_its_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past the page's budget the whole page is made only if nothing else found anything, as any
    # candidate: the answer stays as the extractors gave it.
    for name in ("trafilatura_markdown", "readability_markdown", "resiliparse_markdown"):
        monkeypatch.setattr(candidates, name, lambda *args, **kwargs: ANSWER)
    made: list[bool] = []

    def whole_page(*args: object, **kwargs: object) -> str:
        made.append(True)
        return WHOLE_PAGE

    monkeypatch.setattr(candidates, "whole_page_markdown", whole_page)
    declared = '{"@context": "https://schema.org", "@type": "Article", "headline": "Laureates of the prize"}'
    page = f'<html><head><script type="application/ld+json">{declared}</script></head><body><p>x</p></body></html>'

    article = html_to_article(page, URL, budget_seconds=0)

    assert article.kind == "article" and not made
    assert TABLE not in article.markdown


def test_a_section_holding_code_with_comments_comes_back() -> None:
    code = "Run this in a shell:\n\n```bash\n# install it\npip install laureates\n```"
    page = f"## Install\n\n{code}\n\n## Usage\n\nImport it."

    assert sections_put_back("## Install\n\n## Usage\n\nImport it.", lambda: page) == page


def test_headings_inside_a_code_block_are_code_whatever_fence_closes_it() -> None:
    # A Markdown sample in a code block, fenced with backticks and holding a tilde fence.
    answer = "Example:\n\n```markdown\n~~~\n## List of laureates\n\n## Secrecy rule\n```"

    assert sections_put_back(answer, lambda: WHOLE_PAGE) == answer


def test_a_heading_the_page_says_twice_is_left_alone_even_when_both_close_the_same_way() -> None:
    page = "## A\n\nThe first text under A.\n\n## B\n\nb\n\n## A\n\nThe second text under A.\n\n## B\n\nb"
    answer = "## A\n\n## B\n\nb"

    assert sections_put_back(answer, lambda: page) == answer


def test_the_section_stops_at_the_page_s_next_heading_of_any_level() -> None:
    page = "## A\n\nThe text under A.\n\n### A one\n\nThe first part.\n\n## B\n\nb"

    assert sections_put_back("## A\n\n## B\n\nb", lambda: page) == "## A\n\nThe text under A.\n\n## B\n\nb"


def test_long_lines_of_brackets_are_read_in_one_pass() -> None:
    # A link pattern allowing escapes in a link's text took 17 s on a line of 80,000 such characters.
    page = "## A\n\n" + "[\\" * 500_000 + " and the words under it\n\n## B\n\nb"

    assert "and the words under it" in sections_put_back("## A\n\n## B\n\nb", lambda: page)


def test_a_product_page_keeps_its_answer_as_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    # A shop's emptied headings are its review widgets: the whole page would put the reviews back.
    reviews = "## Reviews\n\n## Delivery\n\nShips in two days."
    whole = "## Reviews\n\nSturdy shelf, Dorothy, five stars, would buy again.\n\n## Delivery\n\nShips in two days."
    for name in ("trafilatura_markdown", "readability_markdown", "resiliparse_markdown"):
        monkeypatch.setattr(candidates, name, lambda *args, **kwargs: reviews)
    monkeypatch.setattr(candidates, "whole_page_markdown", lambda *args, **kwargs: whole)
    product = (
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", '
        '"name": "Shelf", "offers": {"@type": "Offer", "price": "80", "priceCurrency": "USD"}}</script>'
    )
    page = f"<html><head>{product}</head><body><main><h1>Shelf</h1></main></body></html>"

    article = html_to_article(page, URL)

    assert article.kind == "product"
    assert "Dorothy" not in article.markdown


def test_at_most_fifty_sections_go_back_in_one_answer() -> None:
    answer = "".join(f"## Part {n}\n\n" for n in range(80)) + "## End\n\nThe end."
    page = "".join(f"## Part {n}\n\nWhat part {n} says.\n\n" for n in range(80)) + "## End\n\nThe end."

    filled = sections_put_back(answer, lambda: page)

    assert filled.count("What part") == 50
    assert "What part 49 says." in filled and "What part 50 says." not in filled
