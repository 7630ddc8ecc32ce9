"""What big but ordinary pages cost the extraction: one page at a time, the whole pipeline in one process.

The pages are made here, each a few megabytes (under the 5 MB download cap) of what real sites
serve: a data table of --rows (50,000) rows, an article of --paragraphs (20,000) paragraphs, a
catalogue of --items (20,000) linked items with prices, and a ragged table (one row of 2,000
cells over 2,000 short ones) whose Markdown could be mostly padding, and an article of 9,500
paragraphs: 19,000 elements, under the bound past which the slow extractors are not started, so
trafilatura runs and stalls in single native calls. For each it prints the page's size, the
median and worst time of --repeat (3) extractions, the kind it was read as, the candidate kept
and the size of the Markdown. The goal is no page over 2 s.

With --pool the same pages go through what the tool runs: the extraction pool (one worker,
the real extractor, the page timeout of 8 s and the draft deadline of 2 s); it prints the time
from handing the page to the pool to its text, and the text's size. A page whose answer was its
draft shows a smaller text when the draft (the fast extractors' reading) differs.

Usage: python -m bench.big_pages [--rows 50000] [--paragraphs 20000] [--items 20000] [--repeat 3] [--pool]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.pages.html_article import html_to_article  # noqa: E402
from adapters.pages.worker_preload import EXTRACTOR_PATH, WORKER_PRELOAD  # noqa: E402
from domain.pages import FetchedPage  # noqa: E402
from entrypoints.page_adapters import DRAFT_SECONDS  # noqa: E402

URL = "https://data.example.org/reports/2026/annual.html"


def data_table(rows: int) -> str:
    body = "".join(
        f"<tr><td>Station {i}</td><td>{i * 3 % 997} mm</td><td>{2000 + i % 26}</td></tr>" for i in range(rows)
    )
    return (
        "<html><head><title>Rainfall</title></head><body><nav><a href='/'>Home</a></nav><main><h1>Rainfall by"
        f" station</h1><p>Yearly totals.</p><table><tr><th>Station</th><th>Total</th><th>Year</th></tr>{body}"
        "</table></main><footer>Open data</footer></body></html>"
    )


def long_article(paragraphs: int) -> str:
    body = "".join(
        f"<p>Paragraph {i} of the report weighs the <a href='/notes/{i}'>evidence</a> gathered that season.</p>"
        for i in range(paragraphs)
    )
    return f"<html><body><article><h1>The long report</h1>{body}</article></body></html>"


def catalogue(items: int) -> str:
    cards = "".join(
        f"<li class='card'><a href='/p/{i}'>Trail shoe model {i}</a> <span class='price'>${i % 90 + 10}.99</span></li>"
        for i in range(items)
    )
    return f"<html><body><main><h1>All shoes</h1><ul class='grid'>{cards}</ul></main></body></html>"


def ragged_table(short_rows: int) -> str:
    wide = "<tr>" + "<td>x</td>" * short_rows + "</tr>"
    rows = "<tr><td>name</td><td>value</td></tr>" * short_rows
    words = "Every score of the season. " * 20
    return f"<html><body><main><h1>Scores</h1><p>{words}</p><table>{wide}{rows}</table></main></body></html>"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--paragraphs", type=int, default=20_000)
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pool", action="store_true", help="through the extraction pool, as the tool runs it")
    args = parser.parse_args()
    pages = {
        f"data table, {args.rows:,} rows": data_table(args.rows),
        f"article, {args.paragraphs:,} paragraphs": long_article(args.paragraphs),
        f"catalogue, {args.items:,} items": catalogue(args.items),
        "ragged table, one row of 2,000 cells over 2,000 short rows": ragged_table(2_000),
        "article, 9,500 paragraphs (under the element bound)": long_article(9_500),
    }
    if args.pool:
        anyio.run(through_the_pool, pages, args.repeat)
        return
    print("| page | size | median / worst | read as | kept | Markdown |")
    print("|---|---|---|---|---|---|")
    for name, html in pages.items():
        times, article = [], None
        for _ in range(args.repeat):
            start = time.perf_counter()
            article = html_to_article(html, URL)
            times.append(time.perf_counter() - start)
        assert article is not None
        print(
            f"| {name} | {len(html.encode()) / 1e6:.1f} MB | {statistics.median(times):.2f} / {max(times):.2f} s "
            f"| {article.kind} | {article.method} | {len(article.markdown.encode()) / 1e6:.2f} MB |"
        )


async def through_the_pool(pages: dict[str, str], repeat: int) -> None:
    from adapters.pages.extraction_pool import ProcessExtractionPool

    pool = ProcessExtractionPool(
        EXTRACTOR_PATH, workers=1, timeout_seconds=8.0, draft_seconds=DRAFT_SECONDS, preload=WORKER_PRELOAD
    )
    try:
        await pool.extract(page_of("<html><body><p>warm</p></body></html>"))
        print("| page | size | median / worst | text |")
        print("|---|---|---|---|")
        for name, html in pages.items():
            times, text = [], ""
            for _ in range(repeat):
                start = time.perf_counter()
                text = await pool.extract(page_of(html))
                times.append(time.perf_counter() - start)
            print(
                f"| {name} | {len(html.encode()) / 1e6:.1f} MB | {statistics.median(times):.2f} / {max(times):.2f} s "
                f"| {len(text.encode()) / 1e6:.2f} MB |"
            )
    finally:
        await pool.aclose()


def page_of(html: str) -> FetchedPage:
    return FetchedPage(url=URL, status=200, content_type="text/html", charset="utf-8", body=html.encode())


if __name__ == "__main__":
    main()
