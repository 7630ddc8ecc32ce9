"""Cutting a page to its best passages: blocks, document order, gaps, owning headings, the budget."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.passages import GAP, Block, focus, head, split_blocks

PAGE = """# Zoo guide

Welcome to the zoo.
Open every day.

## Mammals

- lions sleep
- zebras graze

| animal | legs |
|---|---|
| zebra | 4 |

```python
x = 1

y = 2
```

### Stripes

Zebra stripes confuse biting flies.

## Birds

Parrots talk.
"""


def texts(blocks: list[Block]) -> list[str]:
    return [b.text for b in blocks]


def scored(blocks: list[Block], **wanted: float) -> list[float]:
    return [next((score for word, score in wanted.items() if word in b.text), 0.0) for b in blocks]


def test_blocks_are_paragraphs_list_items_table_rows_whole_code_and_headings() -> None:
    blocks = split_blocks(PAGE)
    assert texts(blocks) == [
        "# Zoo guide",
        "Welcome to the zoo.\nOpen every day.",
        "## Mammals",
        "- lions sleep",
        "- zebras graze",
        "| animal | legs |",
        "|---|---|",
        "| zebra | 4 |",
        "```python\nx = 1\n\ny = 2\n```",
        "### Stripes",
        "Zebra stripes confuse biting flies.",
        "## Birds",
        "Parrots talk.",
    ]
    assert [b.level for b in blocks if b.level] == [1, 2, 3, 2]
    assert all(PAGE[b.start : b.end].strip() == b.text for b in blocks)


def test_a_page_that_fits_comes_back_whole() -> None:
    blocks = split_blocks(PAGE)
    result = focus(PAGE, blocks, [0.0] * len(blocks), len(PAGE))
    assert (result.text, result.omitted_chars, result.resume_at) == (PAGE, 0, None)


def test_the_best_block_is_kept_with_the_headings_that_own_it_and_gaps_are_marked() -> None:
    blocks = split_blocks(PAGE)
    result = focus(PAGE, blocks, scored(blocks, biting=5.0), 105)
    assert (
        result.text
        == f"# Zoo guide\n\n{GAP}\n\n## Mammals\n\n{GAP}\n\n### Stripes\n\nZebra stripes confuse biting flies.\n\n{GAP}"
    )
    assert result.focused
    # Reading on in order starts at the first block left out: the welcome paragraph.
    assert result.resume_at == PAGE.index("Welcome")
    assert result.omitted_chars == len(PAGE) - sum(len(b.text) for b in blocks if b.text in result.text)


def test_kept_blocks_stay_in_document_order_whatever_their_scores() -> None:
    blocks = split_blocks(PAGE)
    result = focus(PAGE, blocks, scored(blocks, Parrots=9.0, lions=1.0), 100)
    assert result.text.index("lions sleep") < result.text.index("Parrots talk.")


def test_adjacent_list_items_and_table_rows_stay_on_consecutive_lines() -> None:
    blocks = split_blocks(PAGE)
    result = focus(PAGE, blocks, scored(blocks, lions=2.0, zebras=2.0), 85)
    assert "- lions sleep\n- zebras graze" in result.text


def test_unmatched_blocks_fill_what_is_left_from_the_top() -> None:
    blocks = split_blocks(PAGE)
    result = focus(PAGE, blocks, scored(blocks, Parrots=3.0), 105)
    assert "Parrots talk." in result.text and "Welcome to the zoo." in result.text


def test_head_cuts_the_start_and_reads_on_where_it_stopped() -> None:
    result = head("line one\nline two\nline three\n", 20)
    assert (result.text, result.resume_at, result.focused) == ("line one\nline two\n", 18, False)
    assert result.omitted_chars == len("line three\n")


words = st.sampled_from(["alpha", "beta", "gamma", "delta", "# Title", "- item", "| row |", "```", "\n"])


@given(st.lists(st.lists(words, min_size=1, max_size=8).map(" ".join), max_size=30), st.integers(0, 400))
def test_a_focused_cut_never_exceeds_its_budget(paragraphs: list[str], budget: int) -> None:
    page = "\n\n".join(paragraphs)
    blocks = split_blocks(page)
    scores = [float(len(b.text) % 3) for b in blocks]
    result = focus(page, blocks, scores, budget)
    assert len(result.text) <= max(budget, 0) or result.text == page
    assert result.omitted_chars >= 0
