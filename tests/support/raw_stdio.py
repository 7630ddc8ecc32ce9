"""The installed ``searchrelay`` spawned with plain pipes, spoken to in raw JSON-RPC lines.

For what an SDK client would hide or refuse to send: unknown methods, garbage, oversized lines,
signals and a closed stdin at chosen moments.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
from pathlib import Path
from typing import Any

from tests.e2e.conftest import searchrelay_command

GUARD_SECONDS = 20.0  # only against a hang: no test depends on how fast anything happens


class RawServer:
    def __init__(self, env: dict[str, str], home: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [searchrelay_command(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={"PATH": os.environ.get("PATH", ""), "HOME": str(home), **env},
            cwd=home,
        )
        self._pending = b""

    def send(self, message: dict[str, Any] | bytes) -> None:
        assert self.proc.stdin is not None
        line = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        self.proc.stdin.write(line)
        self.proc.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._pending:
            ready, _, _ = select.select([fd], [], [], GUARD_SECONDS)
            assert ready, "the server sent nothing"
            chunk = os.read(fd, 65536)
            assert chunk, "the server closed stdout"
            self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        answer: dict[str, Any] = json.loads(line)
        return answer

    def request(self, request_id: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}})
        return self.receive()

    def initialize(self) -> dict[str, Any]:
        answer = self.request(
            0,
            "initialize",
            {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}},
        )
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def close_stdin(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def signal(self, signum: signal.Signals) -> None:
        self.proc.send_signal(signum)

    def finish(self) -> tuple[int, str]:
        """Wait for the exit (a guard against a hang, not a timing) and return (status, stderr)."""
        try:
            self.proc.wait(timeout=GUARD_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("the server did not end") from None
        assert self.proc.stderr is not None
        return self.proc.returncode, self.proc.stderr.read().decode(errors="replace")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None and not stream.closed:
                stream.close()
