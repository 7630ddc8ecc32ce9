"""domain/models.py: what a search result may carry on to the agent."""

from __future__ import annotations

from domain.models import WebSearchResult


def test_a_result_link_or_title_with_credentials_in_it_loses_them() -> None:
    result = WebSearchResult(
        title="https://alice:s3cret@intranet.example/wiki",
        link="https://alice:s3cret@intranet.example/wiki?page=1",
        snippet="the wiki's front page",
    )

    assert result.link == "https://intranet.example/wiki?page=1"
    assert result.title == "https://intranet.example/wiki"
    assert "s3cret" not in result.model_dump_json()
