"""How long a spawned ``searchrelay`` takes to answer ``tools/list``, beside the SDK's import floor.

Desktop clients spawn the server at every launch. Each round, in rotating order and after a pause
(a server that just exited leaves its extraction fork server importing in the background):

- the floor: ``python -c "import mcp.server.mcpserver"``, timed to the end of the import (its
  interpreter's exit is not timed);
- ``searchrelay`` from this checkout (and from ``--compare DIR``, another checkout run with the same
  interpreter, for before/after figures), spawned with pipes and sent ``initialize``,
  ``notifications/initialized`` and ``tools/list`` as raw JSON lines, timed to the answer.

Both wall time and the process's CPU time at that moment (user + system, read from /proc; 10 ms
ticks) are printed: the CPU figure barely moves with the machine's load, the wall one does.
Differences are medians of per-round differences. Prints figures, asserts nothing.

Usage: python -m bench.startup [--spawns 9] [--compare DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAUSE_SECONDS = 2.0
TICKS = os.sysconf("SC_CLK_TCK")
FLOOR = (
    "import resource, mcp.server.mcpserver; u = resource.getrusage(resource.RUSAGE_SELF);"
    "print(u.ru_utime + u.ru_stime, flush=True)"
)
HANDSHAKE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "b", "version": "0"}},
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]


def floor() -> tuple[float, float]:
    """Wall and CPU seconds to the end of ``import mcp.server.mcpserver``."""
    started = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", FLOOR], stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        cpu = float(proc.stdout.readline())
        return time.perf_counter() - started, cpu


def searchrelay(source: Path, home: str) -> tuple[float, float]:
    """Wall and CPU seconds from spawn to the ``tools/list`` answer of ``source``'s server."""
    env = {"HOME": home, "SERPER_API_KEY": "k", "PYTHONPATH": str(source)}
    started = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-m", "entrypoints.main"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=home, text=True,
    ) as proc:  # fmt: skip
        assert proc.stdin is not None
        assert proc.stdout is not None
        proc.stdin.write("".join(json.dumps(message) + "\n" for message in HANDSHAKE))
        proc.stdin.flush()
        while (answer := json.loads(proc.stdout.readline())).get("id") != 2:
            pass
        elapsed = time.perf_counter() - started
        cpu = process_cpu(proc.pid)
        assert answer["result"]["tools"], answer
        proc.stdin.close()
    return elapsed, cpu


def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--spawns", type=int, default=9)
    parser.add_argument("--compare", type=Path, help="another checkout of searchrelay to time in the same rounds")
    args = parser.parse_args()
    sources = {"this checkout": ROOT} | ({f"--compare {args.compare}": args.compare.resolve()} if args.compare else {})
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in ("floor", *sources)}
    with tempfile.TemporaryDirectory() as home:
        for round_ in range(args.spawns):
            names = list(runs)
            for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
                time.sleep(PAUSE_SECONDS)
                runs[name].append(floor() if name == "floor" else searchrelay(sources[name], home))
    print(f"spawn -> tools/list answered, medians of {args.spawns} alternating rounds: wall s / CPU s")
    for name, timings in runs.items():
        wall, cpu = (statistics.median(t[i] for t in timings) for i in (0, 1))
        print(f"  {name:<40} {wall:>7.3f} / {cpu:.3f}")
        if name != "floor":
            above = [(t[0] - f[0], t[1] - f[1]) for t, f in zip(timings, runs["floor"], strict=True)]
            wall, cpu = (statistics.median(a[i] for a in above) for i in (0, 1))
            print(f"  {'  above the floor':<40} {wall:>7.3f} / {cpu:.3f}   (goal <= 0.15 s)")


if __name__ == "__main__":
    main()
