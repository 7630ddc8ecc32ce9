"""MemoryCache: TTL by the injected clock, true LRU, off at TTL 0, immutable values shared, never copied."""

import pytest
from pydantic import ValidationError

from adapters.cache.memory import MemoryCache
from domain.models import Attempt, SearchOutcome, WebSearchResult
from tests.unit.clock_fake import FakeClock

pytestmark = pytest.mark.anyio


def outcome(query: str = "q") -> SearchOutcome:
    return SearchOutcome(
        query=query,
        provider="serper",
        results=[WebSearchResult(title="T", link="https://example.com", snippet="s")],
        attempts=[Attempt(provider="serper", outcome="ok")],
        took_ms=12.0,
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def test_a_stored_outcome_comes_back(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60)
    await cache.set("k", outcome())
    assert await cache.get("k") == outcome()
    assert await cache.get("other") is None


async def test_an_entry_expires_after_its_ttl(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60)
    await cache.set("k", outcome())
    clock.advance(59.5)
    assert await cache.get("k") is not None
    clock.advance(0.5)
    assert await cache.get("k") is None
    assert len(cache) == 0


async def test_reading_does_not_extend_the_ttl(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60)
    await cache.set("k", outcome())
    clock.advance(50)
    assert await cache.get("k") is not None
    clock.advance(10)
    assert await cache.get("k") is None


async def test_setting_again_restarts_the_ttl(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60)
    await cache.set("k", outcome("old"))
    clock.advance(50)
    await cache.set("k", outcome("new"))
    clock.advance(50)
    hit = await cache.get("k")
    assert hit is not None
    assert hit.query == "new"


async def test_the_least_recently_used_entry_is_evicted_first(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60, max_entries=3)
    for key in ("a", "b", "c"):
        await cache.set(key, outcome(key))
    await cache.set("d", outcome("d"))
    assert await cache.get("a") is None
    assert [await cache.get(k) is not None for k in ("b", "c", "d")] == [True, True, True]


async def test_a_read_refreshes_recency(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60, max_entries=3)
    for key in ("a", "b", "c"):
        await cache.set(key, outcome(key))
    assert await cache.get("a") is not None  # now b is the least recently used
    await cache.set("d", outcome("d"))
    assert await cache.get("b") is None
    await cache.set("e", outcome("e"))  # c went next: a was read after c was written
    assert await cache.get("c") is None
    assert [await cache.get(k) is not None for k in ("a", "d", "e")] == [True, True, True]


async def test_an_overwrite_refreshes_recency(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60, max_entries=2)
    await cache.set("a", outcome())
    await cache.set("b", outcome())
    await cache.set("a", outcome())
    await cache.set("c", outcome())
    assert await cache.get("b") is None
    assert await cache.get("a") is not None


async def test_expired_entries_make_room_before_live_ones_are_evicted(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60, max_entries=2)
    await cache.set("old", outcome())
    clock.advance(30)
    await cache.set("live", outcome())
    assert await cache.get("old") is not None  # "live" is now the least recently used
    clock.advance(30)  # "old" has expired
    await cache.set("new", outcome())
    assert await cache.get("live") is not None
    assert await cache.get("new") is not None
    assert len(cache) == 2


async def test_a_ttl_of_zero_disables_the_cache(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=0)
    await cache.set("k", outcome())
    assert len(cache) == 0
    assert await cache.get("k") is None


async def test_a_hit_is_the_stored_value_itself_never_a_copy(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60)
    stored = outcome()
    await cache.set("k", stored)
    assert await cache.get("k") is stored


def test_the_cached_outcome_cannot_be_changed_in_place() -> None:
    # Sharing instead of copying is safe because an outcome is immutable all the way down.
    cached = outcome()
    with pytest.raises(ValidationError):
        cached.cached = True  # type: ignore[misc]
    assert isinstance(cached.results, tuple)
    assert isinstance(cached.attempts, tuple)
    with pytest.raises(ValidationError):
        cached.results[0].title = "changed"  # type: ignore[misc]


async def test_expired_entries_leave_on_later_stores_without_being_read(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60, max_entries=100)
    for key in ("a", "b", "c"):
        await cache.set(key, outcome(key))
    clock.advance(60)
    await cache.set("d", outcome("d"))
    assert len(cache) == 1


async def test_storing_one_key_over_and_over_keeps_the_expiry_queue_bounded(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60, max_entries=4)
    for i in range(1000):
        clock.advance(0.01)
        await cache.set(f"k{i % 3}", outcome())
    assert len(cache) == 3
    assert len(cache._expiries) <= 2 * 4 + 1  # stale items from overwrites are folded away


async def test_an_overwritten_key_does_not_expire_with_its_older_value(clock: FakeClock) -> None:
    cache = MemoryCache(clock, ttl_seconds=60)
    await cache.set("k", outcome("old"))
    clock.advance(50)
    await cache.set("k", outcome("new"))
    clock.advance(20)  # the first store has expired; the second has not
    await cache.set("other", outcome())
    hit = await cache.get("k")
    assert hit is not None and hit.query == "new"


@pytest.mark.parametrize(("ttl", "size"), [(-1, 10), (60, 0)])
def test_nonsense_settings_are_refused(clock: FakeClock, ttl: float, size: int) -> None:
    with pytest.raises(ValueError, match="must"):
        MemoryCache(clock, ttl_seconds=ttl, max_entries=size)


async def test_entries_with_a_size_stay_within_the_total_least_recently_used_first(clock: FakeClock) -> None:
    cache: MemoryCache[str] = MemoryCache(clock, ttl_seconds=60, max_entries=10, size_of=len, max_size=10)
    await cache.set("a", "aaaa")
    await cache.set("b", "bbbb")
    assert await cache.get("a") == "aaaa"  # "b" is now the least recently used

    await cache.set("c", "cccc")

    assert await cache.get("b") is None
    assert await cache.get("a") == "aaaa" and await cache.get("c") == "cccc"
    await cache.set("a", "a")  # replacing an entry gives back its old size
    await cache.set("d", "ddddd")
    assert [await cache.get(k) for k in "acd"] == ["a", "cccc", "ddddd"]


async def test_a_value_larger_than_the_whole_size_is_not_kept(clock: FakeClock) -> None:
    cache: MemoryCache[str] = MemoryCache(clock, ttl_seconds=60, size_of=len, max_size=10)
    await cache.set("small", "s")
    await cache.set("huge", "h" * 11)
    assert await cache.get("huge") is None and await cache.get("small") == "s"


def test_a_size_function_needs_a_positive_total(clock: FakeClock) -> None:
    with pytest.raises(ValueError, match="max_size must be positive"):
        MemoryCache(clock, ttl_seconds=60, size_of=len)
