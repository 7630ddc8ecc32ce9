"""Logging to stderr only (stdout is the MCP protocol channel), with every secret masked."""

from __future__ import annotations

import logging
import sys

from domain.redaction import Redactor

_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class RedactingFormatter(logging.Formatter):
    """Masks secrets in the fully formatted record, tracebacks included: the last step before output."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__(_FORMAT)
        self._redact = redactor

    def format(self, record: logging.LogRecord) -> str:
        return self._redact(super().format(record))


def configure_logging(level: str, redactor: Redactor) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter(redactor))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    # httpx logs every request URL at INFO; keep it quieter than our own messages.
    logging.getLogger("httpx").setLevel(max(logging.WARNING, root.level))
    # trafilatura warns about every page it finds empty; the page note already says so.
    logging.getLogger("trafilatura").setLevel(max(logging.ERROR, root.level))
