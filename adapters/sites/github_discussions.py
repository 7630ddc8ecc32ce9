"""GitHub discussions through the GraphQL API (REST has no discussions): the post, the chosen
answer first, then the other comments by votes, each with its first replies.

The comments come a page of ``PAGE_SIZE`` at a time (``pageInfo.endCursor``), paged like the REST
lists; the chosen answer is asked for on its own as well, so it is shown even when it is a comment
past the pages read.

GraphQL needs a token; without ``GITHUB_TOKEN`` the resolver says so and the page is read the
generic way.
"""

from __future__ import annotations

from typing import Any

from adapters.json_fields import byline, day_from_iso, number, obj, objs, text
from adapters.sites.github_paging import PAGE_SIZE, ListPage
from domain.errors import SiteUnavailable

MAX_REPLIES = 5

QUERY = """
query($owner: String!, $repo: String!, $number: Int!, $comments: Int!, $replies: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    discussion(number: $number) {
      title number body createdAt upvoteCount url
      author { login }
      category { name }
      answer { ...comment }
      comments(first: $comments, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { ...comment }
      }
    }
  }
}

fragment comment on DiscussionComment {
  id body createdAt upvoteCount isAnswer
  author { login }
  replies(first: $replies) { totalCount nodes { body createdAt upvoteCount author { login } } }
}
"""


def discussion_variables(owner: str, repo: str, number_: int, *, after: str | None = None) -> dict[str, Any]:
    return {
        "owner": owner,
        "repo": repo,
        "number": number_,
        "comments": PAGE_SIZE,
        "replies": MAX_REPLIES,
        "after": after,
    }


def comments_page(discussion: dict[str, Any]) -> ListPage:
    """The comments in one answer, and the cursor of the next page when there is one."""
    comments = obj(discussion, "comments")
    info = obj(comments, "pageInfo")
    cursor = text(info.get("endCursor")) if info.get("hasNextPage") is True else ""
    return ListPage(objs(comments.get("nodes")), cursor or None)


def discussion_of(data: Any) -> dict[str, Any]:
    """The discussion in a GraphQL answer; raises ``SiteUnavailable`` for errors or none."""
    errors = objs(obj(data).get("errors"))
    discussion = obj(data, "data", "repository", "discussion")
    if not discussion:
        message = " ".join(text(errors[0].get("message")).split())[:160] if errors else ""
        raise SiteUnavailable(f"no such discussion ({message})" if message else "no such discussion")
    return discussion


def discussion_markdown(discussion: dict[str, Any], comments: list[dict[str, Any]], cut: str | None = None) -> str:
    """``comments``: every page of them read; ``cut``: what was not read, when the paging stopped early."""
    title = text(discussion.get("title")) or "(untitled)"
    facts = [
        f"Discussion in {text(obj(discussion, 'category').get('name')) or 'a category'}",
        f"{number(discussion.get('upvoteCount')) or 0} upvotes",
        _by(discussion, "started by"),
    ]
    lines = [f"# {title} (#{number(discussion.get('number')) or '?'})", "", " · ".join(facts), "", _body(discussion)]
    answer = obj(discussion, "answer")
    answer_id = text(answer.get("id"))
    nodes = list(comments)
    if answer_id and all(text(c.get("id")) != answer_id for c in nodes):
        nodes.append(answer)  # the chosen answer lies past the pages read
    nodes.sort(key=lambda c: (not _is_answer(c, answer_id), -(number(c.get("upvoteCount")) or 0)))
    for comment in nodes:
        kind = "Answer (marked as the answer)" if _is_answer(comment, answer_id) else "Comment"
        votes = number(comment.get("upvoteCount")) or 0
        lines += ["", f"## {kind} · {votes} upvotes · {_by(comment, 'by')}", "", _body(comment)]
        for reply in objs(obj(comment, "replies").get("nodes")):
            lines.append(f"- Reply {_by(reply, 'by')}: {' '.join(_body(reply).split())}")
    if cut:
        lines += ["", f"[{cut}]"]
    return "\n".join(lines).strip() + "\n"


def _is_answer(comment: dict[str, Any], answer_id: str) -> bool:
    return comment.get("isAnswer") is True or (bool(answer_id) and text(comment.get("id")) == answer_id)


def _by(item: dict[str, Any], verb: str) -> str:
    return byline(text(obj(item, "author").get("login")), day_from_iso(item.get("createdAt")), verb=verb)


def _body(item: dict[str, Any]) -> str:
    return text(item.get("body")).strip() or "(no text)"
