"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('strlen_out.txt')) == 13, 'wrong number')
    ok(lines(read('strlen_demo.py')) == ["print(len('quartermaster'))"], 'strlen_demo.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
