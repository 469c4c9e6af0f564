"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('billing/2026/INV-2611-copy.txt'))
    ok(got == ['Invoice INV-2611', 'Date: 2026-10-31', 'Client: Marchetti Joinery', 'Total due: £1,460.00'], got)
    ok(lines(read('billing/2026/INV-2611.txt')) == ['Invoice INV-2611', 'Date: 2026-10-31', 'Client: Marchetti Joinery', 'Total due: £1,460.00'], 'billing/2026/INV-2611.txt changed or gone')
    ok(lines(read('billing/2026/INV-2610.txt')) == ['Invoice INV-2610', 'Date: 2026-10-12', 'Client: Ostrowski Kitchens', 'Total due: £415.00'], 'billing/2026/INV-2610.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
