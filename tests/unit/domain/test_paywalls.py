"""A page's own declaration that it is not free to read (schema.org isAccessibleForFree), in the forms
publishers write it; written for the test, after Google's guidance for subscription content."""

from __future__ import annotations

import pytest

from domain.paywalls import declares_paywall


@pytest.mark.parametrize(
    ("body", "declared"),
    [
        (b'<script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false}</script>', True),
        (b'{"isAccessibleForFree": "False", "hasPart": {"cssSelector": ".paywall"}}', True),
        (b'{"isAccessibleForFree" : "FALSE"}', True),
        (b'{\\"isAccessibleForFree\\":\\"False\\"}', True),  # JSON-LD kept in a script's string
        (b'<meta itemprop="isAccessibleForFree" content="false">', True),
        (b"<meta content='False' itemprop='isAccessibleForFree'/>", True),
        (b'{"isAccessibleForFree": true}', False),
        (b'{"isAccessibleForFree": "True"}', False),
        (b'{"isAccessibleForFree": ""}', False),
        (b'<meta itemprop="isAccessibleForFree" content="true"><meta name="x" content="false">', False),
        (b'<p>isAccessibleForFree is how publishers mark a paywall; "false" means closed.</p>', False),
        (b'{"isaccessibleforfree": false}', False),  # schema.org's names are case-sensitive
        (b"<p>An open article.</p>", False),
    ],
)
def test_the_declaration_is_read_in_the_forms_publishers_write(body: bytes, declared: bool) -> None:
    assert declares_paywall(body) is declared


def test_only_the_first_mentions_are_looked_at() -> None:
    many = b'"isAccessibleForFree": true, ' * 60 + b'"isAccessibleForFree": false'
    assert declares_paywall(many) is False
    assert declares_paywall(b'"isAccessibleForFree": true, ' * 10 + b'"isAccessibleForFree": false') is True
