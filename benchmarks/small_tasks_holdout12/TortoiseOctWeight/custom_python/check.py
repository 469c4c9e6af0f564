"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('shelly_october.txt').lower().replace('grams', '').replace('g', '')) == 612, 'wrong weight')
    ok(lines(read('pet_weights.txt')) == ['Shelly 2026-09-30 598 g', 'Shelly 2026-10-31 612 g', 'Basil 2026-10-31 640 g', 'Shelly 2026-11-24 619 g'], 'pet_weights.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
