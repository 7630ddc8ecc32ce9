"""What the ``searchrelay`` command accepts: its subcommands and their options, nothing else."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from domain.budget import MAX_MAX_CHARS, MIN_MAX_CHARS
from entrypoints.search_request import MAX_QUERY_CHARACTERS, MAX_RESULTS

_MAX_CHARS_HELP = (
    f"most characters of text in the answer, {MIN_MAX_CHARS}-{MAX_MAX_CHARS} (default SEARCHRELAY_MAX_CHARS)"
)

MAX_FETCH_BYTES = 102_400


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """Exits with status 2 and argparse's usage line for arguments it cannot take."""
    args = _parser().parse_args(argv)
    args.command = args.command or "serve"
    args.env_file = getattr(args, "env_file", None)
    for name, default in (
        ("http", False),
        ("host", None),
        ("port", None),
        ("path", "/mcp"),
        ("insecure_no_auth", False),
    ):
        setattr(args, name, getattr(args, name, default))  # a bare `searchrelay` is `serve` on stdio
    return args


def _parser() -> argparse.ArgumentParser:
    # --env-file is accepted before or after the subcommand; the later one wins.
    env_file = argparse.ArgumentParser(add_help=False)
    env_file.add_argument(
        "--env-file",
        type=Path,
        default=argparse.SUPPRESS,
        metavar="PATH",
        help="also read this .env file (it wins over the other .env files, the environment wins over it)",
    )
    parser = argparse.ArgumentParser(
        prog="searchrelay",
        description="Web search for agents with automatic provider failover.",
        parents=[env_file],
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    serve = commands.add_parser(
        "serve", parents=[env_file], help="run the MCP server on stdio (the default), or over HTTP with --http"
    )
    serve.add_argument("--http", action="store_true", help="serve MCP over streamable HTTP instead of stdio")
    serve.add_argument("--host", help="address to listen on (default SEARCHRELAY_HTTP_HOST, else 127.0.0.1)")
    serve.add_argument(
        "--port",
        type=_bounded(0, 65535),
        help="port to listen on, 0 = any free one (default SEARCHRELAY_HTTP_PORT, else 8765)",
    )
    serve.add_argument("--path", default="/mcp", type=_path, help="the MCP endpoint's path (default /mcp)")
    serve.add_argument(
        "--insecure-no-auth",
        action="store_true",
        help="allow a non-loopback address without SEARCHRELAY_HTTP_TOKENS or OAuth (anyone who reaches it may search)",
    )

    commands.add_parser(
        "plugin",
        parents=[env_file],
        help="speak the agent plugin protocol (JSON lines) on stdin/stdout, for runtimes that are not MCP clients",
    )

    search = commands.add_parser("search", parents=[env_file], help="search from the terminal")
    search.add_argument("query", help="what to search for")
    search.add_argument(
        "-n",
        "--num-results",
        type=_bounded(1, MAX_RESULTS),
        default=3,
        help=f"how many results, 1-{MAX_RESULTS} (default 3)",
    )
    search.add_argument("--full-pages", action="store_true", help="also fetch each result's page as Markdown")
    search.add_argument("--freshness", help="pd, pw, pm, py or YYYY-MM-DDtoYYYY-MM-DD")
    search.add_argument("--country", help="ISO 3166-1 alpha-2 code, e.g. us, de")
    search.add_argument("--language", help="ISO 639-1 code, e.g. en, fr")
    search.add_argument("--topic", choices=("general", "news"), default="general", help="news: news articles, dated")
    search.add_argument(
        "--include-domains",
        type=_domains,
        metavar="HOSTS",
        help="only these sites, comma-separated: python.org,docs.python.org",
    )
    search.add_argument("--exclude-domains", type=_domains, metavar="HOSTS", help="never these sites, comma-separated")
    search.add_argument("--ui-lang", help="Brave's interface locale, e.g. en-US, de-DE (others ignore it)")
    search.add_argument("--max-chars", type=_bounded(MIN_MAX_CHARS, MAX_MAX_CHARS), help=_MAX_CHARS_HELP)
    search.add_argument("--json", action="store_true", help="print the structured result as JSON")

    fetch = commands.add_parser("fetch", parents=[env_file], help="read one URL as Markdown")
    fetch.add_argument("url", help="http(s) address")
    fetch.add_argument(
        "--max-bytes", type=_bounded(1024, MAX_FETCH_BYTES), default=51200, help="window size (default 51200)"
    )
    fetch.add_argument("--start-index", type=_bounded(0, 10**12), default=0, help="character offset to start at")
    fetch.add_argument("--max-chars", type=_bounded(MIN_MAX_CHARS, MAX_MAX_CHARS), help=_MAX_CHARS_HELP)
    fetch.add_argument(
        "--focus",
        type=_focus,
        help="a question or keywords: when the page does not fit, its passages that answer it, gaps marked",
    )
    fetch.add_argument("--json", action="store_true", help="print the structured result as JSON")

    providers = commands.add_parser(
        "providers", parents=[env_file], help="show the provider chain and the configuration files read"
    )
    providers.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def _path(text: str) -> str:
    if not text.startswith("/") or any(c in text for c in "?#* ") or text.rstrip("/") in ("", "/healthz", "/readyz"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a usable path; use one like /mcp")
    return text.rstrip("/")


def _domains(text: str) -> list[str]:
    # Checked (host names, how many) by build_request, like the tool's list; here only split.
    return [part for part in text.split(",") if part.strip()]


def _focus(text: str) -> str:
    focus = text.strip()
    if not 1 <= len(focus) <= MAX_QUERY_CHARACTERS:
        raise argparse.ArgumentTypeError(f"use 1 to {MAX_QUERY_CHARACTERS} characters after trimming spaces")
    return focus


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
