"""What searchrelay costs on top of the provider call, over stdio and in-process, and how fast it starts.

Against a local fake Serper (bench/fake_serper.py, its own process, answers at once):

1. stdio, the way clients see it: the installed ``searchrelay`` and the simplest mcp server that
   makes the same POST with the SDK's defaults (bench/minimal_server.py), both spawned and driven by
   the SDK's stdio client, and a bare ``httpx`` POST from the bench process. Calls ALTERNATE between
   the three (the order rotates every round), so a slow patch of the machine hits all of them alike;
   sequential medians swing by +-1.5 ms here. Goals: searchrelay below the minimal server, and at
   most 2.5 ms over the bare POST.
2. the stdio transport alone: bench/canned_server.py (a fixed result, no provider) over searchrelay's
   event-loop transport and over the SDK's threaded one, alternating; their CPU per call too (the
   SDK's share of the server's).
3. in-process: ``mcp.Client(build_server(container))``, the minimal server in-process, the canned
   server in-process (the SDK's own floor: dispatch plus the client's check of the result against
   the output schema) and the bare POST, alternating; goal: at most 0.5 ms over the bare POST.
   The minimal server in-process shows what that goal asks of any server on the SDK. The floor is
   printed so that what the SDK costs and what searchrelay adds can be told apart, and so is
   searchrelay with an instant in-memory provider port (the MCP face and the use case without
   the adapter's HTTP path), and searchrelay's core without any MCP (the use case through the
   real Serper adapter, called directly: what searchrelay itself adds in-process, since the
   SDK's floor alone is above 0.5 ms).
4. the client's output-schema check of one result: the flat schema searchrelay lists against the
   schema pydantic writes for the same model (``$defs``/``$ref``, ``anyOf`` for nullables).
5. the time from spawning ``searchrelay`` to its ``tools/list`` answer, beside the floor the SDK sets
   (``python -c "import mcp.server.mcpserver"``), alternating, each after a pause that lets the
   previous server's background fork server finish; goal: at most 0.15 s above that floor. Run in
   a venv with the ``dev`` extra, httpx also imports its command line's libraries (rich, click,
   pygments: ~0.06 s) that a plain install does not have.

Every ``web_search`` asks a new query, so searchrelay's answer cache never answers. Differences are
medians of per-round differences. Prints figures, asserts nothing; the machine's load shows in them.

Usage: python -m bench.overhead [--calls 400] [--spawns 7]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WARM_UP = 30
PAUSE_SECONDS = 2.0
TICKS = os.sysconf("SC_CLK_TCK")
Call = Callable[[int], Awaitable[Any]]
Timings = dict[str, list[float]]


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
        # Snippets only: the minimal server makes the same one POST; full pages are bench/pages.py's.
        arguments = {"query": f"bench {i}", "num_results": 3, "return_full_pages": False}
        result = await session.call_tool("web_search", arguments)
        assert not result.is_error, result.content
        return result

    return call


async def alternate(calls: dict[str, Call], rounds: int) -> Timings:
    """Time ``rounds`` calls of each, interleaved: round i runs them in an order rotated by i."""
    names = list(calls)
    timings: Timings = {name: [] for name in names}
    for i in range(WARM_UP + rounds):
        shift = i % len(names)
        for name in names[shift:] + names[:shift]:
            started = time.perf_counter()
            await calls[name](i)
            if i >= WARM_UP:
                timings[name].append(time.perf_counter() - started)
    return timings


async def spawned_sessions(stack: AsyncExitStack, servers: dict[str, Any]) -> tuple[dict[str, Call], dict[str, int]]:
    """A session with each server, spawned, and each server's pid."""
    from mcp import ClientSession, stdio_client

    calls, pids = {}, {}
    for name, params in servers.items():
        known = children()
        read, write = await stack.enter_async_context(stdio_client(params, errlog=stack.enter_context(_devnull())))
        (pids[name],) = children() - known
        session = await stack.enter_async_context(ClientSession(read, write))
        await session.initialize()
        await session.list_tools()  # the client caches the output schema it checks results against
        calls[name] = tool_call(session)
    return calls, pids


def children() -> set[int]:
    """This process's child processes (a server just spawned is the one new among them)."""
    return {
        int(pid)
        for task in Path(f"/proc/{os.getpid()}/task").iterdir()
        for pid in (task / "children").read_text().split()
    }


def process_cpu(pid: int) -> float:
    """Seconds of CPU (user + system) the process has used: unlike wall time, barely moved by the machine's load."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


async def timed_with_cpu(calls: dict[str, Call], pids: dict[str, int], rounds: int) -> tuple[Timings, dict[str, float]]:
    """``alternate``'s timings, and each server's CPU microseconds per call over the same calls."""
    before = {name: process_cpu(pid) for name, pid in pids.items()}
    timings = await alternate(calls, rounds)
    cpu = {name: (process_cpu(pid) - before[name]) / (WARM_UP + rounds) * 1e6 for name, pid in pids.items()}
    return timings, cpu


def _devnull() -> Any:
    return Path("/dev/null").open("w")


async def over_stdio(base_url: str, rounds: int) -> tuple[Timings, dict[str, float]]:
    from mcp import StdioServerParameters

    with tempfile.TemporaryDirectory() as home:
        # HOME and the working directory are empty: no .env or config file of this machine is read.
        env = {"HOME": home, "SERPER_API_KEY": "bench-key", "SERPER_BASE_URL": base_url}
        relay = str(Path(sys.executable).parent / "searchrelay")
        minimal = [str(ROOT / "bench" / "minimal_server.py")]
        servers = {
            "searchrelay": StdioServerParameters(command=relay, env=env, cwd=home),
            "minimal": StdioServerParameters(command=sys.executable, args=minimal, env=env, cwd=home),
        }
        async with AsyncExitStack() as stack:
            calls, pids = await spawned_sessions(stack, servers)
            client = await stack.enter_async_context(httpx.AsyncClient())
            return await timed_with_cpu({"bare": bare_post(client, base_url), **calls}, pids, rounds)


async def transports(rounds: int) -> tuple[Timings, dict[str, float]]:
    from mcp import StdioServerParameters

    canned = str(ROOT / "bench" / "canned_server.py")
    servers = {kind: StdioServerParameters(command=sys.executable, args=[canned, kind]) for kind in ("ours", "sdk")}
    async with AsyncExitStack() as stack:
        return await timed_with_cpu(*await spawned_sessions(stack, servers), rounds)


async def in_process(base_url: str, rounds: int) -> Timings:
    from dependency_injector import providers
    from mcp import Client

    from bench import minimal_server
    from bench.canned_server import build
    from domain.models import SearchRequest
    from entrypoints.container import build_container, running
    from entrypoints.logging_setup import configure_logging
    from entrypoints.mcp_server import build_server
    from entrypoints.settings import Settings
    from tests.support.fake_ports import FakeSearch

    settings = Settings.from_values({"SERPER_API_KEY": "bench-key", "SERPER_BASE_URL": base_url})
    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())  # as `searchrelay serve` does
    # The same server with an instant in-memory provider port: what the face and the use case cost
    # without the provider adapter's HTTP path.
    no_http = build_container(settings)
    no_http.serper.override(providers.Object(FakeSearch("serper")))
    async with (
        Client(build_server(container)) as relay,
        Client(build_server(no_http)) as relay_no_http,
        Client(build()) as canned,
        Client(minimal_server.build(base_url)) as minimal,
        httpx.AsyncClient() as client,
        running(build_container(settings)) as core,
    ):
        for session in (relay, relay_no_http, canned, minimal):
            await session.list_tools()
        calls = {
            "bare": bare_post(client, base_url),
            "searchrelay": tool_call(relay),
            "no_http": tool_call(relay_no_http),
            "floor": tool_call(canned),
            "minimal": tool_call(minimal),
            "core": lambda i: core.web_search.run(SearchRequest(query=f"bench {i}", num_results=3)),
        }
        return await alternate(calls, rounds)


def schema_checks() -> dict[str, float]:
    """Microseconds per client-side check of one result, as the SDK's client does it."""
    from jsonschema import exceptions
    from jsonschema.validators import validator_for
    from referencing import Registry

    from bench.canned_server import OUTCOME
    from domain.models import SearchOutcome
    from entrypoints.fitted_answers import structured_content
    from entrypoints.flat_schema import flat_schema

    instance = structured_content(OUTCOME)  # what searchrelay sends: no nulls
    nested = SearchOutcome.model_json_schema(mode="serialization")
    figures = {}
    for name, schema in (("flat", flat_schema(nested)), ("pydantic", nested)):
        validator = validator_for(schema)(schema, registry=Registry())
        runs = 3000
        seconds = timeit.timeit(lambda v=validator: exceptions.best_match(v.iter_errors(instance)), number=runs)
        figures[name] = seconds / runs * 1e6
    return figures


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def paired_ms(a: list[float], b: list[float]) -> float:
    """Median of the per-round differences a - b."""
    return statistics.median(x - y for x, y in zip(a, b, strict=True)) * 1000


def start_up(spawns: int) -> tuple[float, float]:
    """Medians of the SDK's import floor and of spawn -> ``tools/list``, measured in alternation.

    Each round pauses first: a server that has just exited leaves its extraction fork server
    importing in the background for about a second, and a spawn racing that on two cores would
    measure the machine, not searchrelay's start-up.
    """
    floors, spawned = [], []
    with tempfile.TemporaryDirectory() as home:
        for _ in range(spawns):
            time.sleep(PAUSE_SECONDS)
            floors.append(import_floor())
            time.sleep(PAUSE_SECONDS)
            spawned.append(asyncio.run(spawn_to_tools_list(home)))
    return statistics.median(floors), statistics.median(spawned)


def import_floor() -> float:
    """Spawn -> ``import mcp.server.mcpserver`` done; the interpreter's exit is not timed (nor is the server's)."""
    started = time.perf_counter()
    code = "import mcp.server.mcpserver; print(flush=True)"
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        proc.stdout.readline()
        elapsed = time.perf_counter() - started
    return elapsed


async def spawn_to_tools_list(home: str) -> float:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    command = str(Path(sys.executable).parent / "searchrelay")
    started = time.perf_counter()
    params = StdioServerParameters(command=command, env={"HOME": home, "SERPER_API_KEY": "k"}, cwd=home)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        elapsed = time.perf_counter() - started
    assert tools.tools
    return elapsed


def report(stdio: Timings, transport: Timings, local: Timings, cpu: dict[str, float]) -> None:
    line = "  {:<40} {:>8.3f} ms{}"
    print("1. over stdio (the SDK's stdio client), alternating")
    print(line.format("bare httpx POST, median", median_ms(stdio["bare"]), ""))
    print(line.format("minimal SDK server, median", median_ms(stdio["minimal"]), ""))
    print(line.format("searchrelay, median", median_ms(stdio["searchrelay"]), ""))
    print(line.format("searchrelay - bare POST", paired_ms(stdio["searchrelay"], stdio["bare"]), "   (goal <= 2.5)"))
    print(line.format("minimal - bare POST", paired_ms(stdio["minimal"], stdio["bare"]), ""))
    print(line.format("searchrelay - minimal", paired_ms(stdio["searchrelay"], stdio["minimal"]), "   (goal < 0)"))
    cpu_line = "  {:<40} {:>8.0f} us"
    print(cpu_line.format("searchrelay server's CPU per call", cpu["searchrelay"]))
    print(cpu_line.format("minimal server's CPU per call", cpu["minimal"]))
    print("2. the stdio transport alone (canned result), alternating")
    print(line.format("searchrelay's transport, median", median_ms(transport["ours"]), ""))
    print(line.format("the SDK's stdio_server, median", median_ms(transport["sdk"]), ""))
    print(line.format("ours - SDK's", paired_ms(transport["ours"], transport["sdk"]), ""))
    print(cpu_line.format("canned server's CPU per call, ours", cpu["ours"]))
    print(cpu_line.format("canned server's CPU per call, SDK's", cpu["sdk"]))
    print("3. in-process (mcp.Client on the server object), alternating")
    print(line.format("bare httpx POST, median", median_ms(local["bare"]), ""))
    print(line.format("searchrelay, median", median_ms(local["searchrelay"]), ""))
    print(line.format("searchrelay - bare POST", paired_ms(local["searchrelay"], local["bare"]), "   (goal <= 0.5)"))
    print(line.format("minimal SDK server - bare POST", paired_ms(local["minimal"], local["bare"]), ""))
    print(line.format("searchrelay - minimal", paired_ms(local["searchrelay"], local["minimal"]), ""))
    print(line.format("the SDK's floor (canned result), median", median_ms(local["floor"]), ""))
    added = [r - b - f for r, b, f in zip(local["searchrelay"], local["bare"], local["floor"], strict=True)]
    print(line.format("searchrelay - bare POST - SDK floor", statistics.median(added) * 1000, ""))
    print(line.format("  of which face + use case (no HTTP)", paired_ms(local["no_http"], local["floor"]), ""))
    print(line.format("core without MCP (use case + adapter) - bare", paired_ms(local["core"], local["bare"]), ""))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--spawns", type=int, default=7)
    args = parser.parse_args()

    proc, base_url = start_fake_serper()
    try:
        stdio, stdio_cpu = asyncio.run(over_stdio(base_url, args.calls))
        transport, transport_cpu = asyncio.run(transports(args.calls))
        local = asyncio.run(in_process(base_url, args.calls))
    finally:
        proc.terminate()
        proc.wait()
    print(f"rounds of alternating calls: {args.calls}")
    report(stdio, transport, local, {**stdio_cpu, **transport_cpu})
    checks = schema_checks()
    print("4. the client's output-schema check of one web_search result")
    print(f"  flat schema (as listed)                  {checks['flat']:>8.1f} us")
    print(f"  pydantic's schema ($ref, anyOf)          {checks['pydantic']:>8.1f} us")

    floor, spawn = start_up(args.spawns)
    print("5. start-up")
    print(f"  import mcp.server.mcpserver              {floor:>8.3f} s   (the SDK's floor, median of {args.spawns})")
    print(f"  spawn -> tools/list answered             {spawn:>8.3f} s")
    print(f"  above the floor                          {spawn - floor:>8.3f} s   (goal <= 0.15 s)")


if __name__ == "__main__":
    main()
