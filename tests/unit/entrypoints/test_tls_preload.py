"""The TLS context loaded on a thread at start: the same context, and a bad setting said in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
import trustme

from entrypoints.container import build_container
from entrypoints.settings import Settings
from entrypoints.tls_preload import TlsPreload


@pytest.fixture
def trusted_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[trustme.CA, Path]:
    ca = trustme.CA()
    pem = tmp_path / "private-ca.pem"
    ca.cert_pem.write_to_path(str(pem))
    monkeypatch.setenv("SSL_CERT_FILE", str(pem))
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    return ca, pem


def test_the_preloaded_context_trusts_the_authority_ssl_cert_file_names(trusted_file: tuple[trustme.CA, Path]) -> None:
    preload = TlsPreload()
    assert preload.problem() is None
    trusted = [dict(entry[0] for entry in ca["subject"]) for ca in preload.context().get_ca_certs()]
    assert len(trusted) == 1 and str(trusted[0].get("organizationName")).startswith("trustme")  # that one, alone


def test_the_container_uses_the_preloaded_context_for_both_clients(trusted_file: tuple[trustme.CA, Path]) -> None:
    preload = TlsPreload()
    container = build_container(Settings.from_values({"SERPER_API_KEY": "k"}), tls=preload)
    assert container.tls_context() is preload.context()


@pytest.mark.parametrize(
    ("content", "reason"),
    [(None, "no such file or directory"), (b"not a certificate\n", "it holds no PEM certificates")],
)
def test_a_certificate_file_that_cannot_be_used_is_one_line_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes | None, reason: str
) -> None:
    pem = tmp_path / "ca.pem"
    if content is not None:
        pem.write_bytes(content)
    monkeypatch.setenv("SSL_CERT_FILE", str(pem))
    preload = TlsPreload()
    assert preload.problem() == (
        f"SSL_CERT_FILE={pem} cannot be used as trusted certificates ({reason}); "
        "point it at a PEM file of CA certificates, or unset it to use the bundled ones"
    )
    with pytest.raises(OSError):
        preload.context()


def test_a_process_that_stops_early_waits_for_the_load_instead_of_tearing_it_down(tmp_path: Path) -> None:
    # A start-up that ends at once (a bad setting: one line, exit 2) used to tear the interpreter
    # down while the load still ran inside OpenSSL on its thread, and now and then such an exit
    # died of SIGSEGV instead of exiting 2. The process must wait for the load, then exit.
    import subprocess
    import sys

    marker = tmp_path / "loaded"
    script = f"""
import pathlib, sys, time
import httpx
from entrypoints.tls_preload import TlsPreload

def slow_load():
    time.sleep(0.3)
    pathlib.Path({str(marker)!r}).write_text("done")
    return None

httpx.create_ssl_context = slow_load
TlsPreload()
sys.exit(2)
"""
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2, done.stderr
    assert marker.read_text() == "done"
