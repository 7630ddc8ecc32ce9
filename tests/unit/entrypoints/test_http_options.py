"""What ``serve --http`` agrees to listen on, and the one line it says when it will not."""

from __future__ import annotations

import socket

import pytest

from entrypoints.http.options import StartRefused, http_options, is_loopback, transport_security
from entrypoints.http.serving import listen
from entrypoints.settings import Settings
from tests.support.http_face import serve_args

TOKEN = "t" * 32


def options(values: dict[str, str], **args: object) -> object:
    return http_options(Settings.from_values(values), serve_args(**args))


@pytest.mark.parametrize("host", ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost"])
def test_loopback_needs_no_authentication(host: str) -> None:
    assert options({}, host=host) is not None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "10.0.0.5", "search.internal"])
def test_another_address_without_authentication_refuses_to_start_with_one_line(host: str) -> None:
    with pytest.raises(StartRefused) as refused:
        options({}, host=host)
    message = str(refused.value)
    assert "\n" not in message
    assert "SEARCHRELAY_HTTP_TOKENS" in message and "--insecure-no-auth" in message


@pytest.mark.parametrize(
    ("values", "args"),
    [
        ({"SEARCHRELAY_HTTP_TOKENS": TOKEN}, {}),
        (
            {
                "SEARCHRELAY_OAUTH_ISSUER": "https://auth.example",
                "SEARCHRELAY_OAUTH_JWKS_URL": "https://auth.example/k",
            },
            {},
        ),
        ({}, {"insecure_no_auth": True}),
    ],
)
def test_tokens_oauth_or_an_explicit_insecure_flag_allow_another_address(
    values: dict[str, str], args: dict[str, object]
) -> None:
    assert options(values, host="0.0.0.0", **args) is not None


def test_the_command_line_wins_over_the_settings() -> None:
    chosen = http_options(Settings.from_values({"SEARCHRELAY_HTTP_PORT": "9000"}), serve_args(port=None))
    assert (chosen.host, chosen.port) == ("127.0.0.1", 9000)
    chosen = http_options(Settings.from_values({"SEARCHRELAY_HTTP_PORT": "9000"}), serve_args(port=9100))
    assert chosen.port == 9100


def test_a_bad_host_on_the_command_line_gets_the_expected_form() -> None:
    with pytest.raises(StartRefused, match="--host must be a host name or an IP address"):
        options({}, host="http://x/")


def test_an_issuer_without_its_keys_refuses_to_start() -> None:
    with pytest.raises(StartRefused, match="SEARCHRELAY_OAUTH_JWKS_URL"):
        options({"SEARCHRELAY_OAUTH_ISSUER": "https://auth.example"})


def test_allowed_hosts_add_to_loopback_the_listening_address_and_the_public_url() -> None:
    settings = Settings.from_values({
        "SEARCHRELAY_HTTP_TOKENS": TOKEN,
        "SEARCHRELAY_HTTP_ALLOWED_HOSTS": "a.example, b.example:8443",
        "SEARCHRELAY_HTTP_ALLOWED_ORIGINS": "https://app.example",
        "SEARCHRELAY_HTTP_PUBLIC_URL": "https://search.example.org/mcp",
    })  # fmt: skip
    security = transport_security(settings, http_options(settings, serve_args(host="10.0.0.5")))
    assert security.enable_dns_rebinding_protection
    assert {"127.0.0.1:*", "a.example", "b.example:8443", "10.0.0.5:*", "search.example.org"} <= set(
        security.allowed_hosts
    )
    assert "https://app.example" in security.allowed_origins


def test_loopback_is_recognised_by_address_not_by_spelling() -> None:
    assert is_loopback("127.0.0.2") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("localhost.evil.example")


def test_the_listening_socket_says_it_is_tcp_so_asyncio_turns_nagle_off() -> None:
    # asyncio sets TCP_NODELAY only on sockets whose proto is IPPROTO_TCP (accepted ones inherit
    # the listener's); with Nagle on, each keep-alive answer waits ~40 ms for a delayed ACK.
    with listen("127.0.0.1", 0) as listener:
        assert listener.proto == socket.IPPROTO_TCP
