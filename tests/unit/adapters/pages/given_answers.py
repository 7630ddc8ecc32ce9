"""Extractors' answers made beforehand, for the tests of the choice among them."""

from __future__ import annotations

from collections.abc import Mapping


class GivenAnswers:
    """Every candidate's answer, handed back as the choice asks for it (as bench/extraction_replay.py does).

    A candidate without an answer found nothing (""); ``asked`` records which ones the choice asked for.
    """

    def __init__(self, answers: Mapping[str, str]) -> None:
        self.answers = dict(answers)
        self.asked: list[str] = []

    def __call__(self, name: str) -> str:
        self.asked.append(name)
        return self.answers.get(name, "")

    def many(self, names: tuple[str, ...]) -> dict[str, str]:
        return {name: self(name) for name in names}
