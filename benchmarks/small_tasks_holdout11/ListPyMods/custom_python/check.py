"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('toolkit_py.txt'))) == ['io_utils.py', 'mathx.py'], 'wrong list')
    ok(lines(read('toolkit/io_utils.py')) == [], 'toolkit/io_utils.py changed or gone')
    ok(lines(read('toolkit/mathx.py')) == [], 'toolkit/mathx.py changed or gone')
    ok(lines(read('toolkit/toolkit.cfg')) == [], 'toolkit/toolkit.cfg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
