"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('numpy_pin.txt'))
    ok(got in ('1.26.4', 'numpy==1.26.4', '==1.26.4'), got)
    ok(lines(read('pins_prod.txt')) == ['numpydoc==1.7.0', 'numpy==1.26.4', 'pandas==2.2.3'], 'pins_prod.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
