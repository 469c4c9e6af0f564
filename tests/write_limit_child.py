"""Run one file command in a child process under a file size limit (``RLIMIT_FSIZE``): the
kernel stops the write at a chosen byte. With ``SIGXFSZ`` at its default action the process
is killed right there, as a crash mid-write; ignored (Python's default), the write fails with
``EFBIG``, as on a full disk. Usage: ``python write_limit_child.py JSON``; prints the
command's result as JSON when it is not killed. With ``"command": "copy_tree"`` it copies
the folder ``arguments["source"]`` into ``arguments["destination"]`` (``fstree.copy_tree``,
what a sub-agent's files go back to its parent by)."""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from autonomo.tools import fstree
from autonomo.tools.builtin import builtin_registry
from tool_helpers import make_ctx, run

spec = json.loads(sys.argv[1])
ctx = make_ctx(Path(spec["tmp"]), **spec.get("sections", {}))
builtin_registry()  # everything imported before the limit
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
signal.signal(signal.SIGXFSZ, signal.SIG_DFL if spec["crash"] else signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (spec["limit"], resource.RLIM_INFINITY))
if spec["command"] == "copy_tree":
    source = os.open(spec["arguments"]["source"], fstree.DIR_FLAGS)
    target = os.open(spec["arguments"]["destination"], fstree.DIR_FLAGS)
    try:
        fstree.copy_tree(source, target)
        print(json.dumps({"status": "success", "output": ""}))
    except OSError as exc:
        print(json.dumps({"status": "error", "output": str(exc)}))
else:
    result = run(ctx, spec["command"], **spec["arguments"])
    print(json.dumps({"status": result.status, "output": result.output}))
