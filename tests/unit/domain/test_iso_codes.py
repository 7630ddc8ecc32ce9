"""ISO code lists and their validators."""

from __future__ import annotations

import pytest

from domain.errors import InvalidRequestError
from domain.iso_codes import COUNTRIES, LANGUAGES, validate_country, validate_language


def test_the_lists_have_the_expected_size_and_form() -> None:
    assert len(COUNTRIES) == 249
    assert len(LANGUAGES) == 184
    for code in COUNTRIES | LANGUAGES:
        assert len(code) == 2
        assert code.isascii()
        assert code.isalpha()
        assert code.islower()


@pytest.mark.parametrize("code", ["us", "de", "gb", "ax", "ss", "bq", "cw", "sx", "zw", "aq"])
def test_known_countries_are_in(code: str) -> None:
    assert code in COUNTRIES


@pytest.mark.parametrize("code", ["uk", "eu", "xk", "an", "yu", "zz", "en"])
def test_non_iso_country_codes_are_out(code: str) -> None:
    # uk/eu are reserved, xk is user-assigned (Kosovo), an/yu were withdrawn.
    assert code not in COUNTRIES


@pytest.mark.parametrize("code", ["en", "de", "fr", "zh", "ja", "nb", "nn", "no", "he", "yi", "id", "bh"])
def test_known_languages_are_in(code: str) -> None:
    assert code in LANGUAGES


@pytest.mark.parametrize("code", ["iw", "ji", "in", "mo", "jp", "cn", "gr", "xx"])
def test_withdrawn_or_country_codes_are_not_languages(code: str) -> None:
    assert code not in LANGUAGES


@pytest.mark.parametrize(("given", "expected"), [("US", "us"), ("de", "de"), (" Gb ", "gb")])
def test_validate_country_lower_cases(given: str, expected: str) -> None:
    assert validate_country(given) == expected


@pytest.mark.parametrize("given", ["USA", "", "u", "uk", "Germany", "de-DE", "12"])
def test_validate_country_refuses_with_the_expected_form(given: str) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        validate_country(given)
    message = str(caught.value)
    assert message.startswith(f"country {given!r} is not an ISO 3166-1 alpha-2 code such as 'us', 'de' or 'gb'")


def test_validate_country_points_at_gb_for_uk() -> None:
    with pytest.raises(InvalidRequestError, match="United Kingdom is 'gb'"):
        validate_country("UK")


@pytest.mark.parametrize(("given", "expected"), [("EN", "en"), ("de", "de"), (" zh ", "zh")])
def test_validate_language_lower_cases(given: str, expected: str) -> None:
    assert validate_language(given) == expected


@pytest.mark.parametrize("given", ["english", "", "eng", "jp", "x"])
def test_validate_language_refuses_with_the_expected_form(given: str) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        validate_language(given)
    assert str(caught.value) == f"language {given!r} is not an ISO 639-1 code such as 'en', 'de' or 'fr'."


@pytest.mark.parametrize(("given", "part"), [("en-US", "en"), ("pt_BR", "pt"), ("ZH-hant", "zh")])
def test_validate_language_names_the_language_part_of_a_locale(given: str, part: str) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        validate_language(given)
    assert f"pass only its language part {part!r}" in str(caught.value)
