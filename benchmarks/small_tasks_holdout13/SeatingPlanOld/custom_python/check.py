"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('seating_plan_OLD.txt'), 'seating_plan_OLD.txt still exists')
    ok(lines(read('seating_plan.txt')) == ['desk 1: Amira'], 'seating_plan.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
