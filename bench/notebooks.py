"""What reading a Jupyter notebook costs, and how much of it the agent is spared.

A notebook is made here the way data-science notebooks are: markdown cells between code cells,
plots saved as base64 PNGs (--plot-kb each), pandas tables saved as HTML and text, a training log
of --log-lines lines, a traceback with its colour codes; --cells cells in all, just under the
5 MB download cap. It is read as the tool reads it (the extractor, as a raw-file host serves it:
``text/plain``), whole and cut short at half its size (the cap's case: its cells before the cut),
and as pretty-printed JSON (what the tool gave before notebooks were read as such). For each: the
bytes read, the characters the agent gets, and the median and worst time of --repeat readings.

Usage: python -m bench.notebooks [--cells 400] [--plot-kb 85] [--log-lines 20000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adapters.pages.extractor import TrafilaturaExtractor  # noqa: E402
from domain.pages import FetchedPage  # noqa: E402

URL = "https://raw.example.org/lab/analysis.ipynb"


def notebook(cells: int, plot_kb: int, log_lines: int) -> dict[str, Any]:
    rng = random.Random(7)
    plot = base64.b64encode(rng.randbytes(plot_kb * 750)).decode()
    table_html = (
        "<table class='dataframe'>"
        + "".join(f"<tr><th>{row}</th><td>{rng.random():.6f}</td><td>{rng.random():.6f}</td></tr>" for row in range(20))
        + "</table>"
    )
    table_text = "\n".join(f"{row:>3}  {rng.random():.6f}  {rng.random():.6f}" for row in range(20))
    made: list[dict[str, Any]] = []
    for index in range(cells):
        if index % 2 == 0:
            made.append(
                {
                    "cell_type": "markdown",
                    "metadata": {},
                    "source": f"## Step {index // 2}\n\nWe look at the data again.",
                }
            )
            continue
        outputs: list[dict[str, Any]] = []
        if index % 8 == 1:
            outputs.append(
                {
                    "output_type": "display_data",
                    "metadata": {},
                    "data": {"image/png": plot, "text/plain": "<Figure size 640x480 with 1 Axes>"},
                }
            )
        elif index % 8 == 3:
            outputs.append(
                {
                    "output_type": "execute_result",
                    "execution_count": index,
                    "metadata": {},
                    "data": {"text/html": table_html, "text/plain": table_text},
                }
            )
        elif index % 8 == 5:
            outputs.append({"output_type": "stream", "name": "stdout", "text": f"loss {rng.random():.4f}\n"})
        if index == 7:
            log = "".join(f"epoch {n} loss {rng.random():.4f}\n" for n in range(log_lines))
            outputs.append({"output_type": "stream", "name": "stdout", "text": log})
        if index == 9:
            outputs.append(
                {
                    "output_type": "error",
                    "ename": "KeyError",
                    "evalue": "'label'",
                    "traceback": ["\x1b[0;31mKeyError\x1b[0m: 'label'"] * 40,
                }
            )
        made.append(
            {
                "cell_type": "code",
                "execution_count": index,
                "metadata": {},
                "outputs": outputs,
                "source": f"frame = frame.assign(step={index})\nfit(frame)",
            }
        )
    return {
        "cells": made,
        "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def timed(extractor: TrafilaturaExtractor, page: FetchedPage, repeat: int) -> tuple[list[float], str]:
    times, text = [], ""
    for _ in range(repeat):
        began = time.perf_counter()
        text = extractor.extract(page)
        times.append(time.perf_counter() - began)
    return times, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=400)
    parser.add_argument("--plot-kb", type=int, default=85)
    parser.add_argument("--log-lines", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    body = json.dumps(notebook(args.cells, args.plot_kb, args.log_lines), indent=1).encode()
    extractor = TrafilaturaExtractor()
    cases = {
        "whole notebook, text/plain": FetchedPage(URL, 200, "text/plain", "utf-8", body),
        "cut at half its size": FetchedPage(URL, 200, "text/plain", "utf-8", body[: len(body) // 2], truncated=True),
        "as JSON (before: a notebook was JSON)": FetchedPage(
            "https://raw.example.org/lab/data.json",
            200,
            "application/json",
            "utf-8",
            body.replace(b'"nbformat"', b'"format"'),
        ),
    }
    print(f"notebook: {args.cells} cells, {len(body):,} bytes; {args.repeat} readings each\n")
    print("| reading | bytes read | characters out | median | worst |")
    print("|---|---|---|---|---|")
    for name, page in cases.items():
        times, text = timed(extractor, page, args.repeat)
        median, worst = statistics.median(times) * 1000, max(times) * 1000
        print(f"| {name} | {len(page.body):,} | {len(text):,} | {median:.0f} ms | {worst:.0f} ms |")


if __name__ == "__main__":
    main()
