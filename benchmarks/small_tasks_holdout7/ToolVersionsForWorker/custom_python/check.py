"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('worker/.tool-versions'))
    ok(got == ['python 3.12.7', 'nodejs 22.11.0'], got)
    ok(lines(read('api/.tool-versions')) == ['python 3.12.7', 'nodejs 22.11.0'], 'api/.tool-versions changed or gone')
    ok(lines(read('worker/run_worker.py')) == ["print('worker up')"], 'worker/run_worker.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
