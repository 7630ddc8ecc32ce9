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
