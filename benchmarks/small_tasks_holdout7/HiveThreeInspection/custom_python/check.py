"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('apiary/hive3.txt')))
    ok(got == ['brood on 6 frames', 'queen seen'], got)
    ok(lines(read('apiary/hive1.txt')) == ['queen not seen', 'brood on 4 frames', 'fed 2:1 syrup'], 'apiary/hive1.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
