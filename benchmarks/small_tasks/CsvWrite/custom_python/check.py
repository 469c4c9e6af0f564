"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import csv
import io
import sys

from checks import ok, read

try:
    rows = [r for r in csv.reader(io.StringIO(read('colors.csv'))) if r]
    ok(rows == [['name', 'hex'], ['red', '#ff0000']], rows)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
