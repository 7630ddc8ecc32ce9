"""What a page asks of its reader (sign up, subscribe, rate the page) is not what it says: out before extraction."""

from __future__ import annotations

import pytest

from adapters.pages.html_article import html_to_article
from adapters.pages.reader_prompts import MAX_WORDS, prompts_out
from tests.unit.adapters.pages.page_trees import NEWS_STORY, NEWS_URL, text, tree

ARTICLE = f"""<!doctype html><html><head><title>The bridge is open</title></head><body>
<article>
<h1>The bridge over the mill race is open again</h1>
<p>{NEWS_STORY * 2}</p>
<div class="block wrapper-fluid--subscribe"><h3>Don't miss a story</h3>
<p>Sign up for our daily email and get the valley's news before breakfast.</p></div>
<p>{NEWS_STORY}</p>
<div class="feedback--prompt">Was this article helpful? Tell us what we missed.</div>
</article></body></html>"""


def test_a_sign_up_box_and_a_rate_this_page_prompt_are_not_in_the_agent_s_text() -> None:
    article = html_to_article(ARTICLE, NEWS_URL)

    assert "two years after the spring flood" in article.markdown
    for prompt in ("Don't miss a story", "daily email", "Was this article helpful"):
        assert prompt not in article.markdown


@pytest.mark.parametrize(
    "prompt",
    [
        '<div class="signup-box"><h3>Try the free CRM</h3><p>No card needed.</p></div>',
        '<div class="Style__SubscribeLabel-sc-1xyydlc-1">Advice delivered to your inbox</div>',
        '<div id="SignUpPanel"><p>Get the latest deals, news and more.</p></div>',
        '<section class="cmp-feedback-banner"><p>Did you find this useful? Yes No</p></section>',
        '<div class="newsletter_sign_up"><p>Subscribe to our list.</p></div>',
    ],
)
def test_a_box_named_for_a_prompt_goes(prompt: str) -> None:
    root = tree(f"<p>The story.</p>{prompt}")

    assert prompts_out(root) == 1
    assert text(root) == "The story."


@pytest.mark.parametrize(
    "element",
    [
        '<div class="product-card subscription-option">Whole beans, a bag a month</div>',  # not the word
        '<div class="designup-grid">Six chairs</div>',  # the letters, not the word
        f'<section class="customer-feedback"><p>{"Our roof was done in two days. " * 10}</p></section>',  # long
        '<pre><code><span class="signup">signup()</span></code></pre>',  # code
    ],
)
def test_what_only_looks_like_a_prompt_stays(element: str) -> None:
    root = tree(element)
    before = text(root)

    assert prompts_out(root) == 0
    assert text(root) == before


def test_a_page_that_is_a_sign_up_page_keeps_its_main_part() -> None:
    root = tree('<main class="signup-page"><h1>Join the club</h1><p>Members ride on Sundays.</p></main>')

    assert prompts_out(root) == 0


def test_the_bound_is_on_the_words_a_reader_sees() -> None:
    words = " ".join(["word"] * MAX_WORDS)
    root = tree(f'<div class="subscribe"><p>{words}</p><script>{"var x = 1; " * 100}</script></div>')

    assert prompts_out(root) == 1
