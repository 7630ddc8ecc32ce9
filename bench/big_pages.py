"""What big but ordinary pages cost the extraction: one page at a time, the whole pipeline in one process.

The pages are made here, each a few megabytes (under the 5 MB download cap) of what real sites
serve: a data table of --rows (50,000) rows, an article of --paragraphs (20,000) paragraphs, a
catalogue of --items (20,000) linked items with prices, and a ragged table (one row of 2,000
cells over 2,000 short ones) whose Markdown could be mostly padding. For each it prints the
page's size, the median and worst time of --repeat (3) extractions, the kind it was read as, the
candidate kept and the size of the Markdown. The goal is no page over 2 s; the extraction pool
stops a page at the page timeout (8 s by default), so a page past that gives the agent nothing.

Usage: python -m bench.big_pages [--rows 50000] [--paragraphs 20000] [--items 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.pages.html_article import html_to_article  # noqa: E402

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
    args = parser.parse_args()
    pages = {
        f"data table, {args.rows:,} rows": data_table(args.rows),
        f"article, {args.paragraphs:,} paragraphs": long_article(args.paragraphs),
        f"catalogue, {args.items:,} items": catalogue(args.items),
        "ragged table, one row of 2,000 cells over 2,000 short rows": ragged_table(2_000),
    }
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


if __name__ == "__main__":
    main()
