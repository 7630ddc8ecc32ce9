"""HTML fragments an API sends (StackExchange post and comment bodies, Discourse posts) as Markdown:
a post bounded by size, a comment on one line (``html_fragments.fragment_markdown`` reads them)."""

from __future__ import annotations

from collections.abc import Callable

from adapters.pages.html_fragments import fragment_markdown
from adapters.pages.html_markdown import Element

# Converting a post's HTML runs in a thread no deadline can stop once started, so it is bounded by
# size: at most this much of one post (a forum's, a Mastodon server's) is read, and the cut is said.
MAX_POST_HTML = 100_000


def post_markdown(post: str, *, base_url: str | None = None, prepare: Callable[[Element], None] | None = None) -> str:
    """A post's HTML as Markdown, its first ``MAX_POST_HTML`` characters only; "(no text)" when it has none."""
    markdown = fragment_markdown(post[:MAX_POST_HTML], base_url=base_url, prepare=prepare) or "(no text)"
    if len(post) > MAX_POST_HTML:
        markdown += f"\n\n(post cut: its HTML passed {MAX_POST_HTML:,} characters)"
    return markdown


def inline_markdown(fragment: str) -> str:
    """A short fragment (a comment) on one line."""
    return " ".join(fragment_markdown(fragment).split())
