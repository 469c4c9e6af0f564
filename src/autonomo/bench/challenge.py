"""Challenges in AutoGPT agbenchmark's format: a folder per challenge.

A challenge folder holds ``data.json`` (name, category, task, cutoff, dependencies, ground,
info), ``artifacts_in/`` (copied into the agent's fresh workspace), ``artifacts_out/`` (a
reference solution) and, for ``python`` evals, ``custom_python/`` (the test scripts run against
the workspace afterwards; scripts several challenges share may sit in the ``custom_python/`` of
a folder above them in the suite, and read the challenge they judge from ``challenge.json``).
Existing suites load unchanged; a bad file is reported with its path and the field at fault.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from autonomo.errors import UserError

#: agbenchmark's difficulty levels, easiest first
DIFFICULTIES = ("interface", "basic", "novice", "intermediate", "advanced", "expert", "human")

#: the suite shipped with autonomo (``autonomo bench run builtin``)
BUILTIN_SUITE = "builtin"


class ChallengeError(UserError):
    """A challenge folder or suite is unusable; the message names the file and field."""


class Eval(BaseModel):
    """How the workspace is judged."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["file", "python", "llm"]
    #: llm evals: how the grader scores (percentage 0-100, scale 1-10, binary 0/1)
    scoring: Literal["percentage", "scale", "binary"] | None = None
    #: llm evals: which grading prompt (see prompts/bench_grader.yaml)
    template: Literal["rubric", "reference", "question", "custom"] | None = None
    #: llm evals: examples shown to the grader
    examples: str | None = None


class Ground(BaseModel):
    """The expected outcome."""

    model_config = ConfigDict(extra="ignore")

    answer: str = ""
    should_contain: list[str] = Field(default_factory=list)
    should_not_contain: list[str] = Field(default_factory=list)
    #: file names in the workspace, or extensions (".txt": every top-level *.txt); for python
    #: evals, the scripts of custom_python/ to run
    files: list[str]
    case_sensitive: bool = True
    eval: Eval

    @field_validator("should_contain", "should_not_contain", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value


class Info(BaseModel):
    model_config = ConfigDict(extra="ignore")

    difficulty: str = "basic"
    description: str = ""
    side_effects: list[str] = Field(default_factory=list)

    @field_validator("difficulty")
    @classmethod
    def _known_difficulty(cls, value: str) -> str:
        if value.lower() not in DIFFICULTIES:
            raise ValueError(f"must be one of {', '.join(DIFFICULTIES)}")
        return value.lower()


class Challenge(BaseModel):
    """One challenge (``data.json``) and the folder it came from."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field(min_length=1)
    category: list[str] = Field(min_length=1)
    task: str = Field(min_length=1)
    #: seconds the agent may work before it is stopped
    cutoff: float = Field(gt=0)
    dependencies: list[str] = Field(default_factory=list)
    ground: Ground
    info: Info = Field(default_factory=Info)
    eval_id: str = ""
    metadata: dict[str, Any] | None = None
    #: the challenge folder (set by the loader, not read from data.json)
    path: Path = Field(default=Path("."), exclude=True)
    #: the suite's folder: scripts in the ``custom_python/`` of the folders from the
    #: challenge's up to this one are shared (set by the loader; default: the folder above)
    suite_root: Path | None = Field(default=None, exclude=True)

    @field_validator("category", mode="before")
    @classmethod
    def _category_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("ground", "info", mode="before")
    @classmethod
    def _one_ground(cls, value: Any) -> Any:
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()) \
                and "eval" not in value and "difficulty" not in value:
            raise ValueError("several named grounds/infos in one challenge are not supported; "
                             "split it into one challenge per ground")
        return value

    @property
    def difficulty(self) -> str:
        return self.info.difficulty

    @property
    def main_category(self) -> str:
        return self.category[0]

    def folder(self, name: str) -> Path | None:
        """``artifacts_in``, ``artifacts_out``, ``custom_python`` or ``web``, if present (never
        through a symlink: the loader refuses those, and one made later is ignored)."""
        candidate = self.path / name
        return candidate if candidate.is_dir() and not candidate.is_symlink() else None


    def shared_folders(self) -> list[Path]:
        """The ``custom_python/`` folders above the challenge, nearest first, up to the
        suite's folder (whether they exist or not)."""
        top = self.suite_root or self.path.parent
        above = [p for p in self.path.parents if p == top or top in p.parents]
        return [p / "custom_python" for p in above]

    def script_folders(self) -> list[Path]:
        """Where a ``python`` eval's scripts are found: the challenge's ``custom_python/``,
        then the shared ones above it (their scripts serve several challenges, and read the
        one they judge from the ``challenge.json`` put beside them)."""
        own = self.folder("custom_python")
        return [f for f in (own, *self.shared_folders())
                if f is not None and f.is_dir() and not f.is_symlink()]

    def scripts(self) -> dict[str, str]:
        """Every script a ``python`` eval may run or import, by path; the challenge's own
        override shared ones of the same name."""
        found: dict[str, str] = {}
        for folder in reversed(self.script_folders()):
            found.update({p.relative_to(folder).as_posix(): p.read_text("utf-8")
                          for p in sorted(folder.rglob("*.py")) if p.is_file()})
        return found


#: a challenge's own folders, each used from the host (copied, served, read)
CHALLENGE_FOLDERS = ("artifacts_in", "artifacts_out", "custom_python", "web")


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err["loc"]) or "(top level)"
        parts.append(f"field '{field}': {err['msg']}")
    return "; ".join(parts)


def load_challenge(folder: Path | str, suite_root: Path | None = None) -> Challenge:
    """The challenge in ``folder`` (which holds ``data.json``), in the suite ``suite_root``
    (default: the built-in suite for its challenges, else the folder above ``folder``)."""
    folder = Path(folder)
    data_file = folder / "data.json"
    if not data_file.is_file():
        raise ChallengeError(f"{folder} is not a challenge folder: it has no data.json.")
    try:
        raw = json.loads(data_file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ChallengeError(
            f"{data_file}: not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}."
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ChallengeError(f"{data_file}: cannot be read: {exc}.") from exc
    if not isinstance(raw, dict):
        raise ChallengeError(f"{data_file}: the top level must be a JSON object.")
    try:
        challenge = Challenge.model_validate(raw)
    except ValidationError as exc:
        raise ChallengeError(f"{data_file}: {_describe(exc)}.") from exc
    challenge.path = folder.resolve()
    builtin = builtin_suite_path().resolve()
    if suite_root is None and builtin in challenge.path.parents:
        suite_root = builtin
    if suite_root is not None and suite_root.resolve() in challenge.path.parents:
        challenge.suite_root = suite_root.resolve()
    folders = [challenge.path / name for name in CHALLENGE_FOLDERS]
    if challenge.ground.eval.type == "python":
        folders.extend(challenge.shared_folders())
    for path in folders:
        if path.is_symlink():
            raise ChallengeError(
                f"{path}: is a symbolic link; refused (a downloaded suite could "
                "otherwise copy or serve any host folder). Make it a real folder."
            )
    if challenge.ground.eval.type == "python":
        places = challenge.script_folders()
        missing = [f for f in challenge.ground.files
                   if not any((place / f).is_file() for place in places)]
        if missing:
            raise ChallengeError(
                f"{data_file}: field 'ground.files': python evals run scripts from "
                f"custom_python/ (the challenge's or one above it in the suite), but "
                f"{', '.join(missing)} is not there."
            )
    return challenge


class Suite:
    """Challenges by name, checked together: unique names, known dependencies, no cycles."""

    def __init__(self, challenges: Sequence[Challenge]) -> None:
        self.challenges: dict[str, Challenge] = {}
        for challenge in challenges:
            other = self.challenges.get(challenge.name)
            if other is not None and other.path != challenge.path:
                raise ChallengeError(
                    f"Two challenges are named {challenge.name!r}: {other.path / 'data.json'} "
                    f"and {challenge.path / 'data.json'}. Names must be unique in a suite."
                )
            self.challenges[challenge.name] = challenge
        for challenge in self.challenges.values():
            for dep in challenge.dependencies:
                if dep not in self.challenges:
                    raise ChallengeError(
                        f"{challenge.path / 'data.json'}: field 'dependencies': unknown "
                        f"challenge {dep!r} (not in the suite being loaded)."
                    )
        self.order = self._topological()

    def _topological(self) -> list[str]:
        order: list[str] = []
        state: dict[str, int] = {}

        def visit(name: str, chain: list[str]) -> None:
            if state.get(name) == 2:
                return
            if state.get(name) == 1:
                cycle = " -> ".join([*chain[chain.index(name):], name])
                raise ChallengeError(
                    f"{self.challenges[name].path / 'data.json'}: field 'dependencies': "
                    f"a cycle {cycle}."
                )
            state[name] = 1
            for dep in self.challenges[name].dependencies:
                visit(dep, [*chain, name])
            state[name] = 2
            order.append(name)

        for name in self.challenges:
            visit(name, [])
        return order

    def __iter__(self):  # in dependency order
        return (self.challenges[name] for name in self.order)

    def __len__(self) -> int:
        return len(self.challenges)

    def __getitem__(self, name: str) -> Challenge:
        return self.challenges[name]

    def select(self, *, categories: Iterable[str] = (), names: Iterable[str] = ()) -> Suite:
        """The challenges of the given categories/names plus everything they depend on."""
        cats, wanted = set(categories), set(names)
        chosen = [c.name for c in self if (not cats or cats & set(c.category))
                  and (not wanted or c.name in wanted)]
        keep: set[str] = set()
        stack = list(chosen)
        while stack:
            name = stack.pop()
            if name not in keep:
                keep.add(name)
                stack.extend(self.challenges[name].dependencies)
        return Suite([c for c in self if c.name in keep])


def builtin_suite_path() -> Path:
    return Path(str(resources.files("autonomo.bench").joinpath("suite")))


def _challenge_folders(root: Path) -> list[Path]:
    if (root / "data.json").is_file():
        return [root]
    folders = sorted(p.parent for p in root.rglob("data.json")
                     if "artifacts_in" not in p.parts and "artifacts_out" not in p.parts)
    if not folders:
        raise ChallengeError(f"{root} holds no challenge (no data.json below it).")
    return folders


def load_suite(*sources: Path | str) -> Suite:
    """Challenges from folders (a challenge folder or any folder above some) or ``builtin``.

    ``builtin/<category>`` picks one category of the built-in suite (dependencies included).
    """
    challenges: list[Challenge] = []
    category_filter: list[str] = []
    for source in sources or (BUILTIN_SUITE,):
        text = str(source)
        if text == BUILTIN_SUITE or text.startswith(BUILTIN_SUITE + "/"):
            root = builtin_suite_path()
            if "/" in text:
                category_filter.append(text.split("/", 1)[1])
        else:
            root = Path(text).expanduser()
            if not root.is_dir():
                raise ChallengeError(f"Suite {text!r}: no such folder (or say '{BUILTIN_SUITE}').")
        challenges.extend(load_challenge(folder, root) for folder in _challenge_folders(root))
    suite = Suite(challenges)
    if category_filter:
        suite = suite.select(categories=category_filter)
        if not len(suite):
            raise ChallengeError(f"The built-in suite has no category {category_filter}.")
    return suite


def prepare_workspace(challenge: Challenge, workspace: Path) -> Path:
    """A fresh ``workspace`` holding a copy of the challenge's ``artifacts_in``."""
    workspace.mkdir(parents=True, exist_ok=True)
    if any(workspace.iterdir()):
        raise ChallengeError(f"The workspace {workspace} for {challenge.name} is not empty.")
    source = challenge.folder("artifacts_in")
    if source is not None:
        shutil.copytree(source, workspace, dirs_exist_ok=True, symlinks=True)
    return workspace
