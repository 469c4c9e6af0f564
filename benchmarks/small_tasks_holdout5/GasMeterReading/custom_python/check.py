"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('meter.txt'), 'kwh') == 48213, read('meter.txt'))
    ok(lines(read('landlord_letter.txt')) == ['Dear tenant', 'The gas meter in your flat was read on 1 November. The reading was 48213 kWh', 'up from 47590 kWh at the October reading.', 'Please keep this letter for your records.', 'M. Adeyemi, building manager'], 'landlord_letter.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
