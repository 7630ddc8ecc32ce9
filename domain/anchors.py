"""Where in a page the address's ``#fragment`` points: the section it names, or the words it quotes.

Pure, standard library only. A link into a page names a part of it: ``#installing-packages`` is a
heading's id, which documentation generators make from the heading's words (Sphinx, MkDocs,
Docusaurus, GitHub's READMEs, MDN's ``#browser_compatibility``); ``#:~:text=...`` is a text
fragment, with which search engines link to the sentence that answers. A browser scrolls there.
Read from the top, a long page hands the agent its introduction first, and the part it was sent
to only windows later, if at all.

The heading is found by the id a generator would make of its words: lower case, every run of
characters that are neither letters nor digits one hyphen (``Installing packages``,
``installing-packages`` and ``installing_packages`` are the same), with a leading section number
("2.3. Installing packages") tried without it. A fragment naming an API symbol ("json.dumps",
"std::vec::Vec", the ids API references give their entries) points at the first line naming it, when
no heading has it for its id. A fragment that is a route (``#/settings``, ``#!/home``) or names no
heading, no symbol nor quotes any words of the page points nowhere here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

from domain.markdown_lines import ATX_HEADING, lines_outside_code
from domain.script_shell import readable_text

_TEXT_DIRECTIVE = ":~:"
# A fragment naming an API symbol: words joined by dots or double colons ("json.dumps", "std::vec::Vec").
_SYMBOL = re.compile(r"[A-Za-z_][\w]*(?:(?:\.|::)[A-Za-z_][\w]*)+")
# What is not a word's letter or digit, in any script; an underscore counts as a separator too.
_SEPARATORS = re.compile(r"[\W_]+")
# "2.3. " before a heading's words (each number needs its stop before the next: read once, no backtracking).
_SECTION_NUMBER = re.compile(r"^\d+(?:[.)]\d+)*[.)]?\s+")
# What is left of a link's brackets once its target is gone (``readable_text``), emphasis, code, escapes.
_MARKS = re.compile(r"[\[\]*`\\]")
#: Words of a quoted start looked for when the whole quote is not found on one line (a quote that runs
#: over two paragraphs, or through a link whose words the page wrote otherwise).
QUOTE_WORDS = 6


@dataclass(frozen=True)
class Anchor:
    index: int  # where in the Markdown the part begins: the start of its line
    line: str  # that line, for the note saying where the window starts


def anchor(markdown: str, fragment: str) -> Anchor | None:
    """Where ``fragment`` (the part of an address after ``#``, as written) points in ``markdown``."""
    section, _, directives = fragment.partition(_TEXT_DIRECTIVE)
    quote = _quoted_start(directives)
    if quote:
        found = _quotation(markdown, quote)
        if found is not None:
            return found
    if not section:
        return None
    name = unquote(section)
    return _heading(markdown, name) or (_symbol(markdown, name) if _SYMBOL.fullmatch(name) else None)


def _symbol(markdown: str, name: str) -> Anchor | None:
    """The first line naming the API symbol ``name`` ("json.dumps", "std::vec"), the word whole: API
    references make a symbol's own id its anchor, and write its name where it is defined."""
    named = re.compile(rf"(?<![\w.:]){re.escape(name)}(?![\w])")
    offset = 0
    for line in markdown.split("\n"):
        if named.search(_plain(line)):
            return Anchor(offset, line)
        offset += len(line) + 1
    return None


def _heading(markdown: str, name: str) -> Anchor | None:
    wanted = _slug(name)
    if not wanted or name.startswith(("/", "!")):
        return None
    lines = markdown.split("\n")
    offset = 0
    for line, outside in zip(lines, lines_outside_code(lines), strict=True):
        heading = ATX_HEADING.fullmatch(line.strip()) if outside else None
        if heading is not None:
            words = _plain(heading.group(2).rstrip("#"))
            if wanted in (_slug(words), _slug(_SECTION_NUMBER.sub("", words, count=1))):
                return Anchor(offset, line)
        offset += len(line) + 1
    return None


def _quotation(markdown: str, quote: str) -> Anchor | None:
    """The first line holding ``quote``'s words (or, failing that, its first ``QUOTE_WORDS``), case aside."""
    words = quote.split()
    tries = [" ".join(words).lower()]
    if len(words) > QUOTE_WORDS:
        tries.append(" ".join(words[:QUOTE_WORDS]).lower())
    lines = markdown.split("\n")
    plain = [" ".join(_plain(line).split()).lower() for line in lines]
    for wanted in tries:
        offset = 0
        for line, text in zip(lines, plain, strict=True):
            if wanted in text:
                return Anchor(offset, line)
            offset += len(line) + 1
    return None


def _quoted_start(directives: str) -> str:
    """The start of the first ``text=`` directive: ``[prefix-,]start[,end][,-suffix]``, each part
    percent-encoded (a comma or hyphen in the words is encoded, so the separators are plain)."""
    for directive in directives.split("&"):
        name, _, value = directive.partition("=")
        if name != "text" or not value:
            continue
        parts = [part for part in value.split(",") if not part.endswith("-") and not part.startswith("-")]
        if parts:
            return unquote(parts[0]).strip()
    return ""


def _plain(markdown: str) -> str:
    return _MARKS.sub("", readable_text(markdown))


def _slug(words: str) -> str:
    return _SEPARATORS.sub("-", words.lower()).strip("-")
