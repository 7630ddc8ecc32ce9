"""Start-up pays for the server, not for the parsers and extractors a call may need later."""

from __future__ import annotations

import subprocess
import sys

# Each is imported on first use: by the extraction workers, the ranker, a provider's parser or the browser.
HEAVY = ("lxml", "trafilatura", "readability", "resiliparse", "pypdf", "bm25s", "Stemmer", "playwright", "markdownify")


def test_stdio_start_up_loads_no_parser_extractor_or_browser() -> None:
    probe = (
        "import sys, entrypoints.main, entrypoints.serving, entrypoints.mcp_server, entrypoints.container;"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
