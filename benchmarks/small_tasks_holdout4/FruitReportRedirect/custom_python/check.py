"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = [x.split() for x in lines(read('stock_report.txt'))]
    ok(got == [['apples', '12'], ['pears', '7'], ['plums', '19']], got)
    ok(lines(read('stock_report.py')) == ["stock = {'apples': 12, 'pears': 7, 'plums': 19}", 'for name, n in stock.items():', "print(f'{name:<8}{n:>3}')"], 'stock_report.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
