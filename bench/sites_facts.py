"""The facts bench/sites.py looks for in each site's text, from the saved answers in bench/data/sites/.

A fact is a question about the Markdown an agent would read: is the accepted answer there and
marked, is each vote count next to its answer, are the comments in the order they were written,
are the sections headings, is the page's chrome gone. Text is compared with Markdown emphasis
and code marks taken out, so a fact does not depend on how either path formats it.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "sites"
NEAR = 300  # characters: how close an author, date or vote count must be before the text it belongs to


@dataclass(frozen=True)
class Fact:
    label: str
    holds: Callable[[str], bool]


def plain(markdown: str) -> str:
    return " ".join(re.sub(r"[`*_]", "", markdown).split())


def present(*snippets: str) -> Callable[[str], bool]:
    return lambda text: all(plain(s) in plain(text) for s in snippets)


def absent(*snippets: str) -> Callable[[str], bool]:
    return lambda text: not any(plain(s) in plain(text) for s in snippets)


def in_order(*snippets: str) -> Callable[[str], bool]:
    def holds(text: str) -> bool:
        spots = [plain(text).find(plain(s)) for s in snippets]
        return -1 not in spots and spots == sorted(spots)

    return holds


def each_near(pairs: list[tuple[str | tuple[str, ...], str]]) -> Callable[[str], bool]:
    """Every (label, text): ``label`` (or one of its spellings) appears at most NEAR characters before ``text``."""

    def holds(text: str) -> bool:
        flat = plain(text)
        for label, body in pairs:
            at = flat.find(plain(body))
            spellings = (label,) if isinstance(label, str) else label
            window = flat[max(0, at - NEAR) : at]
            if at < 0 or not any(
                re.search(rf"(?<![\w.-]){re.escape(plain(s))}(?![\w]|\.\d)", window) for s in spellings
            ):
                return False
        return True

    return holds


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text("utf-8"))


def _first_words(html_body: str, count: int = 6) -> str:
    words = html.unescape(re.sub(r"<[^>]+>", "", html_body)).split()
    return " ".join(words[:count])


def stackexchange_facts() -> list[Fact]:
    answers = load("stackexchange_answers.json")["items"]
    comments = load("stackexchange_comments.json")["items"]
    accepted = next(a for a in answers if a["is_accepted"])
    top = max((a for a in answers if not a["is_accepted"]), key=lambda a: a["score"])
    on_question = sorted((c for c in comments if c["post_id"] == 30081275), key=lambda c: c["creation_date"])
    return [
        Fact("question body", present("Why does unpacking the items cost almost twice as much")),
        Fact("accepted answer's text", present(_first_words(accepted["body"]))),
        Fact("accepted answer marked as accepted", lambda t: re.search(r"accepted answer", t, re.I) is not None),
        Fact("accepted answer shown first", in_order(_first_words(accepted["body"]), _first_words(top["body"]))),
        Fact(
            "every answer's vote count by it", each_near([(str(a["score"]), _first_words(a["body"])) for a in answers])
        ),
        Fact(
            "every answer's author by it",
            each_near([(a["owner"]["display_name"], _first_words(a["body"])) for a in answers]),
        ),
        Fact("every comment's text", present(*(_first_words(c["body"], 5) for c in comments))),
        Fact("question's comments in order", in_order(*(_first_words(c["body"], 5) for c in on_question))),
        Fact("no page chrome", absent("Hot Network Questions", "Accept all cookies", "The Overflow Blog", "Log in")),
    ]


def github_facts() -> list[Fact]:
    comments = load("github_issue_comments.json")
    firsts = [_first_words(c["body"], 5) for c in comments]
    authors = [(c["user"]["login"], first) for c, first in zip(comments, firsts, strict=True)]
    days = [(_day(c["created_at"]), first) for c, first in zip(comments, firsts, strict=True)]
    return [
        Fact("issue body", present("never returns", "A RemoteProtocolError within the timeout")),
        Fact("state and labels", lambda t: bool(re.search(r"\bopen\b", t, re.I)) and present("bug", "http/2")(t)),
        Fact("every comment's text", present(*firsts)),
        Fact("comments in order", in_order(*firsts)),
        Fact(
            "every comment's author by it",
            each_near(authors),
        ),
        Fact(
            "every comment's date by it",
            each_near(days),
        ),
        Fact("no page chrome", absent("Sign up for free", "Pricing", "© 2024 GitHub", "Skip to content")),
    ]


def _day(iso: str) -> tuple[str, ...]:
    """A day as the API writes it and as the page shows it: ("2024-02-27", "Feb 27, 2024")."""
    day = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return day.strftime("%Y-%m-%d"), f"{day:%b} {day.day}, {day.year}"


def wikipedia_facts() -> list[Fact]:
    sections = ["History", "Telegraphy", "Telephone exchanges", "Basic design and operation", "Types"]
    return [
        Fact("lead paragraph", present("A relay is an electrically operated switch")),
        Fact(
            "every section's text",
            present("patented in 1840 by Edward Davy", "has no moving parts", "isolate control circuits"),
        ),
        Fact("sections as headings", lambda t: all(re.search(rf"^#+ {s}$", t, re.M) for s in sections)),
        Fact(
            "subsections one level down",
            lambda t: (
                re.search(r"^## History$", t, re.M) is not None and re.search(r"^### Telegraphy$", t, re.M) is not None
            ),
        ),
        Fact("the infobox's facts", lambda t: "| Type | Electromechanical" in t and "| Invented | 1835" in t),
        Fact("no navbox or footer", absent("Electronic components", "Retrieved from", "Creative Commons")),
        Fact("no reference list", absent("Relays and their uses")),
    ]


def arxiv_facts() -> list[Fact]:
    return [
        Fact("title", present("Failover Without Regret: Bounded Retrieval for Language-Model Agents")),
        Fact("all authors", present("Ada Lindqvist", "Tomasz Wójcik", "Priya Raman")),
        Fact("abstract", present("keeps tail latency within 1.3x of the fastest provider")),
        Fact("primary category", present("cs.IR")),
        Fact("paper text (introduction)", present("Agents that browse the web issue many small searches")),
        Fact("paper text (results)", present("Across 1,200 faulted sessions")),
        Fact("no page chrome", absent("Cornell University", "Donate", "Which authors of this paper are endorsers")),
    ]


def hackernews_facts() -> list[Fact]:
    story = load("hackernews_item.json")
    comments, pairs = [], []  # every comment; every (parent, reply) pair, by their first words
    stack = [(child, None) for child in story["children"]]
    while stack:
        node, parent = stack.pop()
        comments.append(node)
        if parent is not None:
            pairs.append((_first_words(parent["text"]), _first_words(node["text"])))
        stack += [(child, node) for child in node["children"]]
    return [
        Fact("story title and link", present(story["title"], story["url"])),
        Fact("points", present(f"{story['points']} points")),
        Fact("every comment's text", present(*(_first_words(c["text"]) for c in comments))),
        Fact("every comment's author by it", each_near([(c["author"], _first_words(c["text"])) for c in comments])),
        Fact(
            "every comment's date by it", each_near([(c["created_at"][:10], _first_words(c["text"])) for c in comments])
        ),
        Fact("each reply nested under what it answers", _nested(pairs)),
        Fact("no page chrome", absent("add comment", "favorite", "Guidelines", "login", "upvote")),
    ]


def _nested(pairs: list[tuple[str, str]]) -> Callable[[str], bool]:
    """Each reply's line is indented deeper than its parent's (the tree survives, not just the words)."""

    def depth(text: str, words: str) -> int | None:
        line = next((line for line in text.splitlines() if plain(words) in plain(line)), None)
        return None if line is None else len(line) - len(line.lstrip())

    def holds(text: str) -> bool:
        for parent, reply in pairs:
            above, below = depth(text, parent), depth(text, reply)
            if above is None or below is None or below <= above:
                return False
        return True

    return holds


def reddit_facts() -> list[Fact]:
    listings = load("reddit_thread.json")
    post = listings[0]["data"]["children"][0]["data"]
    comments, pairs = [], []
    stack = [(child["data"], None) for child in listings[1]["data"]["children"]]
    while stack:
        node, parent = stack.pop()
        comments.append(node)
        if parent is not None:
            pairs.append((_first_words(parent["body"]), _first_words(node["body"])))
        replies = node["replies"]["data"]["children"] if node["replies"] else []
        stack += [(reply["data"], node) for reply in replies]
    return [
        Fact("post title and text", present(post["title"], _first_words(post["selftext"], 10))),
        Fact("post score", present(f"{post['score']} points")),
        Fact("every comment's text", present(*(_first_words(c["body"]) for c in comments))),
        Fact("every comment's author by it", each_near([(c["author"], _first_words(c["body"])) for c in comments])),
        Fact(
            "every comment's score by it",
            each_near([(f"{c['score']} points", _first_words(c["body"])) for c in comments]),
        ),
        Fact("each reply nested under what it answers", _nested(pairs)),
        Fact("no page chrome", absent("Skip to main content", "Log In", "Get App", "Community Info", "Open menu")),
    ]


def gitlab_facts() -> list[Fact]:
    issue = load("gitlab_issue.json")
    said = [n for n in load("gitlab_notes.json") if not n["system"]]
    return [
        Fact("title and number", present(issue["title"], "4242")),
        Fact("description", present("After unplugging the only monitor", "SIGSEGV in wl_output_release")),
        Fact("state and labels", present("opened", "bug", "crash")),
        Fact("every comment's text", present(*(n["body"] for n in said))),
        Fact("every comment's author by it", each_near([(n["author"]["username"], n["body"]) for n in said])),
        Fact("comments in order", in_order(*(n["body"] for n in said))),
        Fact("no page chrome", absent("Skip to content", "Sign in", "Register", "Time tracking", "Pricing")),
    ]
