"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('ledger_csvs.txt'))) == ['feb24_ledger.csv', 'jan24_ledger.csv'], 'wrong list')
    ok(lines(read('ledger/feb24_ledger.csv')) == ['b'], 'ledger/feb24_ledger.csv changed or gone')
    ok(lines(read('ledger/jan24_ledger.csv')) == ['a'], 'ledger/jan24_ledger.csv changed or gone')
    ok(lines(read('ledger/summary.pdf.txt')) == ['c'], 'ledger/summary.pdf.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
