"""build_request: the one gate between raw tool/CLI arguments and a validated SearchRequest.

Every rejection must say what would have been accepted, because the caller is usually a model
that will retry with whatever the message suggests.
"""

from __future__ import annotations

from datetime import date

import pytest

from domain.errors import InvalidRequestError
from domain.filters import FRESHNESS_FORMS, Filter, Freshness, Topic
from entrypoints.search_request import build_request


def rejection(**arguments: object) -> str:
    arguments.setdefault("query", "python")
    with pytest.raises(InvalidRequestError) as caught:
        build_request(**arguments)  # type: ignore[arg-type]
    return str(caught.value)


# --- freshness ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parsed", "filter_"),
    [
        pytest.param("pd", Freshness(period="pd"), Filter.FRESHNESS, id="past day"),
        pytest.param("pw", Freshness(period="pw"), Filter.FRESHNESS, id="past week"),
        pytest.param("pm", Freshness(period="pm"), Filter.FRESHNESS, id="past month"),
        pytest.param("py", Freshness(period="py"), Filter.FRESHNESS, id="past year"),
        pytest.param("  pw\t", Freshness(period="pw"), Filter.FRESHNESS, id="surrounding spaces are trimmed"),
        pytest.param(
            "2024-01-01to2024-02-01",
            Freshness(start=date(2024, 1, 1), end=date(2024, 2, 1)),
            Filter.FRESHNESS_RANGE,
            id="a date range",
        ),
        pytest.param(
            "2024-03-05to2024-03-05",
            Freshness(start=date(2024, 3, 5), end=date(2024, 3, 5)),
            Filter.FRESHNESS_RANGE,
            id="a one-day range",
        ),
        pytest.param(
            "2024-02-29to2024-03-01",
            Freshness(start=date(2024, 2, 29), end=date(2024, 3, 1)),
            Filter.FRESHNESS_RANGE,
            id="a leap day",
        ),
    ],
)
def test_valid_freshness_forms_become_a_freshness_and_request_their_filter(
    text: str, parsed: Freshness, filter_: Filter
) -> None:
    request = build_request("python", freshness=text)
    assert request.freshness == parsed
    assert request.requested_filters() == {filter_}


def test_a_freshness_prints_back_in_the_form_it_was_given() -> None:
    assert str(build_request("q", freshness=" 2024-01-01to2024-02-01 ").freshness) == "2024-01-01to2024-02-01"
    assert str(build_request("q", freshness="pm").freshness) == "pm"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("week", id="a word"),
        pytest.param("7d", id="a duration"),
        pytest.param("p1w", id="an ISO duration"),
        pytest.param("2024-01-01", id="a single date"),
        pytest.param("2024-01-01 to 2024-02-01", id="spaces inside the range"),
        pytest.param("2024/01/01to2024/02/01", id="slashes"),
        pytest.param("24-01-01to24-02-01", id="two-digit years"),
        pytest.param("2024-1-1to2024-2-1", id="unpadded months and days"),
        pytest.param("2024-01-01..2024-02-01", id="another separator"),
    ],
)
def test_an_invalid_freshness_is_rejected_with_the_accepted_forms(text: str) -> None:
    message = rejection(freshness=text)
    assert message == f"freshness {text!r} is not valid; use {FRESHNESS_FORMS}."
    assert "pd (past day)" in message and "YYYY-MM-DDtoYYYY-MM-DD" in message


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("2023-02-29to2023-03-01", id="29 February outside a leap year"),
        pytest.param("2024-02-30to2024-03-01", id="30 February"),
        pytest.param("2024-13-01to2024-12-31", id="month 13"),
        pytest.param("2024-01-01to2024-04-31", id="31 April at the end"),
        pytest.param("2024-00-10to2024-01-10", id="month zero"),
    ],
)
def test_an_impossible_date_is_rejected_as_such(text: str) -> None:
    assert rejection(freshness=text) == f"freshness {text!r} holds an impossible date; use {FRESHNESS_FORMS}."


def test_a_range_that_starts_after_it_ends_is_rejected_with_the_fix() -> None:
    message = rejection(freshness="2024-02-01to2024-01-01")
    assert message == "freshness '2024-02-01to2024-01-01' starts after it ends; put the earlier date first."


# --- country and language ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "kept"),
    [("us", "us"), ("DE", "de"), (" gb ", "gb"), ("Ch", "ch")],
)
def test_a_valid_country_is_kept_lower_case(given: str, kept: str) -> None:
    request = build_request("q", country=given)
    assert request.country == kept
    assert request.requested_filters() == {Filter.COUNTRY}


@pytest.mark.parametrize(
    ("given", "kept"),
    [("en", "en"), ("FR", "fr"), (" de ", "de"), ("Zh", "zh")],
)
def test_a_valid_language_is_kept_lower_case(given: str, kept: str) -> None:
    request = build_request("q", language=given)
    assert request.language == kept
    assert request.requested_filters() == {Filter.LANGUAGE}


@pytest.mark.parametrize(
    ("given", "hint"),
    [
        pytest.param("uk", " (the United Kingdom is 'gb')", id="uk points to gb"),
        pytest.param("en", " ('en' is a language; try 'us' or 'gb')", id="a language passed as a country"),
        pytest.param("usa", "", id="alpha-3"),
        pytest.param("zz", "", id="an unassigned code"),
        pytest.param("Germany", "", id="a country name"),
        pytest.param("u", "", id="one letter"),
    ],
)
def test_an_invalid_country_is_rejected_with_the_expected_form(given: str, hint: str) -> None:
    assert rejection(country=given) == (
        f"country {given!r} is not an ISO 3166-1 alpha-2 code such as 'us', 'de' or 'gb'{hint}."
    )


@pytest.mark.parametrize(
    ("given", "hint"),
    [
        pytest.param("en-US", " (for a locale such as 'en-US', pass only its language part 'en')", id="a locale"),
        pytest.param("pt_BR", " (for a locale such as 'pt_BR', pass only its language part 'pt')", id="underscore"),
        pytest.param("eng", "", id="ISO 639-2"),
        pytest.param("xx", "", id="an unassigned code"),
        pytest.param("English", "", id="a language name"),
        pytest.param("xx-YY", "", id="a locale of an unknown language gets no hint"),
    ],
)
def test_an_invalid_language_is_rejected_with_the_expected_form(given: str, hint: str) -> None:
    assert rejection(language=given) == (
        f"language {given!r} is not an ISO 639-1 code such as 'en', 'de' or 'fr'{hint}."
    )


@pytest.mark.parametrize("blank", [None, "", " ", "\t\n"])
def test_blank_filters_are_treated_as_unset(blank: str | None) -> None:
    request = build_request("q", freshness=blank, country=blank, language=blank)
    assert (request.freshness, request.country, request.language) == (None, None, None)
    assert request.requested_filters() == frozenset()


def test_all_three_filters_together() -> None:
    request = build_request("q", freshness="py", country="AT", language="DE")
    assert (str(request.freshness), request.country, request.language) == ("py", "at", "de")
    assert request.requested_filters() == {Filter.FRESHNESS, Filter.COUNTRY, Filter.LANGUAGE}


def test_the_first_bad_filter_is_reported_even_when_others_are_bad_too() -> None:
    # One clear message at a time: freshness is checked first.
    assert rejection(freshness="soon", country="xx").startswith("freshness 'soon'")


# --- the query and the number of results ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        pytest.param("  model context protocol  ", "model context protocol", id="outer spaces trimmed"),
        pytest.param("a  b", "a  b", id="inner spaces kept"),
        pytest.param("x", "x", id="one character"),
        pytest.param("q" * 2000, "q" * 2000, id="2000 characters"),
        pytest.param("  " + "q" * 2000 + "\n", "q" * 2000, id="2000 characters once trimmed"),
    ],
)
def test_the_query_is_trimmed(given: str, kept: str) -> None:
    assert build_request(given).query == kept


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("", id="empty"),
        pytest.param("   \t\n", id="only spaces"),
        pytest.param("q" * 2001, id="2001 chars"),
    ],
)
def test_an_empty_or_too_long_query_is_rejected_with_the_limits(query: str) -> None:
    assert rejection(query=query) == "query must be 1 to 2000 characters after trimming spaces."


@pytest.mark.parametrize("count", [1, 3, 20])
def test_num_results_within_1_to_20_is_kept(count: int) -> None:
    assert build_request("q", count).num_results == count


@pytest.mark.parametrize("count", [0, 21, -5, True])
def test_num_results_out_of_range_or_a_boolean_names_the_argument_and_the_range(count: int) -> None:
    assert rejection(num_results=count) == "num_results must be a whole number from 1 to 20."


def test_return_full_pages_is_passed_through() -> None:
    assert build_request("q", return_full_pages=False).return_full_pages is False
    assert build_request("q").return_full_pages is True  # seed 001: full pages unless asked otherwise


def test_freshness_is_case_insensitive() -> None:
    assert str(build_request("q", freshness=" PW ").freshness) == "pw"
    assert str(build_request("q", freshness="2024-01-01TO2024-01-31").freshness) == "2024-01-01to2024-01-31"


# --- topic, ui_lang and domains ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "topic", "filters"),
    [("general", Topic.GENERAL, set()), ("news", Topic.NEWS, {Filter.NEWS}), (" News ", Topic.NEWS, {Filter.NEWS})],
)
def test_the_topic_is_general_or_news_and_news_is_a_filter(given: str, topic: Topic, filters: set[Filter]) -> None:
    request = build_request("python", topic=given)
    assert request.topic is topic
    assert request.requested_filters() == filters
    assert build_request("python").topic is Topic.GENERAL


def test_an_unknown_topic_names_the_two_there_are() -> None:
    assert rejection(topic="sports") == "topic 'sports' is not valid; use 'general' or 'news'."


@pytest.mark.parametrize(("given", "sent"), [("en-US", "en-US"), ("de_de", "de-DE"), (" FR-fr ", "fr-FR")])
def test_ui_lang_is_written_as_brave_writes_it_and_is_no_filter(given: str, sent: str) -> None:
    request = build_request("python", ui_lang=given)
    assert request.ui_lang == sent
    assert request.requested_filters() == set()


@pytest.mark.parametrize("given", ["en", "english", "xx-YY", "en-DE", "de-DE-x"])
def test_a_ui_lang_off_braves_list_is_refused_with_the_list(given: str) -> None:
    message = rejection(ui_lang=given)
    assert message.startswith(f"ui_lang {given!r} is not one of Brave's interface locales (da-DK, de-AT, ")
    assert "en-US" in message


def test_blank_ui_lang_and_empty_domain_lists_are_unset() -> None:
    request = build_request("python", ui_lang=" ", include_domains=[], exclude_domains=None)
    assert (request.ui_lang, request.include_domains, request.exclude_domains) == (None, (), ())
    assert request.requested_filters() == set()


def test_domains_are_filters_and_are_checked_together() -> None:
    request = build_request("python", include_domains=["Python.org"], exclude_domains=["wiki.python.org"])
    assert (request.include_domains, request.exclude_domains) == (("python.org",), ("wiki.python.org",))
    assert request.requested_filters() == {Filter.INCLUDE_DOMAINS, Filter.EXCLUDE_DOMAINS}
    assert rejection(include_domains=["a.example"], exclude_domains=["A.example"]).startswith(
        "'a.example' is in both include_domains and exclude_domains"
    )
