"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('reagents_expiring.txt'))) == ['EDTA', 'Trypsin'], 'wrong list')
    ok(lines(read('reagent_log.csv')) == ['reagent,expiry', 'Tris buffer,2027-03-01', 'EDTA,2026-12-04', 'Ethanol 70%,2026-11-30', 'Trypsin,2026-12-19', 'Agarose,2027-01-10'], 'reagent_log.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
