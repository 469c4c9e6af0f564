"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import importlib.util
import sys

from checks import ok, read

try:
    read('mathutil.py')
    spec = importlib.util.spec_from_file_location('mathutil', 'mathutil.py')
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    ok(mod.double(4) == 8 and mod.double(-3) == -6 and mod.double(0) == 0, 'double is wrong')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
