"""GitHub discussions through the GraphQL API (REST has no discussions): the post, the chosen
answer first, then the other comments by votes, each with its first replies.

GraphQL needs a token; without ``GITHUB_TOKEN`` the resolver says so and the page is read the
generic way.
"""

from __future__ import annotations

from typing import Any

from adapters.sites.fields import byline, day_from_iso, number, obj, objs, text
from domain.errors import SiteUnavailable

MAX_COMMENTS = 50
MAX_REPLIES = 5

QUERY = """
query($owner: String!, $repo: String!, $number: Int!, $comments: Int!, $replies: Int!) {
  repository(owner: $owner, name: $repo) {
    discussion(number: $number) {
      title number body createdAt upvoteCount url
      author { login }
      category { name }
      answer { id }
      comments(first: $comments) {
        totalCount
        nodes {
          id body createdAt upvoteCount isAnswer
          author { login }
          replies(first: $replies) { totalCount nodes { body createdAt upvoteCount author { login } } }
        }
      }
    }
  }
}
"""


def discussion_variables(owner: str, repo: str, number_: int) -> dict[str, Any]:
    return {"owner": owner, "repo": repo, "number": number_, "comments": MAX_COMMENTS, "replies": MAX_REPLIES}


def discussion_of(data: Any) -> dict[str, Any]:
    """The discussion in a GraphQL answer; raises ``SiteUnavailable`` for errors or none."""
    errors = objs(obj(data).get("errors"))
    discussion = obj(data, "data", "repository", "discussion")
    if not discussion:
        message = " ".join(text(errors[0].get("message")).split())[:160] if errors else ""
        raise SiteUnavailable(f"no such discussion ({message})" if message else "no such discussion")
    return discussion


def discussion_markdown(discussion: dict[str, Any]) -> str:
    title = text(discussion.get("title")) or "(untitled)"
    facts = [
        f"Discussion in {text(obj(discussion, 'category').get('name')) or 'a category'}",
        f"{number(discussion.get('upvoteCount')) or 0} upvotes",
        _by(discussion, "started by"),
    ]
    lines = [f"# {title} (#{number(discussion.get('number')) or '?'})", "", " · ".join(facts), "", _body(discussion)]
    comments = obj(discussion, "comments")
    nodes = objs(comments.get("nodes"))
    answer_id = text(obj(discussion, "answer").get("id"))
    nodes.sort(key=lambda c: (not _is_answer(c, answer_id), -(number(c.get("upvoteCount")) or 0)))
    for comment in nodes:
        kind = "Answer (marked as the answer)" if _is_answer(comment, answer_id) else "Comment"
        votes = number(comment.get("upvoteCount")) or 0
        lines += ["", f"## {kind} · {votes} upvotes · {_by(comment, 'by')}", "", _body(comment)]
        for reply in objs(obj(comment, "replies").get("nodes")):
            lines.append(f"- Reply {_by(reply, 'by')}: {' '.join(_body(reply).split())}")
    total = number(comments.get("totalCount"))
    if total is not None and total > len(nodes):
        lines += ["", f"[{total - len(nodes)} more comments are not shown: only {len(nodes)} were read.]"]
    return "\n".join(lines).strip() + "\n"


def _is_answer(comment: dict[str, Any], answer_id: str) -> bool:
    return comment.get("isAnswer") is True or (bool(answer_id) and text(comment.get("id")) == answer_id)


def _by(item: dict[str, Any], verb: str) -> str:
    return byline(text(obj(item, "author").get("login")), day_from_iso(item.get("createdAt")), verb=verb)


def _body(item: dict[str, Any]) -> str:
    return text(item.get("body")).strip() or "(no text)"
