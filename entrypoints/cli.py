"""The ``searchrelay`` command: the MCP server (default), a terminal search and fetch, the provider chain."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from domain.errors import ConfigurationError
from entrypoints.settings import Settings

EXIT_USAGE = 2
EXIT_FAILED = 1


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = Settings()
        from entrypoints.provider_catalog import chain_names

        chain_names(settings)  # a bad SEARCHRELAY_PROVIDERS is a start-up error, not a per-call one
    except ValidationError as error:
        _complain(_settings_problem(error))
        return EXIT_USAGE
    except ConfigurationError as error:
        _complain(f"invalid configuration - {error}")
        return EXIT_USAGE
    command = args.command or "serve"
    if command == "serve":
        return _serve(settings)
    if command == "providers":
        return _providers(settings, as_json=args.json)
    from entrypoints import terminal_cli

    if command == "search":
        return asyncio.run(terminal_cli.search(settings, args))
    return asyncio.run(terminal_cli.fetch(settings, args))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="searchrelay", description="Web search for agents with automatic provider failover."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("serve", help="run the MCP server on stdio (the default)")

    search = commands.add_parser("search", help="search from the terminal")
    search.add_argument("query", help="what to search for")
    search.add_argument(
        "-n", "--num-results", type=_bounded(1, 20), default=3, help="how many results, 1-20 (default 3)"
    )
    search.add_argument("--full-pages", action="store_true", help="also fetch each result's page as Markdown")
    search.add_argument("--freshness", help="pd, pw, pm, py or YYYY-MM-DDtoYYYY-MM-DD")
    search.add_argument("--country", help="ISO 3166-1 alpha-2 code, e.g. us, de")
    search.add_argument("--language", help="ISO 639-1 code, e.g. en, fr")
    search.add_argument("--json", action="store_true", help="print the structured result as JSON")

    fetch = commands.add_parser("fetch", help="read one URL as Markdown")
    fetch.add_argument("url", help="http(s) address")
    fetch.add_argument("--max-bytes", type=_bounded(1024, 102400), default=51200, help="window size (default 51200)")
    fetch.add_argument("--start-index", type=_bounded(0, 10**12), default=0, help="character offset to start at")
    fetch.add_argument("--json", action="store_true", help="print the structured result as JSON")

    providers = commands.add_parser("providers", help="show the provider chain this environment gives")
    providers.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def _bounded(low: int, high: int) -> argparse._ActionType:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range; use {low} to {high}")
        return value

    return parse


def _serve(settings: Settings) -> int:
    from entrypoints.container import build_container
    from entrypoints.logging_setup import configure_logging
    from entrypoints.mcp_server import build_server

    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())
    build_server(container).run()
    return 0


def _providers(settings: Settings, *, as_json: bool) -> int:
    from entrypoints import provider_catalog
    from entrypoints.container import build_container
    from entrypoints.provider_status import provider_report, render_report

    report = provider_report(build_container(settings))
    if as_json:
        print(json.dumps(report, indent=2))
    elif not report["chain"]:
        print(provider_catalog.no_provider_message())
    else:
        print(render_report(report))
    return 0


def _settings_problem(error: ValidationError) -> str:
    # Only variable names and pydantic's message: the rejected value could be a secret.
    problems = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()]
    return "invalid configuration - " + "; ".join(problems)


def _complain(message: str) -> None:
    print(f"searchrelay: {message}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
