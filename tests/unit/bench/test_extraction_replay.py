"""The replay's cache says which code made it, so a replay over another code's reading is flagged."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest

from bench.extraction_replay import Cached, changed_sources, load_cache, source_digests, staleness_note


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_digests_cover_the_page_adapters_and_the_domain_and_nothing_else(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {"adapters/pages/kinds.py": "A = 1\n", "domain/lines.py": "B = 2\n", "adapters/http/client.py": "C = 3\n"},
    )

    assert sorted(source_digests(root)) == ["adapters/pages/kinds.py", "domain/lines.py"]


def test_an_edited_an_added_and_a_removed_file_are_each_named(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"adapters/pages/kinds.py": "A = 1\n", "adapters/pages/gone.py": "G = 0\n"})
    recorded = source_digests(root)
    (root / "adapters/pages/kinds.py").write_text("A = 2\n")
    (root / "adapters/pages/gone.py").unlink()
    _tree(root, {"domain/new.py": "N = 1\n"})

    assert changed_sources(recorded, source_digests(root)) == [
        "adapters/pages/gone.py",
        "adapters/pages/kinds.py",
        "domain/new.py",
    ]
    assert changed_sources(recorded, recorded) == []


def test_a_cache_keeps_the_digests_it_was_saved_with(tmp_path: Path) -> None:
    pages = {("articles", "a1"): Cached("articles", "a1", "article", answers={"whole page": "# Story"})}
    path = tmp_path / "cache.pkl"
    path.write_bytes(pickle.dumps({"pages": pages, "sources": {"domain/lines.py": "abc"}}))

    loaded, recorded = load_cache(path)

    assert loaded[("articles", "a1")].answers == {"whole page": "# Story"}
    assert recorded == {"domain/lines.py": "abc"}


def test_a_cache_from_before_digests_loads_and_says_it_cannot_tell(tmp_path: Path) -> None:
    path = tmp_path / "old.pkl"
    path.write_bytes(pickle.dumps({("articles", "a1"): Cached("articles", "a1", "article")}))

    loaded, recorded = load_cache(path)

    assert list(loaded) == [("articles", "a1")] and recorded is None
    assert "does not say which code made it" in (staleness_note(path, changed_sources(recorded, {})) or "")


def test_the_note_names_the_changed_files_and_counts_the_rest() -> None:
    changed = [f"adapters/pages/m{n}.py" for n in range(10)]

    note = staleness_note(Path("/tmp/c.pkl"), changed) or ""

    assert note.startswith("note: 10 source files changed since /tmp/c.pkl was made (adapters/pages/m0.py, ")
    assert "m7.py and 2 more)" in note and "m8.py" not in note
    assert "--save again" in note
    assert staleness_note(Path("/tmp/c.pkl"), []) is None


def _plain_page(seconds: dict[str, float], reading_seconds: float = 0.0) -> Cached:
    from adapters.pages.page_kind import Structure
    from adapters.pages.structured_data import StructuredData

    answers = {name: f"# Walks\n\nThe valley walk, as {name} read it." for name in seconds}
    structure = Structure(text_chars=100, code_chars=0)
    return Cached(
        "page-types", "0001", "page", StructuredData(), structure, answers, seconds, frozenset(), reading_seconds
    )


PLAIN_PROFILE = {
    "resiliparse": 0.05,
    "whole page": 0.02,
    "trafilatura with comments": 0.06,
    "readability": 0.05,
}


def test_replayed_on_a_host_as_fast_as_the_cache_s_every_candidate_votes() -> None:
    from bench.extraction_replay import _Budgeted

    run = _Budgeted(_plain_page(PLAIN_PROFILE), slower=1)

    assert set(run.many(tuple(PLAIN_PROFILE))) == set(PLAIN_PROFILE)


def test_replayed_on_a_slower_host_the_budget_leaves_out_the_last_candidates_cheapest_first() -> None:
    from bench.extraction_replay import _Budgeted

    # Ten times slower: Resiliparse 0.5 s, the whole page 0.2 s (0.7), trafilatura 0.6 s (started at
    # 0.7, when the quickest one's 0.2 s still fit the 1 s budget: 1.3); readability not started.
    made = _Budgeted(_plain_page(PLAIN_PROFILE), slower=10).many(tuple(PLAIN_PROFILE))

    assert list(made) == ["resiliparse", "whole page", "trafilatura with comments"]
    assert all(made.values())


def test_a_candidate_that_would_run_past_the_page_s_stop_has_found_nothing() -> None:
    from bench.extraction_replay import _Budgeted

    # The page's reading took 1.4 s: trafilatura, started at 1.47 s, would end past the 1.5 s stop,
    # and so would readability; Resiliparse and the whole page are never stopped.
    run = _Budgeted(_plain_page(PLAIN_PROFILE, reading_seconds=1.4), slower=1)

    made = run.many(tuple(PLAIN_PROFILE))

    assert made["trafilatura with comments"] == "" and made["readability"] == ""
    assert made["whole page"] and made["resiliparse"]


def test_the_budgeted_replay_of_a_quick_page_is_the_plain_replay() -> None:
    from bench.extraction_replay import replay

    page = _plain_page(PLAIN_PROFILE)

    assert replay(page, slower=0.5) == replay(page)


_OPENING = "# Our services\n\n" + "For forty years our engineers have kept the valley's bridges in service. " * 4
_SECTIONS = "\n\n".join(
    f"## {name}\n\nEngineers climb, measure and report on every part of it, and say plainly what it needs."
    for name in ("Bridges", "Tunnels", "Flood walls", "Earthworks", "Harbour walls", "Dams")
)


@pytest.mark.parametrize(
    ("kind", "drafted_by"),
    [
        # A plain page's opening holds one of its seven sections: the pruned whole page, made next, is sent.
        ("page", "whole page"),
        # An article's draft is its check, Resiliparse, alone: the tool makes nothing else never stopped first.
        ("article", "resiliparse"),
    ],
)
def test_the_drafts_replay_gives_the_last_draft_the_tool_would_send(kind: str, drafted_by: str) -> None:
    from bench.extraction_replay import drafted

    page = dataclasses.replace(
        _plain_page(PLAIN_PROFILE),
        kind=kind,
        answers={
            **_plain_page(PLAIN_PROFILE).answers,
            "resiliparse": _OPENING,
            "whole page": f"{_OPENING}\n\n{_SECTIONS}",
        },
    )

    assert drafted(page) == page.answers[drafted_by]


def test_a_page_lxml_could_not_read_has_no_draft() -> None:
    from bench.extraction_replay import drafted

    assert drafted(dataclasses.replace(_plain_page(PLAIN_PROFILE), kind=None)) == ""
