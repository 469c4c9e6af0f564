"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('unpaid.txt')) == 3, read('unpaid.txt'))
    ok(lines(read('invoices.csv')) == ['number,client,amount,status', 'INV-521,Bluebell Bakery,320.00,paid', 'INV-522,Northline Freight,75.50,unpaid', 'INV-523,Tilde & Sons,1200.00,paid', 'INV-524,Bluebell Bakery,88.00,unpaid', 'INV-525,Linden Dental,410.00,paid', 'INV-526,Northline Freight,62.25,unpaid', 'INV-527,Linden Dental,199.00,paid'], 'invoices.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
