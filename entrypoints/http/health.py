"""``GET /healthz`` (the process answers) and ``GET /readyz`` (it should get traffic).

Neither needs a token and neither says anything secret: readiness lists each check's name and,
when it fails, its one-line problem. Each check is bounded in time; a check that does not
answer in time, or fails unexpectedly, counts as not ready. A draining server is not ready.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from domain.ports import ReadinessProbe

logger = logging.getLogger(__name__)
CHECK_SECONDS = 2.0


def health_routes(
    checks: Callable[[], Sequence[ReadinessProbe]],
    draining: Callable[[], bool],
    *,
    check_seconds: float = CHECK_SECONDS,
) -> list[Route]:
    async def healthz(_: Request) -> JSONResponse:
        return JSONResponse({"status": "ok"}, headers={"cache-control": "no-store"})

    async def readyz(_: Request) -> JSONResponse:
        results = [{"name": check.name, "problem": await _problem(check, check_seconds)} for check in checks()]
        if draining():
            results.append({"name": "shutdown", "problem": "the server is shutting down"})
        ready = all(result["problem"] is None for result in results)
        body = {"status": "ready" if ready else "not ready", "checks": results}
        return JSONResponse(body, status_code=200 if ready else 503, headers={"cache-control": "no-store"})

    return [Route("/healthz", healthz, methods=["GET"]), Route("/readyz", readyz, methods=["GET"])]


async def _problem(check: ReadinessProbe, seconds: float) -> str | None:
    try:
        with anyio.fail_after(seconds):
            return await check.check()
    except TimeoutError:
        return f"no answer within {seconds:g} s"
    except Exception:
        logger.exception("readiness check %s failed", check.name)
        return "the check failed; the server's log has the details"
