"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('lyrics/.chorus.txt.swp'), 'the swap file is still there')
    ok(lines(read('lyrics/chorus.txt')) == ['we were lanterns on the water', 'and the harbour sang us home'], 'lyrics/chorus.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
