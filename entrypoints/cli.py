"""The ``searchrelay`` command: the MCP server (default), a terminal search, the provider chain."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from domain.errors import SearchRelayError
from domain.redaction import mask_secret
from entrypoints.settings import Settings

EXIT_USAGE = 2
EXIT_FAILED = 1


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        _complain(_settings_problem(error))
        return EXIT_USAGE
    command = args.command or "serve"
    if command == "serve":
        return _serve(settings)
    if command == "search":
        return asyncio.run(_search(settings, args.query, args.num_results, as_json=args.json))
    return _providers(settings)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="searchrelay", description="Web search for agents with automatic provider failover."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("serve", help="run the MCP server on stdio (the default)")
    search = commands.add_parser("search", help="search from the terminal")
    search.add_argument("query", help="what to search for")
    search.add_argument("-n", "--num-results", type=_num_results, default=3, help="how many results, 1-20 (default 3)")
    search.add_argument("--json", action="store_true", help="print the structured result as JSON")
    commands.add_parser("providers", help="show the provider chain this environment gives")
    return parser


def _num_results(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 20:
        raise argparse.ArgumentTypeError(f"{value} is out of range; use 1 to 20")
    return value


def _serve(settings: Settings) -> int:
    from entrypoints.container import build_container
    from entrypoints.logging_setup import configure_logging
    from entrypoints.mcp_server import build_server

    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())
    build_server(container).run()
    return 0


async def _search(settings: Settings, query: str, num_results: int, *, as_json: bool) -> int:
    from domain.models import SearchRequest
    from entrypoints import provider_catalog
    from entrypoints.container import build_container, close_clients
    from entrypoints.logging_setup import configure_logging
    from entrypoints.rendering import advice_for, render_failure, render_outcome

    container = build_container(settings)
    configure_logging(settings.log_level, container.redactor())
    try:
        request = SearchRequest(query=query.strip(), num_results=num_results)
    except ValidationError:
        _complain("the query must be 1 to 2000 characters after trimming spaces.")
        return EXIT_USAGE
    try:
        outcome = await container.web_search().run(request)
    except SearchRelayError as error:
        from domain.errors import SearchFailed

        if isinstance(error, SearchFailed):
            advice = advice_for(error.kind, error.provider, provider_catalog.key_variables())
            _complain(render_failure(error, advice))
        else:
            _complain(str(error))
        return EXIT_FAILED
    finally:
        await close_clients(container.opened_clients())
    if as_json:
        print(json.dumps(outcome.model_dump(mode="json"), indent=2, ensure_ascii=False))
    else:
        print(render_outcome(outcome))
    return 0


def _providers(settings: Settings) -> int:
    from entrypoints import provider_catalog

    names = provider_catalog.chain_names(settings)
    if not names:
        print(provider_catalog.no_provider_message())
        return 0
    for position, name in enumerate(names, start=1):
        role = "primary" if position == 1 else "fallback"
        spec = provider_catalog.SPECS[name]
        keys = [getattr(settings, f) for f in spec.settings_fields]
        shown = ", ".join(mask_secret(k.get_secret_value()) for k in keys if k is not None) or "no key needed"
        print(f"{position}. {name:<11} {role:<9} key {shown}")
    return 0


def _settings_problem(error: ValidationError) -> str:
    # Only variable names and pydantic's message: the rejected value could be a secret.
    problems = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()]
    return "invalid configuration - " + "; ".join(problems)


def _complain(message: str) -> None:
    print(f"searchrelay: {message}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
