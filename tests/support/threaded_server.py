"""Running a test HTTP server on a background thread, shared by the fake provider and page servers."""

from __future__ import annotations

import threading
from http.server import ThreadingHTTPServer
from typing import TypeVar

S = TypeVar("S", bound=ThreadingHTTPServer)


class LocalServer(ThreadingHTTPServer):
    """A threaded test server whose listen queue holds a test's whole burst of connections.

    The standard library's queue of 5 drops connects when a test opens dozens at once (two
    replicas, twenty pages): a dropped SYN is retried a second later, which fails calls on a
    loaded machine and blurs what a client's own pool limit allows.
    """

    request_queue_size = 128


def serve_in_background(server: S) -> S:
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return server


def shut_down(server: ThreadingHTTPServer | None) -> None:
    if server is not None:
        server.shutdown()
        server.server_close()
