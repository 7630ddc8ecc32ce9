"""The ``searchrelay`` process: read the command line and the configuration, run one command, exit."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence

from entrypoints import command_line
from entrypoints.configuration import ConfigurationProblem, load

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
    try:
        configuration = load(args.env_file)
    except ConfigurationProblem as problem:
        for line in problem.lines:
            print(f"searchrelay: {line}", file=sys.stderr)
        return EXIT_USAGE
    if args.command == "serve" and args.http:
        # Imported only here: stdio never loads uvicorn, Starlette or the HTTP transport.
        from entrypoints.http.serving import serve_http

        return serve_http(configuration.settings, args)
    if args.command == "plugin":
        from entrypoints.plugin_serving import run_plugin

        return run_plugin(configuration.settings)
    if args.command == "serve":
        from entrypoints.serving import serve

        return serve(configuration.settings)
    # Imported here so that `serve` does not pay for what only the terminal commands use.
    from entrypoints import terminal_commands

    return terminal_commands.run(args, configuration)


if __name__ == "__main__":
    sys.exit(main())
