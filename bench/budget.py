"""How big searchrelay's answers are, and how often a focused cut keeps the answer where a head cut drops it.

1. Wire sizes, through the in-process MCP client and the real container, against a helper thread
   on 127.0.0.1 that plays Serper (20 results) and the web (real pages from the article corpus,
   ../shared/corpora/article-extraction, the longest first): for the default call, num_results=20
   (full pages, the default), num_results=20 snippets only, web_fetch of the longest page, and
   web_fetch of it with focus: characters and estimated tokens (chars/4) of the text content and
   of the whole JSON-RPC response, against the 10,000-token warning and the 25,000-token refusal
   of Claude Code's defaults.
2. Focus: 31 question/answer pairs written by hand for corpus pages (bench/data/budget_questions.json;
   each answer is a sentence of the page's hand-checked article body). Each page is extracted as
   the server extracts it; a cut of N characters keeps the answer when the answer's words appear in
   it in order. Focused cut (BM25 over the page's blocks, application/fit_pages.py) against a head
   cut of the same size, at several sizes.

Prints figures, asserts nothing. Usage: python -m bench.budget [--sizes 1000 2000 4000]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import html
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.pages.extractor import TrafilaturaExtractor  # noqa: E402
from adapters.ranking.bm25 import Bm25Ranker  # noqa: E402
from application.fit_pages import PageFitter  # noqa: E402
from bench.extraction_metrics import markdown_to_text  # noqa: E402
from domain.budget import estimated_tokens  # noqa: E402
from domain.pages import FetchedPage  # noqa: E402
from domain.passages import head  # noqa: E402

CORPUS = ROOT.parent / "shared/corpora/article-extraction"
QUESTIONS = ROOT / "bench/data/budget_questions.json"
WARN_TOKENS, REFUSE_TOKENS = 10_000, 25_000
_WORD = re.compile(r"\w+")


# --- the helper: Serper and the web on one 127.0.0.1 port ------------------------------------------


def corpus_pages() -> tuple[dict[str, bytes], list[str]]:
    """Every corpus page by id, and the ids from the longest article to the shortest."""
    truth = json.loads((CORPUS / "ground-truth.json").read_text(encoding="utf-8"))
    pages = {pid: gzip.decompress((CORPUS / "html" / f"{pid}.html.gz").read_bytes()) for pid in truth}
    return pages, sorted(truth, key=lambda pid: -len(truth[pid]["articleBody"]))


def long_page(truth_bodies: list[str]) -> bytes:
    """No corpus article is long enough to need paging, so the long page is the 12 longest articles in one."""
    sections = []
    for number, body in enumerate(truth_bodies[:12], start=1):
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in body.split("\n") if p.strip())
        sections.append(f"<h2>Part {number}</h2>{paragraphs}")
    return f"<html><head><title>Long</title></head><body><article>{''.join(sections)}</article></body></html>".encode()


def start_helper(pages: dict[str, bytes], order: list[str]) -> tuple[ThreadingHTTPServer, str]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # Serper
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            port = self.server.server_address[1]
            organic = [
                {
                    "title": f"Corpus page {i}",
                    "link": f"http://127.0.0.1:{port}/page/{pid}",
                    "snippet": "A snippet " * 15,
                }
                for i, pid in enumerate(order[:20])
            ]
            self._send(json.dumps({"organic": organic}).encode(), "application/json")

        def do_GET(self) -> None:
            self._send(pages[self.path.rsplit("/", 1)[-1]], "text/html")

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def wire_chars(result: Any) -> int:
    payload = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    return len(json.dumps({"jsonrpc": "2.0", "id": 1, "result": payload}, ensure_ascii=False))


async def wire_sizes(base: str, longest: str, question: str) -> list[tuple[str, int, int, float]]:
    from mcp import Client

    from entrypoints.container import build_container
    from entrypoints.mcp_server import build_server
    from entrypoints.settings import Settings

    settings = Settings.from_values(
        {"SERPER_API_KEY": "bench-key", "SERPER_BASE_URL": base, "SEARCHRELAY_ALLOW_PRIVATE_NETWORKS": True}
    )
    page = f"{base}/page/{longest}"
    calls = [
        ("web_search default (3 results, full pages)", "web_search", {"query": question}),
        ("web_search num_results=20 (full pages)", "web_search", {"query": question, "num_results": 20}),
        ("  the same, max_chars=2000", "web_search", {"query": question, "num_results": 20, "max_chars": 2000}),
        ("  the same, max_chars=200000", "web_search", {"query": question, "num_results": 20, "max_chars": 200000}),
        ("web_search num_results=20 snippets only", "web_search", {"query": question, "num_results": 20,
                                                                    "return_full_pages": False}),
        ("web_fetch long page (defaults)", "web_fetch", {"url": page}),
        ("web_fetch long page, max_bytes=102400", "web_fetch", {"url": page, "max_bytes": 102400}),
        ("web_fetch long page, focus", "web_fetch", {"url": page, "focus": question}),
    ]  # fmt: skip
    rows = []
    async with Client(build_server(build_container(settings))) as client:
        await client.call_tool("web_fetch", {"url": f"{base}/page/{longest}"})  # warm-up: imports, workers
        for label, tool, arguments in calls:
            started = time.perf_counter()
            result = await client.call_tool(tool, arguments)
            took = time.perf_counter() - started
            assert not result.is_error, result.content
            text = "\n".join(getattr(c, "text", "") for c in result.content)
            rows.append((label, len(text), wire_chars(result), took))
    return rows


# --- focused cut against head cut --------------------------------------------------------------------


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def keeps(cut_text: str, answer: str) -> bool:
    wanted, have = " ".join(words(answer)), " ".join(words(markdown_to_text(cut_text)))
    return wanted in have


def focus_figures(pages: dict[str, bytes], sizes: list[int]) -> tuple[int, int, dict[int, tuple[int, int, int]]]:
    extractor = TrafilaturaExtractor()
    ranker = Bm25Ranker()
    pairs = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    usable = 0
    tallies = {size: [0, 0, 0] for size in sizes}  # focused kept, head kept, answer past the head cut
    for pair in pairs:
        page = FetchedPage(url=f"https://corpus.example/{pair['page']}", status=200, content_type="text/html",
                           charset=None, body=pages[pair["page"]])  # fmt: skip
        markdown = extractor.extract(page)
        if not keeps(markdown, pair["answer"]):
            continue  # extraction lost the sentence: no cut can keep it
        usable += 1
        for size in sizes:
            focused = PageFitter(ranker, pair["question"]).focused(markdown, size).text
            headed = head(markdown, size).text
            tallies[size][0] += keeps(focused, pair["answer"])
            tallies[size][1] += keeps(headed, pair["answer"])
            tallies[size][2] += not keeps(headed, pair["answer"])
    return len(pairs), usable, {size: (t[0], t[1], t[2]) for size, t in tallies.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 4000])
    args = parser.parse_args()
    pages, order = corpus_pages()
    truth = json.loads((CORPUS / "ground-truth.json").read_text(encoding="utf-8"))
    served = {**pages, "long": long_page([truth[pid]["articleBody"] for pid in order])}
    server, base = start_helper(served, order)
    question = json.loads(QUESTIONS.read_text(encoding="utf-8"))[0]["question"]
    try:
        rows = asyncio.run(wire_sizes(base, "long", question))
    finally:
        server.shutdown()
    print("Answer sizes (text = what the model reads; message = the whole JSON-RPC response; tokens = chars/4)")
    print(f"{'call':<44} {'text chars':>10} {'~tokens':>8} {'message':>9} {'~tokens':>8} {'msg/text':>8}  vs 10k/25k")
    for label, text, message, took in rows:
        verdict = "under both" if estimated_tokens(text) <= WARN_TOKENS else (
            "warns" if estimated_tokens(text) <= REFUSE_TOKENS else "refused")  # fmt: skip
        print(f"{label:<44} {text:>10,} {estimated_tokens(text):>8,} {message:>9,} {estimated_tokens(message):>8,} "
              f"{message / text:>8.2f}  {verdict}  ({took * 1000:.0f} ms)")  # fmt: skip
    total, usable, tallies = focus_figures(pages, args.sizes)
    print()
    print(f"Focused cut vs head cut of the same size: {total} hand-written question/answer pairs, "
          f"{usable} whose answer survives extraction")  # fmt: skip
    print(f"{'cut size':>10} {'focused keeps':>14} {'head keeps':>11} {'answer past the head':>21}")
    for size, (focused, headed, past) in tallies.items():
        print(f"{size:>10,} {focused:>9}/{usable:<4} {headed:>6}/{usable:<4} {past:>16}/{usable}")


if __name__ == "__main__":
    main()
