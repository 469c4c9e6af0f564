"""Named behaviours that states run before and after their chat.

ChatDev's phases are more than their prompts: the demand phase sets the modality, coding
writes the code to files, the test phase runs the program. Each such behaviour is a hook
here, usable from any SOP file (``before: [run_program]``). A hook reads and sets the run's
shared variables; ``conclusion`` holds the text the state concluded with.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from autonomo.errors import AutonomoError
from autonomo.team.sop import codes
from autonomo.team.sop.spec import StateSpec

if TYPE_CHECKING:
    from autonomo.team.sop.engine import SopRun

HookFn = Callable[["SopRun", StateSpec, dict[str, str]], None]


@dataclass(frozen=True)
class Hook:
    name: str
    run: HookFn
    provides: tuple[str, ...] = ()


HOOKS: dict[str, Hook] = {}


def hook(*provides: str) -> Callable[[HookFn], HookFn]:
    def register(fn: HookFn) -> HookFn:
        HOOKS[fn.__name__] = Hook(fn.__name__, fn, provides)
        return fn

    return register


def provided_by(names: list[str]) -> set[str]:
    return {var for name in names if name in HOOKS for var in HOOKS[name].provides}


def bounded_timeout(args: dict[str, str], default: float, limit: float) -> float:
    """A hook's ``timeout`` from the SOP file, in (0, the sandbox's own limit]: a file cannot
    make a program (or a server slot) wait for ever with ``1e9`` or ``inf``."""
    try:
        wanted = float(args.get("timeout", default))
    except ValueError:
        wanted = default
    if not math.isfinite(wanted) or wanted <= 0:
        wanted = default
    return min(wanted, limit)


def _clean(text: str) -> str:
    return text.strip().strip('"').lower().replace(".", "").strip()


@hook("modality")
def set_modality(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """The demand phase's conclusion is the product modality ("<INFO> Website" -> website)."""
    if run.variables.get("conclusion", "").strip():
        run.set_variable("modality", _clean(run.variables["conclusion"]), state.name)


@hook("language")
def set_language(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """The language phase's conclusion is the programming language (Python if none)."""
    text = run.variables.get("conclusion", "").strip()
    run.set_variable("language", text.strip('"').strip(".").strip() or "Python", state.name)


@hook("codes")
def write_code(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """Write every named code block of the last reply to its file in the workspace."""
    files = codes.code_blocks(run.last_reply(state))
    if not files:
        run.note(state.name, "write_code", "the reply has no code block with a file name")
        return
    for block in files:
        run.write_file(block.name, block.code, state.name)
        run.code_files[block.name] = block.code
    run.set_variable("codes", codes.listing(run.code_files), state.name)


@hook("unimplemented_file")
def find_unimplemented(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """Name the first file that still has a placeholder body (each is tried at most
    ``tries`` times, default 5); empty when every file is complete."""
    tries = int(args.get("tries", "5"))
    found = ""
    for name, code in run.code_files.items():
        if codes.unfinished(code) and run.attempts.get(name, 0) < tries:
            run.attempts[name] = run.attempts.get(name, 0) + 1
            found = name
            break
    run.set_variable("unimplemented_file", found, state.name)


@hook("comments", "review_done")
def review_comments(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """The reviewer's comment; "<INFO> Finished" means the review is done."""
    text = run.variables.get("conclusion", "")
    finished = run.last_concluded and text.strip().lower().startswith("finished")
    run.set_variable("comments", text, state.name)
    run.set_variable("review_done", "yes" if finished else "no", state.name)


@hook("test_reports", "tests_passed")
def run_program(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """Run the program in the sandbox; its errors become the test report.

    The entry point is ``args["entry"]``, else main.py, else the only Python file. A program
    still running at the time limit (a GUI or a server) counts as started without error."""
    entry = args.get("entry") or ("main.py" if "main.py" in run.code_files else "")
    if not entry:
        python = [name for name in run.code_files if name.endswith(".py")]
        entry = python[0] if len(python) == 1 else ""
    if not entry:
        report, passed = "No main.py was written, so the program could not be run.", False
    else:
        sandbox = run.sandbox()
        timeout = bounded_timeout(args, 5.0, sandbox.config.timeout_s)
        result = sandbox.run(["python3", entry], timeout=timeout)
        failed = (result.exit_code not in (0, None) and not result.timed_out) or (
            "Traceback (most recent call last)" in result.stderr)
        passed = not failed
        report = (f"The software ran without errors.\n{result.describe(timeout)}" if passed
                  else result.describe(timeout))
    run.set_variable("test_reports", report, state.name)
    run.set_variable("tests_passed", "yes" if passed else "no", state.name)


@hook("error_summary")
def summarise_errors(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    run.set_variable("error_summary", run.variables.get("conclusion", ""), state.name)


def _document(run: SopRun, state: StateSpec, file: str, variable: str) -> None:
    """A document from the state's conclusion (ChatDev's: after a self-reflection too), or
    from the last reply: the block named ``file``, else the first block, else the text."""
    for text in (run.variables.get("conclusion", ""), run.last_reply(state)):
        named = [b for b in codes.code_blocks(text) if b.name.endswith(file)]
        block = named[0].code if named else codes.first_block(text)
        if block:
            break
    else:
        block = run.variables.get("conclusion", "") or run.last_reply(state)
    run.write_file(file, block, state.name)
    run.set_variable(variable, block, state.name)


@hook("requirements")
def write_requirements(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """requirements.txt from the reply's block."""
    _document(run, state, args.get("file", "requirements.txt"), "requirements")


@hook("manual")
def write_manual(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """manual.md from the reply (its block, or the whole Markdown answer)."""
    _document(run, state, args.get("file", "manual.md"), "manual")


@hook("images")
def propose_images(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """ArtDesign: "name.png: description" lines become images, drawn as labelled tiles."""
    import re

    proposed = re.findall(r"([\w\-]+\.png)\s*:\s*(.+)", run.last_reply(state))
    for name, description in proposed:
        run.write_bytes(name, _tile(description.strip()), state.name)
    text = "\n".join(f"{name}: {description.strip()}" for name, description in proposed)
    run.set_variable("images", text, state.name)


def _tile(label: str) -> bytes:
    """A 256x256 PNG with the description written on it (there is no image model offline)."""
    import io
    import zlib

    from PIL import Image, ImageDraw

    hue = zlib.crc32(label.encode()) & 0xFFFFFF
    image = Image.new("RGB", (256, 256), (hue >> 16, (hue >> 8) & 0xFF, hue & 0xFF))
    draw = ImageDraw.Draw(image)
    for row, start in enumerate(range(0, min(len(label), 200), 28)):
        draw.text((8, 8 + 14 * row), label[start:start + 28], fill=(255, 255, 255))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


@hook("comments", "human_done")
def ask_human_comments(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """A person reviews the code: their comment, or "end" to stop the review."""
    answer = run.ask_person(args.get("question", "Your comments on the code (or 'end')"),
                            state=state.name)
    done = answer.strip().lower() in ("", "end", "exit", "finished")
    run.set_variable("comments", "<INFO> Finished" if done else answer, state.name)
    run.set_variable("human_done", "yes" if done else "no", state.name)


@hook()
def write_variable(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """Write a variable's value to a file (aiwaves' CodeComponent); ``<python>`` tags and
    code fences around it are removed."""
    value = run.variables.get(args.get("variable", ""), "")
    if not value.strip():
        run.note(state.name, "write_variable", f"{args.get('variable')} is empty; nothing written")
        return
    blocks = codes.code_blocks(value)
    text = blocks[0].code if blocks else (codes.first_block(value) or value)
    run.write_file(args["file"], text, state.name)


class HookError(AutonomoError):
    """A hook could not do its job."""


@hook("results")
def record_result(run: SopRun, state: StateSpec, args: dict[str, str]) -> None:
    """Append the last reply of ``args["role"]`` to ``results`` (a generated plan's steps);
    with ``variable``/``file`` set, also keep it there (the final answer)."""
    role = args.get("role", "")
    text = run.last_reply(state, role)
    entry = f"{args.get('label', role)}:\n{text.strip()}"
    previous = run.variables.get("results", "")
    run.set_variable("results", f"{previous}\n\n{entry}".strip(), state.name)
    if args.get("variable"):
        run.set_variable(args["variable"], text, state.name)
    if args.get("file"):
        run.write_file(args["file"], text, state.name)


from autonomo.team.sop import flag_hooks  # noqa: E402,F401  (registers the flags' hooks)
