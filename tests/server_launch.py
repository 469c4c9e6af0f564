"""Run a real ``autonomo`` server process for the restart and PostgreSQL tests.

    python tests/server_launch.py DATA_DIR [DATABASE_URL]

Prints ``PORT <n>`` once listening. Each task's model is scripted from the agent's own
history (so a restarted process answers the same), and a ``slow_append`` command appends
``<text> start``, sleeps when the text is "1" (or ``$SLOW_APPEND_ON``), then appends
``<text> end``: a kill during the sleep leaves a half-done step to recover.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from autonomo import ScriptedModel, Settings, Workbench
from autonomo.plugins.hookspecs import hookimpl
from autonomo.plugins.manager import create_plugin_manager
from autonomo.server.run import serve
from autonomo.tools.context import CommandContext
from autonomo.tools.registry import command
from server_helpers import reply


@command
def slow_append(ctx: CommandContext, path: str, text: str) -> str:
    """Append two lines to a file, slowly.

    Args:
        path: file name
        text: what to append
    """
    target = ctx.workspace / path
    with target.open("a") as out:
        out.write(f"{text} start\n")
    if text == os.environ.get("SLOW_APPEND_ON", "1"):
        time.sleep(float(os.environ.get("SLOW_APPEND_S", "4")))
    with target.open("a") as out:
        out.write(f"{text} end\n")
    return f"appended {text}"


class SlowCommands:
    @hookimpl
    def register_commands(self, register):
        register(slow_append)


def respond(messages) -> str:
    """The next command from how many replies the agent has made so far."""
    done = sum(1 for m in messages if m.role == "assistant")
    time.sleep(float(os.environ.get("MODEL_DELAY_S", "0")))
    if done < 2:
        return reply("slow_append", f"append {done + 1}", path="log.txt", text=str(done + 1))
    return reply("finish", "all appended", reason="appended twice")


def factory(task_id: str, options: dict):
    model = ScriptedModel([respond] * 50)
    return model, model, model


def main() -> None:
    data_dir = Path(sys.argv[1])
    database = sys.argv[2] if len(sys.argv) > 2 else None
    embedder = os.environ.get("MEMORY_EMBEDDER")  # e.g. "hashing"; unset = no memory
    memory = {"enabled": True, "embedder": embedder} if embedder else {"enabled": False}
    settings = Settings(data_dir=data_dir, memory=memory,
                        server={"port": 0, "workers": 2, "database": database,
                                "lease_s": float(os.environ.get("LEASE_S", "30"))})
    plugins = create_plugin_manager(extra=[SlowCommands()])
    placeholder = ScriptedModel([])
    bench = Workbench.open(settings, plugins=plugins,
                           models=(placeholder, placeholder, placeholder))
    serve(settings, bench=bench, model_factory=factory,
          on_ready=lambda host, port: print(f"PORT {port}", flush=True))


if __name__ == "__main__":
    main()
