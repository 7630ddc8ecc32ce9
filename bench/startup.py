"""How long a spawned ``searchrelay`` takes to answer ``tools/list``, beside the SDK's import floor.

Desktop clients spawn the server at every launch. Each round, in rotating order and after a pause
(a server that just exited leaves its extraction fork server importing in the background):

- the floor: ``python -c "import mcp.server.mcpserver"``, timed to the end of the import (its
  interpreter's exit is not timed);
- ``searchrelay`` from this checkout (and from ``--compare DIR``, another checkout run with the same
  interpreter, for before/after figures), spawned with pipes and sent ``initialize``,
  ``notifications/initialized`` and ``tools/list`` as raw JSON lines, timed to the answer.

Both wall time and the process's CPU time at that moment (user + system, read from /proc; 10 ms
ticks) are printed: the CPU figure moves less with the machine's load than the wall one does.
Differences are medians of per-round differences.

``--in-process`` times instead, in a fresh interpreter per round, the CPU (getrusage) of what a
stdio start-up adds after ``import mcp.server.mcpserver``: importing the serve path, and opening
the container (what the server's lifespan does before it answers). Finer than a spawn's 10 ms
ticks and free of the pipes, so a change of a few tens of milliseconds shows through the noise.
Prints figures, asserts nothing.

Usage: python -m bench.startup [--spawns 9] [--compare DIR] [--in-process]
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


ADDED = """
import asyncio, resource
import mcp.server.mcpserver

def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime

started = cpu()
from entrypoints import container, main, mcp_server, serving
from entrypoints.settings import Settings
imported = cpu()

async def opened() -> None:
    services = container.build_container(Settings.from_values({"SERPER_API_KEY": "k"}))
    mcp_server.build_server(services)
    async with container.running(services):
        print(imported - started, cpu() - imported)

asyncio.run(opened())
"""


def added(source: Path, home: str) -> tuple[float, float]:
    """CPU seconds of importing the serve path, and of opening the container, after the SDK's import."""
    env = {"HOME": home, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", ADDED], env=env, cwd=home, capture_output=True, text=True, check=True)
    imports, opening = done.stdout.split()
    return float(imports), float(opening)


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
    parser.add_argument("--in-process", action="store_true", help="CPU of the imports and of opening the container")
    args = parser.parse_args()
    sources = {"this checkout": ROOT} | ({f"--compare {args.compare}": args.compare.resolve()} if args.compare else {})
    names = list(sources) if args.in_process else ["floor", *sources]
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as home:
        for round_ in range(args.spawns):
            for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
                time.sleep(PAUSE_SECONDS)
                if args.in_process:
                    runs[name].append(added(sources[name], home))
                else:
                    runs[name].append(floor() if name == "floor" else searchrelay(sources[name], home))
    if args.in_process:
        print(
            f"CPU after import mcp.server.mcpserver, medians of {args.spawns} alternating rounds: imports / opening s"
        )
    else:
        print(f"spawn -> tools/list answered, medians of {args.spawns} alternating rounds: wall s / CPU s")
    for name, timings in runs.items():
        first, second = (statistics.median(t[i] for t in timings) for i in (0, 1))
        print(
            f"  {name:<40} {first:>7.3f} / {second:.3f}" + (f"   (sum {first + second:.3f})" if args.in_process else "")
        )
        if name != "floor" and not args.in_process:
            above = [(t[0] - f[0], t[1] - f[1]) for t, f in zip(timings, runs["floor"], strict=True)]
            wall, cpu = (statistics.median(a[i] for a in above) for i in (0, 1))
            print(f"  {'  above the floor':<40} {wall:>7.3f} / {cpu:.3f}   (goal <= 0.15 s)")


if __name__ == "__main__":
    main()
