"""A real ``redis-server`` the tests start on 127.0.0.1, on a free port, in a temporary folder.

Installed by the README's test command (Debian package ``redis-server``); a test that needs it
is skipped, saying why, only when the binary truly is not there. It can be stopped mid-test
(``kill``) and started again on the same port (``start``), which is how the fallback is proven.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support.fake_provider import wait_for

NOT_INSTALLED = (
    "redis-server is not installed and the README's test command could not install it "
    "(it runs apt-get install redis-server; that needs root and a Debian package mirror)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class RedisServer:
    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip(NOT_INSTALLED)
        args = [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder)]
        args += ["--save", "", "--appendonly", "no", "--protected-mode", "yes", "--loglevel", "warning"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_for(lambda: _answers(self.port), timeout=10):
            self.kill()
            raise RuntimeError(f"redis-server did not answer on 127.0.0.1:{self.port}")
        return self

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
