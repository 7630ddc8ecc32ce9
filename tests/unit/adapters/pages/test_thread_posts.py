"""A thread's post the answer dropped between two it kept comes back in its place, under its author;
never a post the answer holds, never before the first post kept or past the last, never a reply
twice, never a page's worth of text."""

from __future__ import annotations

from adapters.pages.candidates import parse_html
from adapters.pages.labels_above import KEYS_A_BLOCK, with_labels
from adapters.pages.post_bylines import post_bylines
from adapters.pages.thread_posts import ThreadPost, thread_posts, with_posts_put_back

QUESTION = "Do the lights stay on as long as the gate is open, or do they time out after a while?"
FIRST = "I fitted the liftgate lights last weekend and wired them to the same plug as the dome light."
SECOND = "Nice work, the trim pieces look like the ones from the older model, which saves a lot of bother."
THIRD = "They stay on until the gate closes; you can switch them off by hand if you leave it open."
FOURTH = "Thanks, that settles it for me and I will order a set for my own car this week then."


def _post(number: int, author: str, day: str, text: str, replies: str = "") -> str:
    return f"""<article class="message js-post" data-author="{author}">
      <header class="message-header"><a class="username" href="/members/{author}.1/">{author}</a>
        <span class="posts">14 posts</span></header>
      <span class="position"><a href="#post-{number}">#{number}</a> · <time datetime="{day}">{day}</time></span>
      <div class="message-body"><p>{text}</p></div>{replies}</article>"""


def _thread(*posts: str) -> str:
    return f"""<html><body><main><h1>Liftgate lights</h1><div class="block-body">{"".join(posts)}</div>
    </main></body></html>"""


PAGE = _thread(
    _post(1, "ninja", "2025-03-21", FIRST),
    _post(2, "golf", "2025-03-21", SECOND),
    _post(3, "murfs", "2025-03-21", QUESTION),
    _post(4, "ninja", "2025-03-22", THIRD),
    _post(5, "murfs", "2025-03-22", FOURTH),
)
# What an extractor that drops short blocks made of it: the post numbers kept, the question dropped.
ANSWER = f"# Liftgate lights\n\n#1 ·\n{FIRST}\n\n#2 ·\n{SECOND}\n#4 ·\n{THIRD}\n\n#5 ·\n{FOURTH}\n"


def _posts(html: str) -> tuple[ThreadPost, ...]:
    root = parse_html(html)
    bylines = post_bylines(root, thread=True)
    return thread_posts([(b.post, b.mark, b.keys) for b in bylines], "https://forum.example/t/1")


def _read(html: str, answer: str) -> str:
    root = parse_html(html)
    bylines = post_bylines(root, thread=True)
    posts = thread_posts([(b.post, b.mark, b.keys) for b in bylines], "https://forum.example/t/1")
    return with_labels(with_posts_put_back(answer, posts), [b.label for b in bylines])


def test_a_dropped_reply_comes_back_in_its_place_under_its_author() -> None:
    markdown = _read(PAGE, ANSWER)

    assert markdown.count(QUESTION) == 1
    # Above the next post's number, which is that post's own header line, not under it.
    assert markdown.index(SECOND) < markdown.index(QUESTION) < markdown.index("#4 ·") < markdown.index(THIRD)
    assert f"**murfs** · 2025-03-21\n{QUESTION}" in markdown
    assert f"**ninja** · 2025-03-22\n{THIRD}" in markdown
    # Its author's card and its date are its byline's, not lines of their own.
    assert "14 posts" not in markdown and "[murfs]" not in markdown


def test_an_answer_holding_every_post_is_left_as_it_is() -> None:
    whole = f"#1 ·\n{FIRST}\n\n#2 ·\n{SECOND}\n\n#3 ·\n{QUESTION}\n\n#4 ·\n{THIRD}\n\n#5 ·\n{FOURTH}\n"

    assert with_posts_put_back(whole, _posts(PAGE)) == whole


def test_a_post_the_answer_holds_elsewhere_is_not_written_twice() -> None:
    # A reply quoting the question, or an answer that reordered the posts.
    answer = f"#1 ·\n{FIRST}\n\n#2 ·\n{SECOND}\n\n#4 ·\n> {QUESTION}\n\n{THIRD}\n\n#5 ·\n{FOURTH}\n"

    assert with_posts_put_back(answer, _posts(PAGE)) == answer


def test_posts_before_the_first_kept_or_past_the_last_kept_stay_out() -> None:
    # An answer that ends before the replies (an article that leaves its comments out) or starts late.
    answer = f"# Liftgate lights\n\n{SECOND}\n\n{QUESTION}\n"

    assert with_posts_put_back(answer, _posts(PAGE)) == answer


def test_an_answer_holding_fewer_than_two_posts_gets_none_back() -> None:
    answer = f"# Liftgate lights\n\n{FIRST}\n\nSomething else the page says.\n"

    assert with_posts_put_back(answer, _posts(PAGE)) == answer


def test_a_dropped_post_comes_back_without_the_replies_nested_in_it() -> None:
    nested = _post(4, "ninja", "2025-03-22", THIRD)
    page = _thread(
        _post(1, "ninja", "2025-03-21", FIRST),
        _post(2, "golf", "2025-03-21", SECOND),
        _post(3, "murfs", "2025-03-21", QUESTION, replies=nested),
        _post(5, "murfs", "2025-03-22", FOURTH),
    )
    answer = f"#1 ·\n{FIRST}\n\n#2 ·\n{SECOND}\n\n#4 ·\n{THIRD}\n\n#5 ·\n{FOURTH}\n"

    markdown = with_posts_put_back(answer, _posts(page))

    assert markdown.count(QUESTION) == 1 and markdown.count(THIRD) == 1
    assert markdown.index(SECOND) < markdown.index(QUESTION) < markdown.index(THIRD)


def test_a_dropped_post_of_a_page_s_worth_of_text_stays_out() -> None:
    long = " ".join(f"Sentence number {n} of a post that runs on for pages and pages." for n in range(200))
    page = _thread(
        _post(1, "ninja", "2025-03-21", FIRST),
        _post(2, "golf", "2025-03-21", long),
        _post(3, "murfs", "2025-03-21", THIRD),
    )
    answer = f"#1 ·\n{FIRST}\n\n#3 ·\n{THIRD}\n"

    assert with_posts_put_back(answer, _posts(page)) == answer


def test_a_post_of_too_many_elements_is_not_copied() -> None:
    flood = "<span>x</span>" * 4_000 + f"<p>{SECOND}</p>"
    root = parse_html(_thread(_post(1, "ninja", "2025-03-21", FIRST), _post(2, "golf", "2025-03-21", flood)))
    first, flooded = root.iter("article")

    posts = thread_posts([(first, first, ("fitted",)), (flooded, flooded, ("nice work",))], None)

    assert FIRST in posts[0].markdown() and posts[1].markdown() == ""


def test_posts_are_written_back_within_the_answer_s_bound() -> None:
    def reply(n: int) -> str:  # words of its own, as each member's reply has
        return _post(n, f"member{n}", "2025-03-21", " ".join(f"reply{n}word{i}" for i in range(10)))

    page = _thread(
        _post(1, "ninja", "2025-03-21", FIRST), *map(reply, range(2, 260)), _post(260, "m", "2025-03-22", FOURTH)
    )
    answer = f"#1 ·\n{FIRST}\n\n#260 ·\n{FOURTH}\n"

    markdown = with_posts_put_back(answer, _posts(page))

    assert markdown.count("word0 ") == 100


def test_a_written_back_reply_leaves_out_its_quote_of_a_post_the_answer_holds() -> None:
    quoting = f'<blockquote class="quote">golf said: {SECOND}</blockquote><p>{QUESTION}</p>'
    page = _thread(
        _post(1, "ninja", "2025-03-21", FIRST),
        _post(2, "golf", "2025-03-21", SECOND),
        _post(3, "murfs", "2025-03-21", quoting),
        _post(4, "ninja", "2025-03-22", THIRD),
    )
    answer = f"#1 ·\n{FIRST}\n\n#2 ·\n{SECOND}\n\n#4 ·\n{THIRD}\n"

    markdown = with_posts_put_back(answer, _posts(page))

    assert markdown.count(QUESTION) == 1 and markdown.count(SECOND) == 1


def test_a_post_whose_first_words_are_its_header_s_is_held_by_its_text() -> None:
    # vBulletin's date and a member's title come before the text, and the answer kept the text alone.
    def post(n: int, text: str, header: str = "") -> str:
        return f"""<li class="postcontainer">{header}<div class="userinfo">
          <a class="username" href="/members/{n}">member{n}</a></div>
          <div class="postbody"><p>{text}</p></div></li>"""

    # More runs of words than a post's keys are read for (``labels_above.KEYS_A_BLOCK``).
    header = "".join(f"<div>Line {n} of its header</div>" for n in range(KEYS_A_BLOCK))
    page = f"<html><body><ol class='posts'>{post(1, FIRST)}{post(2, SECOND, header)}{post(3, THIRD)}</ol></body></html>"
    answer = f"{FIRST}\n\n{SECOND}\n\n{THIRD}\n"
    posts = _posts(page)

    assert len(posts) == 3 and not any("nice work" in key for key in posts[1].keys)
    assert with_posts_put_back(answer, posts) == answer


def test_a_written_back_post_keeps_all_its_paragraphs_and_its_words_in_time_but_not_the_page_after_it() -> None:
    body = (
        f"<p>{QUESTION} I tried the relay and the fuse box under the dash first, with no luck at all.</p>"
        "<p>The swap meet opens on <time datetime='2025-04-05'>Saturday the fifth</time> at the fairground.</p>"
    )
    page = _thread(
        _post(1, "ninja", "2025-03-21", FIRST),
        _post(2, "murfs", "2025-03-21", body) + "An advert the page shows between two posts, not a post's words.",
        _post(3, "ninja", "2025-03-22", THIRD),
    )
    answer = f"#1 ·\n{FIRST}\n\nAn advert the page shows between two posts, not a post's words.\n\n#3 ·\n{THIRD}\n"

    markdown = with_posts_put_back(answer, _posts(page))

    assert QUESTION in markdown and "opens on Saturday the fifth at the fairground" in markdown
    assert markdown.count("An advert the page shows") == 1


def test_a_post_s_author_card_and_footer_stay_out_of_its_text() -> None:
    def post(author: str, text: str) -> str:
        return f"""<li class="postbit"><div class="posthead">Posted 11-29-2024, 08:24 PM</div>
          <div class="postdetails"><div class="userinfo"><a class="username" href="/members/{author}">{author}</a>
            <span class="usertitle">Junior Guest</span> <span>Join Date: Nov 2024</span> <span>Posts: 3</span></div>
            <div class="postbody"><div class="content">{text}</div></div></div>
          <div class="postfoot"><a href="/reply">Reply With Quote</a></div></li>"""

    page = f"<html><body><ol class='posts'>{post('a', FIRST)}{post('b', SECOND)}{post('c', THIRD)}</ol></body></html>"

    written = _posts(page)[1].markdown()

    assert written == SECOND


def test_nothing_is_written_into_a_code_block_or_between_a_table_s_rows() -> None:
    code_ends = f"#1 ·\n{FIRST}\n\n```\nif (gate) {{\n  on();\n}}\n```\n#3 ·\n{THIRD}\n"
    table = f"| ninja | {FIRST} |\n| --- | --- |\n| murfs | {THIRD} |\n"
    page = _thread(
        _post(1, "ninja", "2025-03-21", FIRST),
        _post(2, "golf", "2025-03-21", SECOND),
        _post(3, "murfs", "2025-03-21", THIRD),
    )

    in_code = with_posts_put_back(code_ends, _posts(page))

    assert in_code[: in_code.index(SECOND)].count("```") == 2  # after the block, not inside it
    assert with_posts_put_back(table, _posts(page)) == table


def test_a_post_whose_header_holds_four_runs_of_words_still_gets_its_byline() -> None:
    # vBulletin: a date, a member's title, a join date and a post count before the text.
    def post(author: str, day: int, text: str) -> str:
        return f"""<li class="postcontainer"><div class="posthead">Posted on day {day} of March 2024</div>
          <div class="userinfo"><a class="username" href="/members/{author}">{author}</a>
          <span>Member since the year 20{day}</span><span>Join Date: Nov 20{day}</span>
          <span>Posts: {day}0 in all</span></div><div class="postbody"><p>{text}</p></div></li>"""

    page = f"<html><body><ol class='posts'>{post('ana', 11, FIRST)}{post('bo', 12, SECOND)}</ol></body></html>"

    assert _read(page, f"{FIRST}\n\n{SECOND}\n") == f"**ana**\n{FIRST}\n\n**bo**\n{SECOND}\n"
