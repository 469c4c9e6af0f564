"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('seedling_count.txt'), 'seedlings') == 7, read('seedling_count.txt'))
    ok(lines(read('greenhouse/seedlings.csv')) == ['variety,sown,tray', 'San Marzano,2026-03-02,A1', 'Black Krim,2026-03-02,A2', 'Padron,2026-03-05,B1', 'Tigerella,2026-03-05,B2', 'Corno di Toro,2026-03-09,C1', 'Thai Basil,2026-03-09,C2', 'Aji Charapita,2026-03-12,C3'], 'greenhouse/seedlings.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
