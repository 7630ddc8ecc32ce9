"""A second copy of a long line is dropped; what a page repeats on purpose (a template's lines, labels,
code, tables, quotes) stays, and in a thread every further copy of long text goes."""

from __future__ import annotations

from adapters.pages.html_article import html_to_article
from adapters.pages.repeated_paragraphs import MIN_WORDS, without_repeated_paragraphs

FEATURE = (
    "Superfine merino fibres regulate temperature on warm days and cold ones, and the knit dries quickly"
    " enough to wear the same pair all week without washing."
)
SIGNATURE = (
    "Running version 2.6.4 on a 2020 iMac with 32 GB of memory and a second display, plus the iPad app"
    " on a sixth generation iPad with the first pencil."
)


def test_the_second_copy_of_a_long_line_is_dropped_and_the_rest_kept_as_it_was() -> None:
    markdown = f"# Wool Runner\n\n{FEATURE}\n\nFits true to size.\n\n## Details\n\n{FEATURE}\n\nMachine washable."

    assert without_repeated_paragraphs(markdown) == (
        f"# Wool Runner\n\n{FEATURE}\n\nFits true to size.\n\n## Details\n\nMachine washable."
    )


def test_a_copy_differing_only_in_case_markup_and_punctuation_is_a_copy() -> None:
    copy = "- **" + FEATURE.upper().replace(",", "").rstrip(".") + "**"

    assert without_repeated_paragraphs(f"{FEATURE}\n{copy}\nEnd.") == f"{FEATURE}\nEnd."


def test_a_card_written_twice_is_known_by_its_address_and_a_short_link_to_elsewhere_is_not_a_copy() -> None:
    card = (
        "### [Tech Writing](https://events.example/e/tech-writing-tickets-1983865106939?aff=online-search-results-page)"
    )
    markdown = f"{card}\nWed, Apr 1\n{card}\nWed, Apr 1\n[Reply](https://forum.example/t/1#p1)\n[Reply](https://forum.example/t/1#p2)"

    assert without_repeated_paragraphs(markdown) == "\n".join(markdown.split("\n")[:2] + markdown.split("\n")[3:])


def test_a_line_repeated_three_times_is_a_template_and_stays_outside_threads() -> None:
    markdown = "\n".join(f"## Day {day}\n{FEATURE}" for day in (1, 2, 3))

    assert without_repeated_paragraphs(markdown) == markdown


def test_in_a_thread_every_further_copy_of_long_text_goes() -> None:
    posts = [f"Reply number {n} says something of its own.\n{SIGNATURE}" for n in range(3)]

    shortened = without_repeated_paragraphs("\n".join(posts), thread=True)

    assert shortened.count(SIGNATURE) == 1
    assert all(f"Reply number {n}" in shortened for n in range(3))


def test_short_lines_repeat_freely() -> None:
    label = " ".join(["word"] * (MIN_WORDS - 1))
    markdown = f"{label}\nFree\n{label}\nFree"

    assert without_repeated_paragraphs(markdown, thread=True) == markdown


def test_code_tables_and_quotes_are_left_alone() -> None:
    row = "| " + " | ".join(FEATURE.split()) + " |"
    markdown = f"{FEATURE}\n\n```\n{FEATURE}\n```\n\n{row}\n{row}\n\n> {FEATURE}"

    assert without_repeated_paragraphs(markdown, thread=True) == markdown


def test_a_page_written_twice_for_two_screen_sizes_reaches_the_agent_once() -> None:
    section = f"<h2>Why wool</h2><p>{FEATURE}</p><p>Our sugarcane sole is light and springy underfoot.</p>"
    html = (
        "<!doctype html><html><head><title>Wool Runner</title></head><body><main><h1>Wool Runner</h1>"
        f'<div class="only-mobile">{section}</div><div class="only-desktop">{section}</div>'
        "<p>Made in Portugal from wool grown in New Zealand, shipped in recycled boxes.</p></main></body></html>"
    )

    article = html_to_article(html, "https://shop.example/wool-runner")

    assert article.markdown.count("Superfine merino fibres") == 1
    assert "Made in Portugal" in article.markdown


def test_the_draft_a_slow_page_falls_back_on_is_cut_the_same_way() -> None:
    html = (
        "<!doctype html><html><head><title>Wool Runner</title></head><body><main><h1>Wool Runner</h1>"
        f"<section><p>{FEATURE}</p></section><section><p>{FEATURE}</p></section></main></body></html>"
    )
    drafts: list[str] = []

    html_to_article(html, "https://shop.example/wool-runner", draft=drafts.append)

    assert len(drafts) == 1
    assert drafts[0].count("Superfine merino fibres") == 1


CARD = (
    "[Learn more](https://security.example/insights/agentic-soc)\n"
    "How agentic AI runs a security operations centre with little human involvement"
)
OTHER = "[Read the report](https://security.example/r/1)\nCloud threats"


def test_a_card_of_two_lines_given_twice_goes_whole_the_second_time() -> None:
    markdown = f"## Insights\n\n{CARD}\n\n{OTHER}\n\n{CARD}\n\nEnd."

    assert without_repeated_paragraphs(markdown) == f"## Insights\n\n{CARD}\n\n{OTHER}\n\nEnd."


def test_a_link_that_labels_a_paragraph_stays_with_it_though_the_page_gave_it_before() -> None:
    product = "[Gigabyte Gaming GeForce RTX 5070 Ti 16GB GDDR7 PCI Express 5.0 ATX Graphics Card](https://shop.example/p/5070ti)"
    grid = f"{product}\n$749.99\n\n"
    review = f"{product}\n12/8/2025 6:30:20 AM\nOh yeah! Love it!\n\nAnd the price is fair."

    assert without_repeated_paragraphs(grid + review) == grid + review


def test_a_list_item_s_continuation_is_not_a_paragraph_of_its_own() -> None:
    words = "wrapper around a single container; the scheduler manages Pods rather than managing\n  the containers."
    markdown = (
        f"- **One container**. The usual model is a\n  {words}\n\nIn short:\n\n- **One container**. A Pod is\n  {words}"
    )

    assert without_repeated_paragraphs(markdown) == markdown
