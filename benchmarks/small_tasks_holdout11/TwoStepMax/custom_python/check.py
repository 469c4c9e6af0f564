"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('podium_first.txt')) == 'maud', 'wrong value')
    ok(lines(read('race_times.csv')) == ['runner,seconds', 'Ivo,312', 'Maud,298', 'Rhea,305'], 'race_times.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
