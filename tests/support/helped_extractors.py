"""A test extractor whose helper process (``CandidateHelper``) misbehaves on command, inside a real worker.

The page body is an order: ``helper abort`` (the helper dies of a native crash while making its
candidate), ``helper raise`` (its maker raises), ``helper echo`` (it answers with the page's
HTML upper-cased), ``helper hang then hang PATH`` (it hangs, its worker writes the helper's pid to
PATH and hangs too, for the pool to kill). The answer says what the helper gave and its pid.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from adapters.pages.candidate_helper import CandidateHelper
from domain.pages import FetchedPage

PATH = "tests.support.helped_extractors:HelpedExtractor"


def _crash(html: str) -> str:
    os.abort()


def _fail(html: str) -> str:
    raise ValueError("maker bug")


def _hang(html: str) -> str:
    while True:
        time.sleep(1)


MAKERS = {"abort": _crash, "raise": _fail, "echo": lambda html: html.upper(), "hang": _hang}


class HelpedExtractor:
    def __init__(self) -> None:
        self._helper = CandidateHelper(MAKERS)

    def extract(self, page: FetchedPage) -> str:
        order = page.body.decode()
        maker, _, rest = order.removeprefix("helper ").partition(" then ")
        self._helper.ask("candidate", maker, {"html": order})
        if rest.startswith("hang "):
            Path(rest.removeprefix("hang ")).write_text(str(self._helper.pid))
            while True:
                time.sleep(1)
        answer = self._helper.answer("candidate", 10.0)
        return f"helper gave {answer!r} from {self._helper.pid or 'none'} in worker {os.getpid()}"
