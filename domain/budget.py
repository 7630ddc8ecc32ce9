"""One character budget per answer: the limits, and how pages share what the results leave over.

Characters, not bytes or tokens: the budget is about what the model reads, and a character count
is exact and cheap where a token count depends on the model. Four characters make about one
token of English text, which is what the figures in bench/budget.py assume.
"""

from __future__ import annotations

from collections.abc import Sequence

MIN_MAX_CHARS = 2_000
MAX_MAX_CHARS = 200_000
DEFAULT_MAX_CHARS = 60_000  # about 15,000 tokens: past Claude Code's 10,000-token warning, well short of 25,000
CHARS_PER_TOKEN = 4


def fair_shares(available: int, wants: Sequence[int]) -> list[int]:
    """Split ``available`` characters among pages that want ``wants`` characters each.

    Max-min fairness (water filling): every page gets the same share, except that a page wanting
    less than its share takes only what it wants and the rest goes to the others. The shares never
    add up to more than ``available``; a page never gets more than it wants.
    """
    shares = [0] * len(wants)
    left = max(available, 0)
    waiting = sorted(range(len(wants)), key=lambda i: wants[i])
    while waiting:
        even = left // len(waiting)
        smallest = waiting[0]
        if wants[smallest] <= even:
            shares[smallest] = max(wants[smallest], 0)
            left -= shares[smallest]
            waiting.pop(0)
            continue
        # Nobody left wants less than an even share: split what is left evenly, the odd characters to the first.
        for rank, index in enumerate(sorted(waiting)):
            shares[index] = even + (1 if rank < left - even * len(waiting) else 0)
        break
    return shares


def estimated_tokens(characters: int) -> int:
    return -(-characters // CHARS_PER_TOKEN)
