"""Choosing among several extractors' answers by how much they agree, not by fixed length cut-offs.

Each extractor errs in its own direction: one drops the body and keeps a box, another keeps the
body plus a sidebar, a third keeps every item of a list. What the *content* is shows up as the
words most of them share. So every candidate is scored by its mean word-bag F1 against the
others (the medoid of the set): a fragment agrees with nobody's body, a page full of chrome
agrees with nobody's cut. The same rule holds on any site and any kind of page; the profiles
only decide which candidates are in the running.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from adapters.pages.text_words import word_tokens
from domain.script_shell import readable_text


@dataclass(frozen=True)
class Choice:
    name: str
    markdown: str
    agreement: float  # mean word F1 with the other candidates, 0..1


def words(markdown: str) -> Counter[str]:
    """The bag of words an agent reads, link targets left out (they are not text on the page)."""
    return Counter(word_tokens(readable_text(markdown).lower()))


def word_f1(first: Counter[str], second: Counter[str]) -> float:
    overlap = sum((first & second).values())
    if not overlap:
        return 0.0
    return 2 * overlap / (first.total() + second.total())


def covered(part: Counter[str], whole: Counter[str]) -> float:
    """The share of ``part``'s words that ``whole`` holds too."""
    return sum((part & whole).values()) / part.total() if part else 0.0


def holders(candidates: Mapping[str, str], held: Callable[[str], float], share: float) -> dict[str, str]:
    """The candidates whose text holds at least ``share`` of the page's evidence (``held`` says how
    much of it a text holds), or all of them when none does: the evidence is then on nobody's side."""
    holding_enough = {name: text for name, text in candidates.items() if held(text) >= share}
    return holding_enough or dict(candidates)


def holding(candidates: Mapping[str, str], run: str, share: float) -> dict[str, str]:
    """``holders`` of at least ``share`` of the words of ``run`` (the run of items the page's structure found)."""
    wanted = words(run)
    if not wanted:
        return dict(candidates)
    return holders(candidates, lambda text: covered(wanted, words(text)), share)


def most_agreed(
    candidates: Mapping[str, str],
    witnesses: Mapping[str, str] | None = None,
    *,
    coverage_weight: float = 0.0,
    readable_chars: int = 0,
) -> Choice:
    """The candidate closest to all the others; ties go to the one named first (the profile's preference).

    ``witnesses`` vote but cannot win: raw text the page's structure points at (the run of
    listing items, of forum posts), which says what the content is but reads badly on its own,
    and the candidates the page's evidence ruled out (``html_article._eligible``), whose
    agreement with the others still counts.
    ``coverage_weight`` adds, at that weight, the mean share of each other voter's words the
    candidate also holds: where all of the page is content (lists, documentation), two
    extractors agreeing on a fragment should not outvote two agreeing on the whole, and F1
    alone cannot tell those pairs apart (a fragment and the body score the same both ways).
    ``readable_chars``: a winner with less text than this (link targets are not text) loses to
    the vote among the candidates that have more, when there are any. Fragments agree with each
    other too: a skip link, a sign-in box or a banner several extractors kept is no evidence of
    content when another one read the page.
    """
    choice = _most_agreed(candidates, witnesses, coverage_weight)
    if len(readable_text(choice.markdown)) >= readable_chars:
        return choice
    readable = {name: text for name, text in candidates.items() if len(readable_text(text)) >= readable_chars}
    return _most_agreed(readable, witnesses, coverage_weight) if readable else choice


def _most_agreed(candidates: Mapping[str, str], witnesses: Mapping[str, str] | None, coverage_weight: float) -> Choice:
    names = [name for name, text in candidates.items() if text.strip()]
    if not names:
        first = next(iter(candidates), "")
        return Choice(first, "", 0.0)
    voters = names + [name for name, text in (witnesses or {}).items() if text.strip() and name not in candidates]
    if len(voters) == 1:
        return Choice(names[0], candidates[names[0]], 1.0)
    texts = {**(witnesses or {}), **candidates}
    bags = {name: words(texts[name]) for name in voters}
    best, best_score = names[0], -1.0
    for name in names:
        others = [other for other in voters if other != name]
        score = sum(word_f1(bags[name], bags[other]) for other in others) / len(others)
        if coverage_weight:
            score += coverage_weight * sum(covered(bags[other], bags[name]) for other in others) / len(others)
        if score > best_score:
            best, best_score = name, score
    return Choice(best, candidates[best], best_score)
