"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('invoice_0917.txt'), 'source still there')
    ok(lines(read('paid_invoices/invoice_0917.txt')) == ['Invoice 0917', 'Amount: 240.00'], 'content differs')
    ok(lines(read('invoice_0921.txt')) == ['Invoice 0921', 'Amount: 95.50'], 'invoice_0921.txt changed or gone')
    ok(lines(read('paid_invoices/invoice_0815.txt')) == ['Invoice 0815', 'Amount: 60.00'], 'paid_invoices/invoice_0815.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
