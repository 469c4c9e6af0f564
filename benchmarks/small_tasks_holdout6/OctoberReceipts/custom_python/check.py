"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x).removeprefix('./').removeprefix('receipts/') for x in lines(read('october_receipts.txt'))]
    ok(sorted(got) == ['2026-10-03_hardware.txt', '2026-10-17_pharmacy.txt'], got)
    ok(lines(read('receipts/2026-10-03_hardware.txt')) == ['hinges x4, 12.80'], 'receipts/2026-10-03_hardware.txt changed or gone')
    ok(lines(read('receipts/2026-10-17_pharmacy.txt')) == ['plasters, 3.15'], 'receipts/2026-10-17_pharmacy.txt changed or gone')
    ok(lines(read('receipts/2026-11-02_stationery.txt')) == ['A4 pad, pens, 7.40'], 'receipts/2026-11-02_stationery.txt changed or gone')
    ok(lines(read('receipts/2026-09-28_bakery.txt')) == ['sourdough loaf, 4.60'], 'receipts/2026-09-28_bakery.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
