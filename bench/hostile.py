"""What hostile pages cost the server: decompression bombs and pathological pages, through web_fetch.

A helper process (this file with --serve) serves, on 127.0.0.1, one ordinary article and:

  * a gzip, a stacked ``gzip, gzip``, a deflate, a brotli and a zstd bomb, each inflating to
    --bomb-mb (2000) MB of zeros;
  * a --pdf-mb (200) MB PDF, and a PDF whose content stream inflates to --bomb-mb MB;
  * a page of --divs (10 million) nested ``<div>``s; a --line-mb (50) MB text with no line break;
  * a thread page of --quotes (70,000: 5 MB, the download cap) replies, each quoting a line;
  * an article of paragraphs that are each a run of --runs (100,000) characters a Markdown link
    or image begins with ("[", "[\\", "](", "![a](", "<"), and a text of four such runs of "<"
    (the fence's markers begin so): patterns tried at every character of a run, each try
    reading to the run's end, took seconds to minutes on such runs;
  * an article of --floods (5,000) of each piece of markup composed before extraction (KaTeX
    formulas with visual copies, MathML without TeX, server-rendered components with slots, cells
    spanning rows, code blocks naming their language, void elements holding text);
  * a Word document whose text part unpacks to --bomb-mb MB, one whose text is 29 MB of short
    paragraphs (just under the bound past which it is refused; read cut to its first 2 MB), and a
    notebook of 11,000 cells (4.7 MB), each with a redrawn progress line and a coloured traceback.

The bench runs the real container (default caps and workers, private networks allowed since
the helper is local) and reads each through ``FetchPage`` (web_fetch's use case; the window read
is then fenced, as the faces do, in the server's process), sampling
every 5 ms the server's resident memory and that of its extraction workers (and of the helper
process beside each, ``SEARCHRELAY_EXTRACTION_HELPERS``). It prints, for each
input, what the agent gets (one line), the time, the server's peak RSS growth and the largest
worker's peak RSS; then --rounds (50) pathological pages in a row: workers alive afterwards
(the pool's count, and the processes actually found under the fork server) and server RSS
growth; and the median latency of an ordinary page, --ordinary (20) reads before and after.

Usage: python -m bench.hostile [--bomb-mb 2000] [--rounds 50] [--ordinary 20]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import os
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.pages.extraction_pool import ProcessExtractionPool  # noqa: E402
from application.fetch_page import FetchPage  # noqa: E402
from domain.errors import PageUnavailable  # noqa: E402
from entrypoints.container import build_container, running  # noqa: E402
from entrypoints.fence import Fence  # noqa: E402
from entrypoints.settings import Settings  # noqa: E402
from tests.support import hostile_inputs  # noqa: E402

MB = 1_000_000
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


# --- the helper process ------------------------------------------------------------------------


def serve(bomb_mb: int, pdf_mb: int, divs: int, line_mb: int, quotes: int, runs: int, floods: int) -> None:
    from tests.support.page_server import Page, PageServer, article_html

    pages = {"/article": Page(article_html().encode())}
    sizes = []
    for encoding, bomb in hostile_inputs.BOMBS.items():
        body = bomb(bomb_mb * MB)
        sizes.append(f"{encoding}={len(body)}")
        pages[path_of(encoding)] = Page(body, headers=(("Content-Encoding", encoding),))
    pages["/large.pdf"] = Page(hostile_inputs.large_pdf(pdf_mb * MB), content_type="application/pdf", charset=None)
    pages["/bomb.pdf"] = Page(hostile_inputs.pdf_with_bomb(bomb_mb * MB), content_type="application/pdf", charset=None)
    pages["/nested-divs"] = Page(hostile_inputs.nested_divs(divs))
    pages["/single-line.txt"] = Page(hostile_inputs.single_line_text(line_mb * MB), content_type="text/plain")
    pages["/many-quotes"] = Page(hostile_inputs.many_quotes(quotes))
    pages["/punctuation-runs"] = Page(hostile_inputs.punctuation_runs(runs))
    pages["/angle-runs.txt"] = Page(hostile_inputs.angle_runs(runs), content_type="text/plain")
    pages["/markup-floods"] = Page(hostile_inputs.markup_floods(floods))
    pages["/bomb.docx"] = Page(hostile_inputs.word_bomb(bomb_mb * MB), content_type=_DOCX, charset=None)
    pages["/flood.docx"] = Page(hostile_inputs.word_flood(29_000_000), content_type=_DOCX, charset=None)
    pages["/flood.ipynb"] = Page(hostile_inputs.notebook_flood(11_000), content_type="text/plain")
    pages["/flood.odt"] = Page(hostile_inputs.open_document_flood(19_500_000), content_type=_ODT, charset=None)
    pages["/repeats.ods"] = Page(hostile_inputs.repeated_sheet(2**20, 16_384), content_type=_ODS, charset=None)
    with PageServer(pages) as server:
        print(server.port, " ".join(sizes), flush=True)
        sys.stdin.read()  # until the bench closes our stdin


_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_ODT = "application/vnd.oasis.opendocument.text"
_ODS = "application/vnd.oasis.opendocument.spreadsheet"


def path_of(encoding: str) -> str:
    return "/bomb/" + encoding.replace(", ", "-")


def start_helper(args: argparse.Namespace) -> tuple[subprocess.Popen[str], int, str]:
    command = [sys.executable, "-m", "bench.hostile", "--serve", "--bomb-mb", str(args.bomb_mb)]
    command += ["--pdf-mb", str(args.pdf_mb), "--divs", str(args.divs), "--line-mb", str(args.line_mb)]
    command += ["--quotes", str(args.quotes), "--runs", str(args.runs), "--floods", str(args.floods)]
    helper = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert helper.stdout is not None
    port, _, sizes = helper.stdout.readline().strip().partition(" ")
    return helper, int(port), sizes


# --- measuring ------------------------------------------------------------------------------------


def rss(pid: int | str) -> int:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * PAGE_SIZE
    except (OSError, ValueError, IndexError):
        return 0  # the process is gone


def children_of(pids: set[int]) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent in pids:
                found.append(int(entry))
    return found


def extraction_workers(helper_pid: int) -> list[int]:
    """Processes under our fork server: our children other than the helper, then theirs."""
    servers = {pid for pid in children_of({os.getpid()}) if pid != helper_pid}
    return children_of(servers) if servers else []


class Sampler:
    """Peak RSS of the server and of its largest extraction worker while a block runs."""

    def __init__(self, helper_pid: int) -> None:
        self._helper_pid = helper_pid
        self._stop = threading.Event()
        self.server_peak = 0
        self.worker_peak = 0
        self.beside_peak = 0  # the workers' own helper processes (``candidate_helper``)

    def __enter__(self) -> Sampler:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        workers: list[int] = []
        beside: list[int] = []
        tick = 0
        while not self._stop.wait(0.005):
            if tick % 10 == 0:  # looking for new workers costs a /proc scan: every 50 ms
                workers = extraction_workers(self._helper_pid)
                beside = children_of(set(workers)) if workers else []
            tick += 1
            self.server_peak = max(self.server_peak, rss("self"))
            self.worker_peak = max([self.worker_peak, *(rss(pid) for pid in workers)])
            self.beside_peak = max([self.beside_peak, *(rss(pid) for pid in beside)])


@dataclass
class Reading:
    outcome: str
    seconds: float
    server_growth: int
    worker_peak: int


async def read(fetch: FetchPage, url: str) -> str:
    try:
        window = await fetch.run(url, max_bytes=51_200)
    except PageUnavailable as missing:
        return f"refused: {missing.reason}"
    Fence().wrap(window.window.text, "page")  # as the faces hand it to the model
    return f"read: {window.window.total_chars:,} characters of Markdown"


async def measured(fetch: FetchPage, url: str, helper_pid: int) -> Reading:
    before = rss("self")
    with Sampler(helper_pid) as sampler:
        started = time.perf_counter()
        outcome = await read(fetch, url)
        took = time.perf_counter() - started
    return Reading(outcome, took, max(0, sampler.server_peak - before), sampler.worker_peak)


async def ordinary_latency(fetch: FetchPage, base: str, reads: int, tag: str) -> float:
    timings = []
    for number in range(reads):  # a new query string each time: the page cache must not answer
        started = time.perf_counter()
        outcome = await read(fetch, f"{base}/article?{tag}={number}")
        timings.append(time.perf_counter() - started)
        if not outcome.startswith("read"):
            raise SystemExit(f"the ordinary page failed: {outcome}")
    return statistics.median(timings)


async def in_a_row(fetch: FetchPage, base: str, paths: list[str], rounds: int, helper_pid: int) -> None:
    rss_before = rss("self")
    started = time.perf_counter()
    with Sampler(helper_pid) as sampler:
        for number in range(rounds):
            await read(fetch, f"{base}{paths[number % len(paths)]}?round={number}")
    took = time.perf_counter() - started
    peak, after = (sampler.server_peak - rss_before) / MB, (rss("self") - rss_before) / MB
    print(f"{rounds} pathological pages in a row: {took:.1f} s")
    print(f"  worker processes found under the fork server: {len(extraction_workers(helper_pid))}")
    gc.collect()
    collected = (rss("self") - rss_before) / MB
    print(f"  server RSS: {peak:+.1f} MB at peak, {after:+.1f} MB after, {collected:+.1f} MB after gc.collect()")
    print(f"  largest worker RSS during the run: {sampler.worker_peak / MB:.1f} MB")
    print(f"  largest RSS of a worker's helper process during the run: {sampler.beside_peak / MB:.1f} MB")


async def run(args: argparse.Namespace, port: int, helper_pid: int) -> None:
    base = f"http://127.0.0.1:{port}"
    container = build_container(Settings(_env_file=None, SEARCHRELAY_ALLOW_PRIVATE_NETWORKS=True))
    async with running(container) as services:
        pool = container.extraction()
        pool = await pool if inspect.isawaitable(pool) else pool
        await measure_all(args, base, helper_pid, container.settings(), services.fetch_page, pool)


async def measure_all(
    args: argparse.Namespace,
    base: str,
    helper_pid: int,
    settings: Settings,
    fetch: FetchPage,
    pool: ProcessExtractionPool,
) -> None:
    hostile = {f"{encoding} bomb": path_of(encoding) for encoding in hostile_inputs.BOMBS}
    hostile |= {
        f"{args.pdf_mb} MB PDF": "/large.pdf",
        "PDF stream bomb": "/bomb.pdf",
        f"{args.divs:,} nested divs": "/nested-divs",
        f"{args.line_mb} MB single line": "/single-line.txt",
        f"{args.quotes:,} quotes": "/many-quotes",
        f"runs of {args.runs:,} [ ] ( <": "/punctuation-runs",
        f"runs of {args.runs:,} < (text)": "/angle-runs.txt",
        f"{args.floods:,} of each markup": "/markup-floods",
        "Word document bomb": "/bomb.docx",
        "Word document, 29 MB text": "/flood.docx",
        "notebook, 11,000 cells": "/flood.ipynb",
        "ODF text, 19.5 MB text": "/flood.odt",
        "ODF sheet, 2^20 x 16,384": "/repeats.ods",
    }
    await read(fetch, f"{base}/article?warm")
    before = await ordinary_latency(fetch, base, args.ordinary, "before")
    idle = max((rss(pid) for pid in extraction_workers(helper_pid)), default=0)
    print(
        f"caps: download {settings.page_max_download_bytes / MB:g} MB, extraction workers "
        f"{pool.size}, {settings.extraction_memory_mb} MB each, page timeout {settings.page_timeout_seconds:g} s"
    )
    print(f"server RSS {rss('self') / MB:.1f} MB; an idle extraction worker {idle / MB:.1f} MB")
    print(f"{'input':<26}{'time':>9}{'server RSS +':>14}{'worker peak':>13}   outcome")
    for name, path in hostile.items():
        reading = await measured(fetch, base + path + "?once", helper_pid)
        print(
            f"{name:<26}{reading.seconds:>8.2f}s{reading.server_growth / MB:>11.1f} MB"
            f"{reading.worker_peak / MB:>10.1f} MB   {reading.outcome}"
        )

    await in_a_row(fetch, base, list(hostile.values()), args.rounds, helper_pid)
    after = await ordinary_latency(fetch, base, args.ordinary, "after")
    print(f"  workers alive after: {pool.workers_alive()} (pool size {pool.size})")
    print(f"ordinary page, median of {args.ordinary}: {before * 1000:.1f} ms before, {after * 1000:.1f} ms after")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--bomb-mb", type=int, default=2000)
    parser.add_argument("--pdf-mb", type=int, default=200)
    parser.add_argument("--divs", type=int, default=10_000_000)
    parser.add_argument("--line-mb", type=int, default=50)
    parser.add_argument("--quotes", type=int, default=70_000)
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--floods", type=int, default=5_000)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--ordinary", type=int, default=20)
    args = parser.parse_args()
    if args.serve:
        serve(args.bomb_mb, args.pdf_mb, args.divs, args.line_mb, args.quotes, args.runs, args.floods)
        return
    helper, port, sizes = start_helper(args)
    try:
        print(f"bomb sizes on the wire (bytes): {sizes}")
        asyncio.run(run(args, port, helper.pid))
    finally:
        assert helper.stdin is not None
        helper.stdin.close()
        helper.wait(10)


if __name__ == "__main__":
    main()
