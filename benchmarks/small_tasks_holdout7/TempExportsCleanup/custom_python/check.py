"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('export_tmp_1.csv'), 'export_tmp_1.csv still there')
    ok(not exists('export_tmp_2.csv'), 'export_tmp_2.csv still there')
    ok(lines(read('export_final.csv')) == ['id,qty', '1,4', '2,9', '3,2'], 'export_final.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
