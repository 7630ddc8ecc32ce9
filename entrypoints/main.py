"""The ``searchrelay`` process: read the command line and the configuration, run one command, exit."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from entrypoints import command_line
from entrypoints.configuration import ConfigurationProblem, load

EXIT_USAGE = 2


def main(argv: Sequence[str] | None = None) -> int:
    args = command_line.parse(argv)
    try:
        configuration = load(args.env_file)
    except ConfigurationProblem as problem:
        for line in problem.lines:
            print(f"searchrelay: {line}", file=sys.stderr)
        return EXIT_USAGE
    if args.command == "serve":
        from entrypoints.serving import serve

        return serve(configuration.settings)
    # Imported here so that `serve` does not pay for what only the terminal commands use.
    from entrypoints import terminal_commands

    return terminal_commands.run(args, configuration)


if __name__ == "__main__":
    sys.exit(main())
