"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(read('spectro_2026-11-12.csv').strip() == 'nm,abs\n260,0.81\n280,0.44', 'content differs')
    ok(not exists('run3.csv'), 'old name still there')
    ok(lines(read('run4.csv')) == ['nm,abs', '260,0.12'], 'run4.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
