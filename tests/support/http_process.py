"""The installed ``searchrelay serve --http --port 0`` as a child process, found by its start-up line."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
from pathlib import Path

from tests.e2e.conftest import searchrelay_command

GUARD_SECONDS = 60.0  # only against a hang: nothing depends on how fast the server starts
_LISTENING = re.compile(rb"serving MCP on (http://\S+)")


class HttpProcess:
    def __init__(self, env: dict[str, str], home: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [searchrelay_command(), "serve", "--http", "--port", "0", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={"PATH": os.environ.get("PATH", ""), "HOME": str(home), **env},
            cwd=home,
        )
        self.stderr = b""

    def url(self) -> str:
        """Waits for the line saying where the server listens."""
        assert self.proc.stderr is not None
        fd = self.proc.stderr.fileno()
        while not (found := _LISTENING.search(self.stderr)):
            ready, _, _ = select.select([fd], [], [], GUARD_SECONDS)
            assert ready, "the server did not say where it listens"
            chunk = os.read(fd, 65536)
            assert chunk, f"the server ended: {self.stderr.decode(errors='replace')}"
            self.stderr += chunk
        return found.group(1).decode()

    def signal(self, signum: signal.Signals) -> None:
        self.proc.send_signal(signum)

    def finish(self) -> tuple[int, str]:
        """Exit status and everything written to stderr."""
        _, rest = self.proc.communicate(timeout=GUARD_SECONDS)
        return self.proc.returncode, (self.stderr + rest).decode(errors="replace")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()
