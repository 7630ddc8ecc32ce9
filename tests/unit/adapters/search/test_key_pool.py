"""Key pools through the real adapters over MockTransport: the next key takes over within one call."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import httpx
import pytest
from pydantic import SecretStr

from adapters.search.brave import BraveSearch
from adapters.search.key_pool import KeyPool
from adapters.search.perplexity import PerplexitySearch
from adapters.search.serper import SerperSearch
from adapters.search.tavily import TavilySearch
from domain.errors import FailureKind, ProviderFailure
from domain.key_rest import KeyRestPolicy
from domain.models import ProviderAnswer, SearchRequest
from domain.ports import SearchPort
from tests.support.fake_ports import FakeStore
from tests.support.planned import search
from tests.unit.clock_fake import FakeClock

if TYPE_CHECKING:
    from conftest import Recorder

pytestmark = pytest.mark.anyio
KEYS = ("key-one-AAAA1111", "key-two-BBBB2222", "key-three-CCCC3333")
REQUEST = SearchRequest(query="python", num_results=2)
SERPER_OK = {"organic": [{"title": "T", "link": "https://example.com/", "snippet": "S"}]}


def pool(clock: FakeClock, *keys: str, provider: str = "serper") -> KeyPool:
    return KeyPool(provider, [SecretStr(k) for k in keys or KEYS], clock, KeyRestPolicy(rate_limited_seconds=60))


async def attempt(port: SearchPort) -> ProviderAnswer | ProviderFailure:
    """The adapter's answer, or the failure it raised."""
    try:
        return await search(port, REQUEST)
    except ProviderFailure as failure:
        return failure


def serper_key(request: httpx.Request) -> str:
    return request.headers["X-API-KEY"]


def by_key(
    answers: dict[str, httpx.Response], key_of: Callable[[httpx.Request], str] = serper_key
) -> Callable[[httpx.Request], httpx.Response]:
    def handler(request: httpx.Request) -> httpx.Response:
        answer = answers.get(key_of(request), httpx.Response(200, json=SERPER_OK))
        return httpx.Response(answer.status_code, headers=answer.headers, content=answer.content)

    return handler


def used(recorder: Recorder, key_of: Callable[[httpx.Request], str] = serper_key) -> list[int]:
    return [KEYS.index(key_of(r)) + 1 for r in recorder.requests]


def limited(retry_after: str | None = None, **headers: str) -> httpx.Response:
    extra = {"Retry-After": retry_after} if retry_after else {}
    return httpx.Response(429, json={"message": "Too many requests"}, headers={**extra, **headers})


REJECTED = httpx.Response(401, json={"message": "Unauthorized."})


async def test_a_429_on_the_first_key_is_answered_by_the_second_in_the_same_call(recorder: Recorder) -> None:
    clock = FakeClock()
    keys = pool(clock)
    serper = SerperSearch(recorder.client(by_key({KEYS[0]: limited("30")})), keys)
    answer = await attempt(serper)
    assert isinstance(answer, ProviderAnswer)
    assert used(recorder) == [1, 2]
    assert keys.status().describe() == "3 keys: 2 usable, 1 resting (key #1 until 12:00:30Z)"


async def test_a_resting_key_is_not_sent_until_its_reset_then_is_first_again(recorder: Recorder) -> None:
    clock = FakeClock()
    keys = pool(clock)
    answers = {KEYS[0]: limited("30")}
    serper = SerperSearch(recorder.client(by_key(answers)), keys)
    await attempt(serper)
    await attempt(serper)
    assert used(recorder) == [1, 2, 2]
    clock.advance(30)
    answers.clear()
    await attempt(serper)
    assert used(recorder) == [1, 2, 2, 1]
    assert keys.status().describe() == "3 keys: 3 usable"


async def test_without_advice_a_rate_limited_key_rests_for_the_default(recorder: Recorder) -> None:
    clock = FakeClock()
    keys = pool(clock)
    serper = SerperSearch(recorder.client(by_key({KEYS[0]: limited()})), keys)
    await attempt(serper)
    assert keys.status().resting[0][1] == clock.now().replace(minute=1)  # 60 s, the policy's default
    clock.advance(59)
    await attempt(serper)
    assert used(recorder) == [1, 2, 2]


async def test_brave_rests_a_key_until_the_spent_windows_reset(recorder: Recorder) -> None:
    clock = FakeClock()
    keys = pool(clock, provider="brave")
    spent = limited(**{"X-RateLimit-Reset": "1, 1200", "X-RateLimit-Remaining": "5, 0"})

    def token(request: httpx.Request) -> str:
        return request.headers["X-Subscription-Token"]

    brave_ok = httpx.Response(200, json={"web": {"results": []}})
    client = recorder.client(lambda r: spent if token(r) == KEYS[0] else brave_ok)
    await attempt(BraveSearch(client, keys))
    assert used(recorder, token) == [1, 2]
    assert keys.status().describe() == "3 keys: 2 usable, 1 resting (key #1 until 12:20:00Z)"


async def test_a_rejected_key_is_set_aside_for_good_and_reported_by_number(recorder: Recorder) -> None:
    clock = FakeClock()
    keys = pool(clock)
    answers = {KEYS[0]: limited("5"), KEYS[1]: REJECTED}
    serper = SerperSearch(recorder.client(by_key(answers)), keys)
    await attempt(serper)
    assert used(recorder) == [1, 2, 3]
    clock.advance(10_000)
    del answers[KEYS[0]]
    await attempt(serper)
    assert used(recorder) == [1, 2, 3, 1]  # key #1 is back; key #2 never is
    assert keys.status().describe() == "3 keys: 2 usable, 1 rejected (key #2)"


async def test_a_failure_that_is_not_the_keys_is_not_retried_with_another_key(recorder: Recorder) -> None:
    keys = pool(FakeClock())
    failing = httpx.Response(500, json={"message": "boom"})
    serper = SerperSearch(recorder.client(by_key({KEYS[0]: failing})), keys)
    failure = await attempt(serper)
    assert isinstance(failure, ProviderFailure)
    assert failure.kind is FailureKind.SERVER_ERROR
    assert used(recorder) == [1]
    assert keys.status().describe() == "3 keys: 3 usable"


async def test_when_every_key_rests_the_provider_is_rate_limited_until_the_first_wakes(recorder: Recorder) -> None:
    clock = FakeClock()
    keys = pool(clock)
    answers = {KEYS[0]: limited("40"), KEYS[1]: limited("10"), KEYS[2]: REJECTED}
    serper = SerperSearch(recorder.client(by_key(answers)), keys)
    failure = await attempt(serper)
    assert isinstance(failure, ProviderFailure)
    assert failure.kind is FailureKind.RATE_LIMITED
    assert failure.retry_after == "10.000"  # the breaker cools the provider until key #2 wakes
    assert "no key left to try (3 keys: 0 usable, 2 resting" in failure.detail
    assert used(recorder) == [1, 2, 3]
    # The next call sends nothing at all while every key rests.
    again = await attempt(serper)
    assert isinstance(again, ProviderFailure)
    assert again.kind is FailureKind.RATE_LIMITED
    assert used(recorder) == [1, 2, 3]


async def test_a_pool_out_of_quota_says_quota(recorder: Recorder) -> None:
    quota = httpx.Response(400, json={"message": "Not enough credits"})
    keys = pool(FakeClock(), *KEYS[:2])
    serper = SerperSearch(recorder.client(by_key({KEYS[0]: quota, KEYS[1]: quota})), keys)
    failure = await attempt(serper)
    assert isinstance(failure, ProviderFailure)
    assert failure.kind is FailureKind.QUOTA_EXHAUSTED
    assert keys.status().resting[0][1] == FakeClock().now().replace(hour=13)  # the quota default: an hour


async def test_when_every_key_is_rejected_the_provider_fails_with_auth(recorder: Recorder) -> None:
    keys = pool(FakeClock(), *KEYS[:2])
    serper = SerperSearch(recorder.client(by_key({KEYS[0]: REJECTED, KEYS[1]: REJECTED})), keys)
    failure = await attempt(serper)
    assert isinstance(failure, ProviderFailure)
    assert failure.kind is FailureKind.AUTH
    assert (
        failure.detail == "HTTP 401: Unauthorized.; every key was rejected (2 keys: 0 usable, 2 rejected (key #1, #2))"
    )


async def test_one_key_behaves_as_before_pools_its_breaker_does_the_resting(recorder: Recorder) -> None:
    keys = pool(FakeClock(), KEYS[0])
    serper = SerperSearch(recorder.client(by_key({KEYS[0]: limited("30")})), keys)
    for _ in range(2):
        failure = await attempt(serper)
        assert isinstance(failure, ProviderFailure)
        assert (failure.kind, failure.retry_after) == (FailureKind.RATE_LIMITED, "30")
    assert used(recorder) == [1, 1]
    assert keys.status().describe() == "1 key"


def bearer(request: httpx.Request) -> str:
    return request.headers["Authorization"].removeprefix("Bearer ")


TAVILY_OK = {"results": [], "query": "python"}
SONAR_OK = {"choices": [{"message": {"content": "An answer."}}], "citations": []}


@pytest.mark.parametrize(
    ("make", "ok"),
    [
        (lambda client, keys: TavilySearch(client, keys, "https://tavily.test"), TAVILY_OK),
        (lambda client, keys: PerplexitySearch(client, keys, "https://sonar.test", "sonar-pro"), SONAR_OK),
    ],
)
async def test_the_bearer_providers_rotate_too(
    recorder: Recorder, make: Callable[[httpx.AsyncClient, KeyPool], SearchPort], ok: dict[str, object]
) -> None:
    keys = pool(FakeClock(), provider="p")
    client = recorder.client(lambda r: REJECTED if bearer(r) == KEYS[0] else httpx.Response(200, json=ok))
    assert isinstance(await attempt(make(client, keys)), ProviderAnswer)
    assert used(recorder, bearer) == [1, 2]
    assert keys.status().rejected == (1,)


async def test_no_key_appears_in_any_failure_status_or_log(
    recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    clock = FakeClock()
    keys = pool(clock)
    answers = {KEYS[0]: limited("40"), KEYS[1]: REJECTED, KEYS[2]: limited()}
    serper = SerperSearch(recorder.client(by_key(answers)), keys)
    failures = [await attempt(serper) for _ in range(2)]
    said = [str(f) for f in failures] + [repr(f) for f in failures] + [keys.status().describe(), repr(keys)]
    said += [f.detail for f in failures if isinstance(f, ProviderFailure)]
    said.append(caplog.text)
    assert "serper key #2 of 3 was rejected (HTTP 401); it is set aside until restart" in caplog.text
    assert "serper key #1 of 3 rests for 40 s (rate_limited)" in caplog.text
    for text in said:
        for key in KEYS:
            assert key not in text


async def test_replicas_sharing_a_store_rest_the_same_key_wherever_it_sits_in_their_lists(
    recorder: Recorder,
) -> None:
    clock = FakeClock()
    store = FakeStore(clock)
    first = KeyPool("serper", [SecretStr(k) for k in KEYS], clock, shared=store)
    # The second replica lists the same keys in another order.
    second = KeyPool("serper", [SecretStr(k) for k in (KEYS[2], KEYS[0], KEYS[1])], clock, shared=store)
    client = recorder.client(by_key({KEYS[0]: limited("30")}))
    await attempt(SerperSearch(client, first))
    assert used(recorder) == [1, 2]
    await attempt(SerperSearch(client, second))
    assert used(recorder) == [1, 2, 3]  # its own first key: fine
    recorder.requests.clear()
    third = KeyPool("serper", [SecretStr(k) for k in KEYS], clock, shared=store)
    await attempt(SerperSearch(client, third))
    assert used(recorder) == [2]  # key #1 rests on this replica too, without having tried it
    assert third.status().describe() == "3 keys: 2 usable, 1 resting (key #1 until 12:00:30Z)"
    assert all(key not in name for name in store.until for key in KEYS)
    clock.advance(30)
    recorder.requests.clear()
    await attempt(SerperSearch(recorder.client(by_key({})), third))
    assert used(recorder) == [1]
