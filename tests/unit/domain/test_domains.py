"""Domain filters: which host names are accepted, and which links they let through."""

from __future__ import annotations

import pytest

from domain.domains import MAX_DOMAINS, check_disjoint, link_allowed, parse_domains
from domain.errors import InvalidRequestError


@pytest.mark.parametrize(
    ("given", "parsed"),
    [
        (["python.org"], ("python.org",)),
        (["  Docs.Python.ORG  "], ("docs.python.org",)),
        (["www.python.org"], ("python.org",)),
        (["python.org."], ("python.org",)),
        (["bücher.de"], ("xn--bcher-kva.de",)),
        (["xn--bcher-kva.de", "BÜCHER.de"], ("xn--bcher-kva.de",)),
        (["python.org", "python.org", "www.python.org"], ("python.org",)),
        (["edu"], ("edu",)),
        (["www.com"], ("www.com",)),
        ([], ()),
    ],
)
def test_host_names_are_lower_cased_idna_encoded_without_www_and_without_repeats(
    given: list[str], parsed: tuple[str, ...]
) -> None:
    assert parse_domains("include_domains", given) == parsed


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (
            "https://python.org/docs",
            "include_domains entry 'https://python.org/docs' is not a host name; pass the host alone, such as "
            "'example.com' (no scheme, path or port).",
        ),
        ("python.org:443", "include_domains entry 'python.org:443' is not a host name;"),
        ("user@python.org", "include_domains entry 'user@python.org' is not a host name;"),
        ("*.python.org", "include_domains entry '*.python.org' has a wildcard; name the domain alone ('python.org')"),
        ("", "include_domains holds an empty domain; name host names such as 'example.com'."),
        ("  ", "include_domains holds an empty domain"),
        ("python org", "include_domains entry 'python org' is not a valid host name; use one such as 'example.com'."),
        ("-python.org", "is not a valid host name"),
        ("python..org", "is not a valid host name"),
        ("a" * 64 + ".org", "is not a valid host name"),
        (".".join(["a" * 60] * 5), "is not a valid host name"),
        ("python_org.com", "is not a valid host name"),
    ],
)
def test_anything_but_a_host_name_gets_one_plain_sentence(given: str, message: str) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        parse_domains("include_domains", [given])
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_at_most_twenty_domains_are_taken() -> None:
    twenty = [f"site{n}.example" for n in range(MAX_DOMAINS)]
    assert len(parse_domains("exclude_domains", twenty)) == MAX_DOMAINS
    with pytest.raises(InvalidRequestError, match=r"^exclude_domains holds 21 domains; name at most 20\.$"):
        parse_domains("exclude_domains", [*twenty, "one-more.example"])


def test_a_domain_both_included_and_excluded_is_refused_but_a_subdomain_may_be_excluded() -> None:
    with pytest.raises(InvalidRequestError, match=r"'python\.org' is in both include_domains and exclude_domains"):
        check_disjoint(("python.org", "pypi.org"), ("python.org",))
    check_disjoint(("python.org",), ("wiki.python.org",))


# One row per (filters, link) -> let through or not: the rule the application enforces on every answer.
INCLUDE = ("python.org",)
EXCLUDE = ("pinterest.com",)


@pytest.mark.parametrize(
    ("include", "exclude", "link", "allowed"),
    [
        ((), (), "https://anything.example/", True),
        (INCLUDE, (), "https://python.org/", True),
        (INCLUDE, (), "https://www.python.org/downloads/", True),
        (INCLUDE, (), "https://docs.python.org/3/", True),
        (INCLUDE, (), "https://DOCS.Python.org./3/", True),
        (INCLUDE, (), "https://python.org:8443/", True),
        (INCLUDE, (), "https://notpython.org/", False),
        (INCLUDE, (), "https://python.org.evil.example/", False),
        (INCLUDE, (), "https://python.org@evil.example/", False),
        (INCLUDE, (), "https://evil.example/?u=https://python.org/", False),
        ((), EXCLUDE, "https://pinterest.com/pin/1", False),
        ((), EXCLUDE, "https://www.pinterest.com/pin/1", False),
        ((), EXCLUDE, "https://uk.pinterest.com/pin/1", False),
        ((), EXCLUDE, "https://pinterest.com.example/", True),
        ((), EXCLUDE, "https://user:pw@pinterest.com/", False),
        ((), ("xn--bcher-kva.de",), "https://bücher.de/buch", False),
        ((), ("xn--bcher-kva.de",), "https://www.xn--bcher-kva.de/", False),
        (INCLUDE, ("wiki.python.org",), "https://wiki.python.org/moin", False),
        (INCLUDE, ("wiki.python.org",), "https://docs.python.org/", True),
        (INCLUDE, (), "not a link", False),
        ((), EXCLUDE, "not a link", True),
    ],
)
def test_a_link_passes_when_under_an_included_domain_and_under_no_excluded_one(
    include: tuple[str, ...], exclude: tuple[str, ...], link: str, allowed: bool
) -> None:
    assert link_allowed(link, include, exclude) is allowed
