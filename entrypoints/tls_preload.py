"""The HTTP clients' TLS context, loaded on a thread while the process goes on starting.

Loading the CA bundle is 50-100 ms here, nearly all of it inside OpenSSL with the GIL released.
Started before the process reads its settings and imports its face, the load runs on the other
core beside them instead of after them, so a desktop client that spawns the server waits less.
The context is the one the container would build itself (``httpx.create_ssl_context``: it trusts
SSL_CERT_FILE / SSL_CERT_DIR when set, certifi's bundle otherwise).

A variable naming something that is not a readable set of certificates is a configuration
mistake, so ``problem()`` turns it into the one line the process stops with, instead of a
traceback from deep inside the first HTTP client's construction.
"""

from __future__ import annotations

import os
import ssl
import threading
from concurrent.futures import Future

import httpx


class TlsPreload:
    """Starts loading at construction; ``problem()`` and ``context()`` wait for the load."""

    def __init__(self) -> None:
        self._loaded: Future[ssl.SSLContext] = Future()
        # Not a daemon: the interpreter joins it before tearing down, so a start-up that ends at
        # once (a bad setting, exit 2) waits for the load (at most ~0.1 s) instead of freeing what
        # OpenSSL is still using on this thread, which now and then ended such an exit in SIGSEGV.
        threading.Thread(target=self._load, name="tls-preload", daemon=False).start()

    def _load(self) -> None:
        try:
            self._loaded.set_result(httpx.create_ssl_context())
        except Exception as error:  # kept for problem(): a thread's error would otherwise be lost
            self._loaded.set_exception(error)

    def problem(self) -> str | None:
        """None once the context is loaded; otherwise why it cannot be, in one line, with the fix."""
        error = self._loaded.exception()
        return None if error is None else unusable_certificates(error)

    def context(self) -> ssl.SSLContext:
        return self._loaded.result()


def unusable_certificates(error: BaseException) -> str:
    if isinstance(error, ssl.SSLError):  # read, but OpenSSL found no certificate in it
        reason = "it holds no PEM certificates"
    elif isinstance(error, OSError) and error.strerror:
        reason = error.strerror[:1].lower() + error.strerror[1:]
    else:
        reason = "it could not be read"
    for variable, wanted in (("SSL_CERT_FILE", "a PEM file"), ("SSL_CERT_DIR", "a folder")):
        if value := os.environ.get(variable):
            return (
                f"{variable}={value} cannot be used as trusted certificates ({reason}); "
                f"point it at {wanted} of CA certificates, or unset it to use the bundled ones"
            )
    return f"the bundled CA certificates could not be loaded ({reason}); reinstall searchrelay"
