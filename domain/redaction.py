"""The one choke point that keeps secret values out of anything a user or a log can see."""

from __future__ import annotations

import re
from collections.abc import Iterable

MASK = "***"
_MIN_SECRET_LENGTH = 4  # shorter values would mask ordinary words
# scheme://user:pass@ - up to the last "@" before the path, as URL parsers read it. A scheme is
# read for at most 64 characters (registered schemes are far shorter): tried at every word's start, a
# scheme read to the end of a long run of "a-a-a" each time made 40,000 characters take 0.4 s.
_URL_USERINFO = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.\-]{0,63}://)[^/?#\s]*@")


class Redactor:
    """Replaces every known secret value, and the credentials of any URL, in a text with a mask."""

    def __init__(self, secrets: Iterable[str]) -> None:
        # Longest first, so a secret containing another is masked whole.
        self._secrets = sorted({s for s in secrets if len(s.strip()) >= _MIN_SECRET_LENGTH}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, MASK)
        return _URL_USERINFO.sub(rf"\1{MASK}@", text)

    def __bool__(self) -> bool:
        return bool(self._secrets)


def without_userinfo(text: str) -> str:
    """``text`` with the ``user:pass@`` part of every URL in it left out."""
    return _URL_USERINFO.sub(r"\1", text)
