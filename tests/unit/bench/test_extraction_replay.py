"""The replay's cache says which code made it, so a replay over another code's reading is flagged."""

from __future__ import annotations

import pickle
from pathlib import Path

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
