from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

SessionFactory = Callable[[dict[str, str]], AbstractAsyncContextManager[ClientSession]]


def searchrelay_command() -> str:
    """The installed console script next to this interpreter: what a desktop client launches."""
    script = Path(sys.executable).parent / "searchrelay"
    if not script.exists():
        pytest.fail("the searchrelay command is not installed; run the README's install command first")
    return str(script)


@pytest.fixture
def stdio_session(tmp_path: Path) -> SessionFactory:
    @asynccontextmanager
    async def start(env: dict[str, str]) -> AsyncIterator[ClientSession]:
        child_env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), **env}
        params = StdioServerParameters(command=searchrelay_command(), args=[], env=child_env, cwd=str(tmp_path))
        with (tmp_path / "stderr.log").open("w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                yield session

    return start
