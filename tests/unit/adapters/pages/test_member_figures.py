"""A thread's posts without the member's figures forum software repeats beside each one."""

from __future__ import annotations

from adapters.pages.html_article import html_to_article
from adapters.pages.member_figures import MIN_REPEATS, member_figures_out
from tests.unit.adapters.pages.page_trees import text, tree

URL = "https://forum.example.com/threads/two-ports-on-the-case.4411/"

REPLIES = [
    "The front port drops off every time the fan spins up; the rear ones never do, whatever I plug in.",
    "Same case here. The front header cable runs past the fan's connector; reseat it and tie it away.",
    "That was it: the cable had worked loose behind the fan bracket. Tied back, no drop in a week.",
]


def post(author: str, joined: str, messages: str, text: str) -> str:
    return f"""<article class="message message--post">
<div class="message-user"><h4 class="message-name">{author}</h4>
<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt><dd>{joined}</dd></dl>
<dl class="pairs pairs--justified"><dt>Messages</dt><dd>{messages}</dd></dl></div></div>
<div class="message-content"><div class="bbWrapper">{text}</div></div></article>"""


THREAD = f"""<!doctype html><html><head><title>Two ports on the case</title></head><body><main>
<h1>Two ports on the case</h1>
{post("ruth_k", "Mar 4, 2019", "1,046", REPLIES[0])}
{post("tamsin", "Oct 28, 2023", "12", REPLIES[1])}
{post("ruth_k", "Mar 4, 2019", "1,047", REPLIES[2])}
</main></body></html>"""


def test_a_thread_keeps_its_posts_and_authors_without_their_figures() -> None:
    article = html_to_article(THREAD, URL)

    for reply in REPLIES:
        assert reply in article.markdown
    assert "ruth_k" in article.markdown and "tamsin" in article.markdown
    for figure in ("Joined", "Mar 4, 2019", "Messages", "1,046"):
        assert figure not in article.markdown


def test_the_figures_go_wherever_they_repeat_beside_posts() -> None:
    cards = "".join(
        f'<div class="postprofile"><dl><dt>Posts:</dt><dd>{n}</dd><dt>Joined:</dt><dd>Jan {n}, 2020</dd></dl></div>'
        f"<div class='content'>Reply number {n}.</div>"
        for n in range(MIN_REPEATS)
    )
    root = tree(cards)

    assert member_figures_out(root) == MIN_REPEATS
    assert "Posts" not in text(root) and "Joined" not in text(root)
    assert all(f"Reply number {n}." in text(root) for n in range(MIN_REPEATS))


def test_figures_beside_fewer_posts_than_the_bound_stay() -> None:
    cards = "".join(
        f'<div class="userinfo"><dl><dt>Join Date</dt><dd>Aug 2008</dd></dl></div><p>Post {n}.</p>'
        for n in range(MIN_REPEATS - 1)
    )
    root = tree(cards)

    assert member_figures_out(root) == 0


def test_a_specification_and_a_reference_s_descriptions_stay() -> None:
    spec = '<dl class="specs"><dt>Weight</dt><dd>1.2 kg</dd><dt>Ports</dt><dd>2 USB-C</dd></dl>'
    described = (
        "<dl><dt>timeout</dt><dd>How long to wait for the server before the call is given up and retried"
        " once.</dd></dl>"
    )
    root = tree(f'<div class="post-body">{spec}{described * 4}</div>')

    assert member_figures_out(root) == 0  # once only; and descriptions are sentences


def test_the_fields_of_a_listing_s_items_stay() -> None:
    items = "".join(
        f'<li class="job-card"><a href="/j/{n}">Engineer {n}</a><dl><dt>Location</dt><dd>Remote</dd>'
        "<dt>Salary</dt><dd>$90k</dd></dl></li>"
        for n in range(6)
    )
    root = tree(f'<ul class="results">{items}</ul>')

    assert member_figures_out(root) == 0  # the cards are named for the items, not for posts


def test_the_members_titles_go_with_their_figures() -> None:
    posts = "".join(
        f'<div class="message-user"><h4>member{n}</h4><h5 class="userTitle message-userTitle">Established member</h5>'
        f"</div><div class='message-content'>Reply number {n}.</div>"
        for n in range(MIN_REPEATS)
    )
    root = tree(posts)

    assert member_figures_out(root) == MIN_REPEATS
    assert "Established member" not in text(root)
    assert "member0" in text(root) and "Reply number 2." in text(root)


def test_a_board_member_s_job_title_and_a_lone_title_stay() -> None:
    board = "".join(f'<div class="board-member__title">Treasurer {n}</div>' for n in range(MIN_REPEATS))
    lone = '<span class="user-rank">Moderator</span>'
    root = tree(board + lone)

    assert member_figures_out(root) == 0
