"""A quote of what the answer already said keeps its opening words; a quote of anything new stays whole."""

from __future__ import annotations

from adapters.pages.repeated_quotes import KEPT_WORDS, shortened_repeats

POST = (
    "The starter smells of nail varnish because it is hungry: feed it twice a day for a week, keep it"
    " somewhere warmer than the kitchen window, and use filtered water if the tap water is heavily chlorinated."
)


def test_a_quote_of_an_earlier_post_is_cut_to_its_opening_words() -> None:
    markdown = f"{POST}\n\n> oldbaker said:\n>\n> {POST}\n\nThanks, that fixed it within days."

    shortened = shortened_repeats(markdown)

    cut = "> oldbaker said: " + " ".join(POST.split()[: KEPT_WORDS - 2]) + " …"
    assert shortened == f"{POST}\n\n{cut}\n\nThanks, that fixed it within days."


def test_a_quote_of_text_not_given_before_stays_whole() -> None:
    markdown = f"Replying to a post from the previous page:\n\n> {POST}\n\nAgreed."

    assert shortened_repeats(markdown) == markdown


def test_a_short_quote_stays_whole_even_when_repeated() -> None:
    line = "Feed it twice a day for a week and keep it somewhere warmer."
    markdown = f"{line}\n\n> {line}\n\nWorked for me."

    assert shortened_repeats(markdown) == markdown


def test_a_reply_sharing_a_phrase_with_the_post_is_not_a_repeat() -> None:
    reply = (
        "Feed it twice a day, yes, but the smell can also come from the flour: a fresh bag of organic rye made"
        " the difference for me after weeks of trying everything else people suggested here."
    )
    markdown = f"{POST}\n\n> {reply}"

    assert shortened_repeats(markdown) == markdown


def test_lines_in_code_that_start_like_quotes_are_code() -> None:
    markdown = f"{POST}\n\n```\n> {POST}\n```"

    assert shortened_repeats(markdown) == markdown


def test_a_cut_quote_keeps_the_words_of_its_links_not_half_a_link() -> None:
    linked = POST.replace("nail varnish", "[nail varnish](https://example.com/why-it-smells)")
    markdown = f"{linked}\n\n> {linked}"

    cut = shortened_repeats(markdown).split("\n\n")[-1]

    assert cut.startswith("> The starter smells of nail varnish because") and cut.endswith(" …")
    assert "[" not in cut and "](" not in cut
