"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('seedling_pick.txt')) == 'marigold', 'wrong value')
    ok(lines(read('seed_list.txt')) == ['basil', 'marigold', 'thyme'], 'seed_list.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
