"""DocC's render JSON (the data behind Apple's documentation pages) as Markdown.

A DocC page is drawn in the browser from one JSON document per page: its title and kind
(``metadata``), a one-line summary (``abstract``), the declaration, parameters and discussion
(``primaryContentSections``), the members grouped by task (``topicSections``), what it conforms
to or inherits (``relationshipsSections``) and related pages (``seeAlsoSections``). Every link
is a key into ``references``, which holds each target's title, address and summary. The content
is a tree of typed blocks (paragraph, heading, codeListing, aside, lists, table, termList,
tabNavigator...) holding typed inline content (text, codeVoice, reference, emphasis...). Unknown
types are read for whatever text they hold; a wrong type reads as missing; nesting is bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adapters.json_fields import obj, objs, strings, text
from adapters.pages.fences import code_span, fenced

# Deeper than any page nests its content; a hostile answer cannot exhaust the stack.
_MAX_DEPTH = 30
_DECLARATION_LANGUAGES = {"swift": "swift", "occ": "objc", "data": "json"}
_EMPHASIS = {"emphasis": "*", "italic": "*", "strong": "**", "newTerm": "*", "inlineHead": "**", "strikethrough": "~~"}
_PROPERTY_MARKS = (("required", "required"), ("deprecated", "deprecated"), ("readOnly", "read-only"))
# Sections that are a list of named things, and the heading each gets when it names none.
_LISTED_SECTIONS = {
    "properties": "Properties", "restParameters": "Parameters", "restResponses": "Response Codes",
    "possibleValues": "Possible Values",
}  # fmt: skip


class DoccPage:
    """One render JSON document and the site its relative links belong to."""

    def __init__(self, node: dict[str, Any], site: str) -> None:
        self._node = node
        self._references = obj(node, "references")
        self._site = site.rstrip("/")

    def markdown(self) -> str:
        metadata = obj(self._node, "metadata")
        title = " ".join(text(metadata.get("title")).split()) or "Untitled"
        parts = [f"# {title}"]
        facts = self._facts(metadata)
        if facts:
            parts.append(f"*{facts}*")
        abstract = self.inline(self._node.get("abstract"))
        if abstract:
            parts.append(abstract)
        deprecated = self.blocks(self._node.get("deprecationSummary"))
        if deprecated:
            parts.append("> **Deprecated:** " + "\n> ".join("\n\n".join(deprecated).splitlines()))
        for section in objs(self._node.get("primaryContentSections")):
            parts.extend(self._primary(section))
        for heading, key in (
            ("Topics", "topicSections"),
            ("Relationships", "relationshipsSections"),
            ("Default Implementations", "defaultImplementationsSections"),
            ("See Also", "seeAlsoSections"),
        ):
            parts.extend(self._grouped_links(heading, objs(self._node.get(key))))
        return "\n\n".join(part for part in parts if part.strip()) + "\n"

    def _facts(self, metadata: dict[str, Any]) -> str:
        """ "Protocol · SwiftUI · iOS 13.0+, macOS 10.15+": what the page documents and where it runs."""
        role = " ".join(text(metadata.get("roleHeading")).split())
        modules = ", ".join(name for module in objs(metadata.get("modules")) if (name := text(module.get("name"))))
        platforms = ", ".join(self._platform(platform) for platform in objs(metadata.get("platforms")))
        return " · ".join(part for part in (role, modules, platforms.strip(", ")) if part)

    @staticmethod
    def _platform(platform: dict[str, Any]) -> str:
        name = text(platform.get("name"))
        if not name:
            return ""
        if platform.get("unavailable") is True:
            return f"{name} (unavailable)"
        since = text(platform.get("introducedAt"))
        shown = f"{name} {since}+" if since else name
        if platform.get("deprecated") is True or text(platform.get("deprecatedAt")):
            shown += f" (deprecated {text(platform.get('deprecatedAt'))})".replace(" )", ")")
        return shown + (" (beta)" if platform.get("beta") is True else "")

    def _primary(self, section: dict[str, Any]) -> Iterator[str]:
        kind = text(section.get("kind"))
        if kind == "declarations":
            for declaration in objs(section.get("declarations")):
                tokens = "".join(text(token.get("text")) for token in objs(declaration.get("tokens")))
                languages = [language for language in strings(declaration.get("languages")) if language]
                label = _DECLARATION_LANGUAGES.get(languages[0], languages[0]) if languages else "swift"
                if tokens.strip():
                    yield fenced(tokens.strip(), label)
        elif kind == "parameters":
            items = [self._named(parameter) for parameter in objs(section.get("parameters"))]
            yield from self._titled_list("Parameters", items)
        elif kind in _LISTED_SECTIONS:
            title = text(section.get("title")) or _LISTED_SECTIONS[kind]
            entries = section.get("items", section.get("values"))
            yield from self._titled_list(title, [self._named(item) for item in objs(entries)])
        elif kind == "restEndpoint":  # the method and the address: "GET https://api.example.com/v1/items/{id}"
            tokens = "".join(text(token.get("text")) for token in objs(section.get("tokens"))).strip()
            if tokens:
                yield from ([f"## {text(section.get('title'))}"] if text(section.get("title")) else [])
                yield fenced(tokens, "http")
        else:  # "content", "restBody", and what later versions add: their blocks, if they have any
            title = text(section.get("title"))
            blocks = self.blocks(section.get("content"))
            if kind == "restBody":  # the body's type, then its fields
                body_type = "".join(text(token.get("text")) for token in objs(section.get("bodyContentType")))
                fields = [f"- {named}" for item in objs(section.get("parameters")) if (named := self._named(item))]
                blocks = (
                    ([f"Type: `{body_type}`"] if body_type else []) + blocks + (["\n".join(fields)] if fields else [])
                )
            if blocks:
                yield from ([f"## {title}"] if title else [])
                yield from blocks

    def _named(self, item: dict[str, Any]) -> str:
        """A parameter, property, value or REST response as one list item."""
        status = item.get("status")
        name = text(item.get("name")) or text(item.get("key"))
        if isinstance(status, int) and not isinstance(status, bool):  # a REST response: "200 OK"
            name = f"{status} {text(item.get('reason'))}".strip()
        kind = "".join(text(token.get("text")) for token in objs(item.get("type")))
        marks = [word for key, word in _PROPERTY_MARKS if item.get(key) is True]
        said = " ".join(" ".join(self.blocks(item.get("content"))).split())
        details = ", ".join(([kind] if kind else []) + marks)
        head = f"`{name}`" + (f" ({details})" if details else "") if name else details
        return f"{head}: {said}" if head and said else head or said

    @staticmethod
    def _titled_list(title: str, items: list[str]) -> Iterator[str]:
        shown = [item for item in items if item]
        if shown:
            yield f"## {title}"
            yield "\n".join(f"- {item}" for item in shown)

    def _grouped_links(self, heading: str, groups: list[dict[str, Any]]) -> Iterator[str]:
        written = []
        for group in groups:
            links = [link for identifier in strings(group.get("identifiers")) if (link := self._linked(identifier))]
            if links:
                title = " ".join(text(group.get("title")).split())
                about = self.inline(group.get("abstract"))
                head = (f"### {title}\n\n" if title else "") + (f"{about}\n\n" if about else "")
                written.append(head + "\n".join(f"- {link}" for link in links))
        if written:
            yield f"## {heading}"
            yield from written

    def _linked(self, identifier: str) -> str:
        """A reference as a list item: its linked title and its one-line summary."""
        target = obj(self._references, identifier)
        title = " ".join(text(target.get("title")).split())
        if not title:
            return ""
        label = f"`{title}`" if text(target.get("kind")) == "symbol" else title
        address = self._address(text(target.get("url")))
        summary = self.inline(target.get("abstract"))
        link = f"[{label}]({address})" if address else label
        return f"{link}: {summary}" if summary else link

    def _address(self, url: str) -> str:
        if url.startswith(("https://", "http://")):
            return url
        return f"{self._site}{url}" if url.startswith("/") else ""

    def blocks(self, content: Any, depth: int = 0) -> list[str]:
        """Block content as Markdown chunks (to be joined by blank lines)."""
        if depth > _MAX_DEPTH:
            return []
        chunks = []
        for block in objs(content):
            chunk = self._block(block, depth + 1)
            if chunk.strip():
                chunks.append(chunk)
        return chunks

    def _block(self, block: dict[str, Any], depth: int) -> str:
        kind = text(block.get("type"))
        if kind == "paragraph":
            return self.inline(block.get("inlineContent"), depth)
        if kind == "heading":
            level = block.get("level")
            depth_marks = "#" * min(6, max(2, level if isinstance(level, int) else 2))
            return f"{depth_marks} {' '.join(text(block.get('text')).split())}"
        if kind == "codeListing":
            code = "\n".join(strings(block.get("code")))
            return fenced(code, text(block.get("syntax"))) if code.strip() else ""
        if kind == "aside":
            name = text(block.get("name")) or text(block.get("style")).capitalize() or "Note"
            body = "\n\n".join(self.blocks(block.get("content"), depth))
            return "\n".join(f"> {line}".rstrip() for line in f"**{name}:** {body}".splitlines())
        if kind in ("unorderedList", "orderedList"):
            return self._list(block, depth, ordered=kind == "orderedList")
        if kind == "termList":
            terms = []
            for item in objs(block.get("items")):
                term = self.inline(obj(item, "term").get("inlineContent"), depth)
                said = " ".join(" ".join(self.blocks(obj(item, "definition").get("content"), depth)).split())
                terms.append(f"- **{term}**: {said}" if said else f"- **{term}**")
            return "\n".join(terms)
        if kind == "table":
            return self._table(block, depth)
        if kind == "tabNavigator":
            tabs = []
            for tab in objs(block.get("tabs")):
                tabs.append("\n\n".join([f"**{text(tab.get('title'))}**", *self.blocks(tab.get("content"), depth)]))
            return "\n\n".join(tabs)
        if kind == "row":
            return "\n\n".join(
                chunk for column in objs(block.get("columns")) for chunk in self.blocks(column.get("content"), depth)
            )
        if kind == "links":
            return "\n".join(f"- {link}" for item in strings(block.get("items")) if (link := self._linked(item)))
        if kind in ("image", "video"):
            label = "Video" if kind == "video" else "Image"
            caption = self.inline(obj(block, "metadata").get("abstract"), depth)
            return f"[{label}: {self._image_alt(text(block.get('identifier')))}]" + (f" {caption}" if caption else "")
        if kind in ("dictionaryExample", "endpointExample"):
            summary = self.blocks(block.get("summary"), depth)
            examples = [obj(block, key) for key in ("example", "request", "response") if obj(block, key)]
            return "\n\n".join([*summary, *(code for example in examples if (code := _example_code(example)))])
        if kind == "thematicBreak":
            return "---"
        return "\n\n".join(self.blocks(block.get("content"), depth)) or self.inline(block.get("inlineContent"), depth)

    def _list(self, block: dict[str, Any], depth: int, *, ordered: bool) -> str:
        start = block.get("start")
        number = start if isinstance(start, int) and 0 <= start < 10**6 else 1
        lines = []
        for offset, item in enumerate(objs(block.get("items"))):
            mark = f"{number + offset}." if ordered else "-"
            if isinstance(item.get("checked"), bool):  # a task list
                mark += " [x]" if item["checked"] else " [ ]"
            body = "\n\n".join(self.blocks(item.get("content"), depth)) or " "
            indent = " " * (len(mark) + 1)
            first, *rest = body.splitlines() or [""]
            lines.append(f"{mark} {first}")
            lines.extend(f"{indent}{line}" if line else "" for line in rest)
        return "\n".join(lines)

    def _table(self, block: dict[str, Any], depth: int) -> str:
        rows = []
        given = block.get("rows")
        for row in given if isinstance(given, list) else []:
            cells = row.get("cells") if isinstance(row, dict) else row  # a row is a list of cells
            if isinstance(cells, list):
                rows.append([self._cell(cell, depth) for cell in cells])
        width = max((len(row) for row in rows), default=0)
        if not width:
            return ""
        rows = [row + [""] * (width - len(row)) for row in rows]
        _spans_filled(rows, obj(block, "extendedData"))
        header = rows.pop(0) if text(block.get("header")) in ("row", "both") else [""] * width
        lines = [_row(header), _row(["---"] * width)]
        lines.extend(_row(row) for row in rows)
        return "\n".join(lines)

    def _cell(self, cell: Any, depth: int) -> str:
        """A cell is a list of blocks (or, as some writers put it, an object holding them)."""
        content = cell.get("content") if isinstance(cell, dict) else cell
        return " ".join(" ".join(self.blocks(content, depth)).split()).replace("|", "\\|")

    def inline(self, content: Any, depth: int = 0) -> str:
        """Inline content as one line of Markdown."""
        if depth > _MAX_DEPTH:
            return ""
        return "".join(self._inline(item, depth + 1) for item in objs(content)).strip()

    def _inline(self, item: dict[str, Any], depth: int) -> str:
        kind = text(item.get("type"))
        if kind == "text":
            return text(item.get("text"))
        if kind == "codeVoice":
            return code_span(text(item.get("code")))
        if kind == "reference":
            target = obj(self._references, text(item.get("identifier")))
            title = (
                text(item.get("overridingTitle"))
                or self.inline(item.get("overridingTitleInlineContent"), depth)
                or text(target.get("title"))
                or self.inline(target.get("titleInlineContent"), depth)
                or text(target.get("url"))
            )
            if not title:
                return ""
            label = f"`{title}`" if text(target.get("kind")) == "symbol" and not item.get("overridingTitle") else title
            address = self._address(text(target.get("url")))
            return f"[{label}]({address})" if address and item.get("isActive") is not False else label
        if kind == "link":
            title = text(item.get("title")) or text(item.get("destination"))
            address = self._address(text(item.get("destination")))
            return f"[{title}]({address})" if address else title
        if kind == "image":
            return f"[Image: {self._image_alt(text(item.get('identifier')))}]"
        inner = self.inline(item.get("inlineContent"), depth)
        if kind in _EMPHASIS and inner:
            return f"{_EMPHASIS[kind]}{inner}{_EMPHASIS[kind]}"
        if kind == "superscript":
            return f"^{inner}"
        return inner

    def _image_alt(self, identifier: str) -> str:
        target = obj(self._references, identifier)
        return " ".join(text(target.get("alt")).split()) or identifier or "figure"


def _spans_filled(rows: list[list[str]], spans: dict[str, Any]) -> None:
    """A cell spanning others (``extendedData``: "row_column" -> colspan, rowspan) written into each
    cell it covers, as a reader sees it across them; a Markdown table has no spans."""
    for key, span in spans.items():
        row, _, column = key.partition("_")
        if not (row.isdigit() and column.isdigit()) or not isinstance(span, dict):
            continue
        top, left = int(row), int(column)
        across, down = (span.get(name) for name in ("colspan", "rowspan"))
        across = across if isinstance(across, int) and 0 < across <= 50 else 1
        down = down if isinstance(down, int) and 0 < down <= 50 else 1
        if top >= len(rows) or left >= len(rows[top]) or not rows[top][left]:
            continue
        for covered_row in rows[top : top + down]:
            for index in range(left, min(left + across, len(covered_row))):
                covered_row[index] = covered_row[index] or rows[top][left]


def _example_code(example: dict[str, Any]) -> str:
    """A code example (``CodeExample``): its parts' lines in one fence in its syntax."""
    lines = [line for part in objs(example.get("content")) for line in strings(part.get("code"))]
    lines = lines or strings(example.get("code"))
    return fenced("\n".join(lines), text(example.get("syntax")) or "json") if "".join(lines).strip() else ""


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
