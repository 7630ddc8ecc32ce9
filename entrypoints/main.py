"""The ``searchrelay`` process: read the command line and the configuration, run one command, exit."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from functools import partial

from entrypoints import command_line
from entrypoints.configuration import Configuration, ConfigurationProblem, load
from entrypoints.tls_preload import TlsPreload

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    try:
        status = _run(argv)
    except KeyboardInterrupt:  # Ctrl-C while starting up, before the server handles signals itself
        return EXIT_INTERRUPTED
    # Everything is closed; what is left is the interpreter's own teardown, whose garbage-collector
    # passes over every imported module (pydantic schemas, the SDK) take about 0.5 s here. Frozen
    # objects are left out of those passes, so the process ends at once.
    gc.freeze()
    return status


def _run(argv: Sequence[str] | None) -> int:
    args = command_line.parse(argv)
    # The TLS context of the commands that make HTTP calls loads on a thread meanwhile
    # (entrypoints/tls_preload.py); it is checked once the command's own imports are done.
    tls = TlsPreload() if args.command in ("serve", "plugin", "search", "fetch") else None
    try:
        configuration = load(args.env_file)
    except ConfigurationProblem as problem:
        for line in problem.lines:
            print(f"searchrelay: {line}", file=sys.stderr)
        return EXIT_USAGE
    command = _command(args, configuration, tls)
    return _unusable(tls) or command()


def _command(args: argparse.Namespace, configuration: Configuration, tls: TlsPreload | None) -> Callable[[], int]:
    """The command to run, its face imported (and only that face: each pays for its own imports)."""
    if args.command == "serve" and args.http:
        # Imported only here: stdio never loads uvicorn, Starlette or the HTTP transport.
        from entrypoints.http.serving import serve_http

        return partial(serve_http, configuration.settings, args, tls)
    if args.command == "plugin":
        from entrypoints.plugin_serving import run_plugin

        return partial(run_plugin, configuration.settings, tls)
    if args.command == "serve":
        from entrypoints.serving import serve

        return partial(serve, configuration.settings, tls)
    # Imported here so that `serve` does not pay for what only the terminal commands use.
    from entrypoints import terminal_commands

    return partial(terminal_commands.run, args, configuration, tls)


def _unusable(tls: TlsPreload | None) -> int:
    """EXIT_USAGE, said in one line, when the TLS settings name no usable certificates; else 0."""
    problem = tls.problem() if tls is not None else None
    if problem is None:
        return 0
    print(f"searchrelay: {problem}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
