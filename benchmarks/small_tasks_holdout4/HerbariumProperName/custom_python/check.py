"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read, rows

try:
    ok(rows(read('herbarium.csv')) == [['species', 'found', 'site'], ['Arnica montana', '1987-07-02', 'Col du Lautaret'], ['Drosera rotundifolia', '1991-08-15', 'Pian di Gembro']], read('herbarium.csv'))
    ok(not exists('temp_name.csv'), 'temp_name.csv still exists')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
