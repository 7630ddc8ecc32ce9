"""CPU that searchrelay's own code spends per ``web_search`` call, robust to the machine's speed.

Wall-clock medians on this shared 2-core machine swing 2x within an hour; CPU time per call swings
far less, since time spent waiting for the CPU is not counted. Three figures, each in microseconds
of CPU per call (new query every call, so the answer cache never answers; snippets only):

1. the use case alone (``WebSearch.run``) with an instant in-memory provider port;
2. the MCP face and the use case in-process (``mcp.Client`` on ``build_server``), same provider;
3. the server process over stdio, the real Serper adapter posting to a local fake Serper: the
   process's utime + stime from /proc before and after the calls, beside the same figure for
   bench/canned_server.py (a fixed result over searchrelay's transport: the SDK's own share).

``--before PATH`` compares with another checkout (e.g. ``git archive main``) in one run. The modules
share names, so one process holds one code: figures 1 and 2 come from one warm worker process per
checkout, figure 3 from one server process per checkout, and batches of calls alternate between
them (the order rotating), so that a slow patch of the machine hits both codes alike.
Prints figures, asserts nothing.

Usage: python -m bench.percall [--batches 40] [--size 50] [--before PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 50


PACKAGES = {"domain", "application", "adapters", "entrypoints", "tests"}


def _ours(module: str) -> bool:
    return module.split(".")[0] in PACKAGES


class Code:
    """One checkout's modules, held beside another checkout's in this process.

    Both import as ``domain``, ``application``...: each checkout's modules are swapped into
    ``sys.modules`` (and its folder onto ``sys.path``) while it is active, so that whatever it
    imports, at start or later inside a function, is its own.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._modules: dict[str, Any] = {}

    @contextmanager
    def active(self) -> Iterator[None]:
        for name in [name for name in sys.modules if _ours(name)]:
            del sys.modules[name]
        sys.modules.update(self._modules)
        sys.path.insert(0, str(self.path))
        try:
            yield
        finally:
            sys.path.remove(str(self.path))
            self._modules = {name: module for name, module in sys.modules.items() if _ours(name)}
            for name in self._modules:
                del sys.modules[name]


async def open_calls(code: Code, stack: AsyncExitStack) -> dict[str, Callable[[int], Awaitable[Any]]]:
    """Figures 1 and 2 of one checkout: the use case and the MCP face, each with an instant provider."""
    from dependency_injector import providers
    from mcp import Client

    from domain.models import SearchRequest
    from entrypoints.container import build_container, running
    from entrypoints.mcp_server import build_server
    from entrypoints.settings import Settings
    from tests.support.fake_ports import FakeSearch

    settings = Settings.from_values({"SERPER_API_KEY": "bench-key"})

    def instant() -> Any:
        container = build_container(settings)
        container.serper.override(providers.Object(FakeSearch("serper")))
        return container

    core = await stack.enter_async_context(running(instant()))
    face = await stack.enter_async_context(Client(build_server(instant())))
    await face.list_tools()

    async def use_case(i: int) -> None:
        await core.web_search.run(SearchRequest(query=f"bench {i}", num_results=3))

    async def through_face(i: int) -> None:
        arguments = {"query": f"bench {i}", "num_results": 3, "return_full_pages": False}
        result = await face.call_tool("web_search", arguments)
        assert not result.is_error, result.content

    return {"use_case": use_case, "face": through_face}


async def in_process(paths: dict[str, Path], batches: int, size: int) -> dict[str, dict[str, list[float]]]:
    """Figures 1 and 2: CPU per call of each batch, batches alternating between the checkouts."""
    codes = {name: Code(path) for name, path in paths.items()}
    figures: dict[str, dict[str, list[float]]] = {name: {"use_case": [], "face": []} for name in codes}
    names = list(codes)
    stacks = {name: AsyncExitStack() for name in codes}
    calls = {}
    for name, code in codes.items():
        with code.active():
            calls[name] = await open_calls(code, stacks[name])
    try:
        done = 0
        for figure in ("use_case", "face"):
            for b in range(-1, batches):  # the first round warms up
                for name in names[b % len(names) :] + names[: b % len(names)]:
                    with codes[name].active():
                        began = time.process_time()
                        for i in range(done, done + size):
                            await calls[name][figure](i)
                        spent = time.process_time() - began
                    done += size
                    if b >= 0:
                        figures[name][figure].append(spent / size * 1e6)
    finally:
        for name in reversed(names):  # last opened, first closed; each with its own modules in place
            with codes[name].active():
                await stacks[name].aclose()
    return figures


async def over_stdio(codes: dict[str, Path], rounds: int, calls: int) -> dict[str, list[float]]:
    """Figure 3: CPU per call of each server process, batches alternating between them."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    from bench.overhead import children, process_cpu, start_fake_serper, tool_call

    proc, base_url = start_fake_serper()
    try:
        with tempfile.TemporaryDirectory() as home:
            env = {"HOME": home, "SERPER_API_KEY": "bench-key", "SERPER_BASE_URL": base_url}
            serve = "import sys; sys.path.insert(0, sys.argv[1]); from entrypoints.main import main; sys.exit(main([]))"
            servers = {
                name: StdioServerParameters(command=sys.executable, args=["-c", serve, str(code)], env=env, cwd=home)
                for name, code in codes.items()
            }
            canned = [str(ROOT / "bench" / "canned_server.py"), "ours"]
            servers["canned"] = StdioServerParameters(command=sys.executable, args=canned, env=env, cwd=home)
            per_call: dict[str, list[float]] = {name: [] for name in servers}
            async with AsyncExitStack() as stack:
                sessions = {}
                for name, params in servers.items():
                    known = children()
                    read, write = await stack.enter_async_context(stdio_client(params))
                    (pid,) = children() - known
                    session = await stack.enter_async_context(ClientSession(read, write))
                    await session.initialize()
                    await session.list_tools()
                    sessions[name] = (tool_call(session), pid)
                for name, (call, _) in sessions.items():
                    for i in range(WARM_UP):
                        await call(-1 - i - 1000 * len(name))
                names = list(sessions)
                for r in range(rounds):
                    for name in names[r % len(names) :] + names[: r % len(names)]:
                        call, pid = sessions[name]
                        before = process_cpu(pid)
                        for i in range(calls):
                            await call(r * calls + i)
                        per_call[name].append((process_cpu(pid) - before) / calls * 1e6)
            return per_call
    finally:
        proc.terminate()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=40)
    parser.add_argument("--size", type=int, default=50, help="calls per batch")
    parser.add_argument("--before", type=Path, help="another checkout to compare with, in the same run")
    args = parser.parse_args()
    codes = {"current": ROOT} if args.before is None else {"before": args.before.resolve(), "current": ROOT}
    local = asyncio.run(in_process(codes, args.batches, args.size))
    stdio = asyncio.run(over_stdio(codes, args.batches, 2 * args.size))
    print(f"CPU us per call: median of {args.batches} alternating batches of {args.size} calls (stdio: total / calls)")
    for label, figure in (
        ("1. use case, instant provider", "use_case"),
        ("2. MCP face + use case, in-process", "face"),
    ):
        cells = "  ".join(f"{name} {statistics.median(local[name][figure]):6.0f}" for name in codes)
        print(f"  {label:<38} {cells}{_paired(local, figure)}")
    cells = "  ".join(f"{name} {statistics.fmean(stdio[name]):6.0f}" for name in codes)
    print(f"  {'3. server process over stdio':<38} {cells}")
    print(f"  {'   canned server over stdio (SDK floor)':<38} {statistics.fmean(stdio['canned']):6.0f}")


def _paired(local: dict[str, dict[str, list[float]]], figure: str) -> str:
    if "before" not in local:
        return ""
    pairs = zip(local["current"][figure], local["before"][figure], strict=True)
    return f"  current - before {statistics.median(c - b for c, b in pairs):+6.1f}"


if __name__ == "__main__":
    main()
