"""Where searchrelay's configuration comes from, and what a wrong value says.

The process environment wins over ``--env-file PATH``, which wins over ``.env`` in the working
directory, which wins over ``$XDG_CONFIG_HOME/searchrelay/.env`` (default
``~/.config/searchrelay/.env``), which wins over the defaults. Desktop clients start servers in
``/`` or the home folder, so the per-user file is the one that works wherever the server starts.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from domain.errors import ConfigurationError
from entrypoints.provider_catalog import chain_names
from entrypoints.settings import Settings


class ConfigurationProblem(Exception):
    """Start-up must stop; ``lines`` say why, one line per problem, never a value."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


@dataclass(frozen=True)
class Configuration:
    settings: Settings
    files_read: tuple[Path, ...]  # lowest priority first
    files_missing: tuple[Path, ...]  # the usual places that hold no .env file


def user_config_file(environ: Mapping[str, str]) -> Path | None:
    """``$XDG_CONFIG_HOME/searchrelay/.env``; a relative XDG_CONFIG_HOME is ignored, as the spec says."""
    base = environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):
        home = environ.get("HOME", "")
        if not home:
            return None
        base = os.path.join(home, ".config")
    return Path(base) / "searchrelay" / ".env"


def usual_places(environ: Mapping[str, str], cwd: Path) -> tuple[Path, ...]:
    """Where a .env file is looked for without ``--env-file``, lowest priority first."""
    user = user_config_file(environ)
    return (user, cwd / ".env") if user is not None else (cwd / ".env",)


def env_files(explicit: Path | None, environ: Mapping[str, str], cwd: Path) -> tuple[Path, ...]:
    """The .env files that exist, lowest priority first. Raises for an ``--env-file`` that cannot be read."""
    found = [path for path in usual_places(environ, cwd) if path.is_file()]
    if explicit is not None:
        try:
            explicit.open("rb").close()
        except OSError as error:
            raise ConfigurationProblem([f"--env-file {explicit}: {error.strerror or 'cannot be read'}"]) from None
        found.append(explicit)
    # The same file reached twice (say, the working directory is the config folder) is read once.
    unique = {path.resolve(): path for path in found}
    return tuple(unique.values())


def load(explicit: Path | None = None) -> Configuration:
    """Settings from the environment and the .env files; raises ``ConfigurationProblem``."""
    cwd = Path.cwd()
    files = env_files(explicit, os.environ, cwd)
    try:
        settings = Settings(_env_file=files or None)
        chain_names(settings)  # a bad SEARCHRELAY_PROVIDERS is a start-up error, not a per-call one
    except ValidationError as error:
        raise ConfigurationProblem(settings_problems(error)) from None
    except ConfigurationError as error:
        raise ConfigurationProblem([str(error)]) from None
    missing = tuple(path for path in usual_places(os.environ, cwd) if path not in files)
    return Configuration(settings, files, missing)


def settings_problems(error: ValidationError) -> list[str]:
    """One line per wrong variable: its name and the form it must take. Never the value: it may be a key."""
    lines = []
    for problem in error.errors():
        if not problem["loc"]:  # a rule across variables: its message is ours
            lines.append(str(problem.get("ctx", {}).get("error", "the settings do not fit together")))
            continue
        variable = str(problem["loc"][0])
        field = Settings.field_for(variable)
        lines.append(f"{variable} must be {Settings.expected_form(field) if field else 'a valid value'}.")
    return list(dict.fromkeys(lines))
