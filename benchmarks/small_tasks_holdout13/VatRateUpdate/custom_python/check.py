"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('tax_settings.cfg'))] == ['currency=EUR', 'vat_rate=0.21', 'round_to=0.01'], 'not edited as asked')
    ok(lines(read('tax_settings_2024.cfg')) == ['currency = EUR', 'vat_rate = 0.19'], 'tax_settings_2024.cfg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
