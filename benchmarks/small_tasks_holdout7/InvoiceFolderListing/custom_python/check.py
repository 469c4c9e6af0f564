"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x).removeprefix('invoices/2026/') for x in items(read('invoice_list.txt')))
    ok(got == ['credit-note-0003.pdf', 'inv-0107.pdf', 'inv-0112.pdf', 'inv-0136.pdf'], got)
    ok(lines(read('invoices/2026/inv-0107.pdf')) == ['(invoice 107)'], 'invoices/2026/inv-0107.pdf changed or gone')
    ok(lines(read('invoices/2026/inv-0112.pdf')) == ['(invoice 112)'], 'invoices/2026/inv-0112.pdf changed or gone')
    ok(lines(read('invoices/2026/inv-0136.pdf')) == ['(invoice 136)'], 'invoices/2026/inv-0136.pdf changed or gone')
    ok(lines(read('invoices/2026/credit-note-0003.pdf')) == ['(credit note 3)'], 'invoices/2026/credit-note-0003.pdf changed or gone')
    ok(lines(read('invoices/2025/inv-0988.pdf')) == ['(invoice 988)'], 'invoices/2025/inv-0988.pdf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
