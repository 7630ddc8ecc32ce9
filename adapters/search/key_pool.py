"""Several keys for one provider: the next one takes over, within the same call, when one is refused.

A key that hits a rate limit or its quota rests until its reset; a key the provider rejects is
set aside for the life of the process (``domain.key_rest`` decides which). The call then goes
out again with the next usable key, so a 429 on key #1 is answered by key #2 before the chain
ever hears of it, and the provider's circuit does not count it. Only when no key is left does the
pool raise: rate-limited (the chain fails over; the provider cools until the first key wakes) if
any key is resting, the auth failure if every key was rejected.

Keys are tried in the order configured, so the first usable one carries the traffic; nothing
here ever puts a key's text into a message, only its number.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import TypeVar

from pydantic import SecretStr

from adapters.clock import SystemClock
from domain.errors import FailureKind, ProviderFailure
from domain.key_rest import KeyDecision, KeyPoolStatus, KeyRestPolicy, KeyVerdict, key_decision
from domain.ports import BreakerStatePort, Clock
from domain.retry_after import rate_limit_reset_seconds, retry_after_seconds

T = TypeVar("T")
logger = logging.getLogger(__name__)


class KeyPool:
    def __init__(
        self,
        provider: str,
        keys: Sequence[SecretStr],
        clock: Clock | None = None,
        policy: KeyRestPolicy | None = None,
        shared: BreakerStatePort | None = None,
    ) -> None:
        if not keys:
            raise ValueError(f"{provider} needs at least one key")
        self._provider = provider
        self._keys = list(keys)
        self._clock = clock or SystemClock()
        self._policy = policy or KeyRestPolicy()
        self._rest_until: dict[int, tuple[float, FailureKind]] = {}  # key index -> (monotonic, why)
        self._rejected: set[int] = set()
        # Replicas behind one Redis share rests under a fingerprint of each key (never the key):
        # the same key rests everywhere, whatever its position in each replica's list.
        self._shared = shared
        self._shared_names = [f"key:{provider}:{_fingerprint(key)}" for key in self._keys] if shared else []

    def __len__(self) -> int:
        return len(self._keys)

    async def call(self, attempt: Callable[[SecretStr], Awaitable[T]]) -> T:
        """``attempt`` with the first usable key, then with the next while keys are refused."""
        if len(self._keys) == 1:
            # One key is the provider itself: its circuit breaker already rests it on 429 and
            # the decision table stops on a rejected key, exactly as before pools existed.
            return await attempt(self._keys[0])
        await self._load_shared()
        tried: set[int] = set()
        last: ProviderFailure | None = None
        while (index := self._next_usable(tried)) is not None:
            tried.add(index)
            try:
                return await attempt(self._keys[index])
            except ProviderFailure as failure:
                if not self._judge(index, failure):
                    raise  # not the key's fault: the chain decides, no other key is tried
                last = failure
                await self._share(index)
        raise self._exhausted(last)

    async def _load_shared(self) -> None:
        if self._shared is None:
            return
        for name, seconds in (await self._shared.load(self._shared_names)).items():
            index = self._shared_names.index(name)
            if index not in self._rejected:
                self._rest(index, KeyDecision(KeyVerdict.REST, seconds), FailureKind.RATE_LIMITED)

    async def _share(self, index: int) -> None:
        rest = self._rest_until.get(index)
        if self._shared is not None and rest is not None:
            await self._shared.save(self._shared_names[index], rest[0] - self._clock.monotonic())

    def _judge(self, index: int, failure: ProviderFailure) -> bool:
        """Rest or set aside the key after ``failure``; False when the failure is not the key's."""
        decision = key_decision(failure.kind, self._advice(failure), self._policy)
        number = f"{self._provider} key #{index + 1} of {len(self._keys)}"
        if decision.verdict is KeyVerdict.REJECT:
            self._rejected.add(index)
            self._rest_until.pop(index, None)  # a concurrent call may have rested it meanwhile
            said = f"HTTP {failure.status}" if failure.status else failure.kind.value
            logger.warning("%s was rejected (%s); it is set aside until restart", number, said)
        elif decision.verdict is KeyVerdict.REST:
            self._rest(index, decision, failure.kind)
            logger.info("%s rests for %.0f s (%s)", number, decision.rest_seconds, failure.kind.value)
        return decision.verdict is not KeyVerdict.KEEP

    def _rest(self, index: int, decision: KeyDecision, kind: FailureKind) -> None:
        until = self._clock.monotonic() + decision.rest_seconds
        current = self._rest_until.get(index)
        if current is None or until > current[0]:
            self._rest_until[index] = (until, kind)

    def _advice(self, failure: ProviderFailure) -> float | None:
        now = self._clock.now()
        advice = retry_after_seconds(failure.retry_after, now)
        if advice is None and failure.rate_limit_reset is not None:
            advice = rate_limit_reset_seconds(*failure.rate_limit_reset, now)
        return advice

    def _next_usable(self, tried: set[int]) -> int | None:
        now = self._clock.monotonic()
        for index in range(len(self._keys)):
            if index in tried or index in self._rejected:
                continue
            rest = self._rest_until.get(index)
            if rest is not None and rest[0] > now:
                continue
            self._rest_until.pop(index, None)
            return index
        return None

    def _exhausted(self, last: ProviderFailure | None) -> ProviderFailure:
        """The failure the chain hears once no key is left to try in this call."""
        now = self._clock.monotonic()
        resting = sorted((until, kind) for until, kind in self._rest_until.values() if until > now)
        status = self.status().describe()
        if resting:
            wake, kind = resting[0]
            said = f"{last.detail}; " if last is not None and last.kind is not FailureKind.AUTH else ""
            return ProviderFailure(
                self._provider,
                kind,
                f"{said}no key left to try ({status})",
                status=last.status if last is not None else None,
                retry_after=f"{wake - now:.3f}",
            )
        said = f"{last.detail}; " if last is not None else ""
        return ProviderFailure(
            self._provider,
            FailureKind.AUTH,
            f"{said}every key was rejected ({status})",
            status=last.status if last is not None else None,
        )

    def status(self) -> KeyPoolStatus:
        mono, wall = self._clock.monotonic(), self._clock.now()
        resting = tuple(
            (index + 1, wall + timedelta(seconds=until - mono))
            for index, (until, _) in sorted(self._rest_until.items())
            if until > mono and index not in self._rejected
        )
        return KeyPoolStatus(
            total=len(self._keys), resting=resting, rejected=tuple(sorted(i + 1 for i in self._rejected))
        )


def _fingerprint(key: SecretStr) -> str:
    # 64 bits of SHA-256: enough to tell a pool's keys apart, nothing to recover a key from.
    return hashlib.sha256(key.get_secret_value().encode()).hexdigest()[:16]


def as_pool(provider: str, keys: SecretStr | KeyPool) -> KeyPool:
    """An adapter's keys: a pool as given, or one key (tests, single-key setups) as a pool of one."""
    return keys if isinstance(keys, KeyPool) else KeyPool(provider, [keys])
