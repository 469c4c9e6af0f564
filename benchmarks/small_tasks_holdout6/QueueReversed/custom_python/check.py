"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('queue_reversed.txt'))]
    ok(got == ['quince', 'alder', 'birch', 'maple'], got)
    ok(lines(read('queue.txt')) == ['Maple', 'Birch', 'Alder', 'Quince'], 'queue.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
