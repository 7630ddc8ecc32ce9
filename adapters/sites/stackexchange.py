"""StackExchange through API 2.3: a question, its answers accepted-first then by score, top comments.

Every ``*.stackexchange.com`` site is read, and the network's own domains (Stack Overflow and its
language sites, Super User, Server Fault, Ask Ubuntu, MathOverflow, Stack Apps). The site goes to
the API as its domain name, which API 2.3 accepts for its ``site`` parameter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import anyio
from pydantic import SecretStr

from adapters.json_fields import byline, day_from_unix, number, obj, objs, text, unescaped
from adapters.pages.html_fragments import fragment_markdown
from adapters.sites.api_calls import GuardedCaller, call_json, with_query
from adapters.sites.fragments import inline_markdown
from adapters.sites.urls import on_hosts
from domain.errors import SiteUnavailable
from domain.pages import ResolvedPage

DEFAULT_API_URL = "https://api.stackexchange.com/2.3"
_DOMAINS = frozenset(
    {"stackoverflow.com", "superuser.com", "serverfault.com", "askubuntu.com", "mathoverflow.net", "stackapps.com"}
)
# /questions/ID[/slug[/ANSWER]], /q/ID[/user], /a/ANSWER[/user]
_QUESTION_PATH = re.compile(r"^/(?:questions/(\d{1,12})(?:/[^/]*/(\d{1,12}))?|q/(\d{1,12})|a/(\d{1,12}))(?:/|$)")
MAX_ANSWERS = 10
COMMENTS_PER_POST = 5


@dataclass(frozen=True)
class PostLink:
    domain: str  # the site, as the API's ``site`` parameter takes it
    question_id: int | None  # None for an answer's share link (/a/ID): the API says which question
    answer_id: int | None = None  # the answer the link points at, if any


def post_of(url: str) -> PostLink | None:
    """Pure: the question (and answer) a StackExchange URL links to, or None for any other page."""
    parsed = on_hosts(url, lambda host: _is_network_site(host.removeprefix("www.")))
    match = _QUESTION_PATH.match(parsed.path) if parsed is not None else None
    if parsed is None or match is None:
        return None
    question, answer, short, share = (int(g) if g else None for g in match.groups())
    return PostLink(parsed.host.lower().removeprefix("www."), question or short, answer or share)


def _is_network_site(host: str) -> bool:
    if host in _DOMAINS or host.endswith(".stackoverflow.com"):  # ru., pt., es., ja., meta.
        return True
    return host.endswith(".stackexchange.com") and host.count(".") >= 2 and not host.startswith("api.")


class StackExchangeResolver:
    """Implements ``domain.ports.SiteResolverPort``; ``key`` (optional) raises the daily quota."""

    site = "the Stack Exchange API"

    def __init__(self, caller: GuardedCaller, *, key: SecretStr | None = None, base_url: str = DEFAULT_API_URL) -> None:
        self._caller = caller
        self._key = key
        self._base_url = base_url.rstrip("/")

    def handles(self, url: str) -> bool:
        return post_of(url) is not None

    async def read(self, url: str) -> ResolvedPage:
        link = post_of(url)
        if link is None:
            raise SiteUnavailable("not a question or answer URL")
        domain = link.domain
        linked = await self._answer(link.answer_id, domain)
        question_id = link.question_id or (number(linked.get("question_id")) if linked else None)
        if question_id is None:
            raise SiteUnavailable("no such answer (deleted, or on another site)")
        questions = await self._get(f"/questions/{question_id}", domain, {})
        if not questions:
            raise SiteUnavailable("no such question (deleted, or on another site)")
        question = questions[0]
        top = await self._get(
            f"/questions/{question_id}/answers", domain, {"sort": "votes", "order": "desc", "pagesize": "30"}
        )
        accepted_id = number(question.get("accepted_answer_id"))
        if accepted_id is not None and all(number(a.get("answer_id")) != accepted_id for a in top):
            top.append(await self._answer(accepted_id, domain))  # accepted, yet below the 30 best by votes
        answers = chosen_answers([a for a in top if a], linked)
        posts = [question_id, *(n for a in answers if (n := number(a.get("answer_id"))) is not None)]
        comments = await self._get(
            f"/posts/{';'.join(map(str, posts))}/comments",
            domain,
            {"sort": "votes", "order": "desc", "pagesize": "100"},
        )
        linked_id = number(linked.get("answer_id")) if linked else None
        markdown = await anyio.to_thread.run_sync(render_question, question, answers, comments, domain, linked_id)
        canonical = text(question.get("link"))
        page_url = canonical if canonical.startswith("https://") and linked_id is None else url
        return ResolvedPage(url=page_url, markdown=markdown, source=self.site)

    async def _answer(self, answer_id: int | None, domain: str) -> dict[str, Any]:
        """One answer by id ({} for None or a deleted one)."""
        if answer_id is None:
            return {}
        found = await self._get(f"/answers/{answer_id}", domain, {})
        return found[0] if found else {}

    async def _get(self, path: str, domain: str, params: dict[str, str]) -> list[dict[str, Any]]:
        query = {"site": domain, "filter": "withbody", **params}
        if self._key is not None:
            query["key"] = self._key.get_secret_value()
        data = await call_json(self._caller, with_query(self._base_url + path, query), secret=self._key)
        if "items" not in obj(data) or not isinstance(data["items"], list):
            raise SiteUnavailable("its answer had no list of items")
        return objs(data["items"])


def ordered_answers(answers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The accepted answer first, then the others by score (highest first), ties by age."""
    return sorted(
        answers,
        key=lambda a: (
            a.get("is_accepted") is not True,
            -(number(a.get("score")) or 0),
            number(a.get("creation_date")) or 0,
        ),
    )


def chosen_answers(answers: list[dict[str, Any]], linked: dict[str, Any]) -> list[dict[str, Any]]:
    """The first MAX_ANSWERS in order (accepted, then by score), and the linked answer wherever it ranks."""
    linked_id = number(linked.get("answer_id"))
    seen = {number(a.get("answer_id")) for a in answers}
    ordered = ordered_answers(answers + ([linked] if linked and linked_id not in seen else []))
    chosen = ordered[:MAX_ANSWERS]
    if linked_id is not None and all(number(a.get("answer_id")) != linked_id for a in chosen):
        chosen.append(next(a for a in ordered if number(a.get("answer_id")) == linked_id))
    return chosen


def render_question(
    question: dict[str, Any],
    answers: list[dict[str, Any]],
    comments: list[dict[str, Any]],
    domain: str,
    linked_id: int | None = None,
) -> str:
    title = unescaped(question.get("title")) or "(untitled question)"
    facts = [
        f"Question on {domain}",
        f"score {number(question.get('score')) or 0}",
        _by(question, "asked by"),
        f"{number(question.get('answer_count')) or len(answers)} answers",
    ]
    tags = [t for t in question.get("tags", []) if isinstance(t, str)] if isinstance(question.get("tags"), list) else []
    if tags:
        facts.append("tags: " + ", ".join(tags))
    lines = [f"# {title}", "", " · ".join(facts), "", fragment_markdown(text(question.get("body")))]
    lines += _comments(comments, number(question.get("question_id")))
    for answer in answers:
        kind = "Accepted answer" if answer.get("is_accepted") is True else "Answer"
        if linked_id is not None and number(answer.get("answer_id")) == linked_id:
            kind += " (the one linked)"
        lines += ["", f"## {kind} · score {number(answer.get('score')) or 0} · {_by(answer, 'by')}", ""]
        lines.append(fragment_markdown(text(answer.get("body"))))
        lines += _comments(comments, number(answer.get("answer_id")))
    return "\n".join(lines).strip() + "\n"


def _by(post: dict[str, Any], verb: str) -> str:
    return byline(
        unescaped(obj(post, "owner").get("display_name")), day_from_unix(post.get("creation_date")), verb=verb
    )


def _comments(comments: list[dict[str, Any]], post_id: int | None) -> list[str]:
    """The post's top comments by score, shown in the order they were written."""
    mine = [c for c in comments if post_id is not None and number(c.get("post_id")) == post_id][:COMMENTS_PER_POST]
    mine.sort(key=lambda c: number(c.get("creation_date")) or 0)
    if not mine:
        return []
    lines = ["", "Comments:"]
    for comment in mine:
        score = number(comment.get("score")) or 0
        lines.append(f"- ({score:+d}) {_by(comment, 'by')}: {inline_markdown(text(comment.get('body')))}")
    return lines
