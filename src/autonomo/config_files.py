"""Which configuration files apply, and which project files the user has trusted.

A file in the current folder (``./autonomo.toml``, ``./.env``) came with whatever the user
``cd``-ed into — a downloaded repository, say — and it can start programs (MCP servers),
switch the sandbox off or send an API key elsewhere. So it applies only after the user has
reviewed it and run ``autonomo config trust``, which records its real path and the SHA-256 of
its contents (like direnv's ``allow``); any change to the file voids the trust.

Trusted without asking: the file named by ``--config`` / ``$AUTONOMO_CONFIG`` and the user's
own ``<data dir>/config.toml`` (the data dir from ``$AUTONOMO_DATA_DIR`` or the platform's
user data folder — never from a project file).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import platformdirs
from dotenv import dotenv_values

from autonomo.errors import ConfigError

#: files read from the current folder, only once trusted
PROJECT_FILES = ("autonomo.toml", ".env")

Origin = Literal["explicit", "user", "project"]
Status = Literal["used", "untrusted", "changed"]

#: set by the command line's ``--config FILE`` (wins over ``$AUTONOMO_CONFIG``)
_explicit_file: Path | None = None


def use_config_file(path: Path | None) -> None:
    """Make ``path`` the configuration file (``--config``); None goes back to the search."""
    global _explicit_file
    _explicit_file = Path(path).expanduser() if path else None


def user_dir() -> Path:
    """The user's own autonomo folder: ``$AUTONOMO_DATA_DIR`` or the platform's data dir."""
    return Path(os.environ.get("AUTONOMO_DATA_DIR") or platformdirs.user_data_dir("autonomo"))


def trust_store_path() -> Path:
    return user_dir() / "trusted.json"


@dataclass(frozen=True)
class ConfigFile:
    """One configuration file found, whether it applies, and (if it does) its contents."""

    path: Path
    origin: Origin
    status: Status
    text: str = field(default="", repr=False)

    @property
    def used(self) -> bool:
        return self.status == "used"

    @property
    def is_dotenv(self) -> bool:
        return self.path.name == ".env"

    def describe(self) -> str:
        """One line for people: where the file is and why it is (not) used."""
        label = {"explicit": "given", "user": "yours", "project": "trusted"}[self.origin]
        if self.used:
            return f"{self.path} ({label})"
        why = ("not trusted" if self.status == "untrusted"
               else "changed since you trusted it")
        return (f"{self.path} ignored: {why}. A file in the current folder can run programs, "
                "turn the sandbox off or send your keys elsewhere; review it, then run "
                f"`autonomo config trust {self.path.name}` to use it.")


@dataclass(frozen=True)
class ConfigFiles:
    """Every configuration file found, in the order they apply (later ones win)."""

    files: tuple[ConfigFile, ...] = ()

    @property
    def used(self) -> list[ConfigFile]:
        return [f for f in self.files if f.used]

    @property
    def ignored(self) -> list[ConfigFile]:
        return [f for f in self.files if not f.used]

    def toml_files(self) -> list[ConfigFile]:
        return [f for f in self.used if not f.is_dotenv]

    def dotenv(self) -> dict[str, str]:
        """The variables of the trusted ``.env`` (empty when there is none or it is ignored)."""
        values: dict[str, str] = {}
        for file in self.used:
            if file.is_dotenv:
                parsed = dotenv_values(stream=io.StringIO(file.text))
                values.update({k: v for k, v in parsed.items() if v is not None})
        return values


def find_config_files(folder: Path | None = None) -> ConfigFiles:
    """The configuration files that apply now, and the project files ignored (and why)."""
    files: list[ConfigFile] = []
    explicit = _explicit_file
    variable = os.environ.get("AUTONOMO_CONFIG")
    if explicit is None and variable:
        explicit = Path(variable).expanduser()
    if explicit is not None:
        if not explicit.is_file():
            where = "--config" if _explicit_file is not None else "AUTONOMO_CONFIG"
            raise ConfigError(f"{where} points to {explicit}, which is not a file.")
        files.append(ConfigFile(explicit, "explicit", "used", _read(explicit)))
    else:
        own = user_dir() / "config.toml"
        if own.is_file():
            files.append(ConfigFile(own, "user", "used", _read(own)))
    folder = Path.cwd() if folder is None else folder
    trusted = _load_store()
    for name in PROJECT_FILES:
        path = folder / name
        if explicit is not None and name != ".env":
            continue  # --config replaces the other config files
        if not path.is_file():
            continue
        text = _read(path)
        recorded = trusted.get(str(path.resolve()))
        if recorded is None:
            status: Status = "untrusted"
        else:
            status = "used" if recorded == digest(text) else "changed"
        files.append(ConfigFile(path.absolute(), "project", status,
                                text if status == "used" else ""))
    return ConfigFiles(tuple(files))


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def trust(path: Path) -> str:
    """Record ``path`` (its real path and the digest of its contents) as trusted."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"{path} is not a file.")
    store = _load_store()
    value = digest(_read(path))
    store[str(path.resolve())] = value
    _save_store(store)
    return value


def untrust(path: Path) -> bool:
    """Forget ``path``; whether it was trusted."""
    store = _load_store()
    removed = store.pop(str(Path(path).resolve()), None) is not None
    if removed:
        _save_store(store)
    return removed


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"Cannot read the configuration file {path}: {exc}") from exc


def _load_store() -> dict[str, str]:
    path = trust_store_path()
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{path} (the trusted configuration files) is unreadable: {exc}. "
                          "Delete it and trust your project files again.") from exc
    trusted = data.get("trusted") if isinstance(data, dict) else None
    if not isinstance(trusted, dict):
        raise ConfigError(f"{path} has no 'trusted' object. Delete it and trust your project "
                          "files again.")
    return {str(k): str(v) for k, v in trusted.items()}


def _save_store(store: dict[str, str]) -> None:
    """Written atomically, readable by the user only."""
    path = trust_store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".trusted-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"trusted": store}, out, indent=2, sort_keys=True)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
