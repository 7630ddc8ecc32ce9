"""The dependency rule, enforced: import-linter's contracts from pyproject.toml run with the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_hold() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run(
        [str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_the_domain_does_no_io_at_import() -> None:
    # Importing the domain must not pull in a transport: a cheap guard on top of the contract.
    code = (
        "import sys, domain.ports, domain.fallback, domain.models; print('httpx' in sys.modules, 'mcp' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
