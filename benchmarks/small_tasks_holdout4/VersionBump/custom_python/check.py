"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, module, ok, read

try:
    m = module('version.py')
    ok(m.__version__ == '2.4.1', m.__version__)
    ok(m.RELEASE_NAME == 'heron', m.RELEASE_NAME)
    ok(len(lines(read('version.py'))) == 3, read('version.py'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
