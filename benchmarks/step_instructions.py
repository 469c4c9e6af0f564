"""Instructions per agent step, counted by valgrind (deterministic on a loaded machine).

    python benchmarks/step_instructions.py            # needs valgrind
    python benchmarks/step_instructions.py --fsync    # with agent.fsync_steps on

Runs the 50-step loop of ``agent_loop.py`` (an instant scripted model, the default commands
and ``lookup``) under callgrind, each ``Runner.step`` called through ``itertools.starmap`` so
that callgrind counts inside ``starmap_next`` only and writes one count per step. Prints:

* ``step_instructions_median``: the median over the 50 steps (the regular steps; every
  fifth or so also summarises old steps and costs about three times as much);
* ``step_instructions_mean``: the mean over steps 2 to 50, summarising steps included (the
  median moves by tens of thousands when a change shifts which step is the middle one: the
  steps grow with the history until a compaction shrinks it);
* ``step_instructions_min`` and ``step_instructions_max`` (the first step loads the prompts).

The count includes the scripted model's own work (about 0.22 M instructions a step, which
``step_overhead_ms`` leaves out) and not the kernel's (the SQLite writes' system calls).
Wall-clock figures stay ``agent_loop.py``'s; this one says whether a change removed work.
"""

from __future__ import annotations

import argparse
import itertools
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_steps(fsync: bool) -> None:
    """Inside valgrind: the benchmark's run, each step through ``starmap``."""
    sys.path.insert(0, str(HERE))
    import agent_loop

    from autonomo.agent.runner import Runner

    step = Runner.step

    def counted(self: Runner) -> None:
        for _ in itertools.starmap(step, ((self,),)):
            pass

    Runner.step = counted  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        agent_loop.run_ours(Path(tmp) / "data", fsync=fsync)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsync", action="store_true")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        run_steps(args.fsync)
        return
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as out:
        command = [valgrind, "--tool=callgrind", "--collect-atstart=no",
                   "--toggle-collect=starmap_next", "--dump-after=starmap_next",
                   f"--callgrind-out-file={out}/cg.%p", sys.executable, __file__, "--inside"]
        subprocess.run(command + (["--fsync"] if args.fsync else []), check=True,
                       capture_output=True)
        counts: list[int] = []
        for dump in Path(out).iterdir():
            match = re.search(r"^totals: (\d+)", dump.read_text(errors="replace"), re.M)
            # the exhausted iterator's second call dumps too: a few hundred instructions
            if match and int(match.group(1)) > 10_000:
                counts.append(int(match.group(1)))
    print(f"step_instructions_median: {statistics.median(counts):.0f}")
    print(f"step_instructions_mean: {statistics.mean(sorted(counts)[:-1]):.0f}")
    print(f"step_instructions_min: {min(counts)}")
    print(f"step_instructions_max: {max(counts)}")


if __name__ == "__main__":
    main()
