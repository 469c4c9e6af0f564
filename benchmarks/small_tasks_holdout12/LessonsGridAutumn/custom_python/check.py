"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('lessons_grid_autumn.txt').strip() == 'Mon: maths, art\nTue: PE, science', 'content differs')
    ok(not exists('lessons_grid.txt'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
