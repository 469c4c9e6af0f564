"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, module, ok

try:
    mod = module('helpers.py')
    ok(mod.slugify('Low Tide Times') == 'low-tide-times', 'helpers.slugify is wrong')
    ok(not exists('utils_old.py'), 'utils_old.py still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
