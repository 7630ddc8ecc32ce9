"""The agent's free-text arguments, made safe to pass on: no control characters in a query or a URL.

A query may arrive with line breaks or tabs pasted in: each run of whitespace holding one of
them becomes one space (plain spaces are left as they are). Other control characters (NUL,
escape sequences, C1 controls) have no business in a search and are refused, naming the
character. A URL gets no such leniency: any control
character in it is refused, since a line break in a URL is how header injection starts.
"""

from __future__ import annotations

import re
import unicodedata

from domain.errors import InvalidRequestError

# Whitespace other than a plain space (line breaks, tabs, Unicode separators), with the spaces around it.
_OTHER_SPACE = "\t\n\v\f\r\x85\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_BREAK_RUN = re.compile(rf"[ {_OTHER_SPACE}]*[{_OTHER_SPACE}][ {_OTHER_SPACE}]*")
_NAMES = {0x00: "NUL", 0x09: "a tab", 0x0A: "a line break", 0x0D: "a carriage return", 0x1B: "ESC", 0x7F: "DEL"}


def clean_query(query: str) -> str:
    """``query`` with line breaks and tabs as single spaces, trimmed; raises ``InvalidRequestError``."""
    cleaned = _BREAK_RUN.sub(" ", query).strip(" ")
    _refuse_controls("query", cleaned)
    return cleaned


def check_url(url: str) -> str:
    """``url`` trimmed; raises ``InvalidRequestError`` when a control character is inside it."""
    trimmed = url.strip()
    _refuse_controls("url", trimmed)
    return trimmed


def _refuse_controls(argument: str, text: str) -> None:
    for position, char in enumerate(text):
        if unicodedata.category(char) == "Cc":
            raise InvalidRequestError(
                f"{argument} contains a control character ({_describe(char)}) at position {position}; remove it."
            )


def _describe(char: str) -> str:
    code = f"U+{ord(char):04X}"
    name = _NAMES.get(ord(char))
    return f"{code}, {name}" if name else code
