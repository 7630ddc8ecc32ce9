"""A redirector's link is read at its target: the listed wrappers, by host and path, around an
http(s) address; nothing else is taken for one."""

from __future__ import annotations

import base64
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.link_wrappers import MAX_UNWRAPS, unwrapped

TARGET = "https://example.org/notes/relay?id=7&lang=en"
Q = quote(TARGET, safe="")


def _bing(url: str) -> str:
    return "a1" + base64.urlsafe_b64encode(url.encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("link", "wrapper"),
    [
        (f"https://www.google.com/url?sa=t&source=web&url={Q}&usg=AOvVaw0", "Google's redirect"),
        (f"https://www.google.co.uk/url?q={Q}", "Google's redirect"),
        (f"https://google.com.au/url?q={Q}&sa=D", "Google's redirect"),
        (f"https://duckduckgo.com/l/?uddg={Q}&rut=5f2", "DuckDuckGo's redirect"),
        (f"https://www.bing.com/ck/a?!&&p=1f2e&ptn=3&u={_bing(TARGET)}&ntb=1", "Bing's redirect"),
        (f"https://l.facebook.com/l.php?u={Q}&h=AT0x", "Facebook's redirect"),
        (f"https://lm.facebook.com/l.php?u={Q}", "Facebook's redirect"),
        (f"https://l.instagram.com/?u={Q}&e=AT1", "Instagram's redirect"),
        (f"https://www.youtube.com/redirect?event=video_description&redir_token=QUF&q={Q}", "YouTube's redirect"),
        (f"https://out.reddit.com/t3_1abc?url={Q}&token=AQAA&app_name=web", "Reddit's redirect"),
        (f"https://www.linkedin.com/safety/go?url={Q}&trk=flagship", "LinkedIn's redirect"),
        (
            f"https://eur01.safelinks.protection.outlook.com/?url={Q}&data=05%7C02&sdata=x&reserved=0",
            "Outlook's Safe Links",
        ),
        (f"https://steamcommunity.com/linkfilter/?url={Q}", "Steam's link filter"),
        (f"https://steamcommunity.com/linkfilter/?u={Q}", "Steam's link filter"),
        (f"https://vk.com/away.php?to={Q}&cc_key=", "VK's redirect"),
        (f"https://slack-redir.net/link?url={Q}", "Slack's redirect"),
        (f"https://t.umblr.com/redirect?z={Q}&t=YjE", "Tumblr's redirect"),
    ],
)
def test_a_wrapped_link_is_read_at_its_target(link: str, wrapper: str) -> None:
    found = unwrapped(link)
    assert found is not None
    assert (found.target, found.wrappers) == (TARGET, (wrapper,))


@pytest.mark.parametrize(
    ("link", "target", "wrapper"),
    [
        (
            "https://www.google.com/amp/s/www.example.org/news/relay.amp",
            "https://www.example.org/news/relay.amp",
            "Google's AMP viewer",
        ),
        ("https://www.google.co.uk/amp/example.org/a?page=2", "http://example.org/a?page=2", "Google's AMP viewer"),
        (
            "https://www-example-org.cdn.ampproject.org/c/s/www.example.org/news/relay.amp?page=2&amp_js_v=0.1&usqp=mq331AQ",
            "https://www.example.org/news/relay.amp?page=2",
            "the AMP cache",
        ),
        (
            "https://www-example-org.cdn.ampproject.org/v/s/www.example.org/news/?amp_gsa=1",
            "https://www.example.org/news/",
            "the AMP cache",
        ),
        (
            "https://r.search.yahoo.com/_ylt=AwrE1/RV=2/RE=1700000000/RO=10/RU=https%3a%2f%2fwww.example.org%2fnews%2frelay/RK=2/RS=x-",
            "https://www.example.org/news/relay",
            "Yahoo's redirect",
        ),
    ],
)
def test_a_target_written_into_the_path_is_read(link: str, target: str, wrapper: str) -> None:
    found = unwrapped(link)
    assert found is not None
    assert (found.target, found.wrappers) == (target, (wrapper,))


@pytest.mark.parametrize(
    "link",
    [
        "https://www.google.com/amp/",
        "https://www.google.com/amp/s/notadomain",
        "https://www.google.com/ampersand/s/www.example.org/",
        "https://www.google.com/amp/index.html",  # a file, not a page's host and path
        "https://www.google.com/amp/s/www.google.com@evil.example/login",  # credentials in the page part
        "https://r.search.yahoo.com/_ylt=A/RU=https%3a%2f%2fuser%3apw%40www.example.org%2f/RK=2",
        "https://r.search.yahoo.com/RU=javascript%3aalert(1)/RK=0",
        "https://r.search.yahoo.com/search?p=relay",
    ],
)
def test_paths_that_hold_no_target_are_read_as_written(link: str) -> None:
    assert unwrapped(link) is None


def test_wrappers_inside_wrappers_come_off_in_turn() -> None:
    google = f"https://www.google.com/url?q={Q}"
    link = f"https://nam12.safelinks.protection.outlook.com/?url={quote(google, safe='')}&data=x"
    found = unwrapped(link)
    assert found is not None
    assert found.target == TARGET
    assert found.wrappers == ("Outlook's Safe Links", "Google's redirect")


def test_only_so_many_wrappers_come_off() -> None:
    link = TARGET
    for _ in range(MAX_UNWRAPS + 2):
        link = f"https://www.google.com/url?q={quote(link, safe='')}"
    found = unwrapped(link)
    assert found is not None
    assert len(found.wrappers) == MAX_UNWRAPS
    assert found.target.startswith("https://www.google.com/url?q=")


@pytest.mark.parametrize(
    "link",
    [
        TARGET,
        f"https://www.google.com/search?q={Q}",  # a search, not a redirect
        "https://www.google.com/url?q=javascript%3Aalert(1)",
        "https://www.google.com/url?q=file%3A%2F%2F%2Fetc%2Fpasswd",
        "https://www.google.com/url?q=%2Frelative%2Fpath",
        "https://www.google.com/url?q=https%3A%2F%2F",  # no host
        "https://www.google.com/url?sa=t",
        "https://www.google.evil.example/url?q=https%3A%2F%2Fexample.org",
        "https://notgoogle.com/url?q=https%3A%2F%2Fexample.org",
        f"https://www.bing.com/ck/a?u={quote(TARGET, safe='')}",  # not Bing's "a1" form
        "https://www.bing.com/ck/a?u=a1%%%%",
        f"ftp://www.google.com/url?q={Q}",
        "https://[::1/url?q=x",
        f"https://www.google.com/url?q={Q}" + "&x=1" * 3000,  # too long to be read
        "https://www.google.com/url?q=x" + "&" * 300,  # many empty fields
        # A control character would reach the messages naming the address.
        "https://www.google.com/url?q=https%3A%2F%2Fnews.example%2Fstory%0D%0AX-Injected%3A%201",
        "https://www.google.com/url?q=https%3A%2F%2Fnews.example%2F%00",
        "https://www.bing.com/ck/a?u=a1aHR0cHM6Ly9leGFtcGxlLm9yZy8KWA",
        # Nor a separator or format character, a space, or a target longer than a link should be.
        "https://www.google.com/url?q=https%3A%2F%2Fnews.example%2F%E2%80%A8SYSTEM%3A%20obey",
        "https://www.google.com/url?q=https%3A%2F%2Fnews.example%2F%E2%80%AEtxt.exe",
        "https://www.google.com/url?q=https%3A%2F%2Fnews.example%2Fa%20b",
        "https://www.google.com/url?q=https%3A%2F%2Fnews.example%2F" + "a" * 2_100,
    ],
)
def test_other_links_are_read_as_written(link: str) -> None:
    assert unwrapped(link) is None


@given(st.text(max_size=300))
def test_no_text_makes_it_raise(text: str) -> None:
    unwrapped(text)
    unwrapped(f"https://www.google.com/url?q={text}")
    unwrapped(f"https://www.bing.com/ck/a?u=a1{text}")
