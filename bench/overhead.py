"""What searchrelay costs on top of the provider call, over stdio and in-process, and how fast it starts.

Against a local fake Serper (bench/fake_serper.py, its own process, answers at once):

1. stdio, the way clients see it: the installed ``searchrelay`` and the simplest mcp server that
   makes the same POST with the SDK's defaults (bench/minimal_server.py), both spawned and driven by
   the SDK's stdio client, and a bare ``httpx`` POST from the bench process. Calls ALTERNATE between
   the three (the order rotates every round), so a slow patch of the machine hits all of them alike;
   sequential medians swing by +-1.5 ms here. Goals: searchrelay below the minimal server, and at
   most 2.5 ms over the bare POST.
2. in-process: ``mcp.Client(build_server(container))`` alternating with the bare POST; goal: at
   most 0.5 ms over it.
3. the time from spawning ``searchrelay`` to its ``tools/list`` answer, beside the floor the SDK sets
   (``python -c "import mcp.server.mcpserver"``); goal: at most 0.15 s above that floor.

Every ``web_search`` asks a new query, so searchrelay's answer cache never answers. Medians of
per-round differences are printed beside the plain medians. Prints figures, asserts nothing.

Usage: python -m bench.overhead [--calls 400] [--spawns 7]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WARM_UP = 30
Call = Callable[[int], Awaitable[Any]]


def start_fake_serper() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "fake_serper.py")], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    port = proc.stdout.readline().strip()
    return proc, f"http://127.0.0.1:{port}"


def bare_post(client: httpx.AsyncClient, base_url: str) -> Call:
    async def call(i: int) -> Any:
        response = await client.post(
            f"{base_url}/search", json={"q": f"bench {i}", "num": 3}, headers={"X-API-KEY": "bench-key"}
        )
        return response.json()

    return call


def tool_call(session: Any) -> Call:
    async def call(i: int) -> Any:
        result = await session.call_tool("web_search", {"query": f"bench {i}", "num_results": 3})
        assert not result.is_error, result.content
        return result

    return call


async def alternate(calls: dict[str, Call], rounds: int) -> dict[str, list[float]]:
    """Time ``rounds`` calls of each, interleaved: round i runs them in an order rotated by i."""
    names = list(calls)
    timings: dict[str, list[float]] = {name: [] for name in names}
    for i in range(WARM_UP + rounds):
        shift = i % len(names)
        for name in names[shift:] + names[:shift]:
            started = time.perf_counter()
            await calls[name](i)
            if i >= WARM_UP:
                timings[name].append(time.perf_counter() - started)
    return timings


async def over_stdio(base_url: str, rounds: int) -> dict[str, list[float]]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    with tempfile.TemporaryDirectory() as home:
        # HOME and the working directory are empty: no .env or config file of this machine is read.
        env = {"HOME": home, "SERPER_API_KEY": "bench-key", "SERPER_BASE_URL": base_url}
        relay = StdioServerParameters(command=str(Path(sys.executable).parent / "searchrelay"), env=env, cwd=home)
        minimal = StdioServerParameters(
            command=sys.executable, args=[str(ROOT / "bench" / "minimal_server.py")], env=env, cwd=home
        )
        async with AsyncExitStack() as stack:
            sessions = []
            for params in (relay, minimal):
                read, write = await stack.enter_async_context(stdio_client(params))
                session = await stack.enter_async_context(ClientSession(read, write))
                await session.initialize()
                await session.list_tools()  # the client caches the output schema it checks results against
                sessions.append(session)
            client = await stack.enter_async_context(httpx.AsyncClient())
            calls = {
                "bare": bare_post(client, base_url),
                "searchrelay": tool_call(sessions[0]),
                "minimal": tool_call(sessions[1]),
            }
            return await alternate(calls, rounds)


async def in_process(base_url: str, rounds: int) -> dict[str, list[float]]:
    from mcp import Client

    from entrypoints.container import build_container
    from entrypoints.logging_setup import configure_logging
    from entrypoints.mcp_server import build_server
    from entrypoints.settings import Settings

    settings = Settings.from_values({"SERPER_API_KEY": "bench-key", "SERPER_BASE_URL": base_url})
    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())  # as `searchrelay serve` does
    async with Client(build_server(container)) as session, httpx.AsyncClient() as client:
        return await alternate({"bare": bare_post(client, base_url), "searchrelay": tool_call(session)}, rounds)


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def paired_ms(a: list[float], b: list[float]) -> float:
    """Median of the per-round differences a - b."""
    return statistics.median(x - y for x, y in zip(a, b, strict=True)) * 1000


def import_floor(spawns: int) -> float:
    runs = []
    for _ in range(spawns):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import mcp.server.mcpserver"], check=True)
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


async def spawn_to_tools_list(spawns: int) -> float:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    command = str(Path(sys.executable).parent / "searchrelay")
    runs = []
    with tempfile.TemporaryDirectory() as home:
        for _ in range(spawns):
            started = time.perf_counter()
            params = StdioServerParameters(command=command, env={"HOME": home, "SERPER_API_KEY": "k"}, cwd=home)
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                tools = await session.list_tools()
                runs.append(time.perf_counter() - started)
            assert tools.tools
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--spawns", type=int, default=7)
    args = parser.parse_args()

    proc, base_url = start_fake_serper()
    try:
        stdio = asyncio.run(over_stdio(base_url, args.calls))
        local = asyncio.run(in_process(base_url, args.calls))
    finally:
        proc.terminate()
        proc.wait()
    bare, relay, minimal = stdio["bare"], stdio["searchrelay"], stdio["minimal"]
    print(f"rounds (alternating calls)            {args.calls}")
    print("over stdio (the SDK's stdio client)")
    print(f"  bare httpx POST, median              {median_ms(bare):.3f} ms")
    print(f"  minimal SDK server, median           {median_ms(minimal):.3f} ms")
    print(f"  searchrelay, median                  {median_ms(relay):.3f} ms")
    print(f"  searchrelay - bare POST, paired      {paired_ms(relay, bare):.3f} ms   (goal <= 2.5 ms)")
    print(f"  minimal - bare POST, paired          {paired_ms(minimal, bare):.3f} ms")
    print(f"  searchrelay - minimal, paired        {paired_ms(relay, minimal):.3f} ms   (goal < 0)")
    print("in-process (mcp.Client on the server object)")
    print(f"  bare httpx POST, median              {median_ms(local['bare']):.3f} ms")
    print(f"  searchrelay, median                  {median_ms(local['searchrelay']):.3f} ms")
    overhead = paired_ms(local["searchrelay"], local["bare"])
    print(f"  searchrelay - bare POST, paired      {overhead:.3f} ms   (goal <= 0.5 ms)")

    floor = import_floor(args.spawns)
    spawn = asyncio.run(spawn_to_tools_list(args.spawns))
    print(f"import mcp.server.mcpserver            {floor:.3f} s   (the SDK's floor, median of {args.spawns})")
    print(f"spawn -> tools/list answered           {spawn:.3f} s   (median of {args.spawns})")
    print(f"above the floor                        {spawn - floor:.3f} s   (goal <= 0.15 s)")


if __name__ == "__main__":
    main()
