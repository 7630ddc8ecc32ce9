"""Whether each byline the extractor writes stands above its own author's words, over both corpora.

``adapters.pages.post_bylines`` writes ``**author** · day`` above each post of a thread whose
header the answer lost. A byline above another post's words would tell the agent the wrong person
said them, so this reads every page of both extraction corpora as the tool does
(``html_article.html_to_article``), finds each byline the answer holds, and looks for the words of
the line under it in the page's posts: the post whose own text (quotes aside) holds them should be
the byline's author's. It prints how many bylines agree, how many stand above a quote (the words are
the quoted post's, by design), how many stand above words no single post holds (chrome kept with
a post, a title), and every byline that disagrees. Usage:

    .venv/bin/python -m bench.bylines
"""

from __future__ import annotations

import re
from collections import Counter

from adapters.pages.decoding import decode_text
from adapters.pages.html_article import html_to_article, parse_page
from adapters.pages.post_bylines import Byline, post_bylines
from bench.extraction_corpora import Selection, load

_WORD = re.compile(r"\w+")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_QUOTE_TAGS = frozenset({"blockquote", "q"})
_LOOKED_AT = 5  # words of the line under a byline looked for in the posts


def main() -> None:
    tally: Counter[str] = Counter()
    wrong: list[str] = []
    for case in load(Selection()):
        html = decode_text(case.html, None, markup=True)
        markdown = html_to_article(html, case.url).markdown
        parsed = parse_page(html)
        if parsed is None:
            continue
        root, _ = parsed
        texts = _posts_texts(root)
        for byline in post_bylines(root, thread=True):
            verdict = _verdict(byline, markdown, texts)
            if verdict is None:
                continue
            tally[verdict] += 1
            if verdict == "another's":
                wrong.append(f"{case.corpus} {case.page_id}: {byline.author!r} above words of another post")
    placed = sum(tally.values())
    print(f"{placed} bylines in the answers of both corpora")
    for verdict, said in (
        ("its author's", "above its author's words"),
        ("a quote", "above a quote (the quoted post's words, by design)"),
        ("no single post's", "above words no single post holds"),
        ("another's", "above another post's words"),
    ):
        print(f"  {said}: {tally[verdict]}")
    for line in wrong:
        print("  " + line)


def _posts_texts(root: object) -> list[tuple[str, str]]:
    """Each post's author and its own words (lower case, one space apart, quotes left out)."""
    from adapters.pages import post_bylines as module

    marks = module._author_marks(root)
    found = []
    for post, mark in module._posts(marks, thread=True):
        author = module.inert(mark.get("data-author") or post.get("data-author") or module._author(mark))
        words = []
        for element in post.iter():
            if not isinstance(element.tag, str) or any(
                node.tag in _QUOTE_TAGS for node in (element, *element.iterancestors()) if node is not post
            ):
                continue
            words += _WORD.findall((element.text or "").lower()) + _WORD.findall((element.tail or "").lower())
        found.append((author, " " + " ".join(words) + " "))
    return found


def _verdict(byline: Byline, markdown: str, texts: list[tuple[str, str]]) -> str | None:
    """Whose words the line under ``byline`` is, as far as the page's posts tell; None when the
    answer does not hold the byline."""
    lines = markdown.split("\n")
    line = byline.label.line
    if line not in lines:
        return None
    under = next((text for text in lines[lines.index(line) + 1 :] if text.strip()), "")
    if under.lstrip().startswith(">"):
        return "a quote"
    key = " " + " ".join(_WORD.findall(_LINK_TARGET.sub("", under).lower())[:_LOOKED_AT]) + " "
    owners = {author for author, words in texts if key in words}
    if byline.author in owners:
        return "its author's"
    return "another's" if owners else "no single post's"


if __name__ == "__main__":
    main()
