"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('finance/receipts.csv')) == ['date,shop,amount', '2024-02-03,hardware store,18.40', '2024-02-09,bakery,6.15'], read('finance/receipts.csv'))
    ok(not exists('receipts.csv'), 'receipts.csv still at the top')
    ok(read('finance/taxes_2023.txt').strip() == 'Filed in May.', 'finance/taxes_2023.txt lost')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
