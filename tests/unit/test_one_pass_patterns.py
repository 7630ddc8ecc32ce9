"""The patterns rewritten to read a line in one pass say what the plain patterns said.

Tried at every position, a pattern whose try reads on to a line's end costs the square of the
line: 40,000 "<" took 30 s in the fence (the server's own process), a line of "[\\" 4.5 s in
the link patterns (``bench/hostile.py`` measures such pages now). Each rewrite takes a failed
try's text whole, or tries only where a run begins, so that no later try reads the same text
again. Each test here checks a rewrite against the plain pattern it replaced, on random text
made of the pieces those patterns care about: the same output on every input.
"""

from __future__ import annotations

import re

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from adapters.pages.candidates import images_as_placeholders, links_resolved
from adapters.pages.html_markdown import image_placeholder
from adapters.pages.lone_lines import collapsed, plain_text
from domain.redaction import without_userinfo
from domain.script_shell import readable_text
from entrypoints.fence import NEUTRALISED, neutralise, one_line

_PIECES = ["[", "]", "(", ")", "\\", "<", ">", "!", "a", "b c", " ", "\n", "\t", "/", "#", "*", "__", ":"]


def _texts(*extra: str, max_size: int = 40) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(_PIECES + list(extra)), max_size=max_size).map("".join)


# The plain patterns, as they were before the rewrite.
_PLAIN_LINK_TEXT = re.compile(r"\[((?:\\.|[^\\\[\]\n])*)\]\((?:<[^<>\n]*>|[^()\s]*)\)")
_PLAIN_EMPHASIS = re.compile(r"\*\*|__|\\(?=[^\w\s])")
_PLAIN_LINK_TARGET = re.compile(r"\]\((?:<[^<>\n]*>|[^)\n]*)\)")
_PLAIN_TRAFILATURA_LINK = re.compile(r"\[((?:\\.|\[Image:[^\]\n]*\]|[^\\\[\]\n])*)\]\((<[^<>\n]*>|[^()<>\s]*)\)")
_PLAIN_TRAFILATURA_IMAGE = re.compile(r"!\[((?:\\.|[^\\\[\]])*)\]\((?:\\.|[^\\)\n])*\)")
_ANGLES = "<\uff1c\ufe64\u2039\u00ab\u3008\u27e8\u2329\u1438"
_PLAIN_MARKER = re.compile(
    rf"[{_ANGLES}]{{2,}}[\s/]*(?:END[\s_\-]*)?(?:UNTRUSTED|PAGE)[\w\-]*(?:[>\uff1e\ufe65\u203a\u00bb\u3009\u27e9]{{1,3}})?",
    re.IGNORECASE,
)
_PLAIN_BREAKS = re.compile(r"\s*[\r\n\u0085\u2028\u2029]+\s*")
_PLAIN_TAG = re.compile(r"<[^>]*>")
_PLAIN_USERINFO = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.\-]*://)[^/?#\s]*@")


@given(_texts("](", "[a](b)", "\\[", "[x](<y z>)"))
@example("\\[not [a \\] link](<b c>) [d](e f) [g]")
def test_a_line_plain_text_takes_links_as_the_plain_pattern_did(line: str) -> None:
    assert plain_text(line) == collapsed(_PLAIN_EMPHASIS.sub("", _PLAIN_LINK_TEXT.sub(r"\1", line)))


@given(_texts("](", "](<", "[a](b)", "(x)", "(<a)b>)"))
@example("[a](<b)c>) and [d](e) but ](f")
def test_readable_text_drops_link_targets_as_the_plain_pattern_did(markdown: str) -> None:
    assert readable_text(markdown) == _PLAIN_LINK_TARGET.sub("]", markdown).strip()


# Placeholders come whole: ``image_placeholder`` never leaves a bracket inside one, and the one
# difference of the rewrite is a placeholder with a "[" inside (it no longer reads on to the next).
@given(_texts("](", "[a](b)", "\\[", "[Image: x]", "[x](<y z>)", "[a](/p)", "[a](#top)", "[a](mailto:q)"))
def test_trafilatura_links_are_found_as_the_plain_pattern_found_them(markdown: str) -> None:
    base = "https://example.org/docs/page.html"
    expected = _PLAIN_TRAFILATURA_LINK.sub(lambda link: links_resolved(link.group(), base), markdown)
    assert links_resolved(markdown, base) == expected


# The one difference: a target holding "![", where the rewrite stops (the next image begins).
@given(_texts("![", "![a](b)", "](", "\\)", "[Image: x]"))
def test_trafilatura_images_are_found_as_the_plain_pattern_found_them(markdown: str) -> None:
    assume(not any("![" in image.group().partition("](")[2] for image in _PLAIN_TRAFILATURA_IMAGE.finditer(markdown)))
    expected = _PLAIN_TRAFILATURA_IMAGE.sub(lambda image: images_as_placeholders(image.group()), markdown)
    assert images_as_placeholders(markdown) == expected


@settings(max_examples=300)
@given(_texts("<<", "\u2039", "\u00ab", "UNTRUSTED", "END_", "PAGE", "untrusted_ab", ">>", "\u2028", "\r\n"))
def test_the_fence_neutralises_and_joins_lines_as_the_plain_patterns_did(text: str) -> None:
    assert neutralise(text) == _PLAIN_MARKER.sub(NEUTRALISED, text)
    assert one_line(text) == _PLAIN_MARKER.sub(NEUTRALISED, _PLAIN_BREAKS.sub(" ", text)).strip()


@given(_texts("<b>", "</i>", "<br/>", "<<"))
def test_an_image_placeholder_drops_tags_as_the_plain_pattern_did(alt: str) -> None:
    assert image_placeholder(alt) == image_placeholder(_PLAIN_TAG.sub(" ", alt))


@given(_texts("http://", "https://u:p@", "a@", "-", "+", ".", "svn+ssh://", "?", "#", max_size=20))
def test_userinfo_is_left_out_as_the_plain_pattern_left_it_out(text: str) -> None:
    assert without_userinfo(text) == _PLAIN_USERINFO.sub(r"\1", text)


def test_a_long_run_of_brackets_is_neutralised_and_kept() -> None:
    # A run far longer than any try used to afford: still one run, its marker still caught.
    text = "<" * 50_000 + "UNTRUSTED_0123456789abcdef>>>" + "<" * 50_000
    assert neutralise(text) == NEUTRALISED + "<" * 50_000


def test_an_unclosed_link_in_a_long_line_is_left_as_it_is() -> None:
    line = "[\\" * 50_000 + "[a](https://example.org/)"
    assert plain_text(line).endswith("a") and "https" not in plain_text(line)
    assert readable_text("](" * 50_000 + "x") == "](" * 50_000 + "x"
