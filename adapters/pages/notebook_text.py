"""Jupyter notebooks (nbformat 4, and 3 as older files have it) as the Markdown a reader sees.

A notebook is JSON. Read as JSON, an agent got each cell's source as a list of quoted lines,
every plot as kilobytes of base64, and tracebacks full of terminal colour codes: a notebook of a
few plots filled its context with image bytes. Here markdown cells stay Markdown, code cells
become fenced code in the kernel's language, and each output follows its cell after "Output:" as
the notebook saved it: text (its head and tail when long), an image as ``[Image: ...]``, a table
as its plain-text form, an error as its name, message and traceback without colour codes.
Empty cells are left out. Bounded: each output is cut to its head and tail, an HTML output is
converted from its first 100,000 characters, and every other piece is a part of the notebook's
own text or a short placeholder for a part it replaces, so the Markdown is about as long as the
notebook's text at most.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from adapters.pages.fences import fenced
from adapters.pages.html_fragments import fragment_markdown

# One output's text. A cell that printed a training log of 100,000 lines keeps its head (what it
# started with) and its tail (where it ended, usually the result or the error).
MAX_OUTPUT_CHARS = 3_000
_TAIL_CHARS = 1_000
# An HTML output is converted (a bounded amount of work in the worker) from its head only.
MAX_HTML_CHARS = 100_000
# Terminal control sequences (colours, cursor moves) in tracebacks and progress bars.
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
# Images inlined in a markdown cell: a data address or a cell attachment. The ends are optional so
# that a match, once started, always succeeds: one pass over the text, however it is cut.
_INLINE_IMAGE = re.compile(r"!\[([^\]\n]{0,300})\]\((?:data:|attachment:)[^)\s]*\)?")
_HTML_DATA_IMAGE = re.compile(r"<img\b[^>]{0,2000}?\bsrc=[\"']data:[^\"']*[\"']?[^>]*>?", re.IGNORECASE)
_CELLS_FIRST = re.compile(r'\s*\{\s*"cells"\s*:\s*\[')
_BETWEEN_CELLS = re.compile(r"\s*,?\s*(?=\{)")
_LANGUAGE = re.compile(r"[^a-z0-9+#-]")
_IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/svg+xml", "image/webp")
# nbformat 3 kept each output's data under short keys.
_V3_KEYS = {
    "text": "text/plain", "png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml",
    "html": "text/html", "latex": "text/latex", "markdown": "text/markdown", "json": "application/json",
}  # fmt: skip


@dataclass(frozen=True)
class Notebook:
    cells: list[dict[str, Any]]
    language: str  # the kernel's, for code cells that do not name their own; "" when unknown
    cut: bool = False  # the file ended early: these are the cells before the cut


def looks_like_notebook(body: bytes, *, named: bool = False) -> bool:
    """Cheap: whether ``body`` may be a notebook, before parsing it: a JSON object that names its
    nbformat, or (``named``: its address ends in ``.ipynb``) one that starts with its cells."""
    head = body[:64].lstrip()
    if head[:1] != b"{":
        return False
    if b'"nbformat"' in body and (b'"cells"' in body or b'"worksheets"' in body):
        return True
    return named and _CELLS_FIRST.match(body.decode("ascii", errors="replace")[:64]) is not None


def notebook_of(text: str) -> Notebook | None:
    """The notebook in ``text``, or None when it is not one (not JSON, or JSON of another kind).

    A notebook the download cap cut short is not valid JSON; when its cells come first (as every
    nbformat 4 writer puts them), the whole cells before the cut are read."""
    try:
        parsed = json.loads(text)
    except RecursionError:
        return None
    except ValueError:
        return _cells_before_cut(text)
    if not isinstance(parsed, dict) or not isinstance(parsed.get("nbformat"), int):
        return None
    cells = _cells(parsed)
    return None if cells is None else Notebook(cells, _language(parsed))


def notebook_markdown(notebook: Notebook, *, title: str = "") -> str:
    """The notebook as Markdown: ``# title`` when given, a line saying what it is, then its cells."""
    parts = [f"# {title}"] if title else []
    code_count = sum(1 for cell in notebook.cells if cell.get("cell_type") == "code")
    kernel = f"{notebook.language} " if notebook.language else ""
    cells = f"{len(notebook.cells)} cell" + ("" if len(notebook.cells) == 1 else "s")
    counted = f"{cells}, {code_count} of them code"
    if notebook.cut:
        counted = f"its first {counted} (the file was cut short)"
    parts.append(f"*A Jupyter {kernel}notebook: {counted}; outputs as saved.*")
    for cell in notebook.cells:
        parts.extend(_cell_markdown(cell, notebook.language))
    return "\n\n".join(parts) + "\n"


def _cells_before_cut(text: str) -> Notebook | None:
    start = _CELLS_FIRST.match(text)
    if start is None:
        return None
    decoder = json.JSONDecoder()
    cells: list[dict[str, Any]] = []
    index = start.end()
    while (step := _BETWEEN_CELLS.match(text, index)) is not None:
        try:
            cell, index = decoder.raw_decode(text, step.end())
        except (ValueError, RecursionError):
            break
        if isinstance(cell, dict):
            cells.append(cell)
    return Notebook(cells, "", cut=True) if cells else None


def _cells(notebook: dict[str, Any]) -> list[dict[str, Any]] | None:
    cells = notebook.get("cells")
    if isinstance(cells, list):
        return [cell for cell in cells if isinstance(cell, dict)]
    worksheets = notebook.get("worksheets")
    if isinstance(worksheets, list):
        return [
            cell
            for sheet in worksheets
            if isinstance(sheet, dict)
            for cell in _list(sheet.get("cells"))
            if isinstance(cell, dict)
        ]
    return None


def _language(notebook: dict[str, Any]) -> str:
    metadata = _dict(notebook.get("metadata"))
    for named in (_dict(metadata.get("kernelspec")).get("language"), _dict(metadata.get("language_info")).get("name")):
        if isinstance(named, str) and named.strip():
            return _LANGUAGE.sub("", named.strip().lower())[:20]
    return ""


def _cell_markdown(cell: dict[str, Any], language: str) -> Iterator[str]:
    kind = cell.get("cell_type")
    source = _joined(cell.get("source", cell.get("input"))).strip("\n")
    if kind == "markdown":
        if source.strip():
            yield _images_named(source)
    elif kind == "heading":  # nbformat 3
        level = cell.get("level")
        depth = level if isinstance(level, int) and 1 <= level <= 6 else 1
        if source.strip():
            yield f"{'#' * depth} {' '.join(source.split())}"
    elif kind == "code":
        cell_language = cell.get("language")  # nbformat 3 names it per cell
        label = _LANGUAGE.sub("", cell_language.lower())[:20] if isinstance(cell_language, str) else language
        if source.strip():
            yield fenced(source, label)
        outputs = [shown for output in _list(cell.get("outputs")) if (shown := _output_markdown(output))]
        if outputs:
            yield "Output:"
            yield from outputs
    elif kind == "raw" and source.strip():
        yield fenced(source)


def _output_markdown(output: Any) -> str:
    if not isinstance(output, dict):
        return ""
    kind = output.get("output_type")
    if kind == "stream":
        return _text_block(_joined(output.get("text")))
    if kind in ("error", "pyerr"):
        return _error(output)
    data = _dict(output.get("data"))
    if not data:  # nbformat 3: pyout and display_data hold their data beside the output type
        data = {mime: output[key] for key, mime in _V3_KEYS.items() if key in output}
    return _data_markdown(data)


def _data_markdown(data: dict[str, Any]) -> str:
    """The form of a rich output a reader gets most from: Markdown, then text, then an image's placeholder."""
    if "text/markdown" in data:
        return _bounded(_joined(data["text/markdown"])).strip()
    if "text/latex" in data and "text/plain" not in data:
        return _bounded(_joined(data["text/latex"])).strip()
    plain = _joined(data.get("text/plain"))
    # An object's repr ("<Figure size 640x480 with 1 Axes>", "<IPython.core.display.HTML object>")
    # says less than the image or the HTML beside it.
    only_repr = plain.lstrip().startswith("<") and plain.rstrip().endswith(">")
    if plain.strip() and not only_repr:
        return _text_block(plain)
    for mime in _IMAGE_TYPES:
        if mime in data:
            return f"[Image: {_image_name(plain)} ({mime})]"
    if "text/html" in data:
        return _html_markdown(_joined(data["text/html"])) or _text_block(plain)
    if plain.strip():
        return _text_block(plain)
    if any(mime.startswith("application/vnd.jupyter.widget") for mime in data):
        return "[An interactive widget, shown only when the notebook runs]"
    return ""


def _html_markdown(html: str) -> str:
    """An HTML output (a styled table, a rendered report) as Markdown, its first ``MAX_HTML_CHARS`` only."""
    markdown = _bounded(fragment_markdown(html[:MAX_HTML_CHARS]).strip())
    if len(html) > MAX_HTML_CHARS:
        markdown += f"\n\n[... the output's HTML passed {MAX_HTML_CHARS:,} characters; the rest is left out ...]"
    return markdown


def _image_name(repr_text: str) -> str:
    return " ".join(repr_text.strip().strip("<>").split())[:80] or "output"


def _error(output: dict[str, Any]) -> str:
    name = output.get("ename")
    value = output.get("evalue")
    headline = ": ".join(part for part in (name, value) if isinstance(part, str) and part)
    traceback = _ANSI.sub("", "\n".join(line for line in _list(output.get("traceback")) if isinstance(line, str)))
    body = "\n".join(part for part in (traceback, "" if headline in traceback else headline) if part)
    return _text_block(body or headline or "an error, saved without its message")


def _text_block(text: str) -> str:
    shown = _last_draws(_ANSI.sub("", text)).strip("\n")
    return fenced(_bounded(shown), "text") if shown.strip() else ""


def _last_draws(text: str) -> str:
    """A progress bar redraws its line after carriage returns: each line as it was last drawn."""
    if "\r" not in text:
        return text
    return "\n".join(line.rstrip("\r").rsplit("\r", 1)[-1] for line in text.split("\n"))


def _bounded(text: str) -> str:
    if len(text) <= MAX_OUTPUT_CHARS:
        return text
    head = text[: MAX_OUTPUT_CHARS - _TAIL_CHARS]
    left_out = len(text) - len(head) - _TAIL_CHARS
    return f"{head}\n[... {left_out:,} characters of output left out ...]\n{text[-_TAIL_CHARS:]}"


def _images_named(markdown: str) -> str:
    """Images a markdown cell carries inline (base64, attachments) as placeholders, not their bytes."""
    markdown = _INLINE_IMAGE.sub(lambda found: f"[Image: {found.group(1).strip() or 'embedded'}]", markdown)
    return _HTML_DATA_IMAGE.sub("[Image: embedded]", markdown)


def _joined(value: Any) -> str:
    """A multiline string as nbformat stores it: a string, or a list of its lines."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(line for line in value if isinstance(line, str))
    return ""


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
