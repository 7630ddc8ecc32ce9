"""Each post of a thread under its author's name and the day it was written, where the answer lost
them; never above another post's words, never twice, never on a page whose blocks are not posts."""

from __future__ import annotations

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.labels_above import with_labels
from adapters.pages.post_bylines import Byline, post_bylines

OPENING = (
    "I have an old projector in the basement that has served me well for fifteen years, but the time"
    " has come to look at a replacement that can show films in 4K without a fuss."
)
ANSWER = (
    "I went from the same model to a newer laser one last spring. It is brighter, the blacks are not"
    " quite as deep, and I have not looked back once since the day it arrived."
)
SHORT = "Probably fear of missing out more than anything else."


def _xenforo_post(author: str, day: str, text: str, replies: str = "") -> str:
    return f"""<article class="message message--post js-post" data-author="{author}">
      <aside class="message-cell message-cell--user"><h4 class="message-name"><a class="username">{author}</a></h4>
        <div class="message-userExtras">Joined 2011</div></aside>
      <div class="message-cell message-cell--main">
        <header class="message-attribution"><time class="u-dt" datetime="{day}T17:17:00+0000"
          title="{day} at 5:17 PM">{day}</time></header>
        <div class="message-content"><div class="bbWrapper">{text}</div></div>
      </div>{replies}</article>"""


THREAD = f"""<html><head><title>Replacement projector</title></head><body>
<nav><a href="/">Forums</a> <a href="/whats-new">What's new</a></nav>
<main><h1>Replacement projector recommendations</h1>
<div class="block-body">
{_xenforo_post("JosephF", "Jan 3, 2024", OPENING)}
{_xenforo_post("Reddig", "Jan 4, 2024", ANSWER)}
{
    _xenforo_post(
        "tom9933",
        "Jan 5, 2024",
        '<blockquote class="bbCodeBlock bbCodeBlock--quote" data-author="Reddig">'
        "<div class='bbCodeBlock-title'>Reddig said:</div>"
        "It is brighter, the blacks are not quite as deep.</blockquote>"
        "Mine too, though the fan is louder than the old lamp was in a quiet room at night.",
    )
}
{_xenforo_post("JosephF", "Jan 6, 2024", SHORT + " Thanks to everyone who answered in this thread so far.")}
</div></main><footer>Terms and rules</footer></body></html>"""


def test_each_post_is_read_under_its_author_and_day() -> None:
    markdown = html_to_article(THREAD).markdown

    assert f"**JosephF** · Jan 3, 2024\n{OPENING}" in markdown
    assert f"**Reddig** · Jan 4, 2024\n{ANSWER}" in markdown
    assert "**tom9933** · Jan 5, 2024\n" in markdown
    assert "**JosephF** · Jan 6, 2024\nProbably fear of missing out" in markdown
    # The quoted post's author is the quote's, not the reply's.
    assert markdown.count("**Reddig**") == 1


def test_a_byline_keeps_the_day_and_drops_the_time_of_day() -> None:
    page = THREAD.replace(">Jan 3, 2024</time>", ">Jan 3, 2024 at 5:17 PM</time>")

    assert "**JosephF** · Jan 3, 2024\n" in html_to_article(page).markdown


DISCOURSE = """<html><body><div id="main-outlet"><h1>Best budget headphones</h1>{posts}</div></body></html>"""
DISCOURSE_POST = """<div class="topic-body crawler-post" itemprop="comment" itemscope
  itemtype="http://schema.org/Comment"><div class="crawler-post-meta">
  <span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person">
    <a itemprop="url" href="/u/{name}"><span itemprop="name">{name}</span></a></span>
  <time itemprop="datePublished" datetime="{iso}" class="post-time">{shown}</time></div>
  <div class="post" itemprop="text"><p>{text}</p></div></div>"""


def _discourse(*posts: tuple[str, str, str, str]) -> str:
    return DISCOURSE.format(
        posts="".join(
            DISCOURSE_POST.format(name=name, iso=iso, shown=shown, text=text) for name, iso, shown, text in posts
        )
    )


def test_declared_authors_and_their_dates_are_read_from_schema_markup() -> None:
    page = _discourse(
        ("Noah_B", "2023-08-31T15:32:00Z", "August 31, 2023, 3:32pm", OPENING),
        ("Marzipan", "2023-08-31T16:44:00Z", "August 31, 2023, 4:44pm", ANSWER),
    )

    bylines = post_bylines(parse_html(page), thread=False)

    assert [(byline.author, byline.date) for byline in bylines] == [
        ("Noah_B", "August 31, 2023"),
        ("Marzipan", "August 31, 2023"),
    ]


def test_a_date_shown_as_how_long_ago_is_written_as_its_day() -> None:
    page = _discourse(
        ("Noah_B", "2023-08-31T15:32:00Z", "2 years ago", OPENING),
        ("Marzipan", "2023-09-01T16:44:00Z", "2 years ago", ANSWER),
    )

    assert [byline.date for byline in post_bylines(parse_html(page), thread=False)] == ["2023-08-31", "2023-09-01"]


def test_an_author_the_answer_names_above_the_post_is_not_named_again() -> None:
    bylines = (Byline("bensimmo", "", ("this works on the pi5",)), Byline("ovecka", "", ("mine too",)))
    markdown = (
        "[bensimmo](https://forum.example/u/1)\nPosts: 8292\n\n### Re: LEDs\n\n"
        "This works on the Pi5 to turn them off.\n\nMine too, thanks."
    )

    assert with_bylines(markdown, bylines) == markdown.replace("\nMine too", "\n**ovecka**\nMine too")


def test_words_every_reply_starts_with_place_no_byline() -> None:
    posts = "".join(
        f'<div class="post"><a class="username" href="/u/{name}">{name}</a><h3>Re: Turning off the LEDs</h3>'
        f"<p>{text}</p></div>"
        for name, text in (("jahboater", OPENING), ("sgbeal", ANSWER), ("bensimmo", SHORT))
    )

    bylines = post_bylines(parse_html(f"<html><body><main>{posts}</main></body></html>"), thread=True)

    assert all("re turning off the leds" not in byline.keys for byline in bylines)
    markdown = f"### Re: Turning off the LEDs\n\n{OPENING}\n\n### Re: Turning off the LEDs\n\n{ANSWER}"
    title = "### Re: Turning off the LEDs"
    assert with_bylines(markdown, bylines) == (
        f"{title}\n\n**jahboater**\n{OPENING}\n\n{title}\n\n**sgbeal**\n{ANSWER}"
    )


def test_a_post_the_answer_does_not_hold_gets_nothing_and_the_order_is_kept() -> None:
    bylines = (
        Byline("a", "", ("first words here",)),
        Byline("b", "", ("never in the answer",)),
        Byline("c", "", ("third words here",)),
    )

    assert with_bylines("First words here.\n\nThird words here.", bylines) == (
        "**a**\nFirst words here.\n\n**c**\nThird words here."
    )


def test_blocks_that_are_not_posts_get_no_byline_unless_the_page_is_a_thread() -> None:
    cards = "".join(
        f'<div class="testimonial"><p>{text}</p><span class="testimonial-author">{name}</span></div>'
        for name, text in (("Jane D.", OPENING), ("Ravi K.", ANSWER))
    )
    root = parse_html(f"<html><body><main>{cards}</main></body></html>")

    assert post_bylines(root, thread=False) == ()
    assert [byline.author for byline in post_bylines(root, thread=True)] == ["Jane D.", "Ravi K."]


def test_a_long_name_or_a_single_post_gives_no_byline() -> None:
    long_name = "A member whose shown name runs on for far too many words"
    one = _discourse(("Noah_B", "2023-08-31T15:32:00Z", "August 31, 2023", OPENING))
    two_long = _discourse(
        (long_name, "2023-08-31T15:32:00Z", "August 31, 2023", OPENING),
        (long_name + " again", "2023-09-01T15:32:00Z", "September 1, 2023", ANSWER),
    )

    assert post_bylines(parse_html(one), thread=True) == ()
    assert post_bylines(parse_html(two_long), thread=True) == ()


def test_a_thread_of_thousands_of_posts_is_bounded() -> None:
    posts = [
        (f"u{n}", "2023-08-31T15:32:00Z", "August 31, 2023", f"Reply number {n} says its own words")
        for n in range(3000)
    ]

    bylines = post_bylines(parse_html(_discourse(*posts)), thread=True)

    assert 2 <= len(bylines) <= 500


def test_a_reply_quoting_the_post_before_is_placed_at_its_own_words_above_its_quote() -> None:
    page = _discourse(
        ("sorairolake", "2026-02-20T16:55:07Z", "February 20, 2026", OPENING),
        ("BurntSushi", "2026-02-20T17:07:33Z", "February 20, 2026", f"<blockquote>{OPENING}</blockquote>{ANSWER}"),
    )
    bylines = post_bylines(parse_html(page), thread=True)
    markdown = f"{OPENING}\n\n> {OPENING}\n\n{ANSWER}"

    assert with_bylines(markdown, bylines) == (
        f"**sorairolake** · February 20, 2026\n{OPENING}\n\n**BurntSushi** · February 20, 2026\n> {OPENING}\n\n{ANSWER}"
    )


def test_a_byline_never_goes_inside_code_a_table_or_a_list_item() -> None:
    bylines = (
        Byline("bob", "", ("result compute total orders taxes",)),
        Byline("carol", "", ("small plan for one person",)),
        Byline("dave", "", ("continuation line of the first",)),
    )
    markdown = (
        "```\nresult = compute_total(orders, taxes)\n```\n\n"
        "| Plan | Fee |\n|---|---|\n| small plan for one person | 10 |\n\n"
        "- first item\n  continuation line of the first item"
    )

    assert with_bylines(markdown, bylines) == (
        "```\nresult = compute_total(orders, taxes)\n```\n\n"
        "**carol**\n| Plan | Fee |\n|---|---|\n| small plan for one person | 10 |\n\n"
        "**dave**\n- first item\n  continuation line of the first item"
    )


def test_a_post_s_own_words_are_read_in_the_page_s_order_and_code_is_not_its_words() -> None:
    page = _discourse(
        ("alice", "2024-01-01T10:00:00Z", "Jan 1, 2024", "<pre>result = compute_total(orders)</pre>" + OPENING),
        (
            "bob",
            "2024-01-02T10:00:00Z",
            "Jan 2, 2024",
            f"<div><p>{ANSWER}</p></div>Then a closing line of thanks here.",
        ),
    )

    bylines = post_bylines(parse_html(page), thread=True)

    assert bylines[0].keys[0].startswith("i have an old projector")
    assert bylines[1].keys[:2] == ("i went from the same model", "then a closing line of thanks")


def test_a_name_the_page_writes_as_markup_is_written_as_plain_words() -> None:
    page = _discourse(
        ("[click me](https://evil.example/x)", "2024-01-01T10:00:00Z", "Jan 1, 2024", OPENING),
        ("a**b`c", "2024-01-02T10:00:00Z", "Jan 2, 2024", ANSWER),
    )

    lines = [byline.label.line for byline in post_bylines(parse_html(page), thread=True)]

    assert lines == ["**[click me] (https://evil.example/x)** · Jan 1, 2024", "**abc** · Jan 2, 2024"]


def test_a_declared_author_is_taken_over_a_short_post_s_words() -> None:
    posts = "".join(
        f'<article class="message" data-author="{name}"><div class="bbWrapper">{text}</div></article>'
        for name, text in (("ana", "Yes, reflash it."), ("ben", ANSWER))
    )

    bylines = post_bylines(parse_html(f"<html><body><main>{posts}</main></body></html>"), thread=True)

    assert [byline.author for byline in bylines] == ["ana", "ben"]


def test_pages_built_to_be_slow_are_read_within_their_bounds() -> None:
    siblings = "".join(f'<span class="username">user{n}</span>' for n in range(16_000))
    nested = '<article class="message" data-author="x"><p>words of a post here</p>' * 250 + "</article>" * 250

    assert post_bylines(parse_html(f"<html><body>{siblings}</body></html>"), thread=True) == ()
    assert len(post_bylines(parse_html(f"<html><body>{nested}</body></html>"), thread=True)) <= 250


def with_bylines(markdown: str, bylines: tuple[Byline, ...]) -> str:
    return with_labels(markdown, [byline.label for byline in bylines])
