"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('hamster_cage_OLD.txt'), 'hamster_cage_OLD.txt still exists')
    ok(lines(read('hamster_cage.txt')) == ['clean Sundays'], 'hamster_cage.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
