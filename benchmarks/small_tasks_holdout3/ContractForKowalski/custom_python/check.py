"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('contract_kowalski.txt')) == ['SERVICE AGREEMENT', 'Client: ____', 'Hourly rate: 65 EUR', 'Payment within 30 days.', 'Signed: ____'], read('contract_kowalski.txt'))
    ok(lines(read('contract_template.txt')) == ['SERVICE AGREEMENT', 'Client: ____', 'Hourly rate: 65 EUR', 'Payment within 30 days.', 'Signed: ____'], 'contract_template.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
