"""SOP runs a long-lived process (the server) runs for someone on a web page: each in its own
thread, with its own store connection, and a person's answers given through the page.

When a human role's turn comes, the run emits an ``ask`` event (saved at once) and waits in
``PageAsk`` until ``LiveSops.answer`` gives the answer for that very question (named by the
event's seq, so an answer typed on a stale page cannot answer a later question). The wait is
in the process, not in the page: reloading the page finds the same question. When the
process closes, a waiting run stops ("stopped", resumable from its last checkpoint; answers
already given are replayed from the call store, not asked again).
"""

from __future__ import annotations

import logging
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autonomo.config import Settings
from autonomo.errors import UserError
from autonomo.llm.base import ChatModel
from autonomo.team.sop.engine import RunStopped, SopRun
from autonomo.team.sop.spec import SopSpec
from autonomo.team.sop.store import SopStore

log = logging.getLogger("autonomo.sop")


class PageAsk:
    """The ``ask_human`` of a run answered from the web page."""

    def __init__(self, closing: threading.Event) -> None:
        self._closing = closing
        #: this run's own stop (the page's stop button); ``closing`` is the whole server's
        self.stopping = threading.Event()
        self._ready = threading.Condition()
        self._answer: str | None = None

    def __call__(self, question: str) -> str:
        with self._ready:
            while self._answer is None:
                if self._closing.is_set():
                    raise RunStopped("the server stopped while a person's answer was awaited; "
                                     "resume the run to be asked again")
                if self.stopping.is_set():
                    raise RunStopped("stopped from the web page while a person's answer was "
                                     "awaited; resume the run to be asked again")
                self._ready.wait(0.5)
            answer, self._answer = self._answer, None
            return answer

    def stop(self) -> None:
        with self._ready:
            self.stopping.set()
            self._ready.notify_all()

    def give(self, text: str) -> None:
        with self._ready:
            self._answer = text
            self._ready.notify_all()


@dataclass
class LiveRun:
    run: SopRun
    ask: PageAsk
    store: SopStore
    thread: threading.Thread | None = None


class LiveSops:
    """The SOP runs this process runs, and a reading store opened once for the process."""

    def __init__(self, settings: Settings, *, limit: int = 4) -> None:
        self.settings = settings
        self.limit = max(1, limit)
        self.reader = SopStore(settings.data_dir)
        self._live: dict[str, LiveRun] = {}
        self._lock = threading.Lock()
        self._closing = threading.Event()

    # -- starting ---------------------------------------------------------------------------
    def start(self, spec: SopSpec, task: str, models: tuple[ChatModel, ChatModel], *,
              seed: int = 0, budget: float | None = None,
              model_map: dict[str, str] | None = None) -> str:
        """Start ``spec`` on ``task`` in a new thread; the run's id."""
        from autonomo.tools.workspace import folder_name

        self._room()
        folder = (self.settings.data_dir / "sop_workspaces"
                  / folder_name(f"{spec.name}-{uuid.uuid4().hex[:8]}", "sop"))
        store = SopStore(self.settings.data_dir)
        ask = PageAsk(self._closing)
        try:
            run = SopRun(spec, task, model=models[0], smart_model=models[1], workspace=folder,
                         settings=self.settings, store=store, ask_human=ask, seed=seed,
                         budget=budget, model_map=model_map or {}, stopping=ask.stopping)
        except BaseException:
            store.close()
            raise
        self._go(LiveRun(run, ask, store), run.run)
        return run.run_id

    def resume(self, run_id: str, models: tuple[ChatModel, ChatModel]) -> str:
        """Go on with an unfinished run that no thread of this process runs."""
        from autonomo.team.sop.resume import prepare_resume

        record = self.reader.get(run_id)
        with self._lock:
            if record.id in self._live:
                raise UserError(f"The run {record.id} is running here already.")
        if record.status == "running":  # perhaps in a terminal: two runners would clash
            raise UserError(f"The run {record.id} is marked running but not by this server "
                            "(a terminal may be running it). If its process is gone, go on "
                            f"with `autonomo sop resume {record.id}`.")
        self._room()
        store = SopStore(self.settings.data_dir)
        ask = PageAsk(self._closing)
        try:
            run, point = prepare_resume(store, record.id, model=models[0],
                                        smart_model=models[1], settings=self.settings,
                                        ask_human=ask)
        except BaseException:
            store.close()
            raise
        run.stopping = ask.stopping
        self._go(LiveRun(run, ask, store), lambda: run.run(resume=point))
        return record.id

    def _room(self) -> None:
        if self._closing.is_set():
            raise UserError("The server is closing; start the run again once it is back.")
        with self._lock:
            if len(self._live) >= self.limit:
                raise UserError(f"{self.limit} SOP runs are running already (server.workers); "
                                "wait for one to finish.")

    def _go(self, live: LiveRun, work: Any) -> None:
        run_id = live.run.run_id

        def body() -> None:
            try:
                work()
            except Exception:  # the run has saved why (run_finished); keep the server up
                log.exception("SOP run %s failed", run_id)
            finally:
                live.store.close()
                with self._lock:
                    self._live.pop(run_id, None)

        live.thread = threading.Thread(target=body, name=f"autonomo-sop-{run_id}", daemon=True)
        with self._lock:
            self._live[run_id] = live
        live.thread.start()

    # -- a person's answers -----------------------------------------------------------------
    def waiting(self, run_id: str) -> dict[str, Any] | None:
        """The question a live run waits on (its ``ask`` event's seq, role, text), else None."""
        with self._lock:
            live = self._live.get(run_id)
        return dict(live.run.asking) if live and live.run.asking else None

    def is_live(self, run_id: str) -> bool:
        with self._lock:
            return run_id in self._live

    def answer(self, run_id: str, seq: int, text: str) -> None:
        """Give ``text`` as the answer to the question asked at event ``seq``."""
        asking = self.waiting(run_id)
        if asking is None:
            raise UserError(f"The run {run_id} is not waiting for an answer here.")
        if asking["seq"] != seq:
            raise UserError(f"The run {run_id} waits on the question asked at event "
                            f"{asking['seq']}, not {seq}: reload the page.")
        with self._lock:
            live = self._live[run_id]
        live.ask.give(text)

    def stop(self, run_id: str) -> None:
        """Stop a run this process runs: at once if it waits for a person, else before its
        next model call. It is saved as stopped and can be resumed."""
        with self._lock:
            live = self._live.get(run_id)
        if live is None:
            raise UserError(f"The run {run_id} is not running here.")
        live.ask.stop()

    # -- closing ----------------------------------------------------------------------------
    def close(self, timeout: float = 30.0) -> None:
        """Stop waiting runs (they are saved as stopped) and let running ones end."""
        self._closing.set()
        with self._lock:
            threads = [live.thread for live in self._live.values() if live.thread]
        for thread in threads:
            thread.join(timeout)
        self.reader.close()


def saved_sources(data_dir: Path, files: dict[str, str], name: str = "") -> Path:
    """Files of an SOP sent to the server, written under the data directory (never a path
    the client names): a ChatDev company's files as a folder called ``name``, or one SOP
    file. Returns what ``load_sop`` loads."""
    from autonomo.team.sop.chatdev import FILES
    from autonomo.tools.workspace import folder_name

    if not files:
        raise UserError("No SOP file was sent: send an autonomo SOP (.yaml), an aiwaves "
                        "config.json, or a ChatDev company's three JSON files.")
    company = set(files) <= set(FILES)
    if not company and len(files) != 1:
        raise UserError(f"Send one SOP file, or only ChatDev's {', '.join(FILES)}; got "
                        f"{', '.join(sorted(files))[:200]}.")
    for file in files:
        if not file.lower().endswith((".json", ".yaml", ".yml")) or "/" in file \
                or "\\" in file or "\x00" in file or file.startswith(".") or len(file) > 100:
            raise UserError(f"The file name {file[:100]!r} is not an SOP file name "
                            "(name.yaml, name.yml or name.json, no folders).")
    folder = data_dir / "sop_sources" / uuid.uuid4().hex[:12]
    target = folder / folder_name(name, "company") if company else folder
    target.mkdir(parents=True, mode=0o700)
    for file, text in files.items():
        (target / file).write_text(text, encoding="utf-8")
    return target if company else target / next(iter(files))
