"""Jupyter notebooks read as their cells and saved outputs, not as JSON with base64 plots in it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.pages.extractor import TrafilaturaExtractor
from adapters.pages.notebook_text import MAX_OUTPUT_CHARS, looks_like_notebook, notebook_markdown, notebook_of
from domain.pages import FetchedPage

LINE_FIT = Path(__file__).parents[3] / "support" / "pages" / "line_fit.ipynb"

EXPECTED = """\
*A Jupyter python notebook: 8 cells, 6 of them code; outputs as saved.*

# Fitting a line to noisy data

We generate points around $y = 2x + 1$ and fit them with least squares.

[Image: the data]

```python
import numpy as np
import matplotlib.pyplot as plt
import pandas as pd
```

```python
rng = np.random.default_rng(0)
x = np.linspace(0, 10, 50)
y = 2 * x + 1 + rng.normal(0, 0.5, x.size)
slope, intercept = np.polyfit(x, y, 1)
print(f"slope {slope:.3f}, intercept {intercept:.3f}")
```

Output:

```text
slope 2.013, intercept 0.987
```

```python
plt.scatter(x, y)
plt.plot(x, slope * x + intercept, color="red")
plt.show()
```

Output:

[Image: Figure size 640x480 with 1 Axes (image/png)]

```python
pd.DataFrame({"x": x, "y": y}).head(1)
```

Output:

```text
          x         y
0  0.000000  1.062862
```

```python
slope / 0
```

Output:

```text
---------------------------------------------------------------------------
ZeroDivisionError                         Traceback (most recent call last)
Cell In[5], line 1
----> 1 slope / 0

ZeroDivisionError: division by zero
```

## What the fit says

The slope is within 1% of the true value.
"""


def notebook(*cells: dict[str, Any], language: str = "python") -> str:
    return json.dumps(
        {"cells": list(cells), "metadata": {"kernelspec": {"language": language}}, "nbformat": 4, "nbformat_minor": 5}
    )


def code(source: str, *outputs: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "metadata": {}, "source": source, "outputs": list(outputs)}


def stream(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def read(text: str) -> str:
    parsed = notebook_of(text)
    assert parsed is not None
    return notebook_markdown(parsed)


def test_a_notebook_reads_as_its_cells_and_outputs_without_image_bytes_or_colour_codes() -> None:
    text = LINE_FIT.read_text("utf-8")

    markdown = read(text)

    assert markdown == EXPECTED
    assert len(markdown) < len(text) / 5  # two plots' base64 and the JSON's quoting gone


def test_a_title_heads_it_when_given() -> None:
    parsed = notebook_of(LINE_FIT.read_text("utf-8"))
    assert parsed is not None
    assert notebook_markdown(parsed, title="demo/line_fit.ipynb").startswith("# demo/line_fit.ipynb\n\n*A Jupyter")


def test_a_long_output_keeps_its_head_and_its_tail() -> None:
    log = "".join(f"step {n}\n" for n in range(20_000))
    markdown = read(notebook(code("train()", {"output_type": "stream", "name": "stdout", "text": log})))

    assert "step 0\n" in markdown and "step 19999" in markdown and "step 10000\n" not in markdown
    assert "characters of output left out ...]" in markdown
    assert len(markdown) < MAX_OUTPUT_CHARS + 500


def test_a_progress_bar_shows_its_last_draw() -> None:
    bar = "  0%|          | 0/3\r 33%|###       | 1/3\r100%|##########| 3/3\n"
    markdown = read(notebook(code("run()", {"output_type": "stream", "name": "stderr", "text": bar})))
    assert "100%|##########| 3/3" in markdown and "33%" not in markdown


def test_text_built_to_make_the_patterns_backtrack_reads_in_one_pass() -> None:
    line = "x" * 300_000  # one long line, no carriage return: a per-position scan would be quadratic
    unclosed = "![a](data:" * 30_000  # each image's address runs on into the next one's
    spaced = "![b](data:x " * 30_000 + '<img src="data:y ' * 30_000
    cells = [{"cell_type": "markdown", "source": source} for source in (unclosed, spaced)]
    markdown = read(notebook(*cells, code("p", stream(line))))
    assert markdown.count("[Image: a]") == 1 and markdown.count("[Image: b]") == 30_000
    assert "left out" in markdown and "data:" not in markdown


def test_an_html_output_without_a_text_form_is_converted() -> None:
    html = "<p><b>Report</b></p><table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>"
    data = {"text/html": html, "text/plain": "<IPython.core.display.HTML object>"}
    shown = {"output_type": "display_data", "metadata": {}, "data": data}
    markdown = read(notebook(code("show()", shown)))
    assert "**Report**\n\n| k | v |\n| --- | --- |\n| a | 1 |" in markdown
    assert "IPython.core.display" not in markdown


def test_widgets_and_markdown_outputs_are_said_and_shown() -> None:
    widget = {"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x"}}}
    md = {"output_type": "execute_result", "data": {"text/markdown": "**bold** result", "text/plain": "<Markdown>"}}
    markdown = read(notebook(code("w", widget), code("m", md)))
    assert "[An interactive widget, shown only when the notebook runs]" in markdown
    assert "**bold** result" in markdown


def test_code_holding_a_fence_cannot_close_its_own() -> None:
    markdown = read(notebook(code('doc = """\n```python\nx = 1\n```\n"""')))
    assert "````python\ndoc = " in markdown and markdown.rstrip().endswith("````")


def test_inline_images_in_markdown_cells_become_placeholders() -> None:
    source = 'See ![chart](data:image/png;base64,QUJD) and <img src="data:image/gif;base64,R0lG">'
    cell = {"cell_type": "markdown", "source": source}
    markdown = read(notebook(cell))
    assert "See [Image: chart] and [Image: embedded]" in markdown and "base64" not in markdown


def test_an_nbformat_3_notebook_is_read_too() -> None:
    old = {
        "metadata": {"name": "old"},
        "nbformat": 3,
        "nbformat_minor": 0,
        "worksheets": [
            {
                "cells": [
                    {"cell_type": "heading", "level": 2, "source": ["Old style"]},
                    {
                        "cell_type": "code",
                        "language": "python",
                        "input": ["print(1)"],
                        "outputs": [
                            {"output_type": "stream", "stream": "stdout", "text": ["1\n"]},
                            {"output_type": "pyout", "text": ["2"], "prompt_number": 1},
                            {"output_type": "display_data", "png": "iVBORw0KGgo="},
                            {"output_type": "pyerr", "ename": "KeyError", "evalue": "'k'", "traceback": []},
                        ],
                    },
                ]
            }
        ],
    }
    markdown = read(json.dumps(old))
    assert markdown == (
        "*A Jupyter notebook: 2 cells, 1 of them code; outputs as saved.*\n\n## Old style\n\n"
        "```python\nprint(1)\n```\n\nOutput:\n\n```text\n1\n```\n\n```text\n2\n```\n\n"
        "[Image: output (image/png)]\n\n```text\nKeyError: 'k'\n```\n"
    )


def test_a_notebook_the_download_cap_cut_keeps_its_whole_cells() -> None:
    text = LINE_FIT.read_text("utf-8")
    cut = text[: text.index("slope / 0")]

    assert not looks_like_notebook(cut.encode())  # its nbformat, at the end, is gone
    assert looks_like_notebook(cut.encode(), named=True)
    markdown = read(cut)
    assert markdown.startswith("*A Jupyter notebook: its first 5 cells, 4 of them code (the file was cut short);")
    assert "pd.DataFrame" in markdown and "slope / 0" not in markdown


@pytest.mark.parametrize(
    "text",
    ['{"cells": []}', '{"nbformat": 4, "cells": {}}', '{"nbformat": "4", "cells": []}', "[1, 2]", "{", '{"a": 1}'],
)
def test_json_of_another_kind_is_not_a_notebook(text: str) -> None:
    assert notebook_of(text) is None


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)
_FIELDS = ["cell_type", "source", "input", "outputs", "output_type", "data", "text", "traceback", "ename", "level"]
_CELL = st.dictionaries(st.sampled_from(_FIELDS), _JSON | st.sampled_from(["code", "markdown", "stream", "error"]))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=st.lists(_CELL | _JSON, max_size=6), metadata=_JSON)
def test_a_mangled_notebook_reads_or_is_refused_without_raising(cells: list[Any], metadata: Any) -> None:
    parsed = notebook_of(json.dumps({"cells": cells, "metadata": metadata, "nbformat": 4}))
    assert parsed is not None
    assert notebook_markdown(parsed).startswith("*A Jupyter")


def fetched(body: bytes, content_type: str, url: str = "https://x.example/line_fit.ipynb") -> FetchedPage:
    return FetchedPage(url, 200, content_type, None, body)


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/json", "application/x-ipynb+json", "application/octet-stream", ""]
)
def test_the_extractor_reads_a_notebook_however_it_is_typed(content_type: str) -> None:
    markdown = TrafilaturaExtractor().extract(fetched(LINE_FIT.read_bytes(), content_type))
    assert markdown == EXPECTED


def test_the_extractor_reads_a_cut_notebook_only_at_a_notebook_address() -> None:
    text = LINE_FIT.read_text("utf-8")
    cut = text[: text.index("slope / 0")].encode()
    extractor = TrafilaturaExtractor()

    assert extractor.extract(fetched(cut, "text/plain")).startswith("*A Jupyter notebook: its first 5 cells")
    assert extractor.extract(fetched(cut, "text/plain", "https://x.example/data.txt")) == cut.decode()
