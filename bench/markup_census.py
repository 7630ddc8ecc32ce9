"""How many words inside markup of one kind the corpora's references keep, against how many they leave out.

The evidence behind every "out of the tree before anything reads it" pass (docs/extraction.md,
nineteenth and twentieth rounds): before a kind of element is cut, count on both corpora the
words inside such elements that the references keep and those they leave out. A kind whose
words the references almost never keep is chrome on every kind of page; a mixed count is not a
rule. The pages are parsed as the tool parses them (``html_article.parse_page``, the passes
already in place applied: what a new rule would still find), or with ``--before-passes`` as lxml
parses them (what a pass in place takes), and elements already inside what the pruned whole page leaves out
(navigation, footers, hidden elements, chrome names) are not counted: no candidate the vote
trusts reads them.

An element's words count as kept when more than half of its three-word runs are in its page's
reference (an element of one or two words: when those words are, as a phrase). Elements inside
another counted element count once, with it.

    python -m bench.markup_census --names breadcrumb,breadcrumbs,crumbs --max-words 60 --before-passes
    python -m bench.markup_census --names facet,filters --choices 3 --show 5
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from adapters.pages.html_markdown import Element

_WORD = re.compile(r"\w+")
_RUN = 3
_CHOICES = frozenset({"checkbox", "radio"})


@dataclass
class Tally:
    """What a group of pages' counted elements hold: how many, and their words kept and left out."""

    elements: int = 0
    words_kept: int = 0
    words_left: int = 0
    samples: list[tuple[bool, str, str]] = field(default_factory=list)  # (kept, page id, first words)


@dataclass(frozen=True)
class Reference:
    """A page's reference text, read for the test ``kept_by``."""

    phrase_text: str  # its words, lowercase, space-separated and space-bounded
    runs: frozenset[tuple[str, ...]]

    @classmethod
    def of(cls, text: str) -> Reference:
        words = [word.lower() for word in _WORD.findall(text)]
        runs = frozenset(tuple(words[index : index + _RUN]) for index in range(len(words) - _RUN + 1))
        return cls(f" {' '.join(words)} ", runs)


def words_of(element: Element) -> list[str]:
    """The words a reader sees under ``element``, lowercase: not its scripts' or styles' source,
    nor anything a ``<noscript>`` holds (``html_markdown.word_count`` skips only such an element's
    own text, enough for a bound; a count of what the references keep must not credit a fallback
    the pruned whole page leaves out)."""
    from lxml import etree

    from adapters.pages.html_markdown import SOURCE_TAGS

    parts: list[str] = []
    inside_source = 0
    for event, node in etree.iterwalk(element, events=("start", "end")):
        is_source = node.tag in SOURCE_TAGS
        if event == "start":
            inside_source += is_source
            if not inside_source and isinstance(node.tag, str) and node.text:
                parts.append(node.text)
        else:
            inside_source -= is_source
            if node is not element and not inside_source and node.tail:
                parts.append(node.tail)
    return [word.lower() for word in _WORD.findall(" ".join(parts))]


def kept_by(reference: Reference, words: Sequence[str]) -> bool:
    """Whether the reference keeps these words (the element's, in order)."""
    if len(words) < _RUN:
        return f" {' '.join(words)} " in reference.phrase_text
    runs = [tuple(words[index : index + _RUN]) for index in range(len(words) - _RUN + 1)]
    return sum(run in reference.runs for run in runs) * 2 > len(runs)


def count_page(
    root: Element, reference: Reference, is_counted: Callable[[Element], bool], max_words: int, tally: Tally, page: str
) -> None:
    """Adds to ``tally`` the outermost elements of ``root`` that ``is_counted`` picks, of at most
    ``max_words`` words, outside what the pruned whole page leaves out."""
    from adapters.pages.html_markdown import SKIPPED_TAGS, is_chrome

    counted: set[Element] = set()
    for element in root.iter():
        if not isinstance(element.tag, str) or element.tag in ("html", "body") or not is_counted(element):
            continue
        ancestors = list(element.iterancestors())
        if any(node in counted for node in ancestors):
            continue
        if is_chrome(element) or any(node.tag in SKIPPED_TAGS or is_chrome(node) for node in ancestors):
            continue
        words = words_of(element)
        if not words or len(words) > max_words:
            continue
        counted.add(element)
        kept = kept_by(reference, words)
        tally.elements += 1
        if kept:
            tally.words_kept += len(words)
        else:
            tally.words_left += len(words)
        tally.samples.append((kept, page, " ".join(words[:12])))


def selector(names: Iterable[str], choices: int = 0, link_share: float = 0.0) -> Callable[[Element], bool]:
    """Elements whose class or id has one of ``names`` among its words; with ``choices``, holding at
    least that many check boxes or radio buttons; with ``link_share``, at least that share of their
    words inside links."""
    from adapters.pages.markup_names import named

    wanted = frozenset(name.lower() for name in names)

    def is_counted(element: Element) -> bool:
        if not named(element, wanted):
            return False
        if choices and sum((field.get("type") or "").lower() in _CHOICES for field in element.iter("input")) < choices:
            return False
        if link_share:
            total = len(words_of(element))
            linked = sum(len(words_of(link)) for link in element.iter("a"))
            return total > 0 and linked >= link_share * total
        return True

    return is_counted


def main(argv: Sequence[str]) -> None:
    from adapters.pages.candidates import parse_html
    from adapters.pages.html_article import parse_page
    from bench.extraction_contenders import _decoded
    from bench.extraction_corpora import Selection, load

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", required=True, help="words of class or id, comma-separated")
    parser.add_argument("--max-words", type=int, default=10**9, help="count only elements this short")
    parser.add_argument("--choices", type=int, default=0, help="and holding this many check boxes or radios")
    parser.add_argument("--link-share", type=float, default=0.0, help="and this share of their words in links")
    parser.add_argument("--show", type=int, default=0, help="sample elements to print per group")
    parser.add_argument(
        "--before-passes",
        action="store_true",
        help="read the page as parsed, before the passes that take chrome out (to count what a pass takes)",
    )
    args = parser.parse_args(argv)

    is_counted = selector(args.names.split(","), args.choices, args.link_share)
    tallies: dict[str, Tally] = {}
    for case in load(Selection()):
        html = _decoded(case.html)
        root = parse_html(html) if args.before_passes else next(iter(parse_page(html) or ()), None)
        if root is None:
            continue
        group = f"{case.corpus}: {case.kind}"
        count_page(
            root,
            Reference.of(case.truth),
            is_counted,
            args.max_words,
            tallies.setdefault(group, Tally()),
            case.page_id,
        )
    print("| pages | elements | words the references keep | words they leave out |")
    print("|---|---|---|---|")
    for group, tally in sorted(tallies.items()):
        print(f"| {group} | {tally.elements} | {tally.words_kept:,} | {tally.words_left:,} |")
    kept = sum(tally.words_kept for tally in tallies.values())
    left = sum(tally.words_left for tally in tallies.values())
    print(f"| all | {sum(tally.elements for tally in tallies.values())} | {kept:,} | {left:,} |")
    sampler = random.Random(0)  # the same samples run after run
    for group, tally in sorted(tallies.items()):
        for kept_words, page, words in sampler.sample(tally.samples, min(args.show, len(tally.samples))):
            print(f"{group} {page} {'kept' if kept_words else 'left'}: {words}")


if __name__ == "__main__":
    main(sys.argv[1:])
