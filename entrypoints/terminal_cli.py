"""The CLI's search and fetch: the same use cases as the MCP tools, printed for a person."""

from __future__ import annotations

import argparse
import json
import sys

from domain.errors import ConfigurationError, InvalidRequestError, PageUnavailable
from domain.models import SearchFailed
from entrypoints import provider_catalog
from entrypoints.container import build_container, close_resources
from entrypoints.logging_setup import configure_logging
from entrypoints.rendering import render_failure, render_outcome, render_page
from entrypoints.requests import build_request
from entrypoints.settings import Settings

EXIT_FAILED = 1
EXIT_USAGE = 2


async def search(settings: Settings, args: argparse.Namespace) -> int:
    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())
    if args.full_pages:
        container.extraction().warm()  # starts while the providers answer
    try:
        request = build_request(
            args.query,
            args.num_results,
            return_full_pages=args.full_pages,
            freshness=args.freshness,
            country=args.country,
            language=args.language,
        )
        outcome = await container.web_search().run(request)
    except InvalidRequestError as error:
        _complain(str(error))
        return EXIT_USAGE
    except SearchFailed as error:
        _complain(render_failure(error, provider_catalog.key_variables()))
        return EXIT_FAILED
    except ConfigurationError as error:
        _complain(str(error))
        return EXIT_FAILED
    finally:
        await close_resources(container)
    if args.json:
        print(json.dumps(outcome.model_dump(mode="json"), indent=2, ensure_ascii=False))
    else:
        print(render_outcome(outcome, full_pages=args.full_pages))
    return 0


async def fetch(settings: Settings, args: argparse.Namespace) -> int:
    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())
    container.extraction().warm()  # starts while the page downloads
    try:
        page = await container.fetch_page().run(args.url, max_bytes=args.max_bytes, start_index=args.start_index)
    except PageUnavailable as missing:
        _complain(f"could not read {missing.url}: {missing.reason}")
        return EXIT_FAILED
    except InvalidRequestError as error:
        _complain(str(error))
        return EXIT_USAGE
    finally:
        await close_resources(container)
    if args.json:
        window = page.window
        data = {"url": page.url, "content_type": page.content_type, "content": window.text,
                "start_index": window.start_index, "end_index": window.end_index,
                "total_chars": window.total_chars, "truncated": window.truncated}  # fmt: skip
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(render_page(page))
    return 0


def _complain(message: str) -> None:
    print(f"searchrelay: {message}", file=sys.stderr)
