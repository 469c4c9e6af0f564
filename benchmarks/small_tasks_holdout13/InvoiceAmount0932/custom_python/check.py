"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('inv0932_amount.txt'), 'eur') == 1315.5, 'wrong amount')
    ok(lines(read('invoices_2026.csv')) == ['invoice,client,amount_eur', 'INV-0931,Brandt GmbH,420.00', 'INV-0932,Kovacs & Co,1315.50', 'INV-0933,Brandt GmbH,1351.50'], 'invoices_2026.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
