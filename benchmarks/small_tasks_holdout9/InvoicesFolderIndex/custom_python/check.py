"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    got = sorted(x.removeprefix('./').removeprefix('invoices_2025/') for x in items(read('invoice_index.txt')))
    ok(got == ['INV-0193.txt', 'INV-0207.txt', 'INV-0218.txt'], got)
    ok(lines(read('invoices_2024/INV-0088.txt')) == ['Kline Print, 75.00'], 'invoices_2024/INV-0088.txt changed or gone')
    ok(lines(read('invoices_2025/INV-0193.txt')) == ['Harbour Tiles Ltd, 1,480.00'], 'invoices_2025/INV-0193.txt changed or gone')
    ok(lines(read('invoices_2025/INV-0207.txt')) == ['Kline Print, 212.50'], 'invoices_2025/INV-0207.txt changed or gone')
    ok(lines(read('invoices_2025/INV-0218.txt')) == ['Harbour Tiles Ltd, 96.00'], 'invoices_2025/INV-0218.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
