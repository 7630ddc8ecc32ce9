"""A forum's posts written as blockquotes reach the agent as posts; real quotes stay quotes."""

from __future__ import annotations

import pytest

from adapters.pages.candidates import parse_html
from adapters.pages.html_article import html_to_article
from adapters.pages.post_quotes import posts_unquoted

_POSTS = [
    ("marta_k", "Do forums still have a role now that every brand has a social media page of its own?"),
    ("oldbaker", "They do: a thread stays findable for years, while a social post is gone from feeds in a day."),
    ("lin.w", "Agreed, and the answers sit under the question instead of being scattered over replies."),
]
QUOTE = "a thread stays findable for years"


def _thread() -> str:
    posts = "".join(
        f'<li class="message" id="post-{n}"><div class="messageInfo"><a class="username">{author}</a>'
        f'<blockquote class="messageText SelectQuoteContainer ugc baseHtml">'
        + (
            f'<div class="bbCodeBlock bbCodeQuote"><blockquote class="quoteContainer">{QUOTE}</blockquote></div>'
            if n == 2
            else ""
        )
        + f"{text}</blockquote></div></li>"
        for n, (author, text) in enumerate(_POSTS)
    )
    return (
        "<!doctype html><html><head><title>Do forums still have a role? | Example Forum</title></head><body>"
        f'<h1>Do forums still have a role?</h1><ol class="messageList">{posts}</ol></body></html>'
    )


def test_the_posts_of_a_thread_written_as_blockquotes_are_not_quotes_and_its_quote_is() -> None:
    markdown = html_to_article(_thread(), "https://forum.example/threads/1").markdown

    for _author, text in _POSTS:
        line = next(line for line in markdown.split("\n") if text in line)
        assert not line.lstrip().startswith(">"), line
    assert any(line.lstrip().startswith(">") and QUOTE in line for line in markdown.split("\n"))


@pytest.mark.parametrize(
    ("classes", "turned"),
    [
        ("messageText SelectQuoteContainer ugc baseHtml", 1),
        ("postcontent restore", 1),
        ("post-quote", 0),
        ("bbCodeBlock bbCodeBlock--quote", 0),
        ("ipsQuote", 0),
        ("signature restore", 0),
        ("", 0),
    ],
)
def test_only_a_blockquote_whose_class_names_a_post_and_no_quote_is_turned(classes: str, turned: int) -> None:
    root = parse_html(f'<html><body><blockquote class="{classes}">Words of the post.</blockquote></body></html>')

    assert posts_unquoted(root) == turned
    assert len(root.findall(".//blockquote")) == 1 - turned
