"""The agent in a terminal: thoughts as AutoGPT shows them, a spinner, approval prompts."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.status import Status

from autonomo.agent.approval import Decision, parse_answer
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.observer import RunObserver
from autonomo.agent.state import AgentState
from autonomo.llm.types import Completion, Message, Usage

#: how a run's end status is shown when its name alone would mislead
STATUS_LABELS = {"unverified": "NOT VERIFIED"}
SPINNER_TEXT = {"propose": "Thinking…", "summary": "Condensing earlier steps…"}
RESULT_PREVIEW = 600


class TerminalObserver(RunObserver):
    def __init__(self, console: Console, *, debug: bool = False, speak: bool = False,
                 speaker: Speaker | None = None) -> None:
        self.console = console
        self.debug = debug
        self.speaker = speaker or (Speaker() if speak else None)
        self._status: Status | None = None
        #: model calls in flight (summaries run several at once): one spinner for all
        self._calls_in_flight = 0
        self._lock = threading.Lock()

    def on_resume(self, state: AgentState, note: str) -> None:
        self.console.print(f"[bold blue]{escape(note)}[/]")

    def on_run_start(self, state: AgentState) -> None:
        self.console.print(
            f"[bold green]{escape(state.name)}[/] — {escape(state.profile.role)}\n"
            f"[dim]agent {state.id} · workspace {state.workspace}[/]"
        )
        self.console.print(f"[bold]Task:[/] {escape(state.task)}")

    def on_model_call(self, purpose: str, messages: list[Message]) -> None:
        with self._lock:
            if self.debug:
                for message in messages:
                    self.console.rule(f"[dim]{message.role}[/]")
                    self.console.print(escape(message.content), highlight=False)
            self._calls_in_flight += 1
            if self._status is None:
                self._status = self.console.status(SPINNER_TEXT.get(purpose, "Working…"))
                self._status.start()

    def on_model_response(self, purpose: str, completion: Completion) -> None:
        with self._lock:
            self._calls_in_flight = max(0, self._calls_in_flight - 1)
            if self._calls_in_flight == 0:
                self._stop_spinner()
        if self.debug:
            self.console.rule(f"[dim]response ({purpose}, {completion.latency_s:.2f}s)[/]")
            self.console.print(escape(completion.text), highlight=False)
            for call in completion.tool_calls:
                self.console.print(escape(f"tool call: {call.name} {call.arguments}"))

    def _stop_spinner(self) -> None:
        if self._status is not None:
            self._status.stop()  # also shows the cursor again
            self._status = None

    def close(self) -> None:
        """Stop the spinner even if a model call never returned (Ctrl-C during it)."""
        with self._lock:
            self._calls_in_flight = 0
            self._stop_spinner()

    def on_proposal(self, state: AgentState, action: Action) -> None:
        thoughts = action.thoughts
        name = escape(state.name.upper())
        labels = [("text", f"{name} THOUGHTS"), ("observations", "OBSERVATIONS"),
                  ("reasoning", "REASONING"), ("plan", "PLAN"),
                  ("self_criticism", "CRITICISM"), ("speak", "SPEAK")]
        for key, label in labels:
            value = thoughts.get(key)
            if not value:
                continue
            if key == "plan":
                self.console.print(f"[bold yellow]{label}:[/]")
                for line in str(value).splitlines():
                    self.console.print(f"  [yellow]-[/] {escape(line.strip().lstrip('- '))}")
            else:
                self.console.print(f"[bold yellow]{label}:[/] {escape(str(value))}")
        if self.speaker and thoughts.get("speak"):
            self.speaker.say(str(thoughts["speak"]))
        arguments = json.dumps(action.arguments, ensure_ascii=False)
        self.console.print(
            f"[bold cyan]NEXT ACTION:[/] COMMAND = [cyan]{escape(action.name)}[/]  "
            f"ARGUMENTS = {escape(arguments)}"
        )

    def on_invalid_response(self, state: AgentState, error: str, attempt: int) -> None:
        self.console.print(f"[yellow]Invalid response ({attempt}): {escape(error)}[/]")

    def on_note(self, state: AgentState, text: str) -> None:
        self.console.print(f"[magenta]{escape(text)}[/]")

    def on_episode(self, state: AgentState, episode: Episode) -> None:
        result = episode.result
        if result is None:
            return
        colour = {"success": "green", "error": "red"}.get(result.status, "yellow")
        output = result.output
        if len(output) > RESULT_PREVIEW:
            output = output[:RESULT_PREVIEW] + f" … ({len(result.output)} characters)"
        label = "FEEDBACK" if episode.source == "human" else f"RESULT ({result.status})"
        self.console.print(f"[bold {colour}]{label}:[/] {escape(output)}", highlight=False)
        usage = state.usage
        self.console.print(f"[dim]{usage_line(usage)}[/]")

    def on_run_end(self, state: AgentState) -> None:
        with self._lock:
            self._calls_in_flight = 0
            self._stop_spinner()
        colour = {"finished": "green", "failed": "red"}.get(state.status, "yellow")
        label = STATUS_LABELS.get(state.status, state.status.upper())
        self.console.print(f"[bold {colour}]{label}:[/] {escape(state.stop_reason)}")
        self.console.print(f"[dim]The agent's files are in {state.workspace}; "
                           f"`autonomo log {state.id}` shows every step.[/]")


def usage_line(usage: Usage) -> str:
    """The agent's tokens and cost so far (all its runs), for people."""
    return (f"agent total so far: {usage.prompt_tokens} prompt tokens "
            f"({usage.cached_prompt_tokens} cached), {usage.completion_tokens} completion, "
            f"{usage.calls} model calls · cost ${usage.cost:.4f}")


class TerminalApproval:
    """Asks before each command: ``y``, ``y -N``, ``n`` or feedback."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self.read = read or (lambda prompt: console.input(prompt))

    def decide(self, state: AgentState, action: Action) -> Decision:
        prompt = (
            "Enter [bold]y[/] to run the command, [bold]y -N[/] to run N commands without "
            f"asking, [bold]n[/] to stop, or feedback for {escape(state.name)}: "
        )
        try:
            return parse_answer(self.read(prompt))
        except (EOFError, KeyboardInterrupt):
            return Decision(kind="stop")

    def ask(self, question: str) -> str:
        try:
            return self.read(f"[bold blue]{escape(question)}[/]\n> ")
        except (EOFError, KeyboardInterrupt):
            return "(the user did not answer)"


class Speaker:
    """Reads text aloud with espeak-ng (or espeak) when one is installed; with ``wav_dir``
    (e.g. on a machine without a sound card), saves each utterance as a WAV file there."""

    def __init__(self, wav_dir: Path | None = None) -> None:
        self.binary = shutil.which("espeak-ng") or shutil.which("espeak")
        self.wav_dir = wav_dir
        self.spoken = 0

    def say(self, text: str) -> None:
        if not self.binary:
            return
        argv = [self.binary]
        if self.wav_dir is not None:
            self.wav_dir.mkdir(parents=True, exist_ok=True)
            argv += ["-w", str(self.wav_dir / f"speak-{self.spoken + 1:04d}.wav")]
        self.spoken += 1
        # "--": a text starting with "-" is not an option; a long speech is cut off
        with contextlib.suppress(subprocess.TimeoutExpired):
            subprocess.run([*argv, "--", text], check=False, capture_output=True, timeout=60)
