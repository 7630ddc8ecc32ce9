"""Start-up pays for the server, not for what a call may need later: the structure, never a timing.

Desktop clients spawn the server at every launch, so every module imported before the first
answer is waited on. These pin the lazy imports: a heavy module pulled back into the start-up
path (by a module-level import, or by the container building it while opening) fails here.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

# Loaded on first use only: extraction (the workers' fork server imports it, not the server),
# site resolvers and the browser (first page read), Redis (only with a URL), the ranker's
# stemmer, the providers that are not in the chain, and what only terminal commands use.
LATER = (
    "adapters.pages.extractor",
    "adapters.pages.html_article",
    "adapters.sites",
    "adapters.browser",
    "adapters.redis",
    "adapters.search.brave",
    "adapters.search.tavily",
    "adapters.search.perplexity",
    "adapters.search.searxng",
    "adapters.search.duckduckgo",
    "entrypoints.terminal_commands",
    "playwright",
    "trafilatura",
    "resiliparse",
    "readability",
    "html_to_markdown",
    "pypdf",
    "ftfy",
    "redis",
    "lxml",
    "bm25s",
    "Stemmer",
    "icu4py",
)

OPEN_THE_CONTAINER = """
import asyncio, sys
from entrypoints import main, serving, mcp_server
from entrypoints.container import build_container, running
from entrypoints.settings import Settings

async def opened() -> None:
    container = build_container(Settings.from_values({"SERPER_API_KEY": "k", "SEARCHRELAY_BROWSER": "off"}))
    async with running(container):
        print(" ".join(sorted(sys.modules)))

asyncio.run(opened())
"""


def loaded_before_the_first_answer(tmp_path: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", OPEN_THE_CONTAINER],
        env={"HOME": str(tmp_path)}, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return set(done.stdout.split())


def test_opening_the_stdio_server_loads_no_extraction_site_browser_redis_or_unused_provider_module(
    tmp_path: Path,
) -> None:
    loaded = loaded_before_the_first_answer(tmp_path)
    pulled_in = sorted(m for m in loaded for heavy in LATER if m == heavy or m.startswith(heavy + "."))
    assert pulled_in == []
    assert "adapters.search.serper" in loaded  # the one provider in the chain is built, so the probe is real


def test_the_name_the_extraction_workers_get_is_the_extractor_and_they_preload_its_module() -> None:
    # The server no longer imports the extractor to learn these names, so nothing else checks them.
    from adapters.pages.extractor import TrafilaturaExtractor
    from adapters.pages.worker_preload import EXTRACTOR_PATH, WORKER_PRELOAD

    module, _, name = EXTRACTOR_PATH.partition(":")
    extractor = getattr(importlib.import_module(module), name)()
    assert isinstance(extractor, TrafilaturaExtractor)
    assert extractor.has_helper  # a worker reads its pages with a helper process beside it
    assert module in WORKER_PRELOAD
