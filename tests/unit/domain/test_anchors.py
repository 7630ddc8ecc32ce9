"""Where an address's #fragment points in a page's Markdown: a heading's id, or a text fragment's words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.anchors import Anchor, anchor

PAGE = """# Guide

Intro text here, before any section.

## 2.3. Installing packages

Use pip to install.

```
## Configuring (a comment in a shell script)
```

## Configuring

Set the variables.

## Browser compatibility

The quick [brown](https://example.org/fox) fox jumps over the *lazy* dog near the river bank today.

### インストール

日本語の説明。
"""


def at(start: str) -> Anchor:
    """The anchor at the line that begins with ``start``."""
    index = PAGE.index(start)
    return Anchor(index, PAGE[index:].split("\n", 1)[0])


@pytest.mark.parametrize(
    ("fragment", "line"),
    [
        ("installing-packages", "## 2.3. Installing packages"),  # the section number left out, as generators do
        ("2-3-installing-packages", "## 2.3. Installing packages"),
        ("browser_compatibility", "## Browser compatibility"),  # MDN's underscores
        ("Browser%20compatibility", "## Browser compatibility"),
        ("configuring", "## Configuring\n"),  # not the line inside the code block
        ("%E3%82%A4%E3%83%B3%E3%82%B9%E3%83%88%E3%83%BC%E3%83%AB", "### インストール"),
    ],
)
def test_a_fragment_naming_a_heading_points_at_its_line(fragment: str, line: str) -> None:
    assert anchor(PAGE, fragment) == at(line)


@pytest.mark.parametrize(
    "fragment",
    [
        ":~:text=brown%20fox%20jumps",  # the words a link's text and emphasis hold, as the reader sees them
        ":~:text=the%20quick-,brown%20fox,-jumps",  # prefix and suffix aside
        ":~:text=Brown%20Fox,lazy%20dog",  # start and end: the start is where it begins
        "configuring:~:text=quick%20brown%20fox%20jumps%20over%20the%20sleepy%20cat",  # its first six words
    ],
)
def test_a_text_fragment_points_at_the_line_holding_its_words(fragment: str) -> None:
    assert anchor(PAGE, fragment) == at("The quick [brown](https://example.org/fox) fox jumps over the *lazy* dog")


def test_a_text_fragment_not_found_falls_back_to_the_section_it_was_given_with() -> None:
    assert anchor(PAGE, "configuring:~:text=nowhere%20on%20this%20page") == at("## Configuring\n")


@pytest.mark.parametrize("fragment", ["", "main", "/settings", "!/home", "---", ":~:text=", ":~:text=absent%20words"])
def test_a_route_an_unknown_id_or_unmatched_words_point_nowhere(fragment: str) -> None:
    assert anchor(PAGE, fragment) is None


@given(st.text(alphabet=st.sampled_from(list("#[]()`*\\_-.:~=&%0123456789 abc\n")), max_size=400), st.text(max_size=60))
def test_any_page_and_fragment_are_read_without_raising(markdown: str, fragment: str) -> None:
    found = anchor(markdown, fragment)
    assert found is None or markdown[found.index :].startswith(found.line)


API = """# json — JSON encoder and decoder

The module's json.dumps_compat helper and xjson.dumps are other names.

## Basic usage

`json.dumps(obj, *, skipkeys=False)`

Serialize obj to a JSON formatted string.

### std::vec::Vec
"""


@pytest.mark.parametrize(
    ("fragment", "line"),
    [
        ("json.dumps", "`json.dumps(obj, *, skipkeys=False)`"),  # the name whole, not inside another
        ("std::vec::Vec", "### std::vec::Vec"),
        ("basic-usage", "## Basic usage"),  # a heading's id before any symbol
    ],
)
def test_a_fragment_naming_an_api_symbol_points_at_the_first_line_naming_it(fragment: str, line: str) -> None:
    assert anchor(API, fragment) == Anchor(API.index(line), line)


@pytest.mark.parametrize("fragment", ["json.loads", "dumps", "a.b.c"])
def test_a_symbol_the_page_does_not_name_or_a_bare_word_points_nowhere(fragment: str) -> None:
    assert anchor(API, fragment) is None
