"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('grocery_run.txt')) == ['eggs', 'rye bread', 'bananas', 'oat milk'], 'not appended as the last line')
    ok(lines(read('grocery_done.txt')) == ['butter'], 'grocery_done.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
