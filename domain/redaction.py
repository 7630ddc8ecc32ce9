"""The one choke point that keeps secret values out of anything a user or a log can see."""

from __future__ import annotations

from collections.abc import Iterable

MASK = "***"
_MIN_SECRET_LENGTH = 4  # shorter values would mask ordinary words


class Redactor:
    """Replaces every known secret value in a text with a mask."""

    def __init__(self, secrets: Iterable[str]) -> None:
        # Longest first, so a secret containing another is masked whole.
        self._secrets = sorted({s for s in secrets if len(s.strip()) >= _MIN_SECRET_LENGTH}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, MASK)
        return text

    def __bool__(self) -> bool:
        return bool(self._secrets)


def mask_secret(value: str) -> str:
    """A recognisable but harmless form of a key for display: its first 4 characters and its length."""
    if len(value) < 12:
        return f"{MASK} ({len(value)} chars)"
    return f"{value[:4]}{MASK} ({len(value)} chars)"
