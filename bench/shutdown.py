"""How long the installed ``searchrelay`` takes to exit after a closed stdin, SIGTERM or SIGINT.

Idle (after one ping) and in the middle of a ``web_search`` whose provider never answers (attempt
timeout 120 s, deadline 600 s: only cancellation can end it). The clock runs from the moment the
signal is sent (or stdin closed) to the moment the process has exited. Goal: within 1 s, with
status 0 (130 after SIGINT) and no traceback. Prints figures, asserts nothing.

Usage: python -m bench.shutdown [--runs 5]
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.fake_provider import Reply, wait_for  # noqa: E402
from tests.support.fault_server import FaultProvider  # noqa: E402
from tests.support.raw_stdio import RawServer  # noqa: E402

STOPS: dict[str, Callable[[RawServer], None]] = {
    "stdin closed": RawServer.close_stdin,
    "SIGTERM": lambda server: server.signal(signal.SIGTERM),
    "SIGINT": lambda server: server.signal(signal.SIGINT),
}


def one(provider: FaultProvider, stop: str, mid_call: bool) -> tuple[float, int, bool]:
    with tempfile.TemporaryDirectory() as home:
        env = {
            "SERPER_API_KEY": "bench-key",
            "SERPER_BASE_URL": provider.url,
            "SEARCHRELAY_TIMEOUT_SECONDS": "120",
            "SEARCHRELAY_DEADLINE_SECONDS": "600",
        }
        server = RawServer(env, Path(home))
        try:
            server.initialize()
            before = provider.count
            if mid_call:
                arguments = {"query": "never answered"}
                server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                             "params": {"name": "web_search", "arguments": arguments}})  # fmt: skip
                if not wait_for(lambda: provider.count == before + 1):
                    raise SystemExit("the call never reached the provider")
            else:
                server.request(1, "ping")
            started = time.perf_counter()
            STOPS[stop](server)
            status, stderr = server.finish()
            return time.perf_counter() - started, status, "Traceback" in stderr
        finally:
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    provider = FaultProvider().start()
    provider.answer(Reply(fault="hang"))
    try:
        print(f"{'stop':<14} {'when':<10} {'median':>9} {'worst':>9}  status  traceback   (goal: <= 1 s)")
        for stop in STOPS:
            for mid_call in (False, True):
                runs = [one(provider, stop, mid_call) for _ in range(args.runs)]
                seconds = [r[0] for r in runs]
                statuses = sorted({r[1] for r in runs})
                tracebacks = any(r[2] for r in runs)
                when = "mid-call" if mid_call else "idle"
                print(
                    f"{stop:<14} {when:<10} {statistics.median(seconds):>8.3f}s {max(seconds):>8.3f}s"
                    f"  {statuses}  {'yes' if tracebacks else 'no'}"
                )
    finally:
        provider.stop()


if __name__ == "__main__":
    main()
