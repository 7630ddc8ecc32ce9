"""``searchrelay search``, ``fetch`` and ``providers``: the use cases run once and printed for a person."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from domain.errors import ConfigurationError, InvalidRequestError, PageUnavailable
from domain.models import SearchFailed
from entrypoints import provider_catalog
from entrypoints.configuration import Configuration
from entrypoints.container import build_container, running
from entrypoints.fitted_answers import page_answer, search_answer
from entrypoints.logging_setup import configure_logging
from entrypoints.provider_status import provider_report, render_report
from entrypoints.reading_status import reading_report, render_reading
from entrypoints.rendering import render_failure
from entrypoints.search_request import build_request
from entrypoints.tls_preload import TlsPreload
from entrypoints.tool_calls import fetch_result

EXIT_FAILED = 1
EXIT_USAGE = 2


def run(args: argparse.Namespace, configuration: Configuration, tls: TlsPreload | None = None) -> int:
    if args.command == "providers":
        return providers(configuration, as_json=args.json)
    command = search if args.command == "search" else fetch
    return asyncio.run(command(configuration, args, tls))


async def search(configuration: Configuration, args: argparse.Namespace, tls: TlsPreload | None = None) -> int:
    try:
        request = build_request(
            args.query,
            args.num_results,
            return_full_pages=args.full_pages,
            freshness=args.freshness,
            country=args.country,
            language=args.language,
            topic=args.topic,
            ui_lang=args.ui_lang,
            include_domains=args.include_domains,
            exclude_domains=args.exclude_domains,
        )
    except InvalidRequestError as error:
        complain(str(error))
        return EXIT_USAGE
    container = build_container(configuration.settings, tls=tls)
    configure_logging(configuration.settings.log_level, container.redactor())
    try:
        async with running(container) as services:
            outcome = await services.web_search.run(request)
            text, structured = search_answer(
                outcome,
                full_pages=args.full_pages,
                max_chars=args.max_chars or services.max_chars,
                ranker=services.ranker,
            )
    except SearchFailed as error:
        complain(render_failure(error, provider_catalog.key_variables()))
        return EXIT_FAILED
    except ConfigurationError as error:
        complain(str(error))
        return EXIT_FAILED
    if args.json:
        print(json.dumps(structured, indent=2, ensure_ascii=False))
    else:
        print(text)
    return 0


async def fetch(configuration: Configuration, args: argparse.Namespace, tls: TlsPreload | None = None) -> int:
    container = build_container(configuration.settings, tls=tls)
    configure_logging(configuration.settings.log_level, container.redactor())
    try:
        async with running(container) as services:
            page, text = await page_answer(
                services.fetch_page, args.url, max_bytes=args.max_bytes, start_index=args.start_index,
                max_chars=args.max_chars or services.max_chars, focus=args.focus,
            )  # fmt: skip
    except PageUnavailable as missing:
        complain(f"could not read {missing.url}: {missing.reason}")
        return EXIT_FAILED
    except InvalidRequestError as error:
        complain(str(error))
        return EXIT_USAGE
    if args.json:  # the same fields as web_fetch's structured content
        print(json.dumps(fetch_result(page), indent=2, ensure_ascii=False))
    else:
        print(text)
    return 0


def providers(configuration: Configuration, *, as_json: bool) -> int:
    report = provider_report(build_container(configuration.settings))
    reading = reading_report(configuration.settings)
    files = {
        "env_files_read": [str(path) for path in configuration.files_read],
        "env_files_not_found": [str(path) for path in configuration.files_missing],
    }
    if as_json:
        print(json.dumps({**report, "page_reading": reading, **files}, indent=2))
        return 0
    print(render_report(report) if report["chain"] else provider_catalog.no_provider_message())
    print("\n".join(render_reading(reading)))
    print(f".env files read: {', '.join(files['env_files_read']) or 'none'}")
    if files["env_files_not_found"]:
        print(f"no .env file at: {', '.join(files['env_files_not_found'])} (or pass --env-file PATH)")
    return 0


def complain(message: str) -> None:
    print(f"searchrelay: {message}", file=sys.stderr)
