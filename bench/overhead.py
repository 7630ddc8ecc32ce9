"""What searchrelay costs on top of the provider call, and how fast the server starts.

(a) median wall time of a bare httpx POST to a local fake Serper that answers at once;
(b) median wall time of an MCP ``web_search`` call through the in-process client against it;
the difference is searchrelay's overhead (goal: <= 1 ms; the SDK's own in-process call costs
about 0.5 ms of that). Then the time from spawning ``searchrelay`` over stdio to its
``tools/list`` answer, beside the floor the SDK sets (``python -c "import mcp.server.mcpserver"``);
goal: at most 0.15 s above that floor.

Usage: python bench/overhead.py [--calls 400] [--spawns 7]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def start_fake_serper() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "fake_serper.py")], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    port = proc.stdout.readline().strip()
    return proc, f"http://127.0.0.1:{port}"


async def bare_post(base_url: str, calls: int) -> list[float]:
    import httpx

    timings = []
    async with httpx.AsyncClient() as client:
        for i in range(calls + 20):
            started = time.perf_counter()
            response = await client.post(
                f"{base_url}/search", json={"q": "bench", "num": 3}, headers={"X-API-KEY": "bench-key"}
            )
            response.json()
            if i >= 20:  # warm-up excluded
                timings.append(time.perf_counter() - started)
    return timings


async def mcp_calls(base_url: str, calls: int) -> list[float]:
    from mcp import Client

    from entrypoints.container import build_container
    from entrypoints.logging_setup import configure_logging
    from entrypoints.mcp_server import build_server
    from entrypoints.settings import Settings

    settings = Settings(_env_file=None, SERPER_API_KEY="bench-key", SERPER_BASE_URL=base_url)  # type: ignore[call-arg]
    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())  # as `searchrelay serve` does
    timings = []
    async with Client(build_server(container)) as client:
        for i in range(calls + 20):
            started = time.perf_counter()
            result = await client.call_tool("web_search", {"query": f"bench {i}", "num_results": 3})
            if i >= 20:
                timings.append(time.perf_counter() - started)
            assert not result.is_error, result.content
    return timings


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


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
    for _ in range(spawns):
        started = time.perf_counter()
        params = StdioServerParameters(command=command, args=[], env={"SERPER_API_KEY": "bench-key"})
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
        bare = median_ms(asyncio.run(bare_post(base_url, args.calls)))
        via_mcp = median_ms(asyncio.run(mcp_calls(base_url, args.calls)))
    finally:
        proc.terminate()
        proc.wait()
    print(f"calls per measurement           {args.calls}")
    print(f"(a) bare httpx POST, median     {bare:.3f} ms")
    print(f"(b) MCP web_search, median      {via_mcp:.3f} ms")
    print(f"overhead (b - a)                {via_mcp - bare:.3f} ms   (goal <= 1 ms)")

    floor = import_floor(args.spawns)
    spawn = asyncio.run(spawn_to_tools_list(args.spawns))
    print(f"import mcp.server.mcpserver     {floor:.3f} s   (the SDK's floor, median of {args.spawns})")
    print(f"spawn -> tools/list answered    {spawn:.3f} s   (median of {args.spawns})")
    print(f"above the floor                 {spawn - floor:.3f} s   (goal <= 0.15 s)")


if __name__ == "__main__":
    main()
