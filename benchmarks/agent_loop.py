"""The agent loop's own cost, side by side with smolagents, and how the context grows.

    python benchmarks/agent_loop.py            # step_overhead_ms, context_growth_30
    python benchmarks/agent_loop.py --rounds 5 # more rounds: a steadier ratio
    python benchmarks/agent_loop.py --embedded # also cache_reuse_20 on the embedded model

Prints one ``name: value`` line per figure:

* ``step_overhead_ms``: the framework's time per step (wall time minus the model's own time)
  with an instant scripted model; the median over every step of ``--rounds`` 50-step runs
  (3 by default), state saved every step with the default settings (SQLite WAL,
  synchronous=NORMAL: survives a crash of the process, not a power loss).
  ``step_overhead_fsync_ms`` is the same with ``agent.fsync_steps`` on (fsync every step),
  one run. ``smolagents_step_overhead_ms`` is the same for smolagents, whose runs alternate
  with ours (ours, smolagents, ours, …: both see the same machine, warm after the first).
* ``step_overhead_vs_smolagents``: the ratio of the two medians; ``…_rounds``: the ratio of
  each round's medians, to show the spread.
* ``step_store_ms``: the median time per step inside the agent store (the step's intent
  file and its one SQLite transaction): what durability costs. smolagents keeps its memory
  in RAM and saves nothing, so ``step_overhead_less_store_vs_smolagents`` (our overhead less
  the store's time, over smolagents') compares the loops alone. Our step also parses the
  model's JSON reply; smolagents' instant model hands over a parsed tool call.
* ``step_overhead_all_steps_ms`` and ``step_store_all_steps_ms``: per step over whole runs,
  every kind of step counted as often as it came (the median of each kind, weighted). The
  medians above show a regular step; ours summarise old steps every fifth step or so here
  (smolagents never does: its prompt grows instead), and steps that follow each other
  quickly share one SQLite transaction (``AgentStore.write(batch=True)``), committed by the
  step that ends the batch (here the summarising one). These figures count both;
  ``step_overhead_all_steps_vs_smolagents`` sets the first against smolagents' median.
* ``context_growth_30``: prompt tokens at step 30 ÷ at step 1, each command returning ~1,000
  characters (the default command set, one-shot strategy). smolagents' figure beside it.
* ``cache_reuse_20`` (``--embedded``): the share of prompt tokens served from the KV cache
  over a 20-step run on the embedded model.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from autonomo import (
    AgentProfile,
    ChatModel,
    Runner,
    RunObserver,
    ScriptedModel,
    Settings,
    Workbench,
)

STEPS = 50
TEXT = ("The quick brown fox jumps over the lazy dog. " * 30)[:1000]


def lookup(item: int) -> str:
    """Look an item up and return its ~1,000-character description.

    Args:
        item: the item number
    """
    return f"Item {item}: {TEXT}"


class TimedModel(ChatModel):
    """Wraps a model and adds up the time spent inside it. It implements ``call``, as a
    provider does (``complete`` is the caller's side)."""

    def __init__(self, inner: ChatModel) -> None:
        self.inner, self.seconds, self.calls = inner, 0.0, 0
        self.name, self.context_window = inner.name, inner.context_window
        self.enforces_schema, self.supports_tools = inner.enforces_schema, inner.supports_tools
        self.parallel_calls = getattr(inner, "parallel_calls", 4)  # older trees: none

    def call(self, request):
        started = time.perf_counter()
        self.calls += 1
        try:
            return self.inner.call(request)
        finally:
            self.seconds += time.perf_counter() - started

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)


class StepClock(RunObserver):
    def __init__(self, *models: TimedModel) -> None:
        self.models, self.overheads, self.prompt_tokens = models, [], []
        self._start = time.perf_counter()
        self._model_seconds = 0.0
        #: per step, the milliseconds spent inside the agent store (``time_store``)
        self.store_ms: list[float] = []
        self._store_seconds = 0.0
        #: per step, its kind: whether it summarised old steps (a call of ``summaries``) and
        #: whether it committed a transaction of the store (``time_store``)
        self.summaries: TimedModel | None = None
        self.kinds: list[tuple[bool, bool]] = []
        self._summary_calls, self._transactions = 0, 0

    def time_store(self, store) -> None:
        """Add up the time spent in ``store``'s per-step writes (on this instance only)."""
        for name in ("write", "write_intent"):
            method = getattr(store, name, None)
            if method is None:  # an older store (A/B runs against earlier code)
                continue

            def timed(*args, _method=method, **kwargs):
                started = time.perf_counter()
                try:
                    return _method(*args, **kwargs)
                finally:
                    self._store_seconds += time.perf_counter() - started

            setattr(store, name, timed)
        transaction = store.db.transaction

        def counted(*args, **kwargs):
            self._transactions += 1
            return transaction(*args, **kwargs)

        store.db.transaction = counted

    def on_model_response(self, purpose, completion) -> None:
        if purpose == "propose":
            self.prompt_tokens.append(completion.usage.prompt_tokens)

    def on_episode(self, state, episode) -> None:
        now = time.perf_counter()
        model_seconds = sum(m.seconds for m in self.models)
        inside = model_seconds - self._model_seconds
        self.overheads.append((now - self._start - inside) * 1000)
        self.store_ms.append(self._store_seconds * 1000)
        self._start, self._model_seconds, self._store_seconds = now, model_seconds, 0.0
        calls = self.summaries.calls if self.summaries is not None else 0
        self.kinds.append((calls != self._summary_calls, self._transactions > 0))
        self._summary_calls, self._transactions = calls, 0


def reply(item: int) -> str:
    return json.dumps({"thoughts": {k: "Looking up the next item." for k in (
        "observations", "text", "reasoning", "self_criticism", "plan", "speak")},
        "command": {"name": "lookup", "args": {"item": item}}})


def run_ours(data_dir: Path, *, fsync: bool = False) -> StepClock:
    settings = Settings(data_dir=data_dir)
    settings.memory.enabled = False
    settings.agent.fsync_steps = fsync
    responses = [reply(i) for i in range(STEPS)]
    model = TimedModel(ScriptedModel(responses))
    summaries = TimedModel(ScriptedModel(["Looked up an item: a quick brown fox."] * STEPS))
    bench = Workbench.open(settings, models=(model, model, summaries),
                           tools=[lookup])  # the default commands, and lookup
    agent = bench.new_agent(
        "Look up items 0 to 49, one per step.",
        profile=AgentProfile(name="LookupGPT", role="an agent that looks items up"),
    )
    clock = StepClock(model, summaries)
    clock.summaries = summaries
    clock.time_store(agent.store)
    Runner(agent, observer=clock).run(max_steps=STEPS)
    return clock


def run_smolagents() -> tuple[list[float], list[int]] | None:
    try:
        from smolagents import ToolCallingAgent, tool
        from smolagents.models import (
            ChatMessage,
            ChatMessageToolCall,
            ChatMessageToolCallFunction,
            Model,
        )
    except ImportError:
        return None

    @tool
    def lookup_item(item: int) -> str:
        """Look an item up.

        Args:
            item: the item number
        """
        return f"Item {item}: {TEXT}"

    class Instant(Model):
        def __init__(self):
            super().__init__(model_id="instant")
            self.step, self.seconds, self.prompt_chars = 0, 0.0, []

        def generate(self, messages, stop_sequences=None, response_format=None,
                     tools_to_call_from=None, **kwargs):
            started = time.perf_counter()
            self.prompt_chars.append(sum(len(str(m.content)) for m in messages))
            self.step += 1
            call = ChatMessageToolCall(
                id=f"call_{self.step}", type="function",
                function=ChatMessageToolCallFunction(name="lookup_item",
                                                     arguments={"item": self.step}))
            message = ChatMessage(role="assistant", content="Looking up.", tool_calls=[call])
            self.seconds += time.perf_counter() - started
            return message

    model = Instant()
    times = []
    last, last_model = time.perf_counter(), 0.0

    def on_step(step, agent=None):
        nonlocal last, last_model
        now = time.perf_counter()
        times.append((now - last - (model.seconds - last_model)) * 1000)
        last, last_model = now, model.seconds

    agent = ToolCallingAgent(tools=[lookup_item], model=model, max_steps=STEPS,
                             verbosity_level=0, step_callbacks=[on_step])
    last = time.perf_counter()
    try:  # its own messages ("Reached max steps.") are not figures: to stderr
        with contextlib.redirect_stdout(sys.stderr):
            agent.run("Look up items 1 to 50, one per step.")
    except Exception as exc:  # pragma: no cover - baseline only
        print(f"# smolagents run raised {exc!r}", file=sys.stderr)
    tokens = [c // 4 for c in model.prompt_chars]
    return times, tokens


def cache_reuse_embedded(data_dir: Path) -> float:
    from autonomo.llm.local import LlamaCppModel

    settings = Settings(data_dir=data_dir)
    settings.memory.enabled = False
    model = LlamaCppModel()
    summary_model = LlamaCppModel()
    bench = Workbench.open(settings, models=(model, model, summary_model))
    agent = bench.new_agent(
        "Write ten short notes, note1.txt to note10.txt, each with one fact about Paris.",
        profile=AgentProfile(name="NoteGPT", role="an agent that writes notes"),
        tools=["write_file", "read_file", "list_folder", "finish"],
    )
    prompt = cached = 0
    steps = 0
    while steps < 20:
        clock = _Cache()
        result = Runner(agent, observer=clock).run(max_steps=20 - steps)
        prompt += clock.prompt
        cached += clock.cached
        steps += result.steps
        if result.status == "finished" and steps < 20:

            agent.follow_up("Write one more note with another fact about Paris.")
        elif result.status != "running" and result.status != "finished":
            if result.status == "stopped":
                break
            agent.follow_up("Continue with the notes.")
    return cached / prompt if prompt else 0.0


class _Cache(RunObserver):
    def __init__(self):
        self.prompt = self.cached = 0

    def on_model_response(self, purpose, completion):
        if purpose == "propose":
            self.prompt += completion.usage.prompt_tokens
            self.cached += completion.usage.cached_prompt_tokens


def all_steps(clocks: list[StepClock], figure: str) -> float:
    """Per step over whole runs (their first steps left out), every kind of step counted
    as often as it came: the median of each kind (summarising or not, committing or not:
    ``StepClock.kinds``), weighted by how many steps were of it. A mean would be as much
    the machine's pauses as the steps' work."""
    kinds: dict[tuple[bool, bool], list[float]] = {}
    for clock in clocks:
        for kind, value in list(zip(clock.kinds, getattr(clock, figure), strict=True))[1:]:
            kinds.setdefault(kind, []).append(value)
    steps = sum(len(values) for values in kinds.values())
    return sum(len(values) * statistics.median(values) for values in kinds.values()) / steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedded", action="store_true")
    parser.add_argument("--rounds", type=int, default=3,
                        help="runs of ours and of smolagents, alternating (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rounds = []  # (our clock, smolagents' step times and prompt tokens or None)
        for number in range(max(1, args.rounds)):
            rounds.append((run_ours(Path(tmp) / f"data{number}"), run_smolagents()))
        ours = [t for clock, _ in rounds for t in clock.overheads]
        mine = statistics.median(ours)
        print(f"step_overhead_ms: {mine:.3f}")
        fsynced = run_ours(Path(tmp) / "fsync", fsync=True)
        print(f"step_overhead_fsync_ms: {statistics.median(fsynced.overheads):.3f}")
        store = statistics.median(t for clock, _ in rounds for t in clock.store_ms)
        theirs = [t for _, baseline in rounds if baseline for t in baseline[0]]
        if theirs:
            baseline_ms = statistics.median(theirs)
            print(f"smolagents_step_overhead_ms: {baseline_ms:.3f}")
            print(f"step_overhead_vs_smolagents: {mine / baseline_ms:.2f}")
            each = [statistics.median(clock.overheads) / statistics.median(baseline[0])
                    for clock, baseline in rounds if baseline and baseline[0]]
            print("step_overhead_vs_smolagents_rounds: "
                  + " ".join(f"{ratio:.2f}" for ratio in each))
        print(f"step_store_ms: {store:.3f}")
        # every step but the first, summarising ones and the commits of batches included
        # (``AgentStore.write(batch=True)``: fast steps share a transaction)
        clocks = [clock for clock, _ in rounds]
        print(f"step_store_all_steps_ms: {all_steps(clocks, 'store_ms'):.3f}")
        whole = all_steps(clocks, "overheads")
        print(f"step_overhead_all_steps_ms: {whole:.3f}")
        if theirs:  # smolagents' steps are all of one kind: its median
            print(f"step_overhead_all_steps_vs_smolagents: {whole / baseline_ms:.2f}")
        if theirs:
            print(f"step_overhead_less_store_vs_smolagents: "
                  f"{(mine - store) / baseline_ms:.2f}")
        first, baseline = rounds[0]
        growth = first.prompt_tokens[29] / first.prompt_tokens[0]
        print(f"context_growth_30: {growth:.2f}")
        if baseline and len(baseline[1]) >= 30:
            print(f"smolagents_context_growth_30: {baseline[1][29] / baseline[1][0]:.2f}")
        if args.embedded:
            print(f"cache_reuse_20: {cache_reuse_embedded(Path(tmp) / 'embedded'):.3f}")


if __name__ == "__main__":
    main()
