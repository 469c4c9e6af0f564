"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read, run

try:
    ok('def mul' in read('calculator.py'), read('calculator.py'))
    ok(run('calculator.py').strip() == '48', 'calculator.py does not print 48')
    ok(not exists('calc.py'), 'calc.py still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
