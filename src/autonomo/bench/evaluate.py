"""Judging a workspace after the agent ran: ``file``, ``python`` and ``llm`` evals.

The workspace was written by the agent, so it is read like an attacker's folder: files are
opened through folder descriptors without following symlinks, only regular files count, and
reads are capped. A ``python`` eval never writes into the workspace from the host: the test
scripts are handed to a bootstrap over stdin and run inside the sandbox, with the workspace as
the working folder (as agbenchmark runs ``python test.py`` there).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from autonomo.bench.challenge import Challenge, Ground
from autonomo.config import SandboxConfig
from autonomo.errors import AutonomoError, UserError, WorkspaceError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Message
from autonomo.prompts import render
from autonomo.tools.fstree import shown
from autonomo.tools.workspace import Workspace

#: largest file read for judging
MAX_READ_BYTES = 1024 * 1024
#: how much of each judged file is kept in the result
EXCERPT_CHARS = 400

#: Runs inside the sandbox: writes the challenge's scripts to a private temporary folder and
#: runs one of them as __main__, in isolated mode (``-I``: Python itself does not put the
#: working folder first on the import path; ``-B -u`` as the sandbox's environment would).
#: The scripts' folder comes first on the path, the workspace (the working folder) after the
#: standard library: the agent's modules are importable by the tests, but a ``csv.py`` or
#: ``checks.py`` it wrote cannot stand in for the standard library's or the check's own.
_BOOTSTRAP = """\
import json, os, runpy, sys, tempfile
spec = json.load(sys.stdin)
sys.stdin = open(os.devnull)
home = tempfile.mkdtemp(prefix="bench-eval-")
for name, text in spec["files"].items():
    target = os.path.join(home, name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(text)
packages = [i for i, path in enumerate(sys.path) if path.endswith("-packages")]
sys.path.insert(packages[0] if packages else len(sys.path), os.getcwd())
sys.path.insert(0, home)
sys.argv = [os.path.join(home, spec["run"])]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@dataclass
class Check:
    """One judged file or script."""

    target: str
    ok: bool
    note: str = ""
    excerpt: str = ""


@dataclass
class Evaluation:
    """The verdict on one workspace."""

    passed: bool
    score: float
    reason: str
    checks: list[Check] = field(default_factory=list)
    #: llm evals: exactly what the grader was asked and answered
    grader_prompt: str | None = None
    grader_answer: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def read_workspace_file(root: Path, name: str, limit: int = MAX_READ_BYTES) -> str | None:
    """The text of the regular file ``name`` in the workspace ``root``; None when it is
    missing, a symlink, a folder or anything but a regular file, or outside the workspace."""
    ws = Workspace(root)
    try:
        fd = ws.open_file(ws.parts(name))
    except (OSError, WorkspaceError):
        return None
    try:
        data = os.read(fd, limit)
    finally:
        os.close(fd)
    return data.decode("utf-8", errors="replace")


def matching_files(root: Path, pattern: str) -> list[str]:
    """``pattern`` itself, or for an extension (".csv") every top-level regular file with it
    (as named on disk: shown in results through ``fstree.shown``, since a name that is not
    UTF-8 could not be stored, and one with a newline could forge lines)."""
    if not pattern.startswith("."):
        return [pattern]
    try:
        entries = list(os.scandir(root))
    except OSError:
        return []
    return sorted(e.name for e in entries
                  if e.name.endswith(pattern) and e.is_file(follow_symlinks=False))


def content_verdict(content: str, ground: Ground) -> tuple[bool, str]:
    """agbenchmark's word check: every ``should_contain`` present, no ``should_not_contain``."""
    text = content if ground.case_sensitive else content.lower()

    def norm(word: str) -> str:
        return word if ground.case_sensitive else word.lower()

    for word in ground.should_contain:
        if norm(word) not in text:
            return False, f"does not contain {word!r}"
    for word in ground.should_not_contain:
        if norm(word) in text:
            return False, f"contains {word!r}, which it should not"
    return True, "matches"


def _excerpt(text: str) -> str:
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "…"


def _file_checks(challenge: Challenge, workspace: Path) -> list[Check]:
    checks: list[Check] = []
    for pattern in challenge.ground.files:
        names = matching_files(workspace, pattern)
        if not names:
            checks.append(Check(pattern, False, f"no file matches {pattern!r}"))
        for name in names:
            text = read_workspace_file(workspace, name)
            if text is None:
                checks.append(Check(shown(name), False, "missing or not a regular file"))
                continue
            ok, note = content_verdict(text, challenge.ground)
            checks.append(Check(shown(name), ok, note, _excerpt(text)))
    return checks


def _verdict(checks: list[Check], *, all_needed: bool) -> Evaluation:
    passed = bool(checks) and (all(c.ok for c in checks) if all_needed
                               else any(c.ok for c in checks))
    failing = [c for c in checks if not c.ok]
    if passed:
        good = [c.target for c in checks if c.ok]
        reason = f"{', '.join(good)}: {next(c.note for c in checks if c.ok)}"
    else:
        reason = "; ".join(f"{c.target}: {c.note}" for c in failing) or "nothing to check"
    return Evaluation(passed, 1.0 if passed else 0.0, reason, checks)


def _python_checks(challenge: Challenge, workspace: Path, sandbox_config: SandboxConfig,
                   timeout: float) -> list[Check]:
    from autonomo.sandbox import create_sandbox

    scripts = {**challenge.scripts(), "challenge.json": challenge.model_dump_json()}
    config = sandbox_config.model_copy(update={"allow_network": False})
    checks: list[Check] = []
    try:
        sandbox = create_sandbox(workspace, config)
    except UserError as exc:
        return [Check(name, False, f"no sandbox to run it in: {exc}")
                for name in challenge.ground.files]
    with sandbox:
        for name in challenge.ground.files:
            spec = json.dumps({"files": scripts, "run": name})
            result = sandbox.run([sandbox.python, "-I", "-B", "-u", "-c", _BOOTSTRAP], stdin=spec,
                                 timeout=timeout)
            output = f"{result.stdout}\n{result.stderr}".strip()
            if not result.ok:
                checks.append(Check(name, False, result.describe(timeout).splitlines()[0],
                                    _excerpt(output)))
                continue
            ok, note = content_verdict(result.stdout, challenge.ground)
            checks.append(Check(name, ok, "passed" if ok else f"its output {note}",
                                _excerpt(output)))
    return checks


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SCALE = {"percentage": 100.0, "scale": 10.0, "binary": 1.0}


def grade_with_model(challenge: Challenge, workspace: Path, grader: ChatModel) -> Evaluation:
    """Ask ``grader`` to score the files; its prompt and answer are kept in the result."""
    ground = challenge.ground
    scoring = ground.eval.scoring or "binary"
    template = ground.eval.template or "reference"
    parts = []
    checks: list[Check] = []
    for pattern in ground.files:
        for name in matching_files(workspace, pattern):
            text = read_workspace_file(workspace, name)
            if text is not None:
                parts.append(f"--- {shown(name)} ---\n{text}")
                checks.append(Check(shown(name), True, "given to the grader", _excerpt(text)))
    if not parts:
        return Evaluation(False, 0.0, f"no file matches {', '.join(ground.files)}", checks)
    prompt = render("bench_grader", template, task=challenge.task, answer=ground.answer,
                    content="\n".join(parts), examples=ground.eval.examples or "")
    prompt += "\n\n" + render("bench_grader", f"scoring_{scoring}")
    try:
        completion = grader.complete([Message.user(prompt)], max_tokens=16, temperature=0.0)
    except AutonomoError as exc:
        return Evaluation(False, 0.0, f"the grader model failed: {exc}", checks, prompt, None)
    answer = completion.text.strip()
    found = _NUMBER.search(answer)
    if found is None:
        return Evaluation(False, 0.0, f"the grader gave no score: {answer[:80]!r}", checks,
                          prompt, answer)
    score = max(0.0, min(1.0, float(found.group()) / _SCALE[scoring]))
    passed = score >= 0.5
    reason = f"the grader scored {found.group()} ({scoring})"
    return Evaluation(passed, score, reason, checks, prompt, answer)


def evaluate(
    challenge: Challenge,
    workspace: Path,
    *,
    sandbox: SandboxConfig | None = None,
    grader: ChatModel | None = None,
    timeout: float = 60.0,
) -> Evaluation:
    """Judge ``workspace`` against ``challenge.ground``.

    * ``file``: passes when at least one named (or matching) file contains every
      ``should_contain`` word and none of ``should_not_contain`` (agbenchmark's rule);
    * ``python``: every script of ``ground.files`` (from ``custom_python/``) runs in the sandbox
      with the workspace as working folder and must exit 0 (and its output pass the word check);
    * ``llm``: ``grader`` scores the files; a normalised score of at least 0.5 passes.
    """
    workspace = Path(workspace)
    kind = challenge.ground.eval.type
    if kind == "file":
        return _verdict(_file_checks(challenge, workspace), all_needed=False)
    if kind == "python":
        checks = _python_checks(challenge, workspace, sandbox or SandboxConfig(), timeout)
        return _verdict(checks, all_needed=True)
    if grader is None:
        return Evaluation(False, 0.0, "an llm eval needs a grader model (--grader)")
    return grade_with_model(challenge, workspace, grader)
