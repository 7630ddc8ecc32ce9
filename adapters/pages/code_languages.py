"""Code blocks labelled with the language their page names for them.

Documentation names each sample's language in its markup, for the highlighter: ``language-python``
(Prism, highlight.js, most Markdown renderers), ``lang-bash``, Sphinx's ``highlight-python``,
GitHub's ``highlight-source-go``, pandoc's ``sourceCode rust``, ``data-lang="yaml"``. Every
extractor dropped it and wrote a bare fence, so the agent read a sample without knowing whether it
was the shell's or the config file's. The languages are read from the tree before any candidate
runs, keyed by the code's text (its non-space characters, which every candidate keeps), and
written on the opening fence of each block of the chosen answer that has none.
"""

from __future__ import annotations

import re

from adapters.pages.html_markdown import Element

# A class naming a language, and the language (Prism/hljs/markdown-it, SO/Google prettify, Sphinx,
# GitHub, SyntaxHighlighter).
_CLASS = re.compile(
    r"(?:^|\s)(?:language-|lang-|highlight-source-|highlight-|brush:\s*)([A-Za-z0-9_+#.-]{1,20})(?=\s|$)"
)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+#.-]{0,19}")
_NOT_LANGUAGES = frozenset({"none", "text", "plaintext", "plain", "nohighlight", "default", "notranslate", "txt"})
# A fence opening a block (at any indentation: a list item's block is indented), with its info string.
_OPENING = re.compile(r"([ \t]*)(`{3,}|~{3,})([^`]*)")
#: Code blocks looked at on one page; a page of more is a listing of code, not samples to label.
MAX_BLOCKS = 2_000

CodeLanguages = dict[str, str]


def code_languages(root: Element) -> CodeLanguages:
    """The page's code blocks that name their language: their text (spaces aside) -> the language."""
    found: CodeLanguages = {}
    for index, block in enumerate(root.iter("pre")):
        if index >= MAX_BLOCKS:
            break
        language = _language(block)
        key = _key("".join(block.itertext()))
        if language and key:
            found.setdefault(key, language)
    return found


def fences_labelled(markdown: str, languages: CodeLanguages) -> str:
    """``markdown`` with each bare opening fence given the language its block's text has on the page."""
    if not languages or ("```" not in markdown and "~~~" not in markdown):
        return markdown
    lines = markdown.split("\n")
    number = 0
    while number < len(lines):
        opening = _OPENING.fullmatch(lines[number])
        if opening is None:
            number += 1
            continue
        indent, fence, info = opening.groups()
        close = next((k for k in range(number + 1, len(lines)) if _closes(lines[k], fence)), None)
        if close is None:
            break
        if not info.strip() and (language := languages.get(_key("\n".join(lines[number + 1 : close])))):
            lines[number] = f"{indent}{fence}{language}"
        number = close + 1
    return "\n".join(lines)


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes a block ``fence`` opened: its character only, as many or more."""
    stripped = line.strip()
    return len(stripped) >= len(fence) and set(stripped) == {fence[0]}


def _language(block: Element) -> str | None:
    code = next(block.iter("code"), None)
    for element in (code, block, block.getparent(), _grandparent(block)):
        if element is None:
            continue
        for attribute in ("data-lang", "data-language"):
            named = (element.get(attribute) or "").strip()
            if _NAME.fullmatch(named) and named.lower() not in _NOT_LANGUAGES:
                return named.lower()
        for match in _CLASS.finditer(element.get("class") or ""):
            if match.group(1).lower() not in _NOT_LANGUAGES:
                return match.group(1).lower()
        classes = (element.get("class") or "").split()
        if "sourceCode" in classes and len(classes) > 1:  # pandoc: class="sourceCode python"
            named = next((c for c in classes if c != "sourceCode"), "")
            if _NAME.fullmatch(named) and named.lower() not in _NOT_LANGUAGES:
                return named.lower()
    return None


def _grandparent(block: Element) -> Element | None:
    parent = block.getparent()
    return parent.getparent() if parent is not None else None


def _key(code: str) -> str:
    return "".join(code.split())
